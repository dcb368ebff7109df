// Paths painted with a gradient (Renderer+GradientStream): Shape.vsh, plus the fill's paint,
// the same at each of its vertices, handed on as it is: a value the same at a triangle's three
// vertices interpolates to itself, so every pixel gets exactly the fill's own. Linear: the
// plane over window pixels and the ramp's row (gradient). Radial and conic (RADIAL or CONIC
// defined, as for PathGradient.fsh): also the rest of the map from window pixels to the
// gradient's space (gradient1) and the geometry (gradient2, and gradient3 for radial).
attribute vec3 position;
attribute vec2 texcoord;
attribute vec4 color;
attribute vec4 gradient;
varying vec4 v_gradient;
#if defined(RADIAL) || defined(CONIC)
attribute vec4 gradient1;
attribute vec4 gradient2;
varying vec4 v_gradient1;
varying vec4 v_gradient2;
#endif
#ifdef RADIAL
attribute vec4 gradient3;
varying vec4 v_gradient3;
#endif
uniform mat4 projectionMatrix;
varying vec2 v_texcoord;
varying vec4 v_color;
void main() {
    gl_Position = projectionMatrix * vec4(position.xy, 0.0, 1.0);
    gl_Position.z = position.z;
    v_texcoord = texcoord;
    v_color = color;
    v_gradient = gradient;
#if defined(RADIAL) || defined(CONIC)
    v_gradient1 = gradient1;
    v_gradient2 = gradient2;
#endif
#ifdef RADIAL
    v_gradient3 = gradient3;
#endif
}
