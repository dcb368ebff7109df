// Paths: the vertex color, its alpha times the coverage. Distance-coded vertices (a stroke's
// strip, joins, round caps) carry u = the distance from the centre line in pixels and v = the
// outer half width in pixels: coverage clamp(v - |u|, 0, 1), 1 in the core, falling to 0
// across the last pixel. Flat-coded ones (fills) carry u = 0 and v = the coverage. Product-coded
// ones (a stroke's butt and square ends) carry a negative v, -1 - the along term, and u the
// across term: coverage clamp(u, 0, 1) * clamp(-1 - v, 0, 1), the box filter of the end.
// With MASK defined (PathMask.glsl before this text) the coverage is read from the fill's mask.
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
varying vec2 v_texcoord;
varying vec4 v_color;
void main() {
#ifdef MASK
    float coverage = maskCoverage(v_texcoord);
#else
    float coverage = v_texcoord.y < -0.5
        ? clamp(v_texcoord.x, 0.0, 1.0) * clamp(-1.0 - v_texcoord.y, 0.0, 1.0)
        : clamp(v_texcoord.y - abs(v_texcoord.x), 0.0, 1.0);
#endif
    gl_FragColor = vec4(v_color.rgb, v_color.a * coverage);
}
