// Dashed strokes on the dash route (Renderer+Dashes): Shape.vsh, plus the dash terms of
// each vertex in the gradient stream's first two vectors (locations 3 and 4, named as
// PathGradient.vsh names them): gradient = (along, the subpath's start and end along the
// pattern, the cap and flags: DashFrame), gradient1 = the pattern (on, off, on, off), all in
// pixels; gradient2.x the vertex's perspective weight w (DashTerm, PathStripStroker.dashBend):
// 1, but on a strip's pair through a curve's point, where the clip position is scaled by it so
// that the along term goes across the quad as the curve's does (the rasterizer's perspective-
// correct interpolation), and the across term is handed on times w with w itself, so that the
// fragment shader gets it back linear (v_texcoord.x / v_w).
attribute vec3 position;
attribute vec2 texcoord;
attribute vec4 color;
attribute vec4 gradient;
attribute vec4 gradient1;
attribute vec4 gradient2;
uniform mat4 projectionMatrix;
varying vec2 v_texcoord;
varying vec4 v_color;
varying vec4 v_dash;
varying vec4 v_pattern;
varying float v_w;
void main() {
    float w = gradient2.x;
    gl_Position = projectionMatrix * vec4(position.xy, 0.0, 1.0);
    gl_Position.z = position.z;
    gl_Position *= w;
    v_texcoord = vec2(texcoord.x * w, texcoord.y);
    v_w = w;
    v_color = color;
    v_dash = gradient;
    v_pattern = gradient1;
}
