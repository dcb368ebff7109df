// Little CMS 2 behind three calls: straight RGBA8 pixels converted in place from the colour space
// a picture states (an ICC profile; PNG's gAMA and cHRM; CICP primaries and a transfer curve
// tabulated by the caller) to sRGB. Alpha is copied as is.
#ifndef GLFUN_CLCMS2_SHIM_H
#define GLFUN_CLCMS2_SHIM_H
#include <lcms2.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/// Outcomes of the calls below.
enum {
    GLFUN_LCMS_CONVERTED = 0,       // the pixels are now sRGB
    GLFUN_LCMS_BAD_PROFILE = 1,     // Little CMS could not read the profile: pixels untouched
    GLFUN_LCMS_UNUSABLE_SPACE = 2,  // a profile for CMYK, Lab or another space than the pixels': untouched
    GLFUN_LCMS_NO_TRANSFORM = 3     // no transform could be made (a profile without the tags needed)
};

static inline int glfun_lcms_transform_to_srgb(cmsHPROFILE source, unsigned char *rgba, size_t pixels) {
    cmsHPROFILE srgb = cmsCreate_sRGBProfile();
    if (!srgb) { cmsCloseProfile(source); return GLFUN_LCMS_NO_TRANSFORM; }
    cmsColorSpaceSignature space = cmsGetColorSpace(source);
    int result = GLFUN_LCMS_CONVERTED;
    if (space == cmsSigRgbData) {
        cmsHTRANSFORM t = cmsCreateTransform(source, TYPE_RGBA_8, srgb, TYPE_RGBA_8, INTENT_PERCEPTUAL,
                                             cmsFLAGS_COPY_ALPHA);
        if (t) {
            // In pieces, so that a picture of more than 4 G pixels never overflows lcms's count.
            for (size_t done = 0; done < pixels;) {
                size_t n = pixels - done > (1u << 24) ? (1u << 24) : pixels - done;
                cmsDoTransform(t, rgba + done * 4, rgba + done * 4, (cmsUInt32Number)n);
                done += n;
            }
            cmsDeleteTransform(t);
        } else {
            result = GLFUN_LCMS_NO_TRANSFORM;
        }
    } else if (space == cmsSigGrayData) {
        // The decoders made gray pictures RGB with three equal samples: one table of 256 grays.
        cmsHTRANSFORM t = cmsCreateTransform(source, TYPE_GRAY_8, srgb, TYPE_RGB_8, INTENT_PERCEPTUAL, 0);
        if (t) {
            unsigned char in[256], out[256 * 3];
            for (int i = 0; i < 256; i++) in[i] = (unsigned char)i;
            cmsDoTransform(t, in, out, 256);
            cmsDeleteTransform(t);
            for (size_t i = 0; i < pixels; i++) {
                unsigned char *p = rgba + i * 4;
                if (p[0] != p[1] || p[1] != p[2]) continue;  // not gray after all: left as stored
                const unsigned char *o = out + (size_t)p[0] * 3;
                p[0] = o[0]; p[1] = o[1]; p[2] = o[2];
            }
        } else {
            result = GLFUN_LCMS_NO_TRANSFORM;
        }
    } else {
        result = GLFUN_LCMS_UNUSABLE_SPACE;
    }
    cmsCloseProfile(srgb);
    cmsCloseProfile(source);
    return result;
}

/// Converts rgba (pixels x 4 bytes, straight alpha) from the ICC profile icc to sRGB in place.
static inline int glfun_lcms_icc_to_srgb(const unsigned char *icc, size_t icc_size, unsigned char *rgba,
                                         size_t pixels) {
    if (icc_size > UINT32_MAX) return GLFUN_LCMS_BAD_PROFILE;
    cmsHPROFILE source = cmsOpenProfileFromMem(icc, (cmsUInt32Number)icc_size);
    if (!source) return GLFUN_LCMS_BAD_PROFILE;
    return glfun_lcms_transform_to_srgb(source, rgba, pixels);
}

/// Converts rgba from the RGB space of `white`, `primaries` and one transfer `curve` for all
/// three channels (taken: freed here; NULL when it could not be built) to sRGB.
static inline int glfun_lcms_curve_to_srgb(const cmsCIExyY *white, const cmsCIExyYTRIPLE *primaries,
                                           cmsToneCurve *curve, unsigned char *rgba, size_t pixels) {
    if (!curve) return GLFUN_LCMS_NO_TRANSFORM;
    cmsToneCurve *curves[3] = {curve, curve, curve};
    cmsHPROFILE source = cmsCreateRGBProfile(white, primaries, curves);
    cmsFreeToneCurve(curve);
    if (!source) return GLFUN_LCMS_BAD_PROFILE;
    return glfun_lcms_transform_to_srgb(source, rgba, pixels);
}

/// Converts rgba from the space a PNG's gAMA and cHRM state to sRGB in place: samples are
/// linear light to the power file_gamma (gAMA / 100000); gamma 0 means sRGB's own curve (a cHRM
/// without gAMA). chrm: white x, y, red x, y, green x, y, blue x, y; NULL means sRGB's (Rec. 709, D65).
static inline int glfun_lcms_gamma_to_srgb(double file_gamma, const double *chrm, unsigned char *rgba,
                                           size_t pixels) {
    static const double srgb_chrm[8] = {0.3127, 0.3290, 0.64, 0.33, 0.30, 0.60, 0.15, 0.06};
    const double *c = chrm ? chrm : srgb_chrm;
    cmsCIExyY white = {c[0], c[1], 1.0};
    cmsCIExyYTRIPLE primaries = {{c[2], c[3], 1.0}, {c[4], c[5], 1.0}, {c[6], c[7], 1.0}};
    cmsToneCurve *curve;
    if (file_gamma > 0) {
        curve = cmsBuildGamma(NULL, 1.0 / file_gamma);
    } else {
        const cmsFloat64Number srgb_curve[5] = {2.4, 1.0 / 1.055, 0.055 / 1.055, 1.0 / 12.92, 0.04045};
        curve = cmsBuildParametricToneCurve(NULL, 4, srgb_curve);
    }
    return glfun_lcms_curve_to_srgb(&white, &primaries, curve, rgba, pixels);
}

/// Converts rgba from an RGB space given by its chromaticities (chrm as above, not NULL) and a
/// transfer curve tabulated by the caller (count >= 2 values of linear light, 0...1, for samples
/// 0...1 evenly spaced; what CICP's transfer characteristics make, tone mapping included) to sRGB.
static inline int glfun_lcms_table_to_srgb(const double *chrm, const float *table, uint32_t count,
                                           unsigned char *rgba, size_t pixels) {
    cmsCIExyY white = {chrm[0], chrm[1], 1.0};
    cmsCIExyYTRIPLE primaries = {{chrm[2], chrm[3], 1.0}, {chrm[4], chrm[5], 1.0}, {chrm[6], chrm[7], 1.0}};
    cmsToneCurve *curve = cmsBuildTabulatedToneCurveFloat(NULL, count, table);
    return glfun_lcms_curve_to_srgb(&white, &primaries, curve, rgba, pixels);
}
#endif
