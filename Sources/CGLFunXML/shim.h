#include <libxml/xmlversion.h>
// Not ICU's headers: Foundation brings its own ICU, whose enums clash with the system's.
// GLFunSVG never touches the encoding handlers' ICU fields.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/entities.h>
#include <libxml/xmlerror.h>

// gzip (an .svgz document, an SVG image's gzip'd bytes), inflated with zlib.
#include <stdint.h>
#include <stdlib.h>
#include <zlib.h>

/// Inflates the gzip stream `in` (n bytes) into a malloc'd buffer (*out, *out_len; the caller
/// frees it). Returns 0; 1 when the stream is not gzip or is damaged or cut short; 2 when the
/// output would pass `limit` bytes (nothing is kept); 3 when memory runs out.
static inline int glfun_gunzip(const unsigned char *in, size_t n, size_t limit, unsigned char **out, size_t *out_len) {
    *out = NULL;
    *out_len = 0;
    z_stream s = {0};
    if (inflateInit2(&s, 15 + 16) != Z_OK) return 3;  // 15 + 16: a gzip header, not zlib's
    size_t cap = n * 4 + 4096, len = 0;
    if (cap > limit + 1) cap = limit + 1;
    unsigned char *buf = malloc(cap);
    if (!buf) { inflateEnd(&s); return 3; }
    s.next_in = (Bytef *)in;
    s.avail_in = (uInt)(n > (size_t)UINT32_MAX ? UINT32_MAX : n);
    int rc = Z_OK;
    for (;;) {
        if (len == cap) {
            if (cap > limit) { rc = Z_BUF_ERROR; break; }
            size_t next = cap * 2 > limit + 1 ? limit + 1 : cap * 2;
            unsigned char *grown = realloc(buf, next);
            if (!grown) { free(buf); inflateEnd(&s); return 3; }
            buf = grown;
            cap = next;
        }
        s.next_out = buf + len;
        s.avail_out = (uInt)(cap - len);
        rc = inflate(&s, Z_NO_FLUSH);
        len = cap - s.avail_out;
        if (rc == Z_STREAM_END || (rc != Z_OK && rc != Z_BUF_ERROR)) break;
        if (rc == Z_BUF_ERROR && s.avail_in == 0 && len < cap) break;  // cut short
    }
    inflateEnd(&s);
    if (len > limit) { free(buf); return 2; }
    if (rc != Z_STREAM_END) { free(buf); return 1; }
    *out = buf;
    *out_len = len;
    return 0;
}
