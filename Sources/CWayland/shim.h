// libwayland-client, wayland-egl and xkbcommon, for GLFunWayland only.
#ifndef GLFUN_CWAYLAND_SHIM_H
#define GLFUN_CWAYLAND_SHIM_H
#include <wayland-client.h>
#include <wayland-egl.h>
#include <wayland-cursor.h>
#include <xkbcommon/xkbcommon.h>
#include <linux/input-event-codes.h>
#include <sys/mman.h>
#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <stdarg.h>
#include <stdio.h>

// wl_fixed_t is a 24.8 fixed-point number; its conversions are inline functions over a union.
static inline double glfun_wl_fixed_to_double(wl_fixed_t f) { return wl_fixed_to_double(f); }
static inline wl_fixed_t glfun_wl_fixed_from_double(double d) { return wl_fixed_from_double(d); }
// An anonymous shared-memory file for wl_shm buffers (memfd_create without _GNU_SOURCE).
static inline int glfun_memfd(const char *name) { return (int)syscall(SYS_memfd_create, name, 1u /* MFD_CLOEXEC */); }

// The core interfaces are `extern const` structs: Swift would copy them, and libwayland needs
// their addresses.
static inline const struct wl_interface *glfun_wl_compositor_interface(void) { return &wl_compositor_interface; }
static inline const struct wl_interface *glfun_wl_seat_interface(void) { return &wl_seat_interface; }
static inline const struct wl_interface *glfun_wl_output_interface(void) { return &wl_output_interface; }
static inline const struct wl_interface *glfun_wl_shm_interface(void) { return &wl_shm_interface; }
static inline const struct wl_interface *glfun_wl_subcompositor_interface(void) { return &wl_subcompositor_interface; }
// libwayland's log (wl_log: "error: XDG_RUNTIME_DIR is invalid …") hands its handler a format and
// a va_list, which Swift cannot take: this handler formats the line and gives it to `sink`
// (GLFunWayland's WaylandLog), which keeps it for an error line or writes it on stderr.
typedef void (*glfun_wl_log_sink_t)(const char *line);
static inline glfun_wl_log_sink_t *glfun_wl_log_sink(void) {
    static glfun_wl_log_sink_t sink;  // a function's static: Swift emits no header's global
    return &sink;
}
static inline void glfun_wl_log_handler(const char *format, va_list args) {
    char line[1024];
    vsnprintf(line, sizeof line, format, args);
    if (*glfun_wl_log_sink()) (*glfun_wl_log_sink())(line);
}
static inline void glfun_wl_log_set_sink(glfun_wl_log_sink_t sink) {
    *glfun_wl_log_sink() = sink;
    wl_log_set_handler_client(glfun_wl_log_handler);
}
#endif
