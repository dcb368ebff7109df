// Paths: the vertex color, its alpha times the coverage clamp(v - |u|, 0, 1). Distance-coded
// vertices (a stroke's strip, joins, round caps) carry u = the distance from the centre line
// in pixels and v = the outer half width in pixels: 1 in the core, falling to 0 across the
// last pixel. Flat-coded ones (fills, fringes at ends) carry u = 0 and v = the coverage.
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
varying vec2 v_texcoord;
varying vec4 v_color;
void main() {
    float coverage = clamp(v_texcoord.y - abs(v_texcoord.x), 0.0, 1.0);
    gl_FragColor = vec4(v_color.rgb, v_color.a * coverage);
}
