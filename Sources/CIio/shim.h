// libiio 0.24, local context: magnetometers and accelerometers registered by kernel IIO drivers.
#include <iio.h>
