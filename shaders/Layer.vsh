// A layer's composite (Renderer+Layers): one quad over the whole target, in clip space.
attribute vec2 position;
void main() {
    gl_Position = vec4(position, 0.0, 1.0);
}
