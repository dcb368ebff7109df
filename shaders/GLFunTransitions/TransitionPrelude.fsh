// The head of every transition's fragment stage: the gl-transitions interface (two
// textures, progress, ratio, getFromColor/getToColor). A transition's body follows it,
// then TransitionMain.fsh. `from` and `to` are view-sized images rendered by GL (rows
// bottom-up), so uv (0, 0) is their bottom-left corner, as in gl-transitions.
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
uniform sampler2D from;
uniform sampler2D to;
uniform float progress;
uniform float ratio;
varying vec2 glfun_uv;
vec4 getFromColor(vec2 uv) {
    return texture2D(from, uv);
}
vec4 getToColor(vec2 uv) {
    return texture2D(to, uv);
}
