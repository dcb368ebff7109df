// curl: a page curl. The current slide is a sheet of paper that lifts at its bottom edge
// and rolls up around a cylinder moving up across the view; where the sheet has rolled
// past the top of the cylinder it lies flat again, face down, on top of itself. Its back
// is lighter (white paper with the picture showing through, mirrored, as paper shows it)
// and it casts a soft shadow on the next slide beneath. `down` plays the same curl
// backwards with the slides swapped: the next slide unrolls down from the top over the
// current one, as UIKit's curl down does.
//
// Drawn per pixel, without a mesh: along the direction the curl moves, a point of the
// sheet that is L past the line where the cylinder touches the page sits at angle
// L / radius around it. Each pixel shows the highest layer over it: the sheet lying on
// top, the cylinder's upper half (the back), its lower half (the front), the flat sheet
// (the front), else the slide beneath.

uniform bool down; // = false
uniform float radius; // = 0.1
uniform float slant; // = 0.25
uniform float shadow; // = 0.45
uniform float softness; // = 0.12

const float PI = 3.14159265;

vec4 sheet(vec2 uv) {
    return down ? getToColor(uv) : getFromColor(uv);
}

vec4 beneath(vec2 uv) {
    return down ? getFromColor(uv) : getToColor(uv);
}

// How far from q along dir the page (0...ratio across, 0...1 up) ends.
float reach(vec2 q, vec2 dir) {
    float kx = dir.x > 0.0 ? (ratio - q.x) / dir.x : (dir.x < 0.0 ? -q.x / dir.x : 1e6);
    float ky = dir.y > 0.0 ? (1.0 - q.y) / dir.y : (dir.y < 0.0 ? -q.y / dir.y : 1e6);
    return min(kx, ky);
}

// The paper's back: the picture faint through white paper.
vec4 paperBack(vec2 uv, float light) {
    vec4 c = sheet(uv);
    return vec4(mix(c.rgb, vec3(1.0), 0.72) * light, c.a);
}

vec4 darker(vec4 c, float amount) {
    return vec4(c.rgb * (1.0 - amount), c.a);
}

vec4 transition(vec2 uv) {
    float t = down ? 1.0 - progress : progress;
    // Page units: the view's height is 1, so the cylinder is round at any ratio.
    vec2 q = vec2(uv.x * ratio, uv.y);
    // From the flat part toward the edge that lifts (the bottom, its right corner first).
    vec2 dir = normalize(vec2(slant, -1.0));
    float s = dot(q, dir);
    float c0 = 0.0;
    float c1 = ratio * dir.x;
    float c2 = dir.y;
    float c3 = ratio * dir.x + dir.y;
    float sMin = min(min(c0, c1), min(c2, c3));
    float sMax = max(max(c0, c1), max(c2, c3));
    // Where the cylinder touches the page: from beyond the lifting edge to past the far
    // edge with its shadow, so that progress 0 and 1 are the two slides exactly.
    float axis = mix(sMax, sMin - radius - softness, t);
    // The sheet along this pixel's line ends at sEnd (its own coordinate, s').
    float sEnd = s + reach(q, dir);

    if (s <= axis) {
        // The sheet rolled past half a turn lies on top, going back: s' = axis + PI r + (axis - s).
        float sp = 2.0 * axis + PI * radius - s;
        if (sp <= sEnd) {
            vec2 qp = q + (sp - s) * dir;
            return paperBack(vec2(qp.x / ratio, qp.y), 0.97);
        }
        // The flat sheet, in the shadow of the rolled-over sheet's free edge.
        float edge = 2.0 * axis + PI * radius - sEnd;
        float dark = shadow * 0.6 * (1.0 - smoothstep(0.0, softness * 0.5, edge - s));
        return darker(sheet(uv), dark);
    }
    float lifted = s - axis;
    if (lifted < radius) {
        float a = asin(lifted / radius);
        // The upper half: angle PI - a around the cylinder, the back facing the eye.
        float sp = axis + radius * (PI - a);
        if (sp <= sEnd) {
            vec2 qp = q + (sp - s) * dir;
            return paperBack(vec2(qp.x / ratio, qp.y), mix(0.72, 0.97, cos(a)));
        }
        // The lower half: angle a, the front facing the eye, turning away toward the edge.
        sp = axis + radius * a;
        if (sp <= sEnd) {
            vec2 qp = q + (sp - s) * dir;
            vec4 c = sheet(vec2(qp.x / ratio, qp.y));
            return darker(c, (1.0 - cos(a)) * 0.5);
        }
    }
    // The slide beneath, shaded where the curl is near and has paper along this line.
    float paper = clamp((sEnd - axis) / (radius * PI * 0.5), 0.0, 1.0);
    float dark = shadow * paper * (1.0 - smoothstep(0.0, softness, lifted - radius));
    return darker(beneath(uv), dark);
}
