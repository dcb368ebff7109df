// The transitions' vertex stage: one quad over the whole target, position in clip space.
// glfun_uv is the gl-transitions `uv`: 0...1 across the target, origin bottom-left.
attribute vec2 position;
varying vec2 glfun_uv;
void main() {
    glfun_uv = position * 0.5 + 0.5;
    gl_Position = vec4(position, 0.0, 1.0);
}
