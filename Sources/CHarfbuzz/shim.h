// HarfBuzz 6: OpenType shaping (GSUB substitution, GPOS positioning and kerning) with its own font functions,
// the same ones `hb-shape` uses by default, so the tests can compare glyph for glyph.
#include <hb.h>
#include <hb-ot.h>

static inline hb_direction_t charfbuzz_ltr(void) { return HB_DIRECTION_LTR; }
static inline hb_direction_t charfbuzz_rtl(void) { return HB_DIRECTION_RTL; }
