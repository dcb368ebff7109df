// Rects and lines: the vertex color, nothing else (no texture fetch).
precision mediump float;
varying vec4 v_color;
void main() {
    gl_FragColor = v_color;
}
