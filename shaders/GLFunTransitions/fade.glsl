// fade: a cross-dissolve, the next slide's share of each pixel growing with progress.
vec4 transition(vec2 uv) {
    return mix(getFromColor(uv), getToColor(uv), progress);
}
