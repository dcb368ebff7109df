/* What llvmpipe charges for the pieces GLFun's frames are made of (issue 31 item 6), without
 * GLFun: a 1280x720 RGBA8 framebuffer with depth, as SceneRenderer's, and
 *   - a full-target pass of each fragment program below (ms a pass, ns a pixel; blending on):
 *     a constant colour, a texture read (nearest, then linear), a two-stop gradient worked out
 *     in the shader, and a branch on a uniform that llvmpipe runs both sides of; a coverage
 *     mask's texel read, two bytes as GLFun's atlas holds it, one byte, and one float
 *     (OES_texture_float: the coverage as it is, no decode; session 24);
 *   - 1,000 draws of a 2x2-pixel quad: one call, 1,000 calls of the same state, 1,000 calls
 *     each changing a uniform, 1,000 calls switching between two programs (ms a frame);
 *   - the floor of a frame of shapes: 1,000 quads of 45x45 pixels (2.0 M pixels) in one call of
 *     a constant colour from the vertices, unblended and blended; and 18,000 thin quads (20x3
 *     pixels at random angles, 36,000 triangles, 1.1 M pixels), blended (ms a frame).
 * Each figure is the best of 20 frames after 5.
 *   cc -O2 -o llvmpipe_costs scripts/bench/llvmpipe_costs.c -lEGL -lGLESv2 -lm && ./llvmpipe_costs
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <time.h>
#include "gl_harness.h"

enum { W = 1280, H = 720, QUADS = 1000 };

static GLuint program(const char *fragment) {
    static const char *vertex = "attribute vec2 pos; varying vec2 tc;\n"
                                "void main() { tc = pos * 0.5 + 0.5; gl_Position = vec4(pos, 0.0, 1.0); }";
    GLuint p = harness_link("llvmpipe_costs", vertex, fragment);
    glUseProgram(p);
    glUniform1i(glGetUniformLocation(p, "t"), 0);
    return p;
}

/* The best of 20 timed frames after 5; `frame` draws one (glFinish is added). */
static double best_of(void (*frame)(void *), void *arg) {
    double best = 1e30;
    for (int f = 0; f < 25; f++) {
        double t0 = harness_now_ms();
        frame(arg);
        glFinish();
        double t = harness_now_ms() - t0;
        if (f >= 5 && t < best) best = t;
    }
    return best;
}

static void full_pass(void *unused) { (void)unused; glDrawArrays(GL_TRIANGLE_STRIP, 0, 4); }

struct quads { int mode; GLuint a, b; GLint colour; };

static void many_quads(void *arg) {
    struct quads *q = arg;
    glClear(GL_COLOR_BUFFER_BIT);
    glUseProgram(q->a);
    if (q->mode == 0) { glDrawArrays(GL_TRIANGLES, 4, 6 * QUADS); return; }
    for (int i = 0; i < QUADS; i++) {
        if (q->mode == 2) glUniform4f(q->colour, i / (float)QUADS, 0, 0, 1);
        if (q->mode == 3) glUseProgram(i % 2 ? q->a : q->b);
        glDrawArrays(GL_TRIANGLES, 4 + 6 * i, 6);
    }
}

/* Quads of a colour each (position and colour a vertex), one call a frame. */
struct shapes { GLuint buffer; int vertices; };

static void shapes_frame(void *arg) {
    struct shapes *s = arg;
    glClear(GL_COLOR_BUFFER_BIT);
    glDrawArrays(GL_TRIANGLES, 0, s->vertices);
}

