// A8 textures (text): the vertex color, with the texture as coverage.
precision mediump float;
uniform sampler2D texture;
varying vec2 v_texcoord;
varying vec4 v_color;
void main() {
    gl_FragColor = vec4(v_color.rgb, v_color.a * texture2D(texture, v_texcoord).a);
}
