// A texture copied as is (the cached layer onto the window): no tint, so
// llvmpipe can take its plain texture-copy path.
precision mediump float;
uniform sampler2D texture;
varying vec2 v_texcoord;
void main() {
    gl_FragColor = texture2D(texture, v_texcoord);
}
