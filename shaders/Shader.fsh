precision mediump float;
uniform vec4 constColor;
uniform sampler2D texture;
uniform bool useTexture;
varying vec2 v_texcoord;
void main() {
    gl_FragColor = useTexture ? texture2D(texture, v_texcoord) : constColor;
}
