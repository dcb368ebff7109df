// The slide composer's fragment stage: the photo over the background color (a photo with
// transparency shows the background through it, as the letterbox around it does).
precision mediump float;
uniform sampler2D photo;
uniform vec4 background;
varying vec2 v_texcoord;
void main() {
    vec4 c = texture2D(photo, v_texcoord);
    gl_FragColor = vec4(mix(background.rgb, c.rgb, c.a), 1.0);
}
