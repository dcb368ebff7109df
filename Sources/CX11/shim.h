// Xlib, XInput 2.2 and the MIT-SCREEN-SAVER extension (libXss), for GLFunX11 only.
#ifndef GLFUN_CX11_SHIM_H
#define GLFUN_CX11_SHIM_H
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <X11/Xatom.h>
#include <X11/Xresource.h>
#include <X11/keysym.h>
#include <X11/cursorfont.h>
#include <X11/XKBlib.h>
#include <X11/extensions/XInput2.h>
#include <X11/extensions/scrnsaver.h>

// XISetMask and XIMaskLen are macros: Swift cannot call them.
static inline void glfun_xi_set_mask(unsigned char *mask, int event) { XISetMask(mask, event); }
static inline int glfun_xi_mask_len(int event) { return XIMaskLen(event); }
// ConnectionNumber and DefaultScreen are macros over the Display struct.
static inline int glfun_x_connection_number(Display *d) { return ConnectionNumber(d); }
static inline int glfun_x_default_screen(Display *d) { return DefaultScreen(d); }
static inline Window glfun_x_root_window(Display *d, int screen) { return RootWindow(d, screen); }
#endif
