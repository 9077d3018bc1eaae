// zlib: gzip and zlib streams in MVT tiles and PMTiles directories.
#include <zlib.h>
