// libpng behind two calls. libpng reports errors by longjmp, which Swift
// cannot catch, so every libpng call runs inside these C functions under
// setjmp, and errors come back as a return code and a message.
#ifndef GLFUN_CPNG_SHIM_H
#define GLFUN_CPNG_SHIM_H
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#define GLFUN_PNG_ERR_LEN 256

static void glfun_png_on_error(png_structp png, png_const_charp msg) {
    char *err = (char *)png_get_error_ptr(png);
    if (err) snprintf(err, GLFUN_PNG_ERR_LEN, "%s", msg);
    png_longjmp(png, 1);
}
static void glfun_png_on_warning(png_structp png, png_const_charp msg) { (void)png; (void)msg; }

typedef struct { const unsigned char *data; size_t size, pos; } glfun_png_source;

static void glfun_png_read(png_structp png, png_bytep out, png_size_t n) {
    glfun_png_source *src = (glfun_png_source *)png_get_io_ptr(png);
    if (src->size - src->pos < n) png_error(png, "file is truncated");
    memcpy(out, src->data + src->pos, n);
    src->pos += n;
}

/// Whether every chunk up to IEND lies inside the data. libpng allocates and zeroes a text or
/// sPLT chunk's stated length before reading it, whatever png_set_chunk_malloc_max says: a
/// 50-byte file stating a 2 GB tEXt chunk cost 2 GB and a second (found by scripts/fuzz/run). The
/// whole file is in memory here, so a chunk that runs past its end is refused before libpng sees it.
static inline int glfun_png_chunks_fit(const unsigned char *data, size_t size) {
    size_t pos = 8;
    while (pos + 8 <= size) {
        size_t length = (size_t)data[pos] << 24 | (size_t)data[pos + 1] << 16 | (size_t)data[pos + 2] << 8 | data[pos + 3];
        if (length + 12 > size - pos) return 0;  // length, type, data, CRC
        if (memcmp(data + pos + 4, "IEND", 4) == 0) return 1;
        pos += length + 12;
    }
    return 1;  // cut at a chunk boundary: libpng says what is missing
}

/// Asks libpng for straight RGBA, 8 bits a channel, rows whole, whatever the file holds:
/// palette and gray become RGB, tRNS becomes alpha, 16-bit samples are scaled to 8, a filler
/// alpha of 255 where there is none, interlacing undone. Call after png_read_info.
static inline void glfun_png_set_rgba8(png_structp png, png_infop info, png_uint_32 w) {
    int color = png_get_color_type(png, info), depth = png_get_bit_depth(png, info);
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
    if (depth == 16) png_set_scale_16(png);
    if (color == PNG_COLOR_TYPE_GRAY || color == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    if (!(color & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS))
        png_set_filler(png, 0xff, PNG_FILLER_AFTER);
    png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)w * 4) png_error(png, "unsupported pixel layout");
}

/// Decodes a PNG held in memory to straight RGBA, 8 bits a channel, rows top to
/// bottom. Every color type and bit depth is converted: palette and gray become
/// RGB, tRNS becomes alpha, 16-bit samples are scaled to 8, interlacing is
/// undone; gAMA is ignored (stored sample values, as texture loaders do).
/// Images wider or taller than max_side, or needing more than max_bytes, are
/// refused after reading the header and before any pixel memory is allocated.
/// Returns 0 and a malloc'd buffer in *out, or non-zero with err filled.
static inline int glfun_png_decode(const unsigned char *data, size_t size, uint32_t max_side, size_t max_bytes,
                                   unsigned char **out, uint32_t *width, uint32_t *height, char *err) {
    *out = NULL;
    err[0] = 0;
    if (size < 8 || png_sig_cmp(data, 0, 8)) {
        snprintf(err, GLFUN_PNG_ERR_LEN, "not a PNG file (bad signature)");
        return 1;
    }
    if (!glfun_png_chunks_fit(data, size)) {
        snprintf(err, GLFUN_PNG_ERR_LEN, "file is truncated");
        return 1;
    }
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, err, glfun_png_on_error, glfun_png_on_warning);
    if (!png) { snprintf(err, GLFUN_PNG_ERR_LEN, "out of memory"); return 1; }
    png_infop info = png_create_info_struct(png);
    if (!info) { png_destroy_read_struct(&png, NULL, NULL); snprintf(err, GLFUN_PNG_ERR_LEN, "out of memory"); return 1; }
    glfun_png_source src = {data, size, 0};
    unsigned char *volatile pixels = NULL;
    png_bytep *volatile rows = NULL;
    if (setjmp(png_jmpbuf(png))) {
        free(pixels);
        free(rows);
        png_destroy_read_struct(&png, &info, NULL);
        if (!err[0]) snprintf(err, GLFUN_PNG_ERR_LEN, "corrupt PNG");
        return 1;
    }
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff); // our own check below names the limit
    png_set_chunk_malloc_max(png, 64u << 20);
    png_set_read_fn(png, &src, glfun_png_read);
    png_read_info(png, info);
    png_uint_32 w = png_get_image_width(png, info), h = png_get_image_height(png, info);
    if (w > max_side || h > max_side) {
        snprintf(err, GLFUN_PNG_ERR_LEN, "image too large: %ux%u exceeds the limit of %u pixels a side",
                 (unsigned)w, (unsigned)h, (unsigned)max_side);
        png_longjmp(png, 1);
    }
    if ((uint64_t)w * h * 4 > (uint64_t)max_bytes) {
        snprintf(err, GLFUN_PNG_ERR_LEN, "image too large: %ux%u needs %llu bytes, over the %llu-byte bound",
                 (unsigned)w, (unsigned)h, (unsigned long long)w * h * 4, (unsigned long long)max_bytes);
        png_longjmp(png, 1);
    }
    glfun_png_set_rgba8(png, info, w);
    pixels = (unsigned char *)malloc((size_t)w * h * 4);
    rows = (png_bytep *)malloc(sizeof(png_bytep) * h);
    if (!pixels || !rows) png_error(png, "out of memory");
    for (png_uint_32 y = 0; y < h; y++) rows[y] = pixels + (size_t)y * w * 4;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    free(rows);
    png_destroy_read_struct(&png, &info, NULL);
    *out = pixels;
    *width = w;
    *height = h;
    return 0;
}

