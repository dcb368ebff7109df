/* A tiny Wayland client that drives KWin for the tests (integration/wayland/kwin_session.py builds it
 * at test time with wayland-scanner's code from plasma-wayland-protocols' XML): input through
 * org_kde_kwin_fake_input, and the output's scale through kde_output_management_v2. KWin offers
 * both to privileged clients only; the harness runs KWin with KWIN_WAYLAND_NO_PERMISSION_CHECKS.
 *
 * One command a line on stdin, one answer a line on stdout ("ok", or "applied" / "failed" for a
 * scale) once KWin has handled it (a round trip). Positions are the output's logical points.
 *   motion X Y          pointer to (X, Y)
 *   button CODE 1|0     press / release an evdev button (272: left)
 *   key CODE 1|0        press / release an evdev key
 *   down ID X Y | move ID X Y | up ID | frame    touch points
 *   scale S             set the (first) output's scale to S, e.g. 1.25 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include "fake-input-client-protocol.h"
#include "kde-output-device-v2-client-protocol.h"
#include "kde-output-management-v2-client-protocol.h"

static struct org_kde_kwin_fake_input *fake;
static struct kde_output_management_v2 *management;
static struct kde_output_device_v2 *device;
static int applied = -1; /* the last configuration: -1 pending, 1 applied, 0 failed */

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version) {
    if (strcmp(interface, org_kde_kwin_fake_input_interface.name) == 0 && !fake)
        fake = wl_registry_bind(registry, name, &org_kde_kwin_fake_input_interface, version < 4 ? version : 4);
    else if (strcmp(interface, kde_output_management_v2_interface.name) == 0 && !management)
        management = wl_registry_bind(registry, name, &kde_output_management_v2_interface, 1);
    else if (strcmp(interface, kde_output_device_v2_interface.name) == 0 && !device)
        device = wl_registry_bind(registry, name, &kde_output_device_v2_interface, 1);
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t name) {}

static const struct wl_registry_listener registry_listener = {global, global_remove};

static void config_applied(void *data, struct kde_output_configuration_v2 *c) { applied = 1; }
static void config_failed(void *data, struct kde_output_configuration_v2 *c) { applied = 0; }

static const struct kde_output_configuration_v2_listener config_listener = {config_applied, config_failed};

static int set_scale(struct wl_display *display, double scale) {
    if (!management || !device) return 0;
    struct kde_output_configuration_v2 *config = kde_output_management_v2_create_configuration(management);
    kde_output_configuration_v2_add_listener(config, &config_listener, NULL);
    kde_output_configuration_v2_scale(config, device, wl_fixed_from_double(scale));
    applied = -1;
    kde_output_configuration_v2_apply(config);
    while (applied < 0 && wl_display_dispatch(display) >= 0) {}
    kde_output_configuration_v2_destroy(config);
    return applied == 1;
}

int main(void) {
    struct wl_display *display = wl_display_connect(NULL);
    if (!display) {
        fprintf(stderr, "kwin_control: no Wayland display\n");
        return 1;
    }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    wl_display_roundtrip(display);
    if (!fake) {
        fprintf(stderr, "kwin_control: no org_kde_kwin_fake_input (KWin without KWIN_WAYLAND_NO_PERMISSION_CHECKS?)\n");
        return 1;
    }
    org_kde_kwin_fake_input_authenticate(fake, "glfun tests", "drive the window under test");
    printf("ready\n");
    fflush(stdout);
    char line[256], cmd[16];
    while (fgets(line, sizeof line, stdin)) {
        double x = 0, y = 0;
        unsigned a = 0, b = 0;
        const char *answer = "ok";
        if (sscanf(line, "%15s", cmd) != 1) continue;
        if (strcmp(cmd, "motion") == 0 && sscanf(line, "%*s %lf %lf", &x, &y) == 2)
            org_kde_kwin_fake_input_pointer_motion_absolute(fake, wl_fixed_from_double(x), wl_fixed_from_double(y));
        else if (strcmp(cmd, "button") == 0 && sscanf(line, "%*s %u %u", &a, &b) == 2)
            org_kde_kwin_fake_input_button(fake, a, b);
        else if (strcmp(cmd, "key") == 0 && sscanf(line, "%*s %u %u", &a, &b) == 2)
            org_kde_kwin_fake_input_keyboard_key(fake, a, b);
        else if (strcmp(cmd, "down") == 0 && sscanf(line, "%*s %u %lf %lf", &a, &x, &y) == 3)
            org_kde_kwin_fake_input_touch_down(fake, a, wl_fixed_from_double(x), wl_fixed_from_double(y));
        else if (strcmp(cmd, "move") == 0 && sscanf(line, "%*s %u %lf %lf", &a, &x, &y) == 3)
            org_kde_kwin_fake_input_touch_motion(fake, a, wl_fixed_from_double(x), wl_fixed_from_double(y));
        else if (strcmp(cmd, "up") == 0 && sscanf(line, "%*s %u", &a) == 1)
            org_kde_kwin_fake_input_touch_up(fake, a);
        else if (strcmp(cmd, "frame") == 0)
            org_kde_kwin_fake_input_touch_frame(fake);
        else if (strcmp(cmd, "scale") == 0 && sscanf(line, "%*s %lf", &x) == 1)
            answer = set_scale(display, x) ? "applied" : "failed";
        else
            answer = "unknown";
        if (wl_display_roundtrip(display) < 0) return 1;
        printf("%s\n", answer);
        fflush(stdout);
    }
    wl_display_disconnect(display);
    return 0;
}
