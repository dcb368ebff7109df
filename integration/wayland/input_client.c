/* A tiny Wayland client for the compositor input tests (integration/wayland): it maps one full-screen
 * xdg-shell toplevel filled from a wl_shm buffer and prints one line per wl_pointer, wl_keyboard
 * and wl_touch event on stdout, flushed at once, so a test reads what the compositor delivered.
 *
 * Not part of GLFun: it is compiled at test time (cc + wayland-scanner's xdg-shell code in a
 * temporary folder) so that the harness is proved against a client with no GLFun code in it.
 *
 * It also paints what it got, for tests that read the compositor's picture: a red 9x9 square
 * where a finger went down or moved, a blue one where a pointer button was pressed.
 *
 * Lines (coordinates are surface-local, in surface pixels, two decimals):
 *   configure W H          the toplevel's first configure with a size (W H 0 0: ours to choose)
 *   mapped W H             the first buffer committed and its frame callback done: on screen
 *   pointer enter X Y | pointer leave | pointer motion X Y | pointer button CODE pressed|released
 *   keyboard enter | keyboard leave | key CODE pressed|released     (CODE: evdev, as wl_keyboard)
 *   touch down ID X Y | touch motion ID X Y | touch up ID | touch frame | touch cancel
 *   seat pointer|keyboard|touch  (once per capability the seat gains)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <wayland-client.h>
#include "xdg-shell-client-protocol.h"

static struct wl_compositor *compositor;
static struct wl_shm *shm;
static struct xdg_wm_base *wm_base;
static struct wl_seat *seat;
static struct wl_surface *surface;
static struct wl_pointer *pointer;
static struct wl_keyboard *keyboard;
static struct wl_touch *touch;
static int width, height, configured, running = 1;
static uint32_t *pixels;              /* the one shm buffer's pixels, XRGB8888, width * height */
static struct wl_buffer *buffer;
static wl_fixed_t pointer_x, pointer_y; /* the pointer's last surface position */

static void say(const char *format, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *format, ...) {
    va_list args;
    va_start(args, format);
    vprintf(format, args);
    va_end(args);
    putchar('\n');
    fflush(stdout);
}

static double fixed(wl_fixed_t v) { return wl_fixed_to_double(v); }

#define GREY 0xff404040u   /* the window */
#define RED 0xffe01010u    /* a 9x9 square where a finger went down or moved */
#define BLUE 0xff1030e0u   /* where a pointer button was pressed */
static void paint(wl_fixed_t x, wl_fixed_t y, uint32_t color);

/* Pointer. */
static void pointer_enter(void *d, struct wl_pointer *p, uint32_t serial, struct wl_surface *s,
                          wl_fixed_t x, wl_fixed_t y) {
    pointer_x = x;
    pointer_y = y;
    say("pointer enter %.2f %.2f", fixed(x), fixed(y));
}
static void pointer_leave(void *d, struct wl_pointer *p, uint32_t serial, struct wl_surface *s) {
    say("pointer leave");
}
static void pointer_motion(void *d, struct wl_pointer *p, uint32_t time, wl_fixed_t x, wl_fixed_t y) {
    pointer_x = x;
    pointer_y = y;
    say("pointer motion %.2f %.2f", fixed(x), fixed(y));
}
static void pointer_button(void *d, struct wl_pointer *p, uint32_t serial, uint32_t time,
                           uint32_t button, uint32_t state) {
    say("pointer button %u %s", button, state ? "pressed" : "released");
    if (state) paint(pointer_x, pointer_y, BLUE);
}
static void pointer_axis(void *d, struct wl_pointer *p, uint32_t time, uint32_t axis, wl_fixed_t v) {
    say("pointer axis %u %.2f", axis, fixed(v));
}
static void pointer_frame(void *d, struct wl_pointer *p) {}
static void pointer_axis_source(void *d, struct wl_pointer *p, uint32_t source) {}
static void pointer_axis_stop(void *d, struct wl_pointer *p, uint32_t time, uint32_t axis) {}
static void pointer_axis_discrete(void *d, struct wl_pointer *p, uint32_t axis, int32_t n) {}
static const struct wl_pointer_listener pointer_listener = {
    pointer_enter, pointer_leave, pointer_motion, pointer_button, pointer_axis,
    pointer_frame, pointer_axis_source, pointer_axis_stop, pointer_axis_discrete,
};

