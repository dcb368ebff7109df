// Paths painted with a gradient: the coverage exactly as Path.fsh works it out, times the
// gradient's colour at the pixel, times the vertex alpha (the shape's opacity). With CORE
// defined (the first pass of a translucent path's one layer, as PathCore.fsh) only fully
// covered pixels are kept; with OPAQUE (an opaque fill's core, drawn in the opaque pass) every
// pixel is covered. The paint comes with the vertices, the same at each of a fill's
// (PathGradient.vsh, Renderer+GradientStream: fills of different gradients share a call), and
// is worked out from the pixel's own window position (gl_FragCoord), not interpolated from the
// vertices: a pixel gets the same paint whichever triangle draws it (a core's or the fringe's),
// to the last bit. Linear: t is the plane v_gradient.xyz at the pixel. Radial and conic: q, the
// pixel's position in the gradient's space, is the map's rows v_gradient.xyz and
// v_gradient1.xyz at the pixel. Radial (two-point, SVG): the largest t whose circle, centre
// focal + t (centre - focal) and radius fr + t dr, passes through q with a radius >= 0
// (v_gradient2 = focal, centre - focal; v_gradient3 = fr, dr, a); none: transparent. Conic:
// the angle round v_gradient2.xy from v_gradient2.z, in turns, 0 up to 1. The ramp is the row
// at height v_gradient.w of an atlas (`texture`, 1024 x 256, straight colour, linear filter,
// read at the row's centre: nothing from the rows about it), which holds the stops and spreads
// them (Renderer+Gradients): it is read at t * paintRamp.x + paintRamp.y, t first clamped to
// paintRamp.z..w (0..1 for pad, a wide range otherwise), and its wrap mode pads (clamp to
// edge), repeats or reflects (mirrored repeat), so no branch a pixel does it.
// One program a kind (LINEAR, RADIAL or CONIC defined before the text): llvmpipe runs every
// branch of a fragment shader for every pixel, so one program for all three paid the radial
// root and the conic arc tangent at every pixel.
// With MASK defined (PathMask.glsl before this text) the coverage is read from the fill's mask.
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
varying vec2 v_texcoord;
varying vec4 v_color;
uniform sampler2D texture;
varying vec4 v_gradient;
#if defined(RADIAL) || defined(CONIC)
varying vec4 v_gradient1;
varying vec4 v_gradient2;
#endif
#ifdef RADIAL
varying vec4 v_gradient3;
#endif
uniform vec4 paintRamp;
void main() {
#if defined(OPAQUE)
    float coverage = 1.0;
#elif defined(MASK)
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
    vec3 w = vec3(gl_FragCoord.xy, 1.0);
    float inside = 1.0;
#ifdef LINEAR
    float t = dot(v_gradient.xyz, w);
#else
    vec2 q = vec2(dot(v_gradient.xyz, w), dot(v_gradient1.xyz, w));
#endif
#if defined(RADIAL)
    vec2 pd = q - v_gradient2.xy;
    float fr = v_gradient3.x, dr = v_gradient3.y, a = v_gradient3.z;
    float b = dot(pd, v_gradient2.zw) + fr * dr;
    float c = dot(pd, pd) - fr * fr;
    float t;
    if (abs(a) < 1e-6) {
        t = c / (2.0 * b);
    } else {
        float disc = b * b - a * c;
        if (disc < 0.0) inside = 0.0;
        float s = sqrt(max(disc, 0.0));
        float t1 = (b + s) / a, t2 = (b - s) / a;
        float hi = max(t1, t2), lo = min(t1, t2);
        t = fr + hi * dr >= 0.0 ? hi : lo;
    }
    if (fr + t * dr < 0.0) inside = 0.0;
#elif defined(CONIC)
    vec2 d = q - v_gradient2.xy;
    float t = (atan(d.y, d.x) - v_gradient2.z) / 6.283185307179586;
    t = t - floor(t);
#endif
    // Kept finite (no t, as from a cone of no width, is NaN or infinite where the ramp is read).
    t = clamp(t, paintRamp.z, paintRamp.w);
    vec4 paint = texture2D(texture, vec2(t * paintRamp.x + paintRamp.y, v_gradient.w));
    gl_FragColor = vec4(paint.rgb, paint.a * v_color.a * coverage * inside);
}
