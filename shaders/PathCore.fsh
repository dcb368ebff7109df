// The first of a translucent path's two passes (one layer of paint): only the pixels the path
// covers fully (coverage as in Path.fsh), each written once thanks to the depth test, the rest
// discarded for the second pass (Path.fsh) to blend once (product-coded ends, v < 0, always are).
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
varying vec2 v_texcoord;
varying vec4 v_color;
void main() {
    if (v_texcoord.y - abs(v_texcoord.x) < 0.999) discard;
    gl_FragColor = v_color;
}
