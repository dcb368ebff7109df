// Dashed strokes on the dash route (StrokeDash, Renderer+Dashes): the undashed stroke's strip,
// distance-coded as Path.fsh's (v_texcoord: u the distance from the centre line, times the
// perspective weight v_w, PathDash.vsh; v the outer half width, in pixels), and at each pixel how
// far along the pattern it lies (v_dash.x, in pixels: across a curve's quad, as the curve's). The pixel looks at the two dashes around it (the one it is in or follows, and the
// next; a pattern of one dash and one gap is said twice, StrokeDash), each cut to the subpath
// (v_dash.y to v_dash.z) or, at a closed subpath's seam where the pattern is on at both sides
// (4 in v_dash.w), run on past it. Its coverage is then what Path.fsh gives a stroked dash there:
// butt ends the box filter across the end times the one across the stroke (the product-coded
// ends' coverage); square ends the same with the dash longer by half the width at each end;
// round ends the distance to the dash's centre line, the fans' coverage. Where dashes meet
// (square ends, round ends over a short gap) the butt and square boxes add up (clamped: where
// they overlap the union covers the pixel's box), round ends take the nearer dash. A join's vertices (8 in v_dash.w) all lie where its corner
// does along the pattern: it is drawn whole where the pattern is on there, not at all where it
// is off or a dash ends (a box would give it half). On a strip run on past a corner (16) the
// subpath's start or end is the corner's, and a dash that crosses it is none there.
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
varying vec2 v_texcoord;
varying vec4 v_color;
varying vec4 v_dash;
varying vec4 v_pattern;
varying float v_w;

// [a, b] cut to the subpath, or run on past its seam; an empty one far away (a > b).
vec2 cut(vec2 d, float open, float runOn) {
    bool back = open > 0.5 && d.x <= v_dash.y && d.y > v_dash.y;
    bool on = open > 0.5 && d.x < v_dash.z && d.y >= v_dash.z;
    // A dash cut to nothing (it ends where the subpath starts, or starts where it ends, a dot
    // too) is none, as Path.dashed has it; a dash of no length is a dot, as is a subpath of none.
    bool dot = d.x == d.y || v_dash.y == v_dash.z;
    bool past = d.x >= v_dash.z && v_dash.y < v_dash.z;
    // Past a corner (run on, its start or end the corner's): only the dashes that end before
    // it (or start after it) draw their ends there; the join and the next strip draw the
    // dashes that go round it.
    bool through = runOn > 0.5 && (d.y > v_dash.z || d.x < v_dash.y);
    d = vec2(back ? -1.0e9 : max(d.x, v_dash.y), on ? 1.0e9 : min(d.y, v_dash.z));
    return d.x <= d.y && !(d.x == d.y && !dot) && !past && !through ? d : vec2(1.0e9, -1.0e9);
}

// The share of the pixel's box along the stroke (s - 0.5 to s + 0.5) inside [a, b].
float box(vec2 d, float s) {
    return clamp(min(d.y, s + 0.5) - max(d.x, s - 0.5), 0.0, 1.0);
}

// The union of two dashes in order, each grown by `grow` at both ends: their boxes added (they
// overlap only where grown ends meet over a gap, inside the union, where the sum is clamped).
float boxes(vec2 d0, vec2 d1, float grow, float s) {
    vec2 g = vec2(-grow, grow);
    return clamp(box(d0 + g, s) + box(d1 + g, s), 0.0, 1.0);
}

void main() {
    float s = v_dash.x;
    float runOn = step(15.5, v_dash.w);
    float join = step(7.5, v_dash.w - 16.0 * runOn);
    float flags = v_dash.w - 16.0 * runOn - 8.0 * join;
    float open = step(3.5, flags);
    float cap = flags - 4.0 * open;
    float on0 = v_pattern.x, off0 = v_pattern.y, on1 = v_pattern.z, off1 = v_pattern.w;
    float period = on0 + off0 + on1 + off1;
    float start = floor(s / period) * period;
    float second = start + on0 + off0;
    // The dash at or before the pixel and the one after it: the first of the period and the
    // second, or the second and the next period's first.
    bool early = s < second;
    vec2 d0 = cut(early ? vec2(start, start + on0) : vec2(second, second + on1), open, runOn);
    vec2 d1 = cut(early ? vec2(second, second + on1) : vec2(start + period, start + period + on0), open, runOn);
    float across = abs(v_texcoord.x / v_w), r = v_texcoord.y;
    // How far outside each dash the pixel lies along the stroke (negative: inside it).
    float outside = min(max(d0.x - s, s - d0.y), max(d1.x - s, s - d1.y));
    float coverage;
    if (join > 0.5) {
        // A join is drawn whole where the pattern is on at its corner (as a dash that runs
        // through the corner joins there); a dash that ends at or near the corner has none
        // (its end is drawn by the strips run on past the corner).
        coverage = (outside < 0.0 ? 1.0 : 0.0) * clamp(r - across, 0.0, 1.0);
    } else if (cap > 1.5) {
        // The nearer dash's round end: the distance to its centre line.
        coverage = clamp(r - length(vec2(max(outside, 0.0), across)), 0.0, 1.0);
    } else {
        coverage = boxes(d0, d1, cap * (r - 0.5), s) * clamp(r - across, 0.0, 1.0);
    }
#ifdef CORE
    // A translucent stroke's first pass (as PathCore.fsh): only the pixels it covers fully.
    if (coverage < 0.999) discard;
    gl_FragColor = v_color;
#else
    // Nothing here: no depth written either, so that a translucent stroke's piece that does
    // not draw a pixel (a strip run on past a corner, a join where the pattern is off) leaves
    // it to the piece that does.
    if (coverage <= 0.0) discard;
    gl_FragColor = vec4(v_color.rgb, v_color.a * coverage);
#endif
}
