// The classic GLFun sample's program, kept for library users who draw one
// shape at a time: a constant color or a texture, switched by useTexture.
attribute vec4 position;
attribute vec2 texcoord;
uniform mat4 projectionMatrix;
varying vec2 v_texcoord;
void main() {
    gl_Position = projectionMatrix * position;
    v_texcoord = texcoord;
}
