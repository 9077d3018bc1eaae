#!/usr/bin/env bash
# Installs navdisplay as a kiosk on a Debian-based board: the release binary, the bundled map and ride, a system
# user, the udev rule for IIO sensors and the systemd unit that boots straight into the display.
#
#   sudo deploy/install.sh            # from a checkout, after `make build` (or it builds)
set -euo pipefail
cd "$(dirname "$0")/.."
[[ $(id -u) -eq 0 ]] || { echo "install.sh: run as root (sudo deploy/install.sh)" >&2; exit 1; }
scripts/install-deps
[[ -x .build/release/navdisplay ]] || swift build -c release --product navdisplay --static-swift-stdlib
install -m 0755 .build/release/navdisplay /usr/local/bin/navdisplay
install -d /usr/local/share/navdisplay/maps /usr/local/share/navdisplay/recordings
install -m 0644 maps/helsinki.mbtiles /usr/local/share/navdisplay/maps/
install -m 0644 recordings/helsinki-ride.navrec /usr/local/share/navdisplay/recordings/
install -m 0644 README.md /usr/local/share/navdisplay/
id navdisplay >/dev/null 2>&1 || useradd --system --home-dir /var/lib/navdisplay --shell /usr/sbin/nologin navdisplay
usermod -a -G video,input navdisplay
install -m 0644 deploy/60-navdisplay.rules /etc/udev/rules.d/
udevadm control --reload && udevadm trigger --subsystem-match=iio || true
install -m 0644 deploy/navdisplay.service /etc/systemd/system/
systemctl daemon-reload
systemctl enable navdisplay.service
systemctl enable gpsd.socket || true
echo "installed: reboot, or 'systemctl start navdisplay'; calibrate once with 'sudo -u navdisplay navdisplay calibrate'"