/* Keyboard. The keymap fd is closed unread: the test names keys by their evdev codes. */
static void keyboard_keymap(void *d, struct wl_keyboard *k, uint32_t format, int32_t fd, uint32_t size) {
    close(fd);
}
static void keyboard_enter(void *d, struct wl_keyboard *k, uint32_t serial, struct wl_surface *s,
                           struct wl_array *keys) {
    say("keyboard enter");
}
static void keyboard_leave(void *d, struct wl_keyboard *k, uint32_t serial, struct wl_surface *s) {
    say("keyboard leave");
}
static void keyboard_key(void *d, struct wl_keyboard *k, uint32_t serial, uint32_t time, uint32_t key,
                         uint32_t state) {
    say("key %u %s", key, state ? "pressed" : "released");
}
static void keyboard_modifiers(void *d, struct wl_keyboard *k, uint32_t serial, uint32_t depressed,
                               uint32_t latched, uint32_t locked, uint32_t group) {}
static void keyboard_repeat(void *d, struct wl_keyboard *k, int32_t rate, int32_t delay) {}
static const struct wl_keyboard_listener keyboard_listener = {
    keyboard_keymap, keyboard_enter, keyboard_leave, keyboard_key, keyboard_modifiers, keyboard_repeat,
};

/* Touch. */
static void touch_down(void *d, struct wl_touch *t, uint32_t serial, uint32_t time, struct wl_surface *s,
                       int32_t id, wl_fixed_t x, wl_fixed_t y) {
    say("touch down %d %.2f %.2f", id, fixed(x), fixed(y));
    paint(x, y, RED);
}
static void touch_up(void *d, struct wl_touch *t, uint32_t serial, uint32_t time, int32_t id) {
    say("touch up %d", id);
}
static void touch_motion(void *d, struct wl_touch *t, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y) {
    say("touch motion %d %.2f %.2f", id, fixed(x), fixed(y));
    paint(x, y, RED);
}
static void touch_frame(void *d, struct wl_touch *t) { say("touch frame"); }
static void touch_cancel(void *d, struct wl_touch *t) { say("touch cancel"); }
static void touch_shape(void *d, struct wl_touch *t, int32_t id, wl_fixed_t major, wl_fixed_t minor) {}
static void touch_orientation(void *d, struct wl_touch *t, int32_t id, wl_fixed_t orientation) {}
static const struct wl_touch_listener touch_listener = {
    touch_down, touch_up, touch_motion, touch_frame, touch_cancel, touch_shape, touch_orientation,
};

static void seat_capabilities(void *d, struct wl_seat *s, uint32_t caps) {
    if ((caps & WL_SEAT_CAPABILITY_POINTER) && !pointer) {
        pointer = wl_seat_get_pointer(s);
        wl_pointer_add_listener(pointer, &pointer_listener, NULL);
        say("seat pointer");
    }
    if ((caps & WL_SEAT_CAPABILITY_KEYBOARD) && !keyboard) {
        keyboard = wl_seat_get_keyboard(s);
        wl_keyboard_add_listener(keyboard, &keyboard_listener, NULL);
        say("seat keyboard");
    }
    if ((caps & WL_SEAT_CAPABILITY_TOUCH) && !touch) {
        touch = wl_seat_get_touch(s);
        wl_touch_add_listener(touch, &touch_listener, NULL);
        say("seat touch");
    }
}
static void seat_name(void *d, struct wl_seat *s, const char *name) {}
static const struct wl_seat_listener seat_listener = { seat_capabilities, seat_name };

static void wm_base_ping(void *d, struct xdg_wm_base *b, uint32_t serial) { xdg_wm_base_pong(b, serial); }
static const struct xdg_wm_base_listener wm_base_listener = { wm_base_ping };

static void registry_global(void *d, struct wl_registry *r, uint32_t name, const char *interface,
                            uint32_t version) {
    if (strcmp(interface, wl_compositor_interface.name) == 0)
        compositor = wl_registry_bind(r, name, &wl_compositor_interface, 4);
    else if (strcmp(interface, wl_shm_interface.name) == 0)
        shm = wl_registry_bind(r, name, &wl_shm_interface, 1);
    else if (strcmp(interface, xdg_wm_base_interface.name) == 0) {
        wm_base = wl_registry_bind(r, name, &xdg_wm_base_interface, 1);
        xdg_wm_base_add_listener(wm_base, &wm_base_listener, NULL);
    } else if (strcmp(interface, wl_seat_interface.name) == 0 && !seat) {
        seat = wl_registry_bind(r, name, &wl_seat_interface, version < 5 ? version : 5);
        wl_seat_add_listener(seat, &seat_listener, NULL);
    }
}
static void registry_remove(void *d, struct wl_registry *r, uint32_t name) {}
static const struct wl_registry_listener registry_listener = { registry_global, registry_remove };

