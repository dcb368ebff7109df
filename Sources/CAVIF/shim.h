// libavif (AVIF), opened at the first AVIF picture (dlopen), not linked: Debian 12's libavif 0.11
// links every AV1 codec it knows (dav1d, libgav1, aom, rav1e, SVT-AV1) and abseil, and a program
// that shows no AVIF must start as light as one that links none (as CHEIF's shim for libheif).
// Only the types come from libavif's header; the functions used are looked up once. libavif,
// not libheif, decodes AVIF: libheif 1.15 leaves limited-range monochrome pictures and alpha
// planes unexpanded, libavif converts YUV (any range, depth, matrix) to full-range RGB itself.
#ifndef GLFUN_CAVIF_SHIM_H
#define GLFUN_CAVIF_SHIM_H
#include <avif/avif.h>
#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define GLFUN_AVIF_ERR_LEN 256

enum {
    GLFUN_AVIF_OK = 0,
    GLFUN_AVIF_DECODE_FAILED = 1,  // libavif's message in err
    GLFUN_AVIF_TOO_LARGE = 2,      // over max_side or max_bytes, from the container (info has the size)
    GLFUN_AVIF_NO_LIBRARY = 3,     // libavif could not be opened (err says why)
    GLFUN_AVIF_OVER_WORK = 4,      // the decode would hold more than max_work (info->work says how much)
    GLFUN_AVIF_NO_MEMORY = 5       // that much address space cannot be had now (info->work)
};

/// What a decode found beside the pixels. The transforms are HEIF's: rotation (irot) turns the
/// picture rotation * 90 degrees anti-clockwise, then mirror (imir; -1 none) exchanges top and
/// bottom (0) or left and right (1). The crop (clap) is already applied to the pixels.
typedef struct {
    uint32_t width, height;  // the pixels' (after the crop); before decoding, the container's
    int primaries;           // CICP colour primaries (nclx or the AV1 header; 2: unspecified)
    int transfer;            // CICP transfer characteristics
    int rotation;            // 0...3
    int mirror;              // -1, 0 or 1
    unsigned char *icc;      // the colr profile (malloc'd), or NULL
    size_t icc_size;
    uint64_t work;           // what the decode holds at once, estimated from the container
} glfun_avif_info;

/// What decoding an image of the container's size holds at once: libavif's YUV planes (a grid's
/// joined at its output size) and alpha, its RGBA output and the caller's copy of it.
static inline uint64_t glfun_avif_work(const avifImage *im, int alpha) {
    uint64_t px = (uint64_t)im->width * im->height, sample = im->depth > 8 ? 2 : 1;
    uint64_t chroma = im->yuvFormat == AVIF_PIXEL_FORMAT_YUV444 ? 2 * px
                    : im->yuvFormat == AVIF_PIXEL_FORMAT_YUV422 ? px
                    : im->yuvFormat == AVIF_PIXEL_FORMAT_YUV400 ? 0 : px / 2;
    return (px + chroma + (alpha ? px : 0)) * sample + 8 * px;
}

typedef struct {
    const char *(*version)(void);
    const char *(*result_to_string)(avifResult);
    avifDecoder *(*decoder_create)(void);
    void (*decoder_destroy)(avifDecoder *);
    avifResult (*set_io_memory)(avifDecoder *, const uint8_t *, size_t);
    avifResult (*parse)(avifDecoder *);
    avifResult (*next_image)(avifDecoder *);
    void (*rgb_defaults)(avifRGBImage *, const avifImage *);
    avifResult (*yuv_to_rgb)(const avifImage *, avifRGBImage *);
    char error[GLFUN_AVIF_ERR_LEN];
    int loaded;
} glfun_avif_api;

// Function-local statics: Swift's importer emits a header's functions, not its file-scope variables.
static inline glfun_avif_api *glfun_avif_storage(void) {
    static glfun_avif_api api;
    return &api;
}
#define glfun_avif (*glfun_avif_storage())

static void glfun_avif_load(void) {
    // The structures are read as this header lays them out: only the library of this header's
    // ABI will do (0.11 is soname 15; otherwise the development link of the same package).
#if AVIF_VERSION_MAJOR == 0 && AVIF_VERSION_MINOR == 11
    static const char *names[] = {"libavif.so.15", "libavif.so"};
#else
    static const char *names[] = {"libavif.so"};
#endif
    void *h = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !h; i++) h = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *e = dlerror();
        snprintf(glfun_avif.error, GLFUN_AVIF_ERR_LEN, "libavif could not be loaded (%s)", e ? e : names[0]);
        return;
    }
    int missing = 0;
