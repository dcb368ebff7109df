// none: a cut. The slide changes half-way, when a flip is edge-on and a fade is an even
// mix, so a show that cycles through the kinds keeps the same rhythm; progress 0 is
// still the current slide and 1 the next.
vec4 transition(vec2 uv) {
    return progress < 0.5 ? getFromColor(uv) : getToColor(uv);
}
