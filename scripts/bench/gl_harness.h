/* What the C harnesses in scripts/bench (llvmpipe_costs.c, llvmpipe_hidden.c, floor.c) share: a
 * clock, a program linked from two sources (attribute 0 "pos", 1 "col"; a shader that does not
 * compile is one line naming the harness and its source, and exit 1), and a surfaceless GLES 2
 * context drawing into a W x H RGBA8 framebuffer with a depth buffer (a failure is one line and
 * exit 1). Header only. */
#ifndef GLFUN_BENCH_GL_HARNESS_H
#define GLFUN_BENCH_GL_HARNESS_H
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double harness_now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static GLuint harness_link(const char *who, const char *vertex, const char *fragment) {
    const char *stages[2] = {vertex, fragment};
    GLuint p = glCreateProgram();
    for (int i = 0; i < 2; i++) {
        GLuint s = glCreateShader(i ? GL_FRAGMENT_SHADER : GL_VERTEX_SHADER);
        glShaderSource(s, 1, &stages[i], NULL);
        glCompileShader(s);
        GLint ok = 0;
        glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
        if (!ok) { fprintf(stderr, "%s: a shader did not compile:\n%s\n", who, stages[i]); exit(1); }
        glAttachShader(p, s);
    }
    glBindAttribLocation(p, 0, "pos");
    glBindAttribLocation(p, 1, "col");
    glLinkProgram(p);
    return p;
}

/* A surfaceless context (EGL_MESA_platform_surfaceless, no config) and a framebuffer object of
 * a w x h RGBA8 texture and a depth renderbuffer of `depth_format`, bound. With `stencil` the
 * depth renderbuffer (a packed depth-stencil format) is the stencil attachment too. */
static inline void harness_target(const char *who, int w, int h, GLenum depth_format, int stencil) {
    EGLDisplay d = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    if (!eglInitialize(d, NULL, NULL)) { fprintf(stderr, "%s: eglInitialize failed\n", who); exit(1); }
    eglBindAPI(EGL_OPENGL_ES_API);
    EGLint context_attrs[] = {EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE};
    EGLContext ctx = eglCreateContext(d, (EGLConfig)0, EGL_NO_CONTEXT, context_attrs);
    if (!eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) { fprintf(stderr, "%s: no context\n", who); exit(1); }
    GLuint fb, colour, depth;
    glGenFramebuffers(1, &fb);
    glBindFramebuffer(GL_FRAMEBUFFER, fb);
    glGenTextures(1, &colour);
    glBindTexture(GL_TEXTURE_2D, colour);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
    glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, colour, 0);
    glGenRenderbuffers(1, &depth);
    glBindRenderbuffer(GL_RENDERBUFFER, depth);
    glRenderbufferStorage(GL_RENDERBUFFER, depth_format, w, h);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth);
    if (stencil) glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, depth);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) { fprintf(stderr, "%s: target incomplete\n", who); exit(1); }
}
#endif
