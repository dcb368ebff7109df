// HarfBuzz (text shaping: glyphs and their positions for a run of one font, script and
// direction), for GLFunImages' shaped text. Its own font loading (hb_face_create from the
// file) is used, so positions are in font units, unhinted, at any scale.
#ifndef GLFUN_CHARFBUZZ_SHIM_H
#define GLFUN_CHARFBUZZ_SHIM_H
#include <hb.h>
#include <hb-ot.h>
#endif
