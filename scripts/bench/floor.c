/* What llvmpipe charges for a scene's pixels at the least, without GLFun (issue 31 item 6,
 * session 27): the triangles scripts/bench/floor_geometry.py makes of a vocabulary bench scene
 * (its shapes' outlines under their transforms, strokes and dashes as one quad a piece, no
 * antialiasing), in a static vertex buffer, drawn in one call a frame into a 1280x720 RGBA8
 * target with a 24-bit depth buffer, after a clear (of the depth buffer too where a row tests it):
 *   clear           the clear alone (every row's frame starts with it)
 *   flat            the vertex colour, unblended, in painter's order
 *   flat-depth      the same front to back behind the depth test (a hidden pixel dies there;
 *                   right only for an opaque scene)
 *   flat-blended    the vertex colour, blended (what a translucent shape needs)
 *   mask-blended    a one-byte texel read times the vertex colour, blended: GLFun's mask program
 *                   (the exact coverage read from an atlas) over the same triangles; every pixel
 *                   reads the same texel (the read at its cheapest: always in the cache)
 *   mask-own        the same, each pixel reading a texel of its own (its window position in a
 *                   2048x2048 page, rows 2,048 bytes apart), as a mask in GLFun's atlas does
 *   two-pass        flat-depth, then the triangles again in painter's order as mask-own draws
 *                   them, behind the depth the first pass wrote: GLFun's depth frames' way (an
 *                   opaque pass of cores, then the masks behind them) at its least
 *   ramp-depth      PAINT's gradient (linear: t = u; radial: t = length(u, v)) read from a ramp
 *                   texture, unblended, front to back behind the depth test
 *   ramp-blended    the same, blended, in painter's order
 * Each row: the best and the median of 20 frames after 5, ms. scripts/bench/floors runs it.
 *   cc -O2 -o floor scripts/bench/floor.c -lEGL -lGLESv2 -lm
 *   ./floor GEOMETRY.bin [flat|linear|radial]
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gl_harness.h"

enum { W = 1280, H = 720, FIELDS = 9, FRAMES = 20, WARMUP = 5 };

static const char *vertex_source =
    "attribute vec3 pos; attribute vec4 col; attribute vec2 uv; varying vec4 c; varying vec2 p;\n"
    "void main() { c = vec4(col.rgb * col.a, col.a); p = uv;\n"
    "  gl_Position = vec4(pos.x / 640.0 - 1.0, 1.0 - pos.y / 360.0, pos.z, 1.0); }";

static GLuint program(const char *fragment) {
    GLuint p = harness_link("floor", vertex_source, fragment);
    glBindAttribLocation(p, 2, "uv");
    glLinkProgram(p);
    glUseProgram(p);
    GLint t = glGetUniformLocation(p, "t");
    if (t >= 0) glUniform1i(t, 1);
    return p;
}

/* The vertex buffer `buffer` bound, its fields as the attributes: pos (x, y, z), col, uv. */
static void attributes(GLuint buffer) {
    glBindBuffer(GL_ARRAY_BUFFER, buffer);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, FIELDS * 4, (void *)0);
    glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, FIELDS * 4, (void *)(3 * 4));
    glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, FIELDS * 4, (void *)(7 * 4));
}

