// libmpv's client and render APIs (Debian libmpv-dev), for GLFunMovie only: the types and
// constants. Nothing links libmpv; GLFunMovie's LibMPV opens it with dlopen.
#ifndef GLFUN_CMPV_SHIM_H
#define GLFUN_CMPV_SHIM_H
#include <mpv/client.h>
#include <mpv/render.h>
#include <mpv/render_gl.h>
#endif
