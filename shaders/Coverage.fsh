// Antialiased rects, lines and ellipses, drawn over their outline and half a pixel past it:
// the vertex color, its alpha times the share of the pixel the shape covers. v_shape is
// (x, y, a, b):
// - a box (a >= 0): x, y the pixel's offset from the box's centre along its two axes, a, b its
//   half extents, all in pixels. Per axis the coverage is the box filter's (the overlap of the
//   pixel, one wide, with the box: exact across a straight edge, thin boxes included); a corner
//   pixel gets the product of the two.
// - an ellipse (a < 0): x, y the offset divided by the radii (the ellipse is the unit circle),
//   -a and b the reciprocals of the squared radii in pixels. The distance to the edge is
//   (rho - 1) / |grad rho| with rho = length(x, y) (exact for a circle, first order for an
//   ellipse) and the coverage 0.5 minus it, as across a straight edge.
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
varying vec4 v_shape;
varying vec4 v_color;
void main() {
    vec2 p = v_shape.xy;
    float coverage;
    if (v_shape.z < 0.0) {
        float r2 = dot(p, p);
        float g2 = (p.x * p.x * -v_shape.z + p.y * p.y * v_shape.w) / max(r2, 1e-12);
        coverage = clamp(0.5 - (sqrt(r2) - 1.0) * inversesqrt(max(g2, 1e-12)), 0.0, 1.0);
    } else {
        vec2 c = clamp(min(p + 0.5, v_shape.zw) - max(p - 0.5, -v_shape.zw), 0.0, 1.0);
        coverage = c.x * c.y;
    }
    gl_FragColor = vec4(v_color.rgb, v_color.a * coverage);
}
