// libheif (HEIC and AVIF), opened at the first HEIF picture (dlopen of libheif.so.1), not
// linked: Debian 12's libheif 1.15 links its codecs in (libde265, x265, dav1d, aom: 12 libraries,
// tens of megabytes of address space), and a program that shows no HEIF picture must start as
// light as one that links none (it starts under `ulimit -v 300000`: scripts/e2e/pictures). Only
// the types come from libheif's header; the dozen functions used are looked up once.
#ifndef GLFUN_CHEIF_SHIM_H
#define GLFUN_CHEIF_SHIM_H
#include <dlfcn.h>
#include <libheif/heif.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GLFUN_HEIF_ERR_LEN 256

enum {
    GLFUN_HEIF_OK = 0,
    GLFUN_HEIF_DECODE_FAILED = 1,  // libheif's message in err
    GLFUN_HEIF_TOO_LARGE = 2,      // over max_side or max_bytes, from the header
    GLFUN_HEIF_NO_LIBRARY = 3      // libheif.so.1 could not be opened (err says why)
};

typedef struct {
    struct heif_context *(*context_alloc)(void);
    void (*context_free)(struct heif_context *);
    struct heif_error (*read_from_memory_without_copy)(struct heif_context *, const void *, size_t,
                                                       const struct heif_reading_options *);
    void (*set_maximum_image_size_limit)(struct heif_context *, int);
    struct heif_error (*get_primary_image_handle)(struct heif_context *, struct heif_image_handle **);
    int (*handle_get_width)(const struct heif_image_handle *);
    int (*handle_get_height)(const struct heif_image_handle *);
    int (*handle_has_alpha_channel)(const struct heif_image_handle *);
    void (*handle_release)(const struct heif_image_handle *);
    enum heif_color_profile_type (*get_color_profile_type)(const struct heif_image_handle *);
    size_t (*get_raw_color_profile_size)(const struct heif_image_handle *);
    struct heif_error (*get_raw_color_profile)(const struct heif_image_handle *, void *);
    struct heif_error (*get_nclx_color_profile)(const struct heif_image_handle *, struct heif_color_profile_nclx **);
    void (*nclx_color_profile_free)(struct heif_color_profile_nclx *);
    struct heif_error (*decode_image)(const struct heif_image_handle *, struct heif_image **, enum heif_colorspace,
                                      enum heif_chroma, const struct heif_decoding_options *);
    int (*image_get_width)(const struct heif_image *, enum heif_channel);
    int (*image_get_height)(const struct heif_image *, enum heif_channel);
    const uint8_t *(*image_get_plane_readonly)(const struct heif_image *, enum heif_channel, int *);
    void (*image_release)(const struct heif_image *);
    char error[GLFUN_HEIF_ERR_LEN];
    int loaded;
} glfun_heif_api;

// Function-local statics: Swift's importer emits a header's functions, not its file-scope variables.
static inline glfun_heif_api *glfun_heif_storage(void) {
    static glfun_heif_api api;
    return &api;
}
#define glfun_heif (*glfun_heif_storage())

static void glfun_heif_load(void) {
    static const char *names[] = {"libheif.so.1", "libheif.so"};
    void *h = NULL;
    for (size_t i = 0; i < sizeof names / sizeof names[0] && !h; i++) h = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *e = dlerror();
        snprintf(glfun_heif.error, GLFUN_HEIF_ERR_LEN, "libheif could not be loaded (%s)", e ? e : "libheif.so.1");
        return;
    }
    int missing = 0;
#define GLFUN_HEIF_SYM(field, name) \
    do { *(void **)&glfun_heif.field = dlsym(h, name); if (!glfun_heif.field) missing = 1; } while (0)
    GLFUN_HEIF_SYM(context_alloc, "heif_context_alloc");
    GLFUN_HEIF_SYM(context_free, "heif_context_free");
    GLFUN_HEIF_SYM(read_from_memory_without_copy, "heif_context_read_from_memory_without_copy");
    GLFUN_HEIF_SYM(set_maximum_image_size_limit, "heif_context_set_maximum_image_size_limit");
    GLFUN_HEIF_SYM(get_primary_image_handle, "heif_context_get_primary_image_handle");
    GLFUN_HEIF_SYM(handle_get_width, "heif_image_handle_get_width");
    GLFUN_HEIF_SYM(handle_get_height, "heif_image_handle_get_height");
    GLFUN_HEIF_SYM(handle_has_alpha_channel, "heif_image_handle_has_alpha_channel");
    GLFUN_HEIF_SYM(handle_release, "heif_image_handle_release");
    GLFUN_HEIF_SYM(get_color_profile_type, "heif_image_handle_get_color_profile_type");
    GLFUN_HEIF_SYM(get_raw_color_profile_size, "heif_image_handle_get_raw_color_profile_size");
    GLFUN_HEIF_SYM(get_raw_color_profile, "heif_image_handle_get_raw_color_profile");
    GLFUN_HEIF_SYM(get_nclx_color_profile, "heif_image_handle_get_nclx_color_profile");
    GLFUN_HEIF_SYM(nclx_color_profile_free, "heif_nclx_color_profile_free");
    GLFUN_HEIF_SYM(decode_image, "heif_decode_image");
    GLFUN_HEIF_SYM(image_get_width, "heif_image_get_width");
    GLFUN_HEIF_SYM(image_get_height, "heif_image_get_height");
    GLFUN_HEIF_SYM(image_get_plane_readonly, "heif_image_get_plane_readonly");
    GLFUN_HEIF_SYM(image_release, "heif_image_release");
