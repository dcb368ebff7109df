// Images: the texture's color, tinted by the vertex color (white leaves it as is).
precision mediump float;
uniform sampler2D texture;
varying vec2 v_texcoord;
varying vec4 v_color;
void main() {
    gl_FragColor = texture2D(texture, v_texcoord) * v_color;
}
