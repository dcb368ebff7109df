// Put before Path.fsh, PathGradient.fsh or PathPattern.fsh for their MASK variants
// (Renderer+Programs): an antialiased fill drawn from its coverage picture (CoverageMask,
// Renderer+Masks) is one quad whose texture coordinate is, at each pixel, that pixel's texel
// in the atlas on unit 1 (two bytes a texel: the coverage in 1/4096ths, its high byte as
// luminance and its low byte as alpha, nearest filter). u is moved 2 to the right where a
// coverage of at least 0.999 counts as 1 (a translucent path, as its mesh's two passes draw it).
// With MASK_BYTE defined (an opaque paint's draw, Renderer.emitMask) the atlas holds one byte a
// texel, as alpha: the coverage as the target's 8-bit alpha takes it (MaskAtlas.Texel.byte).
#define MASK 1
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
uniform sampler2D coverageMask;
#ifdef MASK_BYTE
float maskCoverage(vec2 t) {
    return texture2D(coverageMask, t).a;
}
#else
float maskCoverage(vec2 t) {
    bool snap = t.x > 1.5;
    vec4 m = texture2D(coverageMask, vec2(snap ? t.x - 2.0 : t.x, t.y));
    float c = (floor(m.r * 255.0 + 0.5) * 256.0 + floor(m.a * 255.0 + 0.5)) / 4096.0;
    return snap && c >= 0.999 ? 1.0 : c;
}
#endif