#undef GLFUN_HEIF_SYM
    if (missing) {
        snprintf(glfun_heif.error, GLFUN_HEIF_ERR_LEN, "libheif.so.1 lacks functions this program needs");
        dlclose(h);
        return;
    }
    glfun_heif.loaded = 1;
}

static inline void glfun_heif_message(char *err, struct heif_error e) {
    snprintf(err, GLFUN_HEIF_ERR_LEN, "%s", e.message && e.message[0] ? e.message : "corrupt HEIF");
}

/// Decodes a HEIC or AVIF file's primary image held in memory to straight RGBA8, rows top to
/// bottom, with libheif's transformations (irot, imir, clap) applied: upright as its container
/// says. Its ICC profile (colr 'prof' or 'rICC'), if any, comes back in *icc (malloc'd); its colr
/// 'nclx' primaries and transfer characteristics in cicp[0] and cicp[1] (2, unspecified, when it
/// has none). Images over max_side a side or needing more than max_bytes are refused from the header.
static inline int glfun_heif_decode(const unsigned char *data, size_t size, uint32_t max_side, size_t max_bytes,
                                    unsigned char **out, uint32_t *width, uint32_t *height,
                                    unsigned char **icc, size_t *icc_size, int *cicp, char *err) {
    *out = NULL; *icc = NULL; *icc_size = 0; err[0] = 0;
    cicp[0] = cicp[1] = 2;
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, glfun_heif_load);
    if (!glfun_heif.loaded) { snprintf(err, GLFUN_HEIF_ERR_LEN, "%s", glfun_heif.error); return GLFUN_HEIF_NO_LIBRARY; }
    struct heif_context *ctx = glfun_heif.context_alloc();
    if (!ctx) { snprintf(err, GLFUN_HEIF_ERR_LEN, "out of memory"); return GLFUN_HEIF_DECODE_FAILED; }
    glfun_heif.set_maximum_image_size_limit(ctx, max_side > INT32_MAX ? INT32_MAX : (int)max_side);
    struct heif_image_handle *handle = NULL;
    struct heif_image *image = NULL;
    int rc = GLFUN_HEIF_DECODE_FAILED;
    struct heif_error e = glfun_heif.read_from_memory_without_copy(ctx, data, size, NULL);
    if (e.code != heif_error_Ok) { glfun_heif_message(err, e); goto done; }
    e = glfun_heif.get_primary_image_handle(ctx, &handle);
    if (e.code != heif_error_Ok) { glfun_heif_message(err, e); goto done; }
    int w = glfun_heif.handle_get_width(handle), h = glfun_heif.handle_get_height(handle);
    if (w <= 0 || h <= 0) { snprintf(err, GLFUN_HEIF_ERR_LEN, "no image size"); goto done; }
    if ((uint32_t)w > max_side || (uint32_t)h > max_side || (uint64_t)w * (uint64_t)h * 4 > (uint64_t)max_bytes) {
        snprintf(err, GLFUN_HEIF_ERR_LEN, "image too large: %dx%d", w, h);
        rc = GLFUN_HEIF_TOO_LARGE;
        goto done;
    }
    enum heif_color_profile_type type = glfun_heif.get_color_profile_type(handle);
    if (type == heif_color_profile_type_prof || type == heif_color_profile_type_rICC) {
        size_t n = glfun_heif.get_raw_color_profile_size(handle);
        if (n > 0 && n <= (4u << 20) && (*icc = (unsigned char *)malloc(n))) {
            if (glfun_heif.get_raw_color_profile(handle, *icc).code == heif_error_Ok) *icc_size = n;
            else { free(*icc); *icc = NULL; }
        }
    }
    struct heif_color_profile_nclx *nclx = NULL;
    if (glfun_heif.get_nclx_color_profile(handle, &nclx).code == heif_error_Ok && nclx) {
        cicp[0] = (int)nclx->color_primaries;
        cicp[1] = (int)nclx->transfer_characteristics;
        glfun_heif.nclx_color_profile_free(nclx);
    }
    e = glfun_heif.decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, NULL);
    if (e.code != heif_error_Ok || !image) { glfun_heif_message(err, e); goto done; }
    int ow = glfun_heif.image_get_width(image, heif_channel_interleaved);
    int oh = glfun_heif.image_get_height(image, heif_channel_interleaved);
    int stride = 0;
    const uint8_t *plane = glfun_heif.image_get_plane_readonly(image, heif_channel_interleaved, &stride);
    if (!plane || ow <= 0 || oh <= 0 || stride < ow * 4 || (uint64_t)ow * (uint64_t)oh * 4 > (uint64_t)max_bytes) {
        snprintf(err, GLFUN_HEIF_ERR_LEN, "decoded image has no usable pixels");
        goto done;
    }
    unsigned char *pixels = (unsigned char *)malloc((size_t)ow * oh * 4);
    if (!pixels) { snprintf(err, GLFUN_HEIF_ERR_LEN, "out of memory"); goto done; }
    for (int y = 0; y < oh; y++) memcpy(pixels + (size_t)y * ow * 4, plane + (size_t)y * stride, (size_t)ow * 4);
    *out = pixels; *width = (uint32_t)ow; *height = (uint32_t)oh;
    rc = GLFUN_HEIF_OK;
done:
    if (image) glfun_heif.image_release(image);
    if (handle) glfun_heif.handle_release(handle);
    glfun_heif.context_free(ctx);
    if (rc != GLFUN_HEIF_OK) { free(*icc); *icc = NULL; *icc_size = 0; }
    return rc;
}
#endif
