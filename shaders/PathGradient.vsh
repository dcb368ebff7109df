// Paths painted with a linear gradient (Renderer+LinearGradients): Shape.vsh, plus the fill's
// gradient, the same at each of its vertices (a plane over window pixels, xyz, and its ramp's
// row in the atlas, w), handed on as it is: a value the same at a triangle's three vertices
// interpolates to itself, so every pixel gets exactly the fill's own.
attribute vec3 position;
attribute vec2 texcoord;
attribute vec4 color;
attribute vec4 gradient;
uniform mat4 projectionMatrix;
varying vec2 v_texcoord;
varying vec4 v_color;
varying vec4 v_gradient;
void main() {
    gl_Position = projectionMatrix * vec4(position.xy, 0.0, 1.0);
    gl_Position.z = position.z;
    v_texcoord = texcoord;
    v_color = color;
    v_gradient = gradient;
}
