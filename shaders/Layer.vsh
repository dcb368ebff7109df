// A layer's composite (Renderer+Layers): the rects it covers (two triangles each), in clip space.
attribute vec2 position;
void main() {
    gl_Position = vec4(position, 0.0, 1.0);
}
