// libpng 1.6, used through its "simplified API" (png_image_*), which needs no setjmp error handling.
#include <png.h>