/* n quads of w x h pixels at random places, turned by a random angle when `turned`. */
static struct shapes make_shapes(int n, float w, float h, int turned) {
    float *v = malloc((size_t)n * 6 * 6 * sizeof(float));
    int k = 0;
    srand(1);
    for (int i = 0; i < n; i++) {
        float x = (float)(rand() % (W - 90) + 45), y = (float)(rand() % (H - 90) + 45);
        float a = turned ? (float)(rand() % 628) / 100 : 0, c = cosf(a), s = sinf(a);
        float p[4][2] = {{0, 0}, {w, 0}, {w, h}, {0, h}};
        static const int order[6] = {0, 1, 2, 0, 2, 3};
        for (int j = 0; j < 6; j++) {
            float px = p[order[j]][0], py = p[order[j]][1];
            v[k++] = (x + px * c - py * s) / W * 2 - 1;
            v[k++] = (y + px * s + py * c) / H * 2 - 1;
            v[k++] = (float)(i % 7) / 7;
            v[k++] = 0.5f;
            v[k++] = 0.3f;
            v[k++] = 1;
        }
    }
    struct shapes out = {0, n * 6};
    glGenBuffers(1, &out.buffer);
    glBindBuffer(GL_ARRAY_BUFFER, out.buffer);
    glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(k * sizeof(float)), v, GL_STATIC_DRAW);
    free(v);
    return out;
}

/* The floor of a frame of shapes: constant colours from the vertices, one call. */
static void floors(void) {
    GLuint p = glCreateProgram();
    const char *stages[2] = {"attribute vec2 pos; attribute vec4 col; varying vec4 c;\n"
                             "void main() { c = col; gl_Position = vec4(pos, 0.0, 1.0); }",
                             "precision mediump float; varying vec4 c; void main() { gl_FragColor = c; }"};
    for (int i = 0; i < 2; i++) {
        GLuint s = glCreateShader(i ? GL_FRAGMENT_SHADER : GL_VERTEX_SHADER);
        glShaderSource(s, 1, &stages[i], NULL);
        glCompileShader(s);
        glAttachShader(p, s);
    }
    glBindAttribLocation(p, 0, "pos");
    glBindAttribLocation(p, 1, "col");
    glLinkProgram(p);
    glUseProgram(p);
    struct shapes boxes = make_shapes(1000, 45, 45, 0), thin = make_shapes(18000, 20, 3, 1);
    struct { const char *name; struct shapes *s; int blend; } rows[] = {
        {"1,000 quads of 45x45, unblended", &boxes, 0},
        {"1,000 quads of 45x45, blended", &boxes, 1},
        {"18,000 thin quads of 20x3, blended", &thin, 1},
    };
    for (unsigned i = 0; i < sizeof rows / sizeof rows[0]; i++) {
        glBindBuffer(GL_ARRAY_BUFFER, rows[i].s->buffer);
        glEnableVertexAttribArray(0);
        glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 24, 0);
        glEnableVertexAttribArray(1);
        glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 24, (void *)8);
        if (rows[i].blend) glEnable(GL_BLEND); else glDisable(GL_BLEND);
        printf("%-40s %6.2f ms\n", rows[i].name, best_of(shapes_frame, rows[i].s));
    }
}

/* A coverage mask's texel read, full target (session 23): a 2048 x 2048 texture of random
 * bytes, nearest, read as GLFun's mask atlas is (two bytes a texel, luminance and alpha, put
 * together by PathMask.glsl's decode), as one byte would be (luminance), and as one float would
 * be (session 24: no decode, twice the bytes). `ramp` is bound again after. */
