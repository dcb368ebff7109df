// Paths painted with a gradient: Shape.vsh, plus the vertex's document position (points),
// which the paint's matrix takes to the gradient's own space per pixel.
attribute vec3 position;
attribute vec2 texcoord;
attribute vec4 color;
uniform mat4 projectionMatrix;
varying vec2 v_texcoord;
varying vec4 v_color;
varying vec2 v_position;
void main() {
    gl_Position = projectionMatrix * vec4(position.xy, 0.0, 1.0);
    gl_Position.z = position.z;
    v_texcoord = texcoord;
    v_color = color;
    v_position = position.xy;
}
