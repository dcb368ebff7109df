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

// Written for a software rasterizer too (llvmpipe runs every branch for every pixel):
// one read of each slide, near the pixel wherever it can be (the cache), one shadow ramp,
// the cylinder's angle and cosine from its sine without asin or cos, and the page's corners
// known from the slant (>= 0).
vec4 transition(vec2 uv) {
    float t = down ? 1.0 - progress : progress;
    // Page units: the view's height is 1, so the cylinder is round at any ratio.
    vec2 q = vec2(uv.x * ratio, uv.y);
    // From the flat part toward the edge that lifts: down, and right by the slant, so the
    // lower right corner is the first to lift (sMax) and the upper left the last (sMin).
    vec2 dir = normalize(vec2(max(slant, 1e-4), -1.0));
    float s = dot(q, dir);
    float sMax = ratio * dir.x;
    float sMin = dir.y;
    // Where the cylinder touches the page: from the lifting edge to past the far edge and
    // its shadow, so that progress 0 and 1 are the two slides exactly.
    float axis = mix(sMax, sMin - radius - softness, t);
    // Where the sheet along this pixel's line ends (its own coordinate s'): the page's edge.
    float sEnd = s + min((ratio - q.x) / dir.x, q.y / -dir.y);
    float lifted = s - axis;
    // Around the cylinder: the angle a from the line of contact, sin a = lifted / radius.
    // asin by Abramowitz and Stegun 4.4.45 (within 7e-5 rad): cheaper than the built-in.
    float sinA = clamp(lifted / radius, 0.0, 1.0);
    float a = 1.5707963 - sqrt(1.0 - sinA) * (1.5707288 + sinA * (-0.2121144 + sinA * (0.0742610 - 0.0187293 * sinA)));
    float cosA = sqrt(1.0 - sinA * sinA);
    // The sheet rolled past half a turn lies back on top: s' = axis + PI r + (axis - s).
    float top = 2.0 * axis + PI * radius - s;
    float upper = axis + radius * (PI - a);
    float lower = axis + radius * a;
    bool lying = lifted <= 0.0;
    bool onCylinder = lifted < radius;
    // The highest layer here: the sheet on top or the cylinder's upper half (the back of the
    // paper), the lower half (the front, turning away), the flat sheet, or the slide beneath.
    bool back = lying ? top <= sEnd : onCylinder && upper <= sEnd;
    bool front = lying ? !back : onCylinder && !back && lower <= sEnd;
    float sp = back ? (lying ? top : upper) : (front && !lying ? lower : s);
    float light = lying ? 0.97 : mix(0.72, 0.97, cosA);
    // Shade: on the flat sheet, the rolled-over sheet's edge; beneath, the curl while there is
    // paper along this line; on the lower half, the turn away from the light.
    float paperNear = lying ? 0.6 : clamp((sEnd - axis) / (radius * PI * 0.5), 0.0, 1.0);
    float gap = lying ? 2.0 * axis + PI * radius - sEnd - s : lifted - radius;
    float dark = back ? 0.0 : (front && !lying ? (1.0 - cosA) * 0.5
                                               : shadow * paperNear * (1.0 - smoothstep(0.0, softness, gap)));
    vec2 sheetUV = sp == s ? uv : vec2((q.x + (sp - s) * dir.x) / ratio, q.y + (sp - s) * dir.y);
    // One read of each slide: the sheet is the current slide (curl up) or the next (down).
    vec4 fromColor = getFromColor(down ? uv : sheetUV);
    vec4 toColor = getToColor(down ? sheetUV : uv);
    vec4 sheet = down ? toColor : fromColor;
    vec4 c = back ? vec4(mix(sheet.rgb, vec3(1.0), 0.72) * light, sheet.a)
                  : (front ? sheet : (down ? fromColor : toColor));
    return vec4(c.rgb * (1.0 - dark), c.a);
}
