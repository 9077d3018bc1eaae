// libwebp's decoder.
#include <webp/decode.h>