#define GLFUN_AVIF_SYM(field, name) \
    do { *(void **)&glfun_avif.field = dlsym(h, name); if (!glfun_avif.field) missing = 1; } while (0)
    GLFUN_AVIF_SYM(version, "avifVersion");
    GLFUN_AVIF_SYM(result_to_string, "avifResultToString");
    GLFUN_AVIF_SYM(decoder_create, "avifDecoderCreate");
    GLFUN_AVIF_SYM(decoder_destroy, "avifDecoderDestroy");
    GLFUN_AVIF_SYM(set_io_memory, "avifDecoderSetIOMemory");
    GLFUN_AVIF_SYM(parse, "avifDecoderParse");
    GLFUN_AVIF_SYM(next_image, "avifDecoderNextImage");
    GLFUN_AVIF_SYM(rgb_defaults, "avifRGBImageSetDefaults");
    GLFUN_AVIF_SYM(yuv_to_rgb, "avifImageYUVToRGB");
#undef GLFUN_AVIF_SYM
    char want[32];
    snprintf(want, sizeof want, "%d.%d.", AVIF_VERSION_MAJOR, AVIF_VERSION_MINOR);
    if (missing || strncmp(glfun_avif.version(), want, strlen(want)) != 0) {
        snprintf(glfun_avif.error, GLFUN_AVIF_ERR_LEN, "libavif %s is not the %s* this program was built with",
                 missing ? "(functions missing)" : glfun_avif.version(), want);
        dlclose(h);
        return;
    }
    glfun_avif.loaded = 1;
}

static inline void glfun_avif_message(char *err, avifDecoder *d, avifResult r) {
    if (d && d->diag.error[0]) snprintf(err, GLFUN_AVIF_ERR_LEN, "%s: %s", glfun_avif.result_to_string(r), d->diag.error);
    else snprintf(err, GLFUN_AVIF_ERR_LEN, "%s", glfun_avif.result_to_string(r));
}

/// The rectangle a clap box keeps (HEIF's rule: its centre is the picture's plus the offsets),
/// rounded to whole pixels. libavif's own conversion refuses odd offsets under chroma
/// subsampling, which matters to YUV planes, not to RGB pixels. An invalid box keeps all of it,
/// as libheif and browsers do.
static inline void glfun_avif_clean_aperture(const avifCleanApertureBox *c, uint32_t w, uint32_t h, avifCropRect *crop) {
    if (c->widthD == 0 || c->heightD == 0 || c->horizOffD == 0 || c->vertOffD == 0) return;
    double cw = (double)c->widthN / c->widthD, ch = (double)c->heightN / c->heightD;
    double cx = (double)(int32_t)c->horizOffN / c->horizOffD + (w - 1) / 2.0;
    double cy = (double)(int32_t)c->vertOffN / c->vertOffD + (h - 1) / 2.0;
    double left = floor(cx - (cw - 1) / 2 + 1e-9), top = floor(cy - (ch - 1) / 2 + 1e-9);
    double width = floor(cw + 0.5), height = floor(ch + 0.5);
    if (!(left >= 0 && top >= 0 && width >= 1 && height >= 1 && left + width <= w && top + height <= h)) return;
    crop->x = (uint32_t)left; crop->y = (uint32_t)top; crop->width = (uint32_t)width; crop->height = (uint32_t)height;
}

