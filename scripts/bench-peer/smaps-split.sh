#!/bin/bash
# smaps-split.sh PID: resident KiB per mapping group (Swift runtime and Foundation libraries, other shared
# libraries, the binary, heap and anonymous memory), from /proc/PID/smaps.
awk '
/^[0-9a-f]+-[0-9a-f]+ / { name = (NF >= 6) ? $6 : "[anon]" }
/^Rss:/ {
    g = name
    if (name ~ /lib_FoundationICU/) g = "lib_FoundationICU.so"
    else if (name ~ /libFoundationEssentials/) g = "libFoundationEssentials.so"
    else if (name ~ /libFoundationInternationalization/) g = "libFoundationInternationalization.so"
    else if (name ~ /libFoundation\.so/) g = "libFoundation.so"
    else if (name ~ /libswiftCore/) g = "libswiftCore.so"
    else if (name ~ /\/opt\/swift\//) g = "other Swift runtime libraries"
    else if (name ~ /navdisplay/) g = "the navdisplay binary"
    else if (name ~ /\.so/) g = "other shared libraries (libc, libpng, sqlite, ...)"
    else if (name ~ /memfd:memfb/) g = "the in-memory framebuffer (memfb)"
    else if (name == "[heap]" || name == "[anon]" ) g = "heap and anonymous (caches, frames, tiles)"
    else if (name ~ /mbtiles/) g = "the map file (mapped)"
    else g = "other (" name ")"
    kb[g] += $2; total += $2
}
END { for (g in kb) printf "%8d KiB  %s\n", kb[g], g; printf "%8d KiB  total\n", total }' "/proc/$1/smaps" | sort -rn
