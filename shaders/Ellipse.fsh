// An ellipse is one quad; v_texcoord runs -1..1 across it, and the pixels
// whose centers fall outside the unit disc are discarded (an exact edge at any size).
precision mediump float;
varying vec2 v_texcoord;
varying vec4 v_color;
void main() {
    if (dot(v_texcoord, v_texcoord) > 1.0) discard;
    gl_FragColor = v_color;
}
