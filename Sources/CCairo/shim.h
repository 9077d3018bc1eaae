// cairo: the benchmark's baseline rasteriser only.
#include <cairo.h>
