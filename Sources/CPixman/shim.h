// pixman: the benchmark's baseline for rotated composites only.
#include <pixman.h>
