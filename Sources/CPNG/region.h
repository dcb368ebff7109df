// A band of rows of a PNG decoded alone: what a zoomed-in view of a picture too large for one
// texture is made of (the rows above are decoded and dropped a row at a time, the rows below
// never read).
#ifndef GLFUN_CPNG_REGION_H
#define GLFUN_CPNG_REGION_H
#include "shim.h"

/// Decodes the rectangle (x, y, w, h) of a non-interlaced PNG to RGBA8 in a malloc'd w*h*4
/// buffer (conversions as glfun_png_decode's). Memory: the rectangle and one row. Returns 0;
/// 1 with err; 3 when the rectangle is not inside the picture; 4 for an interlaced PNG (Adam7
/// spreads every row over seven passes: decode it whole).
static inline int glfun_png_decode_region(const unsigned char *data, size_t size, uint32_t x, uint32_t y,
                                          uint32_t w, uint32_t h, unsigned char **out, char *err) {
    *out = NULL;
    err[0] = 0;
    if (size < 8 || png_sig_cmp(data, 0, 8) || !glfun_png_chunks_fit(data, size)) {
        snprintf(err, GLFUN_PNG_ERR_LEN, size >= 8 && !png_sig_cmp(data, 0, 8) ? "file is truncated" : "not a PNG file (bad signature)");
        return 1;
    }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, err, glfun_png_on_error, glfun_png_on_warning);
    if (!png) { snprintf(err, GLFUN_PNG_ERR_LEN, "out of memory"); return 1; }
    png_infop info = png_create_info_struct(png);
    if (!info) { png_destroy_read_struct(&png, NULL, NULL); snprintf(err, GLFUN_PNG_ERR_LEN, "out of memory"); return 1; }
    glfun_png_source src = {data, size, 0};
    unsigned char *volatile pixels = NULL;
    unsigned char *volatile row = NULL;
    volatile int code = 1;
    if (setjmp(png_jmpbuf(png))) {
        free(pixels);
        free(row);
        png_destroy_read_struct(&png, &info, NULL);
        if (!err[0]) snprintf(err, GLFUN_PNG_ERR_LEN, "corrupt PNG");
        return code;
    }
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    png_set_chunk_malloc_max(png, 64u << 20);
    png_set_read_fn(png, &src, glfun_png_read);
    png_read_info(png, info);
    png_uint_32 pw = png_get_image_width(png, info), ph = png_get_image_height(png, info);
    if (png_get_interlace_type(png, info) != PNG_INTERLACE_NONE) {
        snprintf(err, GLFUN_PNG_ERR_LEN, "interlaced");
        code = 4;
        png_longjmp(png, 1);
    }
    if (w == 0 || h == 0 || x >= pw || y >= ph || w > pw - x || h > ph - y) {
        snprintf(err, GLFUN_PNG_ERR_LEN, "region outside the %ux%u picture", (unsigned)pw, (unsigned)ph);
        code = 3;
        png_longjmp(png, 1);
    }
    glfun_png_set_rgba8(png, info, pw);
    pixels = (unsigned char *)malloc((size_t)w * h * 4);
    row = (unsigned char *)malloc((size_t)pw * 4);
    if (!pixels || !row) png_error(png, "out of memory");
    for (png_uint_32 r = 0; r < y + h; r++) {
        png_read_row(png, row, NULL);
        if (r >= y) memcpy(pixels + (size_t)(r - y) * w * 4, row + (size_t)x * 4, (size_t)w * 4);
    }
    free(row);
    png_destroy_read_struct(&png, &info, NULL);
    *out = pixels;
    return 0;
}
#endif
