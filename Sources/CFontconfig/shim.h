// fontconfig 2.14: finds font files by family and weight, and which fonts cover a character (from its cache,
// without opening the font files).
#include <fontconfig/fontconfig.h>

static inline int cfontconfig_weight_regular(void) { return FC_WEIGHT_REGULAR; }
static inline int cfontconfig_weight_bold(void) { return FC_WEIGHT_BOLD; }
static inline int cfontconfig_slant_roman(void) { return FC_SLANT_ROMAN; }
