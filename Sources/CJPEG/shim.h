// libjpeg(-turbo) behind one call. libjpeg reports errors by calling
// error_exit, which must not return: here it longjmps back into the decode
// function below, because Swift cannot catch a longjmp.
#ifndef GLFUN_CJPEG_SHIM_H
#define GLFUN_CJPEG_SHIM_H
#include <limits.h>
#include <setjmp.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

#define GLFUN_JPEG_ERR_LEN 256

struct glfun_jpeg_error {
    struct jpeg_error_mgr mgr;
    jmp_buf jump;
    char *message;
    int truncated;
};

static void glfun_jpeg_on_error(j_common_ptr cinfo) {
    struct glfun_jpeg_error *e = (struct glfun_jpeg_error *)cinfo->err;
    char buf[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, buf);
    if (!e->message[0]) snprintf(e->message, GLFUN_JPEG_ERR_LEN, "%s", buf);
    longjmp(e->jump, 1);
}
// Warnings are counted, not printed; running out of data is remembered.
static void glfun_jpeg_on_emit(j_common_ptr cinfo, int level) {
    struct glfun_jpeg_error *e = (struct glfun_jpeg_error *)cinfo->err;
    if (level < 0) {
        cinfo->err->num_warnings++;
        if (cinfo->err->msg_code == JWRN_JPEG_EOF) e->truncated = 1;
    }
}

/// Turns a row of CMYK pixels into RGBA in place. Adobe's files (those with an APP14 marker:
/// Photoshop, and most CMYK JPEGs there are) store the inks inverted, 255 meaning none.
static inline void glfun_cmyk_to_rgba(unsigned char *row, uint32_t w, int inverted) {
    for (uint32_t x = 0; x < w; x++) {
        unsigned char *p = row + (size_t)x * 4;
        unsigned c = p[0], m = p[1], y = p[2], k = p[3];
        if (!inverted) { c = 255 - c; m = 255 - m; y = 255 - y; k = 255 - k; }
        // Now 255 means no ink: the light left is the product of what each ink lets through.
        p[0] = (unsigned char)((c * k + 127) / 255);
        p[1] = (unsigned char)((m * k + 127) / 255);
        p[2] = (unsigned char)((y * k + 127) / 255);
        p[3] = 255;
    }
}

/// Points cinfo's errors at jerr: messages into err, errors longjmp to jerr.jump (set it next).
static inline void glfun_jpeg_error_init(struct jpeg_decompress_struct *cinfo, struct glfun_jpeg_error *jerr,
                                         char *err) {
    cinfo->err = jpeg_std_error(&jerr->mgr);
    jerr->mgr.error_exit = glfun_jpeg_on_error;
    jerr->mgr.emit_message = glfun_jpeg_on_emit;
    jerr->message = err;
    jerr->truncated = 0;
}

/// Creates the decompressor over data (libjpeg's working memory bounded by max_work; 0: none),
/// reads the header and sets the output scale to scale_eighths/8; errors longjmp.
static inline void glfun_jpeg_open_scaled(struct jpeg_decompress_struct *cinfo, const unsigned char *data,
                                          size_t size, unsigned scale_eighths, size_t max_work) {
    jpeg_create_decompress(cinfo);
    cinfo->mem->max_memory_to_use = (long)(max_work > LONG_MAX ? LONG_MAX : max_work);
    jpeg_mem_src(cinfo, data, (unsigned long)size);
    jpeg_read_header(cinfo, TRUE);
    cinfo->scale_num = scale_eighths < 1 ? 1 : scale_eighths > 8 ? 8 : scale_eighths;
    cinfo->scale_denom = 8;
    jpeg_calc_output_dimensions(cinfo);
}

