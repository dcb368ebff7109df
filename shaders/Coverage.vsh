// The antialiased rects, lines and ellipses (Coverage.fsh): Shape.vsh with a
// four-component texcoord, the shape's own coordinates and size (see Coverage.fsh).
attribute vec3 position;
attribute vec4 texcoord;
attribute vec4 color;
uniform mat4 projectionMatrix;
varying vec4 v_shape;
varying vec4 v_color;
void main() {
    gl_Position = projectionMatrix * vec4(position.xy, 0.0, 1.0);
    gl_Position.z = position.z;
    v_shape = texcoord;
    v_color = color;
}
