// Paths painted with an image pattern: Shape.vsh, plus the vertex's position in
// the paint's own space (paintX and paintY: the rows of the matrix from document points to that
// space). The matrix is affine, so mapping each vertex and interpolating equals mapping each
// pixel's position; the fragment shaders get it ready-made instead of two dot products a pixel.
attribute vec3 position;
attribute vec2 texcoord;
attribute vec4 color;
uniform mat4 projectionMatrix;
uniform vec3 paintX;
uniform vec3 paintY;
varying vec2 v_texcoord;
varying vec4 v_color;
varying vec2 v_paint;
void main() {
    gl_Position = projectionMatrix * vec4(position.xy, 0.0, 1.0);
    gl_Position.z = position.z;
    v_texcoord = texcoord;
    v_color = color;
    vec3 p = vec3(position.xy, 1.0);
    v_paint = vec2(dot(paintX, p), dot(paintY, p));
}