/// Decodes a baseline or progressive JPEG held in memory to RGBA8 (alpha 255),
/// rows top to bottom; grayscale is converted by libjpeg, CMYK and YCCK here. With
/// scale_eighths below 8 libjpeg's DCT scaling decodes it at scale_eighths/8 of its size
/// (rounded up), which is much less work. Output images wider or taller than max_side, or
/// needing more than max_bytes, are refused after the header and before any pixel memory is
/// allocated. max_work (0: no bound) bounds libjpeg's own working memory, which a progressive
/// or multi-scan file needs for its whole coefficient image at any scale: over it, returns 2
/// ("too large"). A file cut short is an error (libjpeg would pad it with gray), told as soon
/// as its data runs out. With reduce above 1, each reduce x reduce block of the scaled output
/// is averaged as its rows come (the edge blocks of what is left): only the reduced image and a
/// row of sums are held, and max_side and max_bytes bound the reduced size. Returns 0 and a
/// malloc'd buffer.
static inline int glfun_jpeg_decode_scaled(const unsigned char *data, size_t size, unsigned scale_eighths,
                                           uint32_t reduce, uint32_t max_side, size_t max_bytes, size_t max_work,
                                           unsigned char **out, uint32_t *width, uint32_t *height, char *err) {
    *out = NULL;
    err[0] = 0;
    if (size < 3 || data[0] != 0xFF || data[1] != 0xD8 || data[2] != 0xFF) {
        snprintf(err, GLFUN_JPEG_ERR_LEN, "not a JPEG file (bad signature)");
        return 1;
    }
    struct jpeg_decompress_struct cinfo;
    struct glfun_jpeg_error jerr;
    unsigned char *volatile pixels = NULL;
    unsigned char *volatile line = NULL;
    uint64_t *volatile sums = NULL;
    glfun_jpeg_error_init(&cinfo, &jerr, err);
    if (setjmp(jerr.jump)) {
        int over_work = jerr.mgr.msg_code == JERR_NO_BACKING_STORE;
        jpeg_destroy_decompress(&cinfo);
        free(pixels);
        free(line);
        free(sums);
        if (!err[0]) snprintf(err, GLFUN_JPEG_ERR_LEN, "corrupt JPEG");
        return over_work ? 2 : 1;
    }
    glfun_jpeg_open_scaled(&cinfo, data, size, scale_eighths, max_work);
    uint32_t k = reduce < 1 ? 1 : reduce;
    uint32_t sw = cinfo.output_width, sh = cinfo.output_height;  // libjpeg's rows
    uint32_t w = (sw + k - 1) / k, h = (sh + k - 1) / k;         // ours
    if (w > max_side || h > max_side) {
        snprintf(err, GLFUN_JPEG_ERR_LEN, "image too large: %ux%u exceeds the limit of %u pixels a side",
                 (unsigned)w, (unsigned)h, (unsigned)max_side);
        longjmp(jerr.jump, 1);
    }
    if ((uint64_t)w * h * 4 > (uint64_t)max_bytes) {
        snprintf(err, GLFUN_JPEG_ERR_LEN, "image too large: %ux%u needs %llu bytes, over the %llu-byte bound",
                 (unsigned)w, (unsigned)h, (unsigned long long)w * h * 4, (unsigned long long)max_bytes);
        longjmp(jerr.jump, 1);
    }
    // libjpeg converts gray and YCbCr to RGBA, but not CMYK or YCCK (it can only turn YCCK
    // into CMYK): those come out as CMYK and are converted below, in place (4 bytes a pixel).
    int cmyk = cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_start_decompress(&cinfo);
    pixels = (unsigned char *)malloc((size_t)w * h * 4);
    if (!pixels) {
        snprintf(err, GLFUN_JPEG_ERR_LEN, "out of memory");
        longjmp(jerr.jump, 1);
    }
    if (k > 1) {
        line = (unsigned char *)malloc((size_t)sw * 4);
        sums = (uint64_t *)calloc((size_t)w * 4, sizeof(uint64_t));
        if (!line || !sums) {
            snprintf(err, GLFUN_JPEG_ERR_LEN, "out of memory");
            longjmp(jerr.jump, 1);
        }
    }
    while (cinfo.output_scanline < cinfo.output_height && !jerr.truncated) {
        uint32_t y = cinfo.output_scanline;
        JSAMPROW row = k > 1 ? line : pixels + (size_t)y * w * 4;
        if (jpeg_read_scanlines(&cinfo, &row, 1) != 1) continue;
        if (cmyk) glfun_cmyk_to_rgba(row, sw, cinfo.saw_Adobe_marker);
        if (k == 1) continue;
        for (uint32_t x = 0; x < sw; x++)
            for (int c = 0; c < 4; c++) sums[(size_t)(x / k) * 4 + c] += row[(size_t)x * 4 + c];
        if ((y + 1) % k != 0 && y + 1 != sh) continue;
        uint64_t rows = y % k + 1;
        unsigned char *dst = pixels + (size_t)(y / k) * w * 4;
        for (uint32_t bx = 0; bx < w; bx++) {
            uint64_t n = rows * ((bx + 1) * k <= sw ? k : sw - bx * k);
            for (int c = 0; c < 4; c++) {
                dst[bx * 4 + c] = (unsigned char)((sums[(size_t)bx * 4 + c] + n / 2) / n);
                sums[(size_t)bx * 4 + c] = 0;
            }
        }
    }
    // libjpeg warns, pads and goes on when data runs out; a texture loader should refuse.
    if (jerr.truncated) {
        snprintf(err, GLFUN_JPEG_ERR_LEN, "file is truncated");
        longjmp(jerr.jump, 1);
    }
    jpeg_finish_decompress(&cinfo);
    if (jerr.truncated) {
        snprintf(err, GLFUN_JPEG_ERR_LEN, "file is truncated");
        longjmp(jerr.jump, 1);
    }
    jpeg_destroy_decompress(&cinfo);
    free(line);
    free(sums);
    *out = pixels;
    *width = w;
    *height = h;
    return 0;
}

