// flip: the view turns half a turn about its vertical axis, seen in perspective; the
// current slide is its front face and the next one its back. Half-way the view is
// edge-on and only the background shows.
//
// Perspective: UIKit's flip is the m34 = -1/500 look of the sample's 320-point-wide
// phone, an eye 500 points in front of the view. That eye is kept in proportion here,
// `eye` view widths away (500 / 320), so any window flips as the phone did; 500 points
// from a 1280-point window would put the eye inside the turning page.

uniform bool fromLeft; // = true
uniform float eye; // = 1.5625
uniform vec4 background; // = vec4(0.0, 0.0, 0.0, 1.0)

vec4 transition(vec2 uv) {
    float angle = progress * 3.14159265;
    float c = cos(angle);
    float s = sin(angle);
    // Which way the edges go: from the left, the left edge swings toward the eye.
    float toward = fromLeft ? 1.0 : -1.0;
    // The screen point, from the view's center: x in view widths, y in view heights.
    vec2 p = uv - 0.5;
    // A point x of the turned page lies at x * c across and -toward * x * s deep (toward
    // the eye is positive); seen from the eye it is scaled by 1 / w, w = 1 + toward * x * s / eye.
    // Solving p.x = x * c / w for x:
    float d = c - toward * p.x * s / eye;
    if (abs(d) < 1e-5) {
        return background;
    }
    float x = p.x / d;
    float w = 1.0 + toward * x * s / eye;
    float y = p.y * w;
    if (w <= 0.0 || abs(x) > 0.5 || abs(y) > 0.5) {
        return background;
    }
    // Past a quarter turn the back faces the eye: the next slide, which reads the right
    // way round when the turn is done. (Both are read, as a software rasterizer runs both
    // sides of a branch; the face not shown is read at the pixel itself, which is cheap.)
    bool front = c >= 0.0;
    vec4 frontColor = getFromColor(front ? vec2(x + 0.5, y + 0.5) : uv);
    vec4 backColor = getToColor(front ? uv : vec2(0.5 - x, y + 0.5));
    return front ? frontColor : backColor;
}
