// All of GLFun's programs share this vertex stage. position.z is the depth of
// the shape in clip space (the renderer's opaque pass draws front to back).
attribute vec3 position;
attribute vec2 texcoord;
attribute vec4 color;
uniform mat4 projectionMatrix;
varying vec2 v_texcoord;
varying vec4 v_color;
void main() {
    gl_Position = projectionMatrix * vec4(position.xy, 0.0, 1.0);
    gl_Position.z = position.z;
    v_texcoord = texcoord;
    v_color = color;
}