/// The whole image at its own size, no bound on libjpeg's working memory.
static inline int glfun_jpeg_decode(const unsigned char *data, size_t size, uint32_t max_side, size_t max_bytes,
                                    unsigned char **out, uint32_t *width, uint32_t *height, char *err) {
    return glfun_jpeg_decode_scaled(data, size, 8, 1, max_side, max_bytes, 0, out, width, height, err);
}
/// Encodes RGBA8 pixels (alpha ignored), rows top to bottom, as a baseline JPEG of `quality`
/// (1...100, 4:2:0) into a malloc'd buffer (libjpeg's memory destination). Returns 0, or 1
/// with the message in err.
static inline int glfun_jpeg_encode(const unsigned char *rgba, uint32_t w, uint32_t h, int quality,
                                    unsigned char **out, unsigned long *out_size, char *err) {
    *out = NULL;
    *out_size = 0;
    err[0] = 0;
    struct jpeg_compress_struct cinfo;
    struct glfun_jpeg_error jerr;
    unsigned char *volatile *outp = out;
    cinfo.err = jpeg_std_error(&jerr.mgr);
    jerr.mgr.error_exit = glfun_jpeg_on_error;
    jerr.mgr.emit_message = glfun_jpeg_on_emit;
    jerr.message = err;
    jerr.truncated = 0;
    if (setjmp(jerr.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(*outp);
        *outp = NULL;
        if (!err[0]) snprintf(err, GLFUN_JPEG_ERR_LEN, "JPEG encoding failed");
        return 1;
    }
    jpeg_create_compress(&cinfo);
    jpeg_mem_dest(&cinfo, out, out_size);
    cinfo.image_width = w;
    cinfo.image_height = h;
    cinfo.input_components = 4;
    cinfo.in_color_space = JCS_EXT_RGBA;
    jpeg_set_defaults(&cinfo);
    jpeg_set_quality(&cinfo, quality < 1 ? 1 : quality > 100 ? 100 : quality, TRUE);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < h) {
        JSAMPROW row = (JSAMPROW)(rgba + (size_t)cinfo.next_scanline * w * 4);
        jpeg_write_scanlines(&cinfo, &row, 1);
    }
    jpeg_finish_compress(&cinfo);
    jpeg_destroy_compress(&cinfo);
    return 0;
}
#endif
