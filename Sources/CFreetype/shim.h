// FreeType 2.12: glyph rasterisation (anti-aliased coverage), light hinting, glyph outlines and face metrics.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H
#include FT_TRUETYPE_TABLES_H

// Load flags are function-like or shifted macros that Swift cannot import: re-export the ones we use.
// Light hinting snaps outlines vertically only, so advances stay those HarfBuzz computes from the font.
static inline FT_Int32 cfreetype_load_light(void) { return FT_LOAD_TARGET_LIGHT | FT_LOAD_NO_BITMAP; }
static inline FT_Int32 cfreetype_load_unhinted(void) { return FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP; }
static inline FT_Render_Mode cfreetype_render_light(void) { return FT_RENDER_MODE_LIGHT; }
static inline FT_Encoding cfreetype_encoding_unicode(void) { return FT_ENCODING_UNICODE; }