/* One opaque grey buffer of the configured size, kept mapped: paint() draws into it and commits
 * it again (mutter copies a shm buffer at commit). */
static struct wl_buffer *make_buffer(int w, int h) {
    int stride = w * 4, size = stride * h;
    int fd = memfd_create("glfun-input-client", MFD_CLOEXEC);
    if (fd < 0 || ftruncate(fd, size) < 0) { perror("memfd"); exit(1); }
    pixels = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (pixels == MAP_FAILED) { perror("mmap"); exit(1); }
    for (int i = 0; i < w * h; i++) pixels[i] = GREY;
    struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, size);
    struct wl_buffer *b = wl_shm_pool_create_buffer(pool, 0, w, h, stride, WL_SHM_FORMAT_XRGB8888);
    wl_shm_pool_destroy(pool);
    close(fd);
    return b;
}

/* A 9x9 square of `color` centred on the surface point (x, y), committed at once. */
static void paint(wl_fixed_t x, wl_fixed_t y, uint32_t color) {
    if (!buffer) return;
    int cx = wl_fixed_to_int(x), cy = wl_fixed_to_int(y);
    for (int py = cy - 4; py <= cy + 4; py++)
        for (int px = cx - 4; px <= cx + 4; px++)
            if (px >= 0 && py >= 0 && px < width && py < height) pixels[py * width + px] = color;
    wl_surface_attach(surface, buffer, 0, 0);
    wl_surface_damage(surface, cx - 4, cy - 4, 9, 9);
    wl_surface_commit(surface);
}

static void frame_done(void *d, struct wl_callback *cb, uint32_t time) {
    wl_callback_destroy(cb);
    say("mapped %d %d", width, height);
}
static const struct wl_callback_listener frame_listener = { frame_done };

static void xdg_surface_configure(void *d, struct xdg_surface *xs, uint32_t serial) {
    xdg_surface_ack_configure(xs, serial);
    if (configured) return;
    configured = 1;
    if (width <= 0 || height <= 0) { width = 320; height = 240; }
    say("configure %d %d", width, height);
    buffer = make_buffer(width, height);
    wl_surface_attach(surface, buffer, 0, 0);
    wl_surface_damage(surface, 0, 0, width, height);
    struct wl_callback *cb = wl_surface_frame(surface);
    wl_callback_add_listener(cb, &frame_listener, NULL);
    wl_surface_commit(surface);
}
static const struct xdg_surface_listener xdg_surface_listener = { xdg_surface_configure };

static void toplevel_configure(void *d, struct xdg_toplevel *t, int32_t w, int32_t h, struct wl_array *states) {
    if (!configured) { width = w; height = h; }
}
static void toplevel_close(void *d, struct xdg_toplevel *t) { running = 0; }
static const struct xdg_toplevel_listener toplevel_listener = { toplevel_configure, toplevel_close };

int main(void) {
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) { fprintf(stderr, "input_client: no Wayland display\n"); return 1; }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!compositor || !shm || !wm_base || !seat) { fprintf(stderr, "input_client: missing globals\n"); return 1; }
    surface = wl_compositor_create_surface(compositor);
    struct xdg_surface *xs = xdg_wm_base_get_xdg_surface(wm_base, surface);
    xdg_surface_add_listener(xs, &xdg_surface_listener, NULL);
    struct xdg_toplevel *toplevel = xdg_surface_get_toplevel(xs);
    xdg_toplevel_add_listener(toplevel, &toplevel_listener, NULL);
    xdg_toplevel_set_title(toplevel, "glfun input client");
    xdg_toplevel_set_app_id(toplevel, "glfun-input-client");
    xdg_toplevel_set_fullscreen(toplevel, NULL);
    wl_surface_commit(surface);
    while (running && wl_display_dispatch(display) != -1) {}
    wl_display_disconnect(display);
    return 0;
}
