// An antialiased ellipse: one quad a pixel larger than the ellipse's box on every side,
// v_texcoord -1..1 across the box itself. The implicit f = |t|^2 - 1 over its gradient in
// pixels (from the derivatives of t, exact for an affine t) is the distance to the edge in
// pixels near it; a pixel's coverage is that of a straight edge there: 0.5 - distance.
#extension GL_OES_standard_derivatives : enable
precision mediump float;
varying vec2 v_texcoord;
varying vec4 v_color;
void main() {
    vec2 t = v_texcoord;
    float f = dot(t, t) - 1.0;
    vec2 g = 2.0 * vec2(dot(t, dFdx(t)), dot(t, dFdy(t)));
    float coverage = clamp(0.5 - f / max(length(g), 1e-6), 0.0, 1.0);
    if (coverage <= 0.0) discard;
    gl_FragColor = vec4(v_color.rgb, v_color.a * coverage);
}