static void mask_formats(GLuint ramp) {
    unsigned char *bytes = malloc(2048 * 2048 * 2);
    srand(2);
    for (int i = 0; i < 2048 * 2048 * 2; i++) bytes[i] = (unsigned char)rand();
    GLuint t;
    glGenTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, t);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    static const struct { const char *name; GLenum format; GLenum type; const char *body; } reads[] = {
        {"mask, two bytes", GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE,
         "void main() { vec2 q = tc * vec2(0.625, 0.3515625); bool snap = q.x > 1.5;\n"
         "  vec4 m = texture2D(t, vec2(snap ? q.x - 2.0 : q.x, q.y));\n"
         "  float c = (floor(m.r * 255.0 + 0.5) * 256.0 + floor(m.a * 255.0 + 0.5)) / 4096.0;\n"
         "  gl_FragColor = vec4(0.2, 0.3, 0.4, 0.5 * (snap && c >= 0.999 ? 1.0 : c)); }"},
        {"mask, one byte", GL_LUMINANCE, GL_UNSIGNED_BYTE,
         "void main() { gl_FragColor = vec4(0.2, 0.3, 0.4, 0.5 * texture2D(t, tc * vec2(0.625, 0.3515625)).r); }"},
        {"mask, one float", GL_LUMINANCE, GL_FLOAT,
         "void main() { vec2 q = tc * vec2(0.625, 0.3515625); bool snap = q.x > 1.5;\n"
         "  float c = texture2D(t, vec2(snap ? q.x - 2.0 : q.x, q.y)).r;\n"
         "  gl_FragColor = vec4(0.2, 0.3, 0.4, 0.5 * (snap && c >= 0.999 ? 1.0 : c)); }"},
    };
    float *floats = malloc(2048 * 2048 * sizeof(float));
    for (int i = 0; i < 2048 * 2048; i++) floats[i] = (float)(rand() % 4097) / 4096.0f;
    for (unsigned i = 0; i < sizeof reads / sizeof reads[0]; i++) {
        glGetError();
        glTexImage2D(GL_TEXTURE_2D, 0, reads[i].format, 2048, 2048, 0, reads[i].format, reads[i].type,
                     reads[i].type == GL_FLOAT ? (const void *)floats : (const void *)bytes);
        if (glGetError() != GL_NO_ERROR) {
            printf("full pass, %-22s (no such texture here)\n", reads[i].name);
            continue;
        }
        char source[1024];
        snprintf(source, sizeof source, "precision highp float; uniform sampler2D t; varying vec2 tc;\n%s", reads[i].body);
        program(source);
        double ms = best_of(full_pass, NULL);
        printf("full pass, %-22s %6.2f ms  %5.2f ns a pixel\n", reads[i].name, ms, ms * 1e6 / (W * H));
    }
    glDeleteTextures(1, &t);
    glBindTexture(GL_TEXTURE_2D, ramp);
    free(floats);
    free(bytes);
}

