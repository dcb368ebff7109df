// Paths painted with an image pattern: the coverage exactly as Path.fsh works it out, times
// the image's colour at the pixel, times the vertex alpha (the shape's opacity). With CORE
// defined (the first pass of a translucent path's one layer, as PathCore.fsh) only fully
// covered pixels are kept. v_paint is the pixel's position in the image's pixel space (texel
// (i, j) covers [i, i+1] x [j, j+1]; PathPaint.vsh maps each vertex there). The texture holds the
// image premultiplied, nearest filter; texels are fetched here, each axis wrapped per
// patternMode.x / .y (0: none, transparent outside; 1: repeat; 2: reflect; 3: pad, the edge texels go on), so bilinear
// (SAMPLING 1, defined before the text: a program a sampling, Renderer+Programs) and bicubic
// (SAMPLING 2: Mitchell-Netravali, B = C = 1/3, 4 x 4 texels, the result clamped to a
// premultiplied colour) sampling wrap across the seams (SAMPLING 0: nearest; SAMPLING 3: a layer's plane,
// the texel at this pixel's own window position, Renderer+LayerPlanes); patternMode.w = 1: rows bottom first
// (a framebuffer's); imageTexel: 1 / the texture's storage size, and z = 1 for a named image's
// straight colour. The colour is unpremultiplied for the blend, as every path program's is.
// With MASK defined (PathMask.glsl before this text) the coverage is read from the fill's mask.
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
varying vec2 v_texcoord;
varying vec4 v_color;
varying vec2 v_paint;
uniform sampler2D texture;
uniform vec2 imageSize;
uniform vec4 patternMode;
uniform vec3 imageTexel;

float wrap(float i, float n, float mode, inout float inside) {
    if (mode < 0.5) {
        if (i < 0.0 || i > n - 0.5) inside = 0.0;
        return clamp(i, 0.0, n - 1.0);
    }
    if (mode < 1.5) return clamp(i - n * floor(i / n), 0.0, n - 1.0);
    if (mode > 2.5) return clamp(i, 0.0, n - 1.0);
    float m = clamp(i - 2.0 * n * floor(i / (2.0 * n)), 0.0, 2.0 * n - 1.0);
    return m < n - 0.5 ? m : 2.0 * n - 1.0 - m;
}

vec4 texel(vec2 i) {
    float inside = 1.0;
    float x = wrap(i.x, imageSize.x, patternMode.x, inside);
    float y = wrap(i.y, imageSize.y, patternMode.y, inside);
    if (patternMode.w > 0.5) y = imageSize.y - 1.0 - y;
    vec4 c = texture2D(texture, (vec2(x, y) + 0.5) * imageTexel.xy);
    if (imageTexel.z > 0.5) c.rgb *= c.a;
    return inside * c;
}

// Mitchell-Netravali (B = C = 1/3) weights of the texels at distance x: within 1, and 1 to 2.
float near(float x) { return ((7.0 * x - 12.0) * x * x + 16.0 / 3.0) / 6.0; }
float far(float x) { return (((-7.0 / 3.0) * x + 12.0) * x * x - 20.0 * x + 32.0 / 3.0) / 6.0; }

vec4 cubicRow(vec2 i, float y, vec4 w) {
    return w.x * texel(vec2(i.x - 1.0, y)) + w.y * texel(vec2(i.x, y))
        + w.z * texel(vec2(i.x + 1.0, y)) + w.w * texel(vec2(i.x + 2.0, y));
}

void main() {
#ifdef MASK
    float coverage = maskCoverage(v_texcoord);
#else
    float coverage = v_texcoord.y < -0.5
        ? clamp(v_texcoord.x, 0.0, 1.0) * clamp(-1.0 - v_texcoord.y, 0.0, 1.0)
        : clamp(v_texcoord.y - abs(v_texcoord.x), 0.0, 1.0);
#endif
#ifdef CORE
    if (v_texcoord.y - abs(v_texcoord.x) < 0.999) discard;
    coverage = 1.0;
#endif
    vec2 q = v_paint;
    vec4 c;
#if SAMPLING == 2
    {
        vec2 g = q - 0.5;
        vec2 i = floor(g);
        vec2 f = g - i;
        vec4 wx = vec4(far(1.0 + f.x), near(f.x), near(1.0 - f.x), far(2.0 - f.x));
        vec4 wy = vec4(far(1.0 + f.y), near(f.y), near(1.0 - f.y), far(2.0 - f.y));
        c = wy.x * cubicRow(i, i.y - 1.0, wx) + wy.y * cubicRow(i, i.y, wx)
          + wy.z * cubicRow(i, i.y + 1.0, wx) + wy.w * cubicRow(i, i.y + 2.0, wx);
        c.a = clamp(c.a, 0.0, 1.0);
        c.rgb = clamp(c.rgb, vec3(0.0), vec3(c.a));
    }
#elif SAMPLING == 1
    {
        vec2 g = q - 0.5;
        vec2 i = floor(g);
        vec2 f = g - i;
        c = mix(mix(texel(i), texel(i + vec2(1.0, 0.0)), f.x),
                mix(texel(i + vec2(0.0, 1.0)), texel(i + vec2(1.0, 1.0)), f.x), f.y);
    }
#elif SAMPLING == 3
    c = texture2D(texture, gl_FragCoord.xy * imageTexel.xy);
#else
    c = texel(floor(q));
#endif
    vec3 rgb = c.a > 0.0 ? c.rgb / c.a : vec3(0.0);
    gl_FragColor = vec4(min(rgb, vec3(1.0)), c.a * v_color.a * coverage);
}
