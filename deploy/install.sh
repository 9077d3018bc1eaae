#!/usr/bin/env bash
# Builds the navdisplay package from this checkout and installs it (on a machine with the Swift toolchain, the
# same architecture as the board). A board without a toolchain installs a package built elsewhere instead:
#
#   sudo apt install ./navdisplay_<version>_<arch>.deb
#
# The package brings only the run-time libraries; build and test tools never land on the device.
set -euo pipefail
cd "$(dirname "$0")/.."
[[ $(id -u) -eq 0 ]] || { echo "install.sh: run as root (sudo deploy/install.sh)" >&2; exit 1; }
scripts/deb/build-deb
version=$(.build/release/navdisplay --version | awk '{print $NF}')
apt-get install -y "./out/deb/navdisplay_${version}-1_$(dpkg --print-architecture).deb"
echo "installed: calibrate once (see README, On a device), then reboot"