static int by_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    if (argc < 2) return fprintf(stderr, "usage: floor GEOMETRY.bin [flat|linear|radial]\n"), 2;
    const char *paint = argc > 2 ? argv[2] : "flat";
    FILE *f = fopen(argv[1], "rb");
    int n = 0;
    if (!f || fread(&n, 4, 1, f) != 1 || n < 0) return fprintf(stderr, "floor: cannot read %s\n", argv[1]), 1;
    /* Painter's order in `ahead` (z from far to near), and the same triangles reversed in `back`
     * (front to back) for the depth rows. */
    float *ahead = malloc(sizeof(float) * FIELDS * (size_t)(n + 1)), *back = malloc(sizeof(float) * FIELDS * (size_t)(n + 1));
    int triangles = n / 3;
    for (int i = 0; i < n; i++) {
        float v[8];
        if (fread(v, 4, 8, f) != 8) return fprintf(stderr, "floor: %s is short\n", argv[1]), 1;
        float z = 0.999f - 1.998f * (float)(i / 3 + 1) / (float)(triangles + 1);
        float *a = ahead + FIELDS * i;
        a[0] = v[0]; a[1] = v[1]; a[2] = z;
        memcpy(a + 3, v + 2, 6 * sizeof(float));
        memcpy(back + FIELDS * (n - 1 - i), a, FIELDS * sizeof(float));
    }
    fclose(f);

    harness_target("floor", W, H, 0x81A6 /* DEPTH_COMPONENT24_OES */, 0);
    GLuint tex[2], buffers[2];

    /* The mask: a page of one byte a texel (GLFun's atlas for opaque paints); the ramp: 256
     * RGBA texels (a row of GLFun's ramp atlas). */
    unsigned char *texels = malloc(2048 * 2048);
    memset(texels, 255, 2048 * 2048);
    glGenTextures(2, tex);
    glActiveTexture(GL_TEXTURE1);
    glBindTexture(GL_TEXTURE_2D, tex[0]);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_ALPHA, 2048, 2048, 0, GL_ALPHA, GL_UNSIGNED_BYTE, texels);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glActiveTexture(GL_TEXTURE2);
    glBindTexture(GL_TEXTURE_2D, tex[1]);
    for (int i = 0; i < 256 * 4; i++) texels[i] = (unsigned char)(i % 4 == 3 ? 255 : i / 4);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 256, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    free(texels);

    GLuint flat = program("precision mediump float; varying vec4 c; void main() { gl_FragColor = c; }");
    GLuint mask = program("precision mediump float; uniform sampler2D t; varying vec4 c; varying vec2 p;\n"
                          "void main() { gl_FragColor = c * texture2D(t, vec2(0.5 / 2048.0)).a; }");
    GLuint own = program("precision mediump float; uniform sampler2D t; varying vec4 c; varying vec2 p;\n"
                         "void main() { gl_FragColor = c * texture2D(t, gl_FragCoord.xy / 2048.0).a; }");
    const char *t_of = strcmp(paint, "radial") == 0 ? "length(p)" : "p.x";
    char ramp_source[512];
    snprintf(ramp_source, sizeof ramp_source,
             "precision mediump float; uniform sampler2D t; varying vec4 c; varying vec2 p;\n"
             "void main() { gl_FragColor = texture2D(t, vec2(%s, 0.5)) * c.a; }", t_of);
    GLuint ramp = program(ramp_source);
    glUseProgram(ramp);
    glUniform1i(glGetUniformLocation(ramp, "t"), 2);

    glGenBuffers(2, buffers);
    glBindBuffer(GL_ARRAY_BUFFER, buffers[0]);
    glBufferData(GL_ARRAY_BUFFER, sizeof(float) * FIELDS * (size_t)n, ahead, GL_STATIC_DRAW);
    glBindBuffer(GL_ARRAY_BUFFER, buffers[1]);
    glBufferData(GL_ARRAY_BUFFER, sizeof(float) * FIELDS * (size_t)n, back, GL_STATIC_DRAW);
    for (int a = 0; a < 3; a++) glEnableVertexAttribArray(a);
    glViewport(0, 0, W, H);
    glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDepthFunc(GL_LESS);

    /* `two`: a second pass after the first, as GLFun's depth frames draw (their cores, then
     * their masks behind them): the triangles again in painter's order, each pixel reading a
     * texel of its own, blended, behind the depth the first pass wrote (LEQUAL, no writes). */
    struct row { const char *name; GLuint program; int depth, blend, none, two; };
    const struct row rows[] = {
        {"clear", flat, 0, 0, 1, 0}, {"flat", flat, 0, 0, 0, 0}, {"flat-depth", flat, 1, 0, 0, 0},
        {"flat-blended", flat, 0, 1, 0, 0}, {"mask-blended", mask, 0, 1, 0, 0}, {"mask-own", own, 0, 1, 0, 0},
        {"two-pass", flat, 1, 0, 0, 1}, {"ramp-depth", ramp, 1, 0, 0, 0}, {"ramp-blended", ramp, 0, 1, 0, 0},
    };
    int rows_run = strcmp(paint, "flat") == 0 ? 7 : 9;
    printf("floor %s: %d triangles, paint %s; %s\n", argv[1], triangles, paint, glGetString(GL_RENDERER));
    for (int r = 0; r < rows_run; r++) {
        const struct row *row = &rows[r];
        glUseProgram(row->program);
        attributes(buffers[row->depth]);
        if (row->depth) glEnable(GL_DEPTH_TEST); else glDisable(GL_DEPTH_TEST);
        if (row->blend) glEnable(GL_BLEND); else glDisable(GL_BLEND);
        double ms[FRAMES];
        for (int frame = 0; frame < FRAMES + WARMUP; frame++) {
            double t0 = harness_now_ms();
            glClearColor(0.76f, 0.76f, 0.76f, 1);
            glClear(GL_COLOR_BUFFER_BIT | (row->depth ? GL_DEPTH_BUFFER_BIT : 0));
            if (!row->none) glDrawArrays(GL_TRIANGLES, 0, n);
            if (row->two) {
                glUseProgram(own);
                attributes(buffers[0]);
                glEnable(GL_BLEND);
                glDepthFunc(GL_LEQUAL);
                glDepthMask(GL_FALSE);
                glDrawArrays(GL_TRIANGLES, 0, n);
                glDepthMask(GL_TRUE);
                glDepthFunc(GL_LESS);
                glDisable(GL_BLEND);
                glUseProgram(row->program);
                attributes(buffers[row->depth]);
            }
            glFinish();
            if (frame >= WARMUP) ms[frame - WARMUP] = harness_now_ms() - t0;
        }
        qsort(ms, FRAMES, sizeof ms[0], by_double);
        printf("%-14s best %7.2f ms  median %7.2f ms\n", row->name, ms[0], (ms[FRAMES / 2 - 1] + ms[FRAMES / 2]) / 2);
    }
    return 0;
}