/// Decodes an AVIF file held in memory (its primary image; a sequence's first frame) to straight
/// RGBA8, full range, rows top to bottom, cropped by its clap box; info says the rest. Pictures
/// over max_side a side or needing more than max_bytes are refused from the container's size.
/// Before any plane is allocated, a decode over max_work (glfun_avif_work) is refused, and one
/// whose address space cannot be had now (a mapping tried and let go) fails cleanly.
static inline int glfun_avif_decode(const unsigned char *data, size_t size, uint32_t max_side, size_t max_bytes,
                                    size_t max_work, unsigned char **out, glfun_avif_info *info, char *err) {
    *out = NULL; err[0] = 0;
    memset(info, 0, sizeof *info);
    info->mirror = -1;
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, glfun_avif_load);
    if (!glfun_avif.loaded) { snprintf(err, GLFUN_AVIF_ERR_LEN, "%s", glfun_avif.error); return GLFUN_AVIF_NO_LIBRARY; }
    avifDecoder *d = glfun_avif.decoder_create();
    if (!d) { snprintf(err, GLFUN_AVIF_ERR_LEN, "out of memory"); return GLFUN_AVIF_DECODE_FAILED; }
    long cpus = sysconf(_SC_NPROCESSORS_ONLN);
    d->maxThreads = cpus < 1 ? 1 : cpus > 4 ? 4 : (int)cpus;
    d->strictFlags = AVIF_STRICT_DISABLED;  // what libheif and browsers accept (no pixi, odd clap)
    d->ignoreExif = AVIF_TRUE;              // irot/imir are HEIF's authority on orientation
    d->ignoreXMP = AVIF_TRUE;
    int rc = GLFUN_AVIF_DECODE_FAILED;
    avifRGBImage rgb;
    memset(&rgb, 0, sizeof rgb);
    avifResult r = glfun_avif.set_io_memory(d, data, size);
    if (r == AVIF_RESULT_OK) r = glfun_avif.parse(d);
    if (r != AVIF_RESULT_OK) { glfun_avif_message(err, d, r); goto done; }
    avifImage *im = d->image;
    info->width = im->width; info->height = im->height;
    if (im->width == 0 || im->height == 0) { snprintf(err, GLFUN_AVIF_ERR_LEN, "no image size"); goto done; }
    if (im->width > max_side || im->height > max_side || (uint64_t)im->width * im->height * 4 > (uint64_t)max_bytes) {
        snprintf(err, GLFUN_AVIF_ERR_LEN, "image too large: %ux%u", im->width, im->height);
        rc = GLFUN_AVIF_TOO_LARGE;
        goto done;
    }
    info->work = glfun_avif_work(im, d->alphaPresent);
    if (info->work > (uint64_t)max_work) {
        snprintf(err, GLFUN_AVIF_ERR_LEN, "decoding %ux%u needs %llu bytes, over %zu", im->width, im->height,
                 (unsigned long long)info->work, max_work);
        rc = GLFUN_AVIF_OVER_WORK;
        goto done;
    }
    if (info->work > SIZE_MAX / 2) { rc = GLFUN_AVIF_NO_MEMORY; goto done; }
    void *room = mmap(NULL, (size_t)info->work, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (room == MAP_FAILED) { rc = GLFUN_AVIF_NO_MEMORY; goto done; }
    munmap(room, (size_t)info->work);
    r = glfun_avif.next_image(d);
    if (r != AVIF_RESULT_OK) { glfun_avif_message(err, d, r); goto done; }
    im = d->image;
    if ((uint64_t)im->width * im->height * 4 > (uint64_t)max_bytes || im->width > max_side || im->height > max_side) {
        snprintf(err, GLFUN_AVIF_ERR_LEN, "image too large: %ux%u", im->width, im->height);
        info->width = im->width; info->height = im->height;
        rc = GLFUN_AVIF_TOO_LARGE;
        goto done;
    }
    glfun_avif.rgb_defaults(&rgb, im);
    rgb.format = AVIF_RGB_FORMAT_RGBA;
    rgb.depth = 8;
    rgb.alphaPremultiplied = AVIF_FALSE;  // a premultiplied file is unpremultiplied by libavif
    rgb.rowBytes = im->width * 4;
    rgb.pixels = (uint8_t *)malloc((size_t)rgb.rowBytes * im->height);
    if (!rgb.pixels) { snprintf(err, GLFUN_AVIF_ERR_LEN, "out of memory"); goto done; }
    r = glfun_avif.yuv_to_rgb(im, &rgb);
    if (r != AVIF_RESULT_OK) { glfun_avif_message(err, d, r); goto done; }
    if (!im->alphaPlane) {  // libavif leaves the alpha of a picture without one as it found it
        for (size_t i = 3; i < (size_t)rgb.rowBytes * im->height; i += 4) rgb.pixels[i] = 255;
    }
    avifCropRect crop = {0, 0, im->width, im->height};
    if (im->transformFlags & AVIF_TRANSFORM_CLAP) glfun_avif_clean_aperture(&im->clap, im->width, im->height, &crop);
    unsigned char *pixels = rgb.pixels;
    if (crop.width != im->width || crop.height != im->height) {
        pixels = (unsigned char *)malloc((size_t)crop.width * crop.height * 4);
        if (!pixels) { snprintf(err, GLFUN_AVIF_ERR_LEN, "out of memory"); goto done; }
        for (uint32_t y = 0; y < crop.height; y++)
            memcpy(pixels + (size_t)y * crop.width * 4, rgb.pixels + (size_t)(crop.y + y) * rgb.rowBytes + crop.x * 4,
                   (size_t)crop.width * 4);
        free(rgb.pixels);
    }
    rgb.pixels = NULL;
    if (im->icc.size > 0 && im->icc.size <= (4u << 20) && (info->icc = (unsigned char *)malloc(im->icc.size))) {
        memcpy(info->icc, im->icc.data, im->icc.size);
        info->icc_size = im->icc.size;
    }
    info->primaries = im->colorPrimaries;
    info->transfer = im->transferCharacteristics;
    if (im->transformFlags & AVIF_TRANSFORM_IROT) info->rotation = im->irot.angle & 3;
    if (im->transformFlags & AVIF_TRANSFORM_IMIR) info->mirror = im->imir.mode ? 1 : 0;
    *out = pixels; info->width = crop.width; info->height = crop.height;
    rc = GLFUN_AVIF_OK;
done:
    free(rgb.pixels);
    glfun_avif.decoder_destroy(d);
    return rc;
}
#endif
