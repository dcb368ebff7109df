// The client side of the Wayland protocols GLFunWayland speaks beyond the core: made from the
// XML vendored in protocols/wayland/ by scripts/make/wayland-protocols (wayland-scanner) into
// include/protocols/ and generated/, and committed, so that `swift build` alone builds it.
#ifndef GLFUN_CWAYLANDPROTOCOLS_H
#define GLFUN_CWAYLANDPROTOCOLS_H
#include "protocols/xdg-shell-client-protocol.h"
#include "protocols/xdg-decoration-unstable-v1-client-protocol.h"
#include "protocols/viewporter-client-protocol.h"
#include "protocols/fractional-scale-v1-client-protocol.h"
#include "protocols/pointer-gestures-unstable-v1-client-protocol.h"
#include "protocols/idle-inhibit-unstable-v1-client-protocol.h"

// The interfaces are `extern const` structs: Swift would copy them, and libwayland needs
// their addresses.
static inline const struct wl_interface *glfun_xdg_wm_base_interface(void) { return &xdg_wm_base_interface; }
static inline const struct wl_interface *glfun_zxdg_decoration_manager_v1_interface(void) {
    return &zxdg_decoration_manager_v1_interface;
}
static inline const struct wl_interface *glfun_wp_viewporter_interface(void) { return &wp_viewporter_interface; }
static inline const struct wl_interface *glfun_wp_fractional_scale_manager_v1_interface(void) {
    return &wp_fractional_scale_manager_v1_interface;
}
static inline const struct wl_interface *glfun_zwp_pointer_gestures_v1_interface(void) {
    return &zwp_pointer_gestures_v1_interface;
}
static inline const struct wl_interface *glfun_zwp_idle_inhibit_manager_v1_interface(void) {
    return &zwp_idle_inhibit_manager_v1_interface;
}
#endif
