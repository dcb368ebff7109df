/* The floor of a one-shot render on EGL + llvmpipe (issue 34): a process that only opens a
 * surfaceless ES 2 context with a 64x64 pbuffer, clears it and reads it back, as `glfun render`
 * of an empty 64x64 scene does, without GLFun. With an argument "frames", it also times
 * frames of a 1280x720 framebuffer texture: a whole clear, and a 64x64 scissored one, each
 * with glFinish (median ms of 200 after 20).
 *   cc -O2 -o egl_floor scripts/bench/egl_floor.c -lEGL -lGLESv2
 *   /usr/bin/time -f '%e s %U u %S s %M KB' ./egl_floor; ./egl_floor frames
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int by_value(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median_frame(int scissored) {
    enum { FRAMES = 200, WARMUP = 20 };
    double t[FRAMES];
    for (int f = 0; f < WARMUP + FRAMES; f++) {
        double t0 = now_ms();
        if (scissored) {
            glEnable(GL_SCISSOR_TEST);
            glScissor(600, 300, 64, 64);
        }
        glClear(GL_COLOR_BUFFER_BIT);
        glDisable(GL_SCISSOR_TEST);
        glFinish();
        if (f >= WARMUP) t[f - WARMUP] = now_ms() - t0;
    }
    qsort(t, FRAMES, sizeof t[0], by_value);
    return t[FRAMES / 2];
}

int main(int argc, char **argv) {
    double t0 = now_ms();
    PFNEGLGETPLATFORMDISPLAYEXTPROC get_display =
        (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    EGLDisplay d = get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (!eglInitialize(d, NULL, NULL)) return fprintf(stderr, "eglInitialize failed\n"), 1;
    EGLint config_attrs[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
                             EGL_RED_SIZE, 8, EGL_NONE};
    EGLConfig config;
    EGLint n = 0;
    if (!eglChooseConfig(d, config_attrs, &config, 1, &n) || n < 1) return fprintf(stderr, "no config\n"), 1;
    eglBindAPI(EGL_OPENGL_ES_API);
    EGLint context_attrs[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
    EGLContext ctx = eglCreateContext(d, config, EGL_NO_CONTEXT, context_attrs);
    EGLint pbuffer_attrs[] = {EGL_WIDTH, 64, EGL_HEIGHT, 64, EGL_NONE};
    EGLSurface s = eglCreatePbufferSurface(d, config, pbuffer_attrs);
    if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(d, s, s, ctx)) return fprintf(stderr, "no context\n"), 1;
    double t1 = now_ms();
    static unsigned char pixels[64 * 64 * 4];
    glClearColor(1, 1, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    glReadPixels(0, 0, 64, 64, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
    printf("context %.1f ms, clear and read back %.1f ms\n", t1 - t0, now_ms() - t1);
    if (argc > 1 && strcmp(argv[1], "frames") == 0) {
        GLuint fb, tex;
        glGenFramebuffers(1, &fb);
        glBindFramebuffer(GL_FRAMEBUFFER, fb);
        glGenTextures(1, &tex);
        glBindTexture(GL_TEXTURE_2D, tex);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1280, 720, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
        glViewport(0, 0, 1280, 720);
        printf("1280x720 frame: whole clear %.3f ms, 64x64 scissored clear %.3f ms (medians)\n",
               median_frame(0), median_frame(1));
    }
    eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglTerminate(d);
    return 0;
}
