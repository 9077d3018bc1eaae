#!/bin/bash
# scripts/bench-first-frame.sh: the first frame with the map complete, measured from exec, on the bundled map and
# ride (issue 20's target: at most 0.3 s). It runs the real release binary replaying recordings/helsinki-ride.navrec
# heading-up at zoom 16.5 on its fbdev display path, writing into an in-memory framebuffer (scripts/bench-peer/
# memfb.c, LD_PRELOAD), whose watcher saves every new picture with its time since the library was loaded, i.e. just
# after exec; scripts/bench-peer/first-complete.py then finds the first picture with no placeholder (every visible
# tile drawn). REPS runs, one at a time; prints each run's figure and the median.
#
# Settings (environment): REPS (5) BIN (.build/release/navdisplay) W H (800 480) ND_ARGS (more flags)
#   WATCH_S (2: seconds the watcher looks) TRACE (0; 1 also writes strace -f -tt of each run beside it)
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/.." && pwd)
REPS=${REPS:-5}
BIN=${BIN:-$ROOT/.build/release/navdisplay}
W=${W:-800}; H=${H:-480}
WATCH_S=${WATCH_S:-2}
ND_ARGS=${ND_ARGS:-}
TRACE=${TRACE:-0}
WORK=$(mktemp -d /tmp/bench-first-frame.XXXXXX)
[ -x "$BIN" ] || { echo "no $BIN: make build" >&2; exit 1; }
gcc -O2 -shared -fPIC -o "$WORK/memfb.so" "$ROOT/scripts/bench-peer/memfb.c" -ldl -lpthread

figures=()
for r in $(seq 1 "$REPS"); do
    rd=$WORK/run-$r
    mkdir -p "$rd/frames"
    wrap=()
    [ "$TRACE" = 1 ] && wrap=(strace -f -tt -o "$rd/strace.txt")
    # The process is stopped after the watcher's window, by its own PID (timeout's child).
    # shellcheck disable=SC2086  # the flags are words on purpose
    ( cd "$ROOT" && exec timeout -s TERM $((WATCH_S + 1)) env LD_PRELOAD="$WORK/memfb.so" MEMFB_PATH=/dev/fb-memory \
        MEMFB_WIDTH="$W" MEMFB_HEIGHT="$H" MEMFB_WATCH_DIR="$rd/frames" MEMFB_WATCH_S="$WATCH_S" "${wrap[@]}" \
        "$BIN" replay recordings/helsinki-ride.navrec --speed 1 --orientation heading-up --zoom 16.5 \
        --map maps/helsinki.mbtiles --display fbdev --card /dev/fb-memory $ND_ARGS >"$rd/navdisplay.log" 2>&1 ) || true
    python3 "$ROOT/scripts/bench-peer/first-complete.py" "$rd/frames" >"$rd/first.txt"
    first=$(awk '/^first_complete_s/{print $2}' "$rd/first.txt")
    frames=$(grep -c ' s  placeholder' "$rd/first.txt" || true)
    echo "run $r: first frame with the map complete $first s after exec ($frames pictures seen)"
    [ "$first" != none ] && figures+=("$first")
    rm -rf "$rd/frames"
done
if [ ${#figures[@]} -gt 0 ]; then
    median=$(printf '%s\n' "${figures[@]}" | sort -n | awk '{a[NR]=$1} END{print a[int((NR+1)/2)]}')
    echo "median of ${#figures[@]}: $median s (target 0.300 s; ratio $(awk -v m="$median" 'BEGIN{printf "%.2f", m/0.3}'))"
fi
echo "runs kept in $WORK"
