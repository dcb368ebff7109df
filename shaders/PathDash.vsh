// Dashed strokes on the dash route (Renderer+Dashes): Shape.vsh, plus the dash terms of
// each vertex in the gradient stream's first two vectors (locations 3 and 4, named as
// PathGradient.vsh names them): gradient = (along, the subpath's start and end along the
// pattern, the cap and flags: DashFrame), gradient1 = the pattern (on, off, on, off), all in
// pixels.
attribute vec3 position;
attribute vec2 texcoord;
attribute vec4 color;
attribute vec4 gradient;
attribute vec4 gradient1;
uniform mat4 projectionMatrix;
varying vec2 v_texcoord;
varying vec4 v_color;
varying vec4 v_dash;
varying vec4 v_pattern;
void main() {
    gl_Position = projectionMatrix * vec4(position.xy, 0.0, 1.0);
    gl_Position.z = position.z;
    v_texcoord = texcoord;
    v_color = color;
    v_dash = gradient;
    v_pattern = gradient1;
}