int main(void) {
    PFNEGLGETPLATFORMDISPLAYEXTPROC get_display =
        (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    EGLDisplay d = get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (!eglInitialize(d, NULL, NULL)) return fprintf(stderr, "llvmpipe_costs: eglInitialize failed\n"), 1;
    EGLint config_attrs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_NONE};
    EGLConfig config;
    EGLint n = 0;
    if (!eglChooseConfig(d, config_attrs, &config, 1, &n) || n < 1) return fprintf(stderr, "llvmpipe_costs: no config\n"), 1;
    eglBindAPI(EGL_OPENGL_ES_API);
    EGLint context_attrs[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
    EGLContext ctx = eglCreateContext(d, config, EGL_NO_CONTEXT, context_attrs);
    EGLint pbuffer_attrs[] = {EGL_WIDTH, 16, EGL_HEIGHT, 16, EGL_NONE};
    EGLSurface surface = eglCreatePbufferSurface(d, config, pbuffer_attrs);
    if (!eglMakeCurrent(d, surface, surface, ctx)) return fprintf(stderr, "llvmpipe_costs: no context\n"), 1;
    printf("%s, %s\n", glGetString(GL_RENDERER), glGetString(GL_VERSION));

    /* The target, as SceneRenderer's: RGBA8 colour texture and a 16-bit depth buffer. */
    GLuint target, fb, depth, texture;
    glGenTextures(1, &target);
    glBindTexture(GL_TEXTURE_2D, target);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target, 0);
    glGenRenderbuffers(1, &depth);
    glBindRenderbuffer(GL_RENDERBUFFER, depth);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, W, H);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth);
    glViewport(0, 0, W, H);
    /* A picture to read: a 1024 x 1 ramp of changing bytes. */
    static unsigned char ramp[1024 * 4];
    for (int i = 0; i < 1024 * 4; i++) ramp[i] = (unsigned char)(i * 37);
    glGenTextures(1, &texture);
    glBindTexture(GL_TEXTURE_2D, texture);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1024, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, ramp);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);

    /* Vertices: the full-target quad (a strip of 4), then QUADS quads of 2x2 pixels. */
    static float v[8 + QUADS * 12];
    float full[8] = {-1, -1, 1, -1, -1, 1, 1, 1};
    for (int i = 0; i < 8; i++) v[i] = full[i];
    for (int i = 0; i < QUADS; i++) {
        float x = (i % 40) * 32.0f / W * 2 - 1, y = (i / 40) * 28.0f / H * 2 - 1, w = 4.0f / W, h = 4.0f / H;
        float q[12] = {x, y, x + w, y, x, y + h, x + w, y, x + w, y + h, x, y + h};
        for (int k = 0; k < 12; k++) v[8 + 12 * i + k] = q[k];
    }
    GLuint buffer;
    glGenBuffers(1, &buffer);
    glBindBuffer(GL_ARRAY_BUFFER, buffer);
    glBufferData(GL_ARRAY_BUFFER, sizeof v, v, GL_STATIC_DRAW);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0);
    glEnable(GL_BLEND);
    glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_ONE_MINUS_SRC_ALPHA);

    static const struct { const char *name; int linear; const char *body; } passes[] = {
        {"constant colour", 0, "void main() { gl_FragColor = vec4(0.2, 0.3, 0.4, 0.5); }"},
        {"texture, nearest", 0, "void main() { gl_FragColor = texture2D(t, vec2(tc.x, 0.5)) * 0.5; }"},
        {"texture, linear", 1, "void main() { gl_FragColor = texture2D(t, vec2(tc.x, 0.5)) * 0.5; }"},
        {"two stops worked out", 0,
         "uniform vec4 c0; uniform vec4 c1;\n"
         "void main() { gl_FragColor = mix(c0, c1, clamp(tc.x, 0.0, 1.0)) * 0.5; }"},
        {"a branch on a uniform", 1,
         "uniform float mode;\n"
         "void main() { float s = tc.x * 3.0;\n"
         "  if (mode < 0.5) s = clamp(s, 0.0, 1.0); else if (mode < 1.5) s = fract(s); else s = 1.0 - abs(mod(s, 2.0) - 1.0);\n"
         "  gl_FragColor = texture2D(t, vec2(s, 0.5)) * 0.5; }"},
    };
    for (unsigned i = 0; i < sizeof passes / sizeof passes[0]; i++) {
        char source[1024];
        snprintf(source, sizeof source, "precision highp float; uniform sampler2D t; varying vec2 tc;\n%s", passes[i].body);
        program(source);
        GLint f = passes[i].linear ? GL_LINEAR : GL_NEAREST;
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, f);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, f);
        double ms = best_of(full_pass, NULL);
        printf("full pass, %-22s %6.2f ms  %5.2f ns a pixel\n", passes[i].name, ms, ms * 1e6 / (W * H));
    }

    mask_formats(texture);

    struct quads q = {0, 0, 0, -1};
    q.a = program("precision mediump float; uniform vec4 colour; void main() { gl_FragColor = colour; }");
    q.colour = glGetUniformLocation(q.a, "colour");
    glUniform4f(q.colour, 1, 0, 0, 1);
    q.b = program("precision mediump float; uniform vec4 colour; void main() { gl_FragColor = colour * 0.5; }");
    glUniform4f(glGetUniformLocation(q.b, "colour"), 0, 1, 0, 1);
    static const char *modes[] = {"one call", "calls, same state", "calls, a uniform each", "calls, two programs in turn"};
    for (q.mode = 0; q.mode < 4; q.mode++) printf("1,000 quads, %-28s %6.2f ms\n", modes[q.mode], best_of(many_quads, &q));
    floors();
    return 0;
}
