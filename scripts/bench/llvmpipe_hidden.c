/* What a pixel hidden by the depth test costs llvmpipe, without GLFun (issue 31 item 6, session
 * 26): N turned rectangles of S0 to S1 pixels a side, each drawn as GLFun draws a coverage mask
 * (a quad's worth of triangles reading a one-byte texture, nearest, times the vertex colour,
 * blended), in one call a frame into a 1280x720 RGBA8 target with a 16-bit depth buffer:
 *   - as a fan of 4 triangles (a hexagon round the rectangle, as a mask's outline is) and as the
 *     rectangle's box (2 triangles, more pixels), each with every pixel drawn, then with every
 *     pixel behind an opaque full-target quad drawn first (all fail the early depth test);
 *   - the fans scissored out (the main thread's vertex and set-up work alone);
 *   - the opaque quad alone.
 * The best of 20 frames after 5, ms a frame. STENCIL=1: a packed depth-stencil buffer and an
 * always-passing stencil test (llvmpipe's fragment code skips a block's shading after a failed
 * early depth test only with the stencil test on).
 *   cc -O2 -o llvmpipe_hidden scripts/bench/llvmpipe_hidden.c -lEGL -lGLESv2 -lm
 *   ./llvmpipe_hidden [N S0 S1]          # default 6400 20 50 (groups_10000's drawn shapes)
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include "gl_harness.h"

enum { W = 1280, H = 720, STRIDE = 7 };

static GLuint program(const char *fragment) {
    static const char *vertex = "attribute vec3 pos; attribute vec4 col; varying vec4 c; varying vec2 t;\n"
                                "void main() { c = col; t = pos.xy * 0.5 + 0.5; gl_Position = vec4(pos, 1.0); }";
    return harness_link("llvmpipe_hidden", vertex, fragment);
}

/* Appends the vertex (x, y) in pixels at depth z, colour rgba, to v. */
static float *vertex(float *v, float x, float y, float z, const float *rgba) {
    v[0] = x / W * 2 - 1; v[1] = y / H * 2 - 1; v[2] = z;
    for (int q = 0; q < 4; q++) v[3 + q] = rgba[q];
    return v + STRIDE;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 6400;
    float s0 = argc > 2 ? (float)atof(argv[2]) : 20, s1 = argc > 3 ? (float)atof(argv[3]) : 50;
    int stencil = getenv("STENCIL") != NULL;
    harness_target("llvmpipe_hidden", W, H, stencil ? 0x88F0 /* DEPTH24_STENCIL8_OES */ : GL_DEPTH_COMPONENT16, stencil);
    printf("%s; %d rectangles of %.0f to %.0f px%s\n", glGetString(GL_RENDERER), n, s0, s1, stencil ? "; stencil test on" : "");
    if (stencil) {
        glEnable(GL_STENCIL_TEST);
        glStencilFunc(GL_ALWAYS, 0, 0xff);
        glStencilMask(0);
    }
    GLuint mask;

    /* The mask: a 2048x2048 page of one byte a texel, as GLFun's atlas. */
    unsigned char *texels = malloc(2048 * 2048);
    srand(2);
    for (int i = 0; i < 2048 * 2048; i++) texels[i] = (unsigned char)rand();
    glActiveTexture(GL_TEXTURE1);
    glGenTextures(1, &mask);
    glBindTexture(GL_TEXTURE_2D, mask);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_ALPHA, 2048, 2048, 0, GL_ALPHA, GL_UNSIGNED_BYTE, texels);
    free(texels);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    GLuint masked = program("precision mediump float; uniform sampler2D m; varying vec4 c; varying vec2 t;\n"
                            "void main() { gl_FragColor = c * texture2D(m, t).a; }");
    GLuint flat = program("precision mediump float; varying vec4 c; void main() { gl_FragColor = c; }");
    glUseProgram(masked);
    glUniform1i(glGetUniformLocation(masked, "m"), 1);

    /* The rectangles: a hexagon round each (its corners, and a point on each long side) as a
     * fan of 4 triangles, and its box as 2. */
    float *fans = malloc(sizeof(float) * STRIDE * 12 * (size_t)n), *boxes = malloc(sizeof(float) * STRIDE * 6 * (size_t)n);
    float *f = fans, *b = boxes;
    const float rgba[4] = {0.5f, 0.2f, 0.7f, 1};
    srand(1);
    for (int i = 0; i < n; i++) {
        float cx = (float)(rand() % W), cy = (float)(rand() % H), a = (float)rand() / RAND_MAX * 6.2832f;
        float w = s0 + (s1 - s0) * (float)rand() / RAND_MAX, h = s0 + (s1 - s0) * (float)rand() / RAND_MAX;
        static const float hex[6][2] = {{-0.5f, -0.5f}, {0.1f, -0.5f}, {0.5f, -0.5f}, {0.5f, 0.5f}, {-0.1f, 0.5f}, {-0.5f, 0.5f}};
        float px[6], py[6], x0 = 1e9f, y0 = 1e9f, x1 = -1e9f, y1 = -1e9f;
        for (int k = 0; k < 6; k++) {
            float u = hex[k][0] * w, v = hex[k][1] * h;
            px[k] = cx + u * cosf(a) - v * sinf(a);
            py[k] = cy + u * sinf(a) + v * cosf(a);
            x0 = fminf(x0, px[k]); x1 = fmaxf(x1, px[k]); y0 = fminf(y0, py[k]); y1 = fmaxf(y1, py[k]);
        }
        for (int t = 1; t < 5; t++) {
            f = vertex(f, px[0], py[0], 0, rgba);
            f = vertex(f, px[t], py[t], 0, rgba);
            f = vertex(f, px[t + 1], py[t + 1], 0, rgba);
        }
        const float bx[6] = {x0, x1, x1, x0, x1, x0}, by[6] = {y0, y0, y1, y0, y1, y1};
        for (int k = 0; k < 6; k++) b = vertex(b, bx[k], by[k], 0, rgba);
    }
    const float white[4] = {1, 1, 1, 1};
    float front[6 * STRIDE], *q = front;
    const float qx[6] = {0, W, W, 0, W, 0}, qy[6] = {0, 0, H, 0, H, H};
    for (int k = 0; k < 6; k++) q = vertex(q, qx[k], qy[k], -0.5f, white);

    glEnableVertexAttribArray(0);
    glEnableVertexAttribArray(1);
    glViewport(0, 0, W, H);
    glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDepthFunc(GL_LESS);
    static const struct { const char *name; int boxes, behind, scissored, masks; } rows[] = {
        {"fans, every pixel drawn", 0, 0, 0, 1}, {"fans, every pixel behind", 0, 1, 0, 1},
        {"boxes, every pixel drawn", 1, 0, 0, 1}, {"boxes, every pixel behind", 1, 1, 0, 1},
        {"fans, scissored out", 0, 0, 1, 1}, {"the opaque quad alone", 0, 1, 0, 0},
    };
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        double best = 1e30;
        for (int frame = 0; frame < 25; frame++) {
            double t0 = harness_now_ms();
            glDisable(GL_SCISSOR_TEST);
            glClearColor(0.76f, 0.76f, 0.76f, 1);
            glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
            if (rows[r].behind) {
                glUseProgram(flat);
                glDisable(GL_BLEND);
                glEnable(GL_DEPTH_TEST);
                glDepthMask(GL_TRUE);
                glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, STRIDE * 4, front);
                glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, STRIDE * 4, front + 3);
                glDrawArrays(GL_TRIANGLES, 0, 6);
            } else {
                glDisable(GL_DEPTH_TEST);
            }
            if (rows[r].masks) {
                glUseProgram(masked);
                glEnable(GL_BLEND);
                glDepthMask(GL_FALSE);
                if (rows[r].scissored) { glEnable(GL_SCISSOR_TEST); glScissor(0, 0, 1, 1); }
                const float *v = rows[r].boxes ? boxes : fans;
                glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, STRIDE * 4, v);
                glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, STRIDE * 4, v + 3);
                glDrawArrays(GL_TRIANGLES, 0, (rows[r].boxes ? 6 : 12) * n);
                glDepthMask(GL_TRUE);
            }
            glFinish();
            double t = harness_now_ms() - t0;
            if (frame >= 5 && t < best) best = t;
        }
        printf("%-28s %7.2f ms  (%d triangles)\n", rows[r].name, best, rows[r].masks ? (rows[r].boxes ? 2 : 4) * n : 2);
    }
    return 0;
}
