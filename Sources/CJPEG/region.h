// One rectangle of a JPEG decoded alone (libjpeg-turbo's jpeg_crop_scanline and
// jpeg_skip_scanlines): what a zoomed-in view of a picture too large for one texture is made of.
#ifndef GLFUN_CJPEG_REGION_H
#define GLFUN_CJPEG_REGION_H
#include "shim.h"

/// Decodes the rectangle (x, y, w, h) of the JPEG scaled to scale_eighths/8 (coordinates in
/// the scaled picture, as stored: no orientation applied) to RGBA8 in a malloc'd w*h*4 buffer.
/// Work: the rows above the rectangle are skipped (entropy decoding only, no IDCT for rows in
/// whole iMCU rows), the columns outside it are not output; memory: the rectangle, one row of
/// the cropped width, and libjpeg's own (bounded by max_work; 0: none). Returns 0; 1 with err;
/// 2 over max_work; 3 when the rectangle is not inside the scaled picture.
static inline int glfun_jpeg_decode_region(const unsigned char *data, size_t size, unsigned scale_eighths,
                                           uint32_t x, uint32_t y, uint32_t w, uint32_t h, size_t max_work,
                                           unsigned char **out, char *err) {
    *out = NULL;
    err[0] = 0;
    if (size < 3 || data[0] != 0xFF || data[1] != 0xD8 || data[2] != 0xFF) {
        snprintf(err, GLFUN_JPEG_ERR_LEN, "not a JPEG file (bad signature)");
        return 1;
    }
    struct jpeg_decompress_struct cinfo;
    struct glfun_jpeg_error jerr;
    unsigned char *volatile pixels = NULL;
    unsigned char *volatile row = NULL;
    volatile int outside = 0;
    glfun_jpeg_error_init(&cinfo, &jerr, err);
    if (setjmp(jerr.jump)) {
        int over_work = jerr.mgr.msg_code == JERR_NO_BACKING_STORE;
        jpeg_destroy_decompress(&cinfo);
        free(pixels);
        free(row);
        if (!err[0]) snprintf(err, GLFUN_JPEG_ERR_LEN, "corrupt JPEG");
        return outside ? 3 : over_work ? 2 : 1;
    }
    glfun_jpeg_open_scaled(&cinfo, data, size, scale_eighths, max_work);
    if (w == 0 || h == 0 || x >= cinfo.output_width || y >= cinfo.output_height ||
        w > cinfo.output_width - x || h > cinfo.output_height - y) {
        snprintf(err, GLFUN_JPEG_ERR_LEN, "region outside the %ux%u picture",
                 (unsigned)cinfo.output_width, (unsigned)cinfo.output_height);
        outside = 1;
        longjmp(jerr.jump, 1);
    }
    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_start_decompress(&cinfo);
    JDIMENSION xoffset = x, width = w;
    jpeg_crop_scanline(&cinfo, &xoffset, &width);  // widened to whole iMCU columns: xoffset <= x
    pixels = (unsigned char *)malloc((size_t)w * h * 4);
    row = (unsigned char *)malloc((size_t)cinfo.output_width * 4);
    if (!pixels || !row) {
        snprintf(err, GLFUN_JPEG_ERR_LEN, "out of memory");
        longjmp(jerr.jump, 1);
    }
    if (y > 0 && jpeg_skip_scanlines(&cinfo, y) != y) {
        snprintf(err, GLFUN_JPEG_ERR_LEN, "file is truncated");
        longjmp(jerr.jump, 1);
    }
    for (uint32_t r = 0; r < h; r++) {
        JSAMPROW p = row;
        if (jpeg_read_scanlines(&cinfo, &p, 1) != 1) {
            snprintf(err, GLFUN_JPEG_ERR_LEN, "file is truncated");
            longjmp(jerr.jump, 1);
        }
        if (cmyk) glfun_cmyk_to_rgba(row, cinfo.output_width, cinfo.saw_Adobe_marker);
        memcpy(pixels + (size_t)r * w * 4, row + (size_t)(x - xoffset) * 4, (size_t)w * 4);
    }
    if (jerr.truncated) {
        snprintf(err, GLFUN_JPEG_ERR_LEN, "file is truncated");
        longjmp(jerr.jump, 1);
    }
    jpeg_abort_decompress(&cinfo);  // the rows below the rectangle are never decoded
    jpeg_destroy_decompress(&cinfo);
    free(row);
    *out = pixels;
    return 0;
}
#endif
