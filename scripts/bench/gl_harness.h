/* What the C harnesses in scripts/bench (llvmpipe_costs.c, llvmpipe_hidden.c) share: a clock and
 * a program linked from two sources (attribute 0 "pos", 1 "col"; a shader that does not compile
 * is one line naming the harness and its source, and exit 1). Header only. */
#ifndef GLFUN_BENCH_GL_HARNESS_H
#define GLFUN_BENCH_GL_HARNESS_H
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
#endif
