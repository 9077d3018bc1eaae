// libjpeg-turbo (jpeglib.h needs stdio.h and stddef.h first).
#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>
