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
#endif