typedef struct { unsigned char *data; size_t size, cap; } glfun_png_sink;

static void glfun_png_write(png_structp png, png_bytep in, png_size_t n) {
    glfun_png_sink *s = (glfun_png_sink *)png_get_io_ptr(png);
    if (s->size + n > s->cap) {
        size_t cap = s->cap ? s->cap : 65536;
        while (cap < s->size + n) cap *= 2;
        unsigned char *d = (unsigned char *)realloc(s->data, cap);
        if (!d) png_error(png, "out of memory");
        s->data = d;
        s->cap = cap;
    }
    memcpy(s->data + s->size, in, n);
    s->size += n;
}
static void glfun_png_flush(png_structp png) { (void)png; }

/// Encodes straight RGBA8 pixels (rows top to bottom, stride w*4) as a PNG in
/// memory: with level < 0, every row Sub-filtered and deflated as runs only (Z_RLE), else
/// zlib at that level with libpng's adaptive filters; with opaque (every alpha 255), as RGB
/// (libpng strips the alpha bytes: a quarter less to filter and deflate). Returns 0 and a
/// malloc'd buffer in *out / *out_size, or non-zero with err.
static inline int glfun_png_encode(const unsigned char *rgba, uint32_t w, uint32_t h, int level, int opaque,
                                   unsigned char **out, size_t *out_size, char *err) {
    *out = NULL;
    *out_size = 0;
    err[0] = 0;
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, err, glfun_png_on_error, glfun_png_on_warning);
    if (!png) { snprintf(err, GLFUN_PNG_ERR_LEN, "out of memory"); return 1; }
    png_infop info = png_create_info_struct(png);
    if (!info) { png_destroy_write_struct(&png, NULL); snprintf(err, GLFUN_PNG_ERR_LEN, "out of memory"); return 1; }
    glfun_png_sink sink = {NULL, 0, 0};
    glfun_png_sink *volatile sinkp = &sink;
    if (setjmp(png_jmpbuf(png))) {
        free(sinkp->data);
        png_destroy_write_struct(&png, &info);
        if (!err[0]) snprintf(err, GLFUN_PNG_ERR_LEN, "PNG encoding failed");
        return 1;
    }
    png_set_write_fn(png, &sink, glfun_png_write, glfun_png_flush);
    if (level < 0) {
        png_set_compression_level(png, 1);
        png_set_compression_strategy(png, Z_RLE);
        png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
    } else {
        png_set_compression_level(png, level);
    }
    png_set_IHDR(png, info, w, h, 8, opaque ? PNG_COLOR_TYPE_RGB : PNG_COLOR_TYPE_RGB_ALPHA, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    if (opaque) png_set_filler(png, 0, PNG_FILLER_AFTER);
    for (uint32_t y = 0; y < h; y++) png_write_row(png, (png_const_bytep)(rgba + (size_t)y * w * 4));
    png_write_end(png, info);
    png_destroy_write_struct(&png, &info);
    *out = sink.data;
    *out_size = sink.size;
    return 0;
}

/// The ICC profile of a PNG's iCCP chunk, decompressed by libpng (bounded by
/// png_set_chunk_malloc_max), in a malloc'd buffer. Returns 0 with *icc set (NULL and 0 when
/// there is none, or when libpng refused the chunk: then the picture is taken as sRGB), or
/// non-zero when the file's header cannot be read.
static inline int glfun_png_icc_profile(const unsigned char *data, size_t size, unsigned char **icc,
                                        size_t *icc_size) {
    *icc = NULL;
    *icc_size = 0;
    if (size < 8 || png_sig_cmp(data, 0, 8) || !glfun_png_chunks_fit(data, size)) return 1;
    char err[GLFUN_PNG_ERR_LEN];
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, err, glfun_png_on_error, glfun_png_on_warning);
    if (!png) return 1;
    png_infop info = png_create_info_struct(png);
    if (!info) { png_destroy_read_struct(&png, NULL, NULL); return 1; }
    glfun_png_source src = {data, size, 0};
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        return 1;
    }
    png_set_user_limits(png, 0x7fffffff, 0x7fffffff);
    png_set_chunk_malloc_max(png, 16u << 20);
    png_set_read_fn(png, &src, glfun_png_read);
    png_read_info(png, info);
    png_charp name = NULL;
    png_bytep profile = NULL;
    png_uint_32 length = 0;
    int compression = 0;
    if (png_get_iCCP(png, info, &name, &compression, &profile, &length) && profile && length > 0) {
        *icc = (unsigned char *)malloc(length);
        if (*icc) { memcpy(*icc, profile, length); *icc_size = length; }
    }
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}
#endif
