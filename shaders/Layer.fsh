// A layer composited onto its parent (Renderer+Layers): every texture is the target's size and
// holds premultiplied colour, GL's rows, read at this pixel. The source is the layer times the
// group opacity times the mask; it is put over the backdrop (the parent's pixel) by `mode`
// (BlendMode's order: 0-12 Porter-Duff, 13-23 the W3C separable modes, 24-27 the
// non-separable ones); the clip's coverage then mixes the result with the backdrop.
// Compiled once per kind of layer (`LayerComposite`), with these defined in front: MODE (the mode), CLIP
// (a clip texture), MASK (0 none, 1 alpha, 2 luminance), FETCH (the backdrop is the target's own pixel,
// gl_LastFragData of GL_EXT_shader_framebuffer_fetch, its #extension line put first; otherwise
// the `backdrop` texture, a copy of the target).
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
uniform sampler2D layer;
#ifndef FETCH
uniform sampler2D backdrop;
#endif
#ifdef CLIP
uniform sampler2D clip;
#endif
#if MASK > 0
uniform sampler2D mask;
#endif
uniform vec2 texelScale;   // 1 / the textures' size in texels
uniform float opacity;
const int mode = MODE;

#if MODE >= 13
float lum(vec3 c) { return dot(c, vec3(0.3, 0.59, 0.11)); }

// ClipColor as tiny-skia (resvg) computes it: a channel above 1 pulls the colour in towards its
// luminosity (as the W3C says), but one below 0 is cut to 0 (the W3C pulls it in too; tiny-skia
// does so only when every channel is below 0, which cannot happen after SetLum, the luminosity
// being at least 0).
vec3 clipColor(vec3 c) {
    float l = lum(c), x = max(c.r, max(c.g, c.b));
    if (x > 1.0) c = l + (c - l) * (1.0 - l) / (x - l);
    return max(c, 0.0);
}

vec3 setLum(vec3 c, float l) { return clipColor(c + (l - lum(c))); }

float sat(vec3 c) { return max(c.r, max(c.g, c.b)) - min(c.r, min(c.g, c.b)); }

vec3 setSat(vec3 c, float s) {
    float n = min(c.r, min(c.g, c.b)), x = max(c.r, max(c.g, c.b));
    return x > n ? (c - n) * s / (x - n) : vec3(0.0);
}

float dodge(float b, float s) { return b == 0.0 ? 0.0 : (s >= 1.0 ? 1.0 : min(1.0, b / (1.0 - s))); }
float burn(float b, float s) { return b >= 1.0 ? 1.0 : (s <= 0.0 ? 0.0 : 1.0 - min(1.0, (1.0 - b) / s)); }
float hard(float b, float s) { return s <= 0.5 ? b * 2.0 * s : b + (2.0 * s - 1.0) - b * (2.0 * s - 1.0); }
float soft(float b, float s) {
    if (s <= 0.5) return b - (1.0 - 2.0 * s) * b * (1.0 - b);
    float d = b <= 0.25 ? ((16.0 * b - 12.0) * b + 4.0) * b : sqrt(b);
    return b + (2.0 * s - 1.0) * (d - b);
}

// B(cb, cs) of the W3C compositing spec, straight colours.
vec3 blend(vec3 b, vec3 s) {
    if (mode == 13) return b * s;
    if (mode == 14) return b + s - b * s;
    if (mode == 15) return vec3(hard(s.r, b.r), hard(s.g, b.g), hard(s.b, b.b));
    if (mode == 16) return min(b, s);
    if (mode == 17) return max(b, s);
    if (mode == 18) return vec3(dodge(b.r, s.r), dodge(b.g, s.g), dodge(b.b, s.b));
    if (mode == 19) return vec3(burn(b.r, s.r), burn(b.g, s.g), burn(b.b, s.b));
    if (mode == 20) return vec3(hard(b.r, s.r), hard(b.g, s.g), hard(b.b, s.b));
    if (mode == 21) return vec3(soft(b.r, s.r), soft(b.g, s.g), soft(b.b, s.b));
    if (mode == 22) return abs(b - s);
    if (mode == 23) return b + s - 2.0 * b * s;
    if (mode == 24) return setLum(setSat(s, sat(b)), lum(b));
    if (mode == 25) return setLum(setSat(b, sat(s)), lum(b));
    if (mode == 26) return setLum(s, lum(b));
    return setLum(b, lum(s));
}
#endif

void main() {
    vec2 at = gl_FragCoord.xy * texelScale;
    vec4 s = texture2D(layer, at) * opacity;
#ifdef FETCH
    vec4 b = gl_LastFragData[0];
#else
    vec4 b = texture2D(backdrop, at);
#endif
#if MASK == 2
    vec4 m = texture2D(mask, at);
    s *= dot(m.rgb, vec3(0.2125, 0.7154, 0.0721));
#elif MASK == 1
    s *= texture2D(mask, at).a;
#endif
    vec4 r;
#if MODE < 13
    {
        float fa = 0.0, fb = 0.0;
        if (mode == 1) { fa = 1.0; }
        else if (mode == 2) { fb = 1.0; }
        else if (mode == 3) { fa = 1.0; fb = 1.0 - s.a; }
        else if (mode == 4) { fa = 1.0 - b.a; fb = 1.0; }
        else if (mode == 5) { fa = b.a; }
        else if (mode == 6) { fb = s.a; }
        else if (mode == 7) { fa = 1.0 - b.a; }
        else if (mode == 8) { fb = 1.0 - s.a; }
        else if (mode == 9) { fa = b.a; fb = 1.0 - s.a; }
        else if (mode == 10) { fa = 1.0 - b.a; fb = s.a; }
        else if (mode == 11) { fa = 1.0 - b.a; fb = 1.0 - s.a; }
        else if (mode == 12) { fa = 1.0; fb = 1.0; }
        r = min(s * fa + b * fb, 1.0);
    }
#else
    {
        vec3 cs = s.a > 0.0 ? s.rgb / s.a : vec3(0.0);
        vec3 cb = b.a > 0.0 ? b.rgb / b.a : vec3(0.0);
        vec3 mixed = (1.0 - b.a) * cs + b.a * clamp(blend(cb, cs), 0.0, 1.0);
        r = vec4(s.a * mixed + (1.0 - s.a) * b.rgb, s.a + b.a * (1.0 - s.a));
    }
#endif
#ifdef CLIP
    r = mix(b, r, texture2D(clip, at).a);
#endif
    gl_FragColor = r;
}
