// FreeType 2 (glyph rasterizing, and outlines for shaped text) and fontconfig (finding a font by name and
// by the characters it must cover), for Texture2D's text.
#ifndef GLFUN_CFREETYPE_SHIM_H
#define GLFUN_CFREETYPE_SHIM_H
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_MULTIPLE_MASTERS_H
#include FT_COLOR_H
#include FT_FONT_FORMATS_H
#include FT_TRUETYPE_TABLES_H
#include <fontconfig/fontconfig.h>

// FT_HAS_KERNING is a macro over face flags; Swift cannot call it.
static inline int glfun_ft_has_kerning(FT_Face face) { return FT_HAS_KERNING(face) ? 1 : 0; }
// Likewise FT_HAS_MULTIPLE_MASTERS (a variable font: an fvar table) and FT_HAS_COLOR.
static inline int glfun_ft_has_variations(FT_Face face) { return FT_HAS_MULTIPLE_MASTERS(face) ? 1 : 0; }
static inline int glfun_ft_has_color(FT_Face face) { return FT_HAS_COLOR(face) ? 1 : 0; }
// And FT_HAS_FIXED_SIZES (bitmap strikes: a CBDT or sbix colour font's).
static inline int glfun_ft_has_fixed_sizes(FT_Face face) { return FT_HAS_FIXED_SIZES(face) ? 1 : 0; }

// FreeType's error messages exist only as fterrors.h's X-macro table, and
// FT_Error_String returns NULL unless FreeType was built with
// FT_CONFIG_OPTION_ERROR_STRINGS (Debian's is not). Re-including fterrors.h
// with FT_ERRORDEF defined is the way fterrors.h documents to build the table;
// Swift cannot expand it, so it becomes a switch here. NULL for unknown codes.
static inline const char *glfun_ft_error_message(FT_Error error) {
#undef FTERRORS_H_
#define FT_ERRORDEF(e, v, s) case v: return s;
#define FT_ERROR_START_LIST switch (FT_ERROR_BASE(error)) {
#define FT_ERROR_END_LIST default: break; }
#include FT_ERRORS_H
    return 0;
}
#endif
