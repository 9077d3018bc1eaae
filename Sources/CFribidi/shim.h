// GNU FriBidi 1.0: the Unicode Bidirectional Algorithm (UAX #9), used for embedding levels per character.
#include <fribidi.h>

// Paragraph directions are macros built from other macros: re-export them.
static inline FriBidiParType cfribidi_par_on(void) { return FRIBIDI_PAR_ON; }
static inline FriBidiParType cfribidi_par_ltr(void) { return FRIBIDI_PAR_LTR; }
static inline FriBidiParType cfribidi_par_rtl(void) { return FRIBIDI_PAR_RTL; }
static inline int cfribidi_par_is_rtl(FriBidiParType t) { return FRIBIDI_IS_RTL(t) ? 1 : 0; }
