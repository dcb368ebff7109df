// EGL 1.5 + OpenGL ES 2.0 with the extension prototypes GLFun uses.
#ifndef GLFUN_CEGL_SHIM_H
#define GLFUN_CEGL_SHIM_H
#define EGL_EGLEXT_PROTOTYPES 1
#define GL_GLEXT_PROTOTYPES 1
#include <stddef.h>
#include <string.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>

// EGL_NO_DISPLAY, EGL_NO_CONTEXT, EGL_NO_SURFACE and EGL_DEFAULT_DISPLAY are
// casts of 0 to pointer types: Swift cannot import such macros, so they are
// functions here.
static inline EGLDisplay glfun_egl_no_display(void) { return EGL_NO_DISPLAY; }
static inline EGLContext glfun_egl_no_context(void) { return EGL_NO_CONTEXT; }
static inline EGLSurface glfun_egl_no_surface(void) { return EGL_NO_SURFACE; }

// Extension entry points are looked up at run time: a driver may lack them.
static inline EGLDisplay glfun_egl_get_platform_display(EGLenum platform, void *native, const EGLint *attrs) {
    PFNEGLGETPLATFORMDISPLAYEXTPROC f =
        (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
    return f ? f(platform, native, attrs) : EGL_NO_DISPLAY;
}
static inline EGLBoolean glfun_egl_query_devices(EGLint max, EGLDeviceEXT *devices, EGLint *count) {
    PFNEGLQUERYDEVICESEXTPROC f = (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
    if (!f) { *count = 0; return EGL_FALSE; }
    return f(max, devices, count);
}
static inline EGLSurface glfun_egl_create_window_surface(EGLDisplay dpy, EGLConfig cfg, unsigned long window) {
    return eglCreateWindowSurface(dpy, cfg, (EGLNativeWindowType)window, NULL);
}
// eglSwapBuffersWithDamageKHR (or EXT), looked up once per display: 0 where neither is offered.
static inline PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC glfun_egl_swap_with_damage_proc(EGLDisplay dpy) {
    const char *ext = eglQueryString(dpy, EGL_EXTENSIONS);
    if (!ext) return NULL;
    if (strstr(ext, "EGL_KHR_swap_buffers_with_damage"))
        return (PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC)eglGetProcAddress("eglSwapBuffersWithDamageKHR");
    if (strstr(ext, "EGL_EXT_swap_buffers_with_damage"))
        return (PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC)eglGetProcAddress("eglSwapBuffersWithDamageEXT");
    return NULL;
}
static inline int glfun_egl_swap_with_damage_available(EGLDisplay dpy) {
    return glfun_egl_swap_with_damage_proc(dpy) != NULL;
}
static inline EGLBoolean glfun_egl_swap_buffers_with_damage(EGLDisplay dpy, EGLSurface s, const EGLint *rects, EGLint n) {
    PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC f = glfun_egl_swap_with_damage_proc(dpy);
    return f ? f(dpy, s, (EGLint *)rects, n) : eglSwapBuffers(dpy, s);
}
// A fence in the command stream of `dpy`'s current context (EGL_KHR_fence_sync, core in EGL
// 1.5 too): made after a chunk of draws (it flushes them to the driver, which starts on them),
// waited on once later chunks are in flight. EGL_NO_SYNC_KHR (nil) where the display lacks it.
static inline EGLSyncKHR glfun_egl_fence_create(EGLDisplay dpy) {
    static PFNEGLCREATESYNCKHRPROC f = NULL;
    if (!f) f = (PFNEGLCREATESYNCKHRPROC)eglGetProcAddress("eglCreateSyncKHR");
    return f ? f(dpy, EGL_SYNC_FENCE_KHR, NULL) : EGL_NO_SYNC_KHR;
}
// Waits until the fence's commands have completed (flushing first); 0 if the wait failed.
static inline int glfun_egl_fence_wait(EGLDisplay dpy, EGLSyncKHR sync) {
    static PFNEGLCLIENTWAITSYNCKHRPROC f = NULL;
    if (!f) f = (PFNEGLCLIENTWAITSYNCKHRPROC)eglGetProcAddress("eglClientWaitSyncKHR");
    return f && f(dpy, sync, EGL_SYNC_FLUSH_COMMANDS_BIT_KHR, EGL_FOREVER_KHR) == EGL_CONDITION_SATISFIED_KHR;
}
static inline void glfun_egl_fence_destroy(EGLDisplay dpy, EGLSyncKHR sync) {
    static PFNEGLDESTROYSYNCKHRPROC f = NULL;
    if (!f) f = (PFNEGLDESTROYSYNCKHRPROC)eglGetProcAddress("eglDestroySyncKHR");
    if (f) f(dpy, sync);
}
#endif
