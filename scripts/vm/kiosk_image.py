#!/usr/bin/python3
"""The kiosk boot test's machine: a real Debian 12 root file system with systemd, the navdisplay package installed
with apt, written into an ext4 disk image and booted on Debian's stock kernel (scripts/vm/navvm.py).

    base = base_rootfs(packages)          # mmdebstrap tarball, cached under /var/cache/navdisplay-vm by its recipe
    image = KioskImage(kernel, base, work_dir)
    image.install_package(deb)            # `apt-get install ./navdisplay_*.deb` in the root, offline
    image.add_file("/root/next.deb", host=other_deb)
    disk = image.write_disk()             # ext4 image (mke2fs -d: no loop device, no mount)
    initrd = image.write_initramfs()      # busybox: loads virtio_blk and ext4, mounts /dev/vda, switch_root

The guest's systemd starts `navtest-shell.service` on the serial console: the same protocol as navvm's initramfs
(one command a line, a marker with its exit status), so navvm.VM.run() drives a booted Debian as it drives an
initramfs. It prints @@BOOTED@@ once multi-user.target's jobs are queued, which is what VM.start() waits for.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import navvm  # noqa: E402

CACHE = Path(os.environ.get("NAVDISPLAY_VM_CACHE", "/var/cache/navdisplay-vm"))
SUITE = "bookworm"
MIRRORS = [
    "deb http://deb.debian.org/debian bookworm main",
    "deb http://deb.debian.org/debian bookworm-updates main",
    "deb http://deb.debian.org/debian-security bookworm-security main",
]
# What the image has besides the package's own Depends: an init, udev (loads bochs, makes /dev/dri), gpsd on the
# second serial port, and the tools the checks call.
# i2c-tools writes the i2c-stub chip's registers for the IIO check.
SYSTEM_PACKAGES = ["systemd", "systemd-sysv", "udev", "kmod", "gpsd", "procps", "adduser", "i2c-tools"]
# Bump when the recipe below changes in a way the package list does not show.
RECIPE = "kiosk-rootfs-1"

GUEST_SHELL = r"""#!/bin/sh
# The test's console on ttyS0 (see scripts/vm/kiosk_image.py): each line from the host is one command, its exit
# status follows as a marker. stdin is /dev/null so a command never eats the next line.
stty -echo 2>/dev/null
echo "@@BOOTED@@"
while IFS= read -r __line; do
    eval "$__line" </dev/null
done
"""

# `chvt` without the kbd package (the image stays at the package's own closure): VT_ACTIVATE, then VT_WAITACTIVE,
# as kbd's chvt does. With navdisplay in VT_PROCESS mode the wait ends only once navdisplay allowed the switch.
NAVTEST_CHVT = r"""#!/usr/bin/perl
# navtest-chvt N: switch the foreground VT to N and wait until the switch is done.
use strict;
my $n = shift // die "usage: navtest-chvt N\n";
open(my $tty, "+<", "/dev/tty0") or die "/dev/tty0: $!\n";
ioctl($tty, 0x5606, 0 + $n) or die "VT_ACTIVATE $n: $!\n";
ioctl($tty, 0x5607, 0 + $n) or die "VT_WAITACTIVE $n: $!\n";
"""

# Asks gpsd itself for a fix (its JSON watch on the loopback), so the test knows the NMEA feed reaches it.
GPSD_FIX = r"""#!/bin/bash
# gpsd-fix: prints gpsd's first TPV report with a 2D or 3D fix and exits 0; fails when gpsd does not answer.
exec 3<>/dev/tcp/127.0.0.1/2947 || exit 1
printf '?WATCH={"enable":true,"json":true};\n' >&3
grep -m1 -E '"class":"TPV".*"mode":[23]' <&3
"""

GUEST_SHELL_UNIT = """[Unit]
Description=kiosk-test console on ttyS0
After=systemd-journald.service

[Service]
ExecStart=/usr/local/sbin/navtest-shell
StandardInput=tty
StandardOutput=tty
StandardError=tty
TTYPath=/dev/ttyS0
TTYReset=yes
Restart=always

[Install]
WantedBy=multi-user.target
"""

# Busybox's init for the initramfs: just enough to mount the disk and hand over to systemd.
INITRAMFS_INIT = r"""#!/bin/sh
/bin/busybox --install -s /bin
export PATH=/bin:/sbin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
# Busybox's modprobe reads modules.dep but not softdeps: ext4's checksum driver is loaded by name.
modprobe virtio_pci
modprobe virtio_blk
modprobe crc32c_generic
modprobe ext4
n=0
while [ ! -b /dev/vda ] && [ $n -lt 300 ]; do sleep 0.1; n=$((n + 1)); done
mkdir -p /newroot
mount -t ext4 -o rw /dev/vda /newroot || { echo "initramfs: cannot mount /dev/vda"; poweroff -f; }
umount /proc /sys
mount --move /dev /newroot/dev
exec switch_root /newroot /sbin/init
"""

# The kernel modules the guest loads: the disk and file system (from the initramfs), then bochs-drm and what
# udev may ask for. Kept to a list so the root stays small.
DISK_MODULES = ["virtio_pci", "virtio_blk", "crc32c_generic", "ext4"]
GUEST_MODULES = ["bochs", "virtio_pci", "virtio_blk", "ext4", "evdev", "i2c-stub", "i2c-dev", "hmc5843_i2c"]


def log(message: str) -> None:
    print(f"[kiosk] {message}", file=sys.stderr, flush=True)


def package_depends(deb: Path) -> list[str]:
    """The package names in a .deb's Depends (versions and alternatives' later choices dropped)."""
    depends = subprocess.run(["dpkg-deb", "-f", str(deb), "Depends"], capture_output=True, text=True,
                             check=True).stdout
    return sorted({item.split("|")[0].split("(")[0].strip() for item in depends.split(",") if item.strip()})


def base_rootfs(packages: list[str]) -> Path:
    """A Debian 12 root file system with systemd and `packages`, as a tarball made by mmdebstrap from Debian's
    archive; cached by the package list and recipe, so only a change of either builds it again (about 2 min)."""
    wanted = sorted(set(SYSTEM_PACKAGES) | set(packages))
    key = hashlib.sha256("\n".join([RECIPE, SUITE, *MIRRORS, *wanted]).encode()).hexdigest()[:16]
    tarball = CACHE / f"rootfs-{key}.tar"
    if tarball.exists():
        log(f"root file system from cache: {tarball}")
        return tarball
    CACHE.mkdir(parents=True, exist_ok=True)
    log(f"building the root file system with mmdebstrap ({len(wanted)} packages) into {tarball}")
    partial = tarball.with_suffix(".partial.tar")
    args = ["mmdebstrap", "--variant=apt", "--include=" + ",".join(wanted),
            # Documentation and translations only cost image time.
            "--dpkgopt=path-exclude=/usr/share/man/*", "--dpkgopt=path-exclude=/usr/share/doc/*",
            "--dpkgopt=path-exclude=/usr/share/locale/*", "--dpkgopt=path-include=/usr/share/doc/*/copyright",
            SUITE, str(partial), *MIRRORS]
    result = subprocess.run(args, capture_output=True, text=True)
    if result.returncode != 0:
        partial.unlink(missing_ok=True)
        raise navvm.VMError(f"mmdebstrap failed ({result.returncode}):\n{result.stderr[-3000:]}")
    partial.rename(tarball)
    (CACHE / f"rootfs-{key}.packages").write_text("\n".join(wanted) + "\n")
    # Keep this one and the one before it (another branch may still want it); older ones only take space.
    finished = [p for p in CACHE.glob("rootfs-*.tar") if not p.name.endswith(".partial.tar")]
    for old in sorted(finished, key=lambda p: p.stat().st_mtime)[:-2]:
        log(f"removing an old root file system: {old}")
        old.unlink()
        old.with_suffix(".packages").unlink(missing_ok=True)
    return tarball


class KioskImage:
    """One run's root file system, unpacked from the cached base into `work`."""

    def __init__(self, kernel: navvm.Kernel, base: Path, work: Path):
        self.kernel, self.work = kernel, work
        self.root = work / "root"
        if self.root.exists():
            shutil.rmtree(self.root)
        self.root.mkdir(parents=True)
        subprocess.run(["tar", "-xf", str(base), "-C", str(self.root), "--numeric-owner"], check=True)
        self._configure()

    def _configure(self) -> None:
        root = self.root
        # The base left out documentation to build faster; the package's own man page and copyright must install.
        (root / "etc/dpkg/dpkg.cfg.d/99mmdebstrap").unlink(missing_ok=True)
        (root / "etc/hostname").write_text("kiosk\n")
        (root / "etc/hosts").write_text("127.0.0.1 localhost\n127.0.1.1 kiosk\n::1 localhost\n")
        (root / "etc/fstab").write_text("/dev/vda / ext4 rw,relatime 0 1\n")
        # gpsd on the second serial port, read-only, polling it even with no client (so a fix is there at once).
        (root / "etc/default/gpsd").write_text(
            'START_DAEMON="true"\nUSBAUTO="false"\nDEVICES="/dev/ttyS1"\nGPSD_OPTIONS="-n -b"\n')
        self.add_file("/usr/local/sbin/navtest-shell", data=GUEST_SHELL.encode(), mode=0o755)
        self.add_file("/etc/systemd/system/navtest-shell.service", data=GUEST_SHELL_UNIT.encode())
        self.add_file("/usr/local/sbin/gpsd-fix", data=GPSD_FIX.encode(), mode=0o755)
        self.add_file("/usr/local/sbin/navtest-chvt", data=NAVTEST_CHVT.encode(), mode=0o755)
        self.add_symlink("/etc/systemd/system/multi-user.target.wants/navtest-shell.service",
                         "/etc/systemd/system/navtest-shell.service")
        # The serial console is the test's; no login prompt there.
        self.add_symlink("/etc/systemd/system/serial-getty@ttyS0.service", "/dev/null")
        # Nothing in the guest may wait for a network that is not there.
        self.add_symlink("/etc/systemd/system/systemd-networkd-wait-online.service", "/dev/null")
        self._add_modules(GUEST_MODULES)

    def _add_modules(self, names: list[str]) -> None:
        version = self.kernel.version
        for name in names:
            result = subprocess.run(["modprobe", "-d", str(self.kernel.root), "-S", version, "--show-depends", name],
                                    capture_output=True, text=True, check=True)
            for line in result.stdout.splitlines():
                words = line.split()
                if words and words[0] == "insmod":
                    host = Path(words[1])
                    guest = self.root / host.relative_to(self.kernel.root)
                    guest.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copy2(host, guest)
        modules = self.kernel.root / "lib/modules" / version
        for name in ["modules.builtin", "modules.builtin.modinfo", "modules.order"]:
            if (modules / name).exists():
                shutil.copy2(modules / name, self.root / "lib/modules" / version / name)
        subprocess.run(["depmod", "-b", str(self.root), version], check=True)

    def add_file(self, guest: str, host: Path | None = None, data: bytes | None = None, mode: int = 0o644) -> None:
        path = self.root / guest.lstrip("/")
        path.parent.mkdir(parents=True, exist_ok=True)
        if host is not None:
            shutil.copyfile(host, path)
        else:
            path.write_bytes(data or b"")
        path.chmod(mode)

    def add_symlink(self, guest: str, target: str) -> None:
        path = self.root / guest.lstrip("/")
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.is_symlink() or path.exists():
            path.unlink()
        path.symlink_to(target)

    def install_package(self, deb: Path) -> str:
        """`apt-get install ./navdisplay_*.deb` inside the root, offline: every dependency is in the base already,
        so apt downloads nothing (the base has no package lists and no sources at all). The maintainer scripts run as on a
        device being set up: the user is created and the unit enabled (not started: no systemd runs here)."""
        self.add_file(f"/tmp/{deb.name}", host=deb)
        mounts = []
        try:
            for fs, point, options in [("proc", "proc", "defaults"), ("sysfs", "sys", "defaults"),
                                       ("devpts", "dev/pts", "newinstance,ptmxmode=0666")]:
                target = self.root / point
                target.mkdir(parents=True, exist_ok=True)
                subprocess.run(["mount", "-t", fs, "-o", options, fs, str(target)], check=True)
                mounts.append(target)
            result = subprocess.run(
                ["chroot", str(self.root), "apt-get", "install", "-y", f"/tmp/{deb.name}"],
                capture_output=True, text=True, env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"})
        finally:
            for target in reversed(mounts):
                subprocess.run(["umount", "-l", str(target)])
        (self.root / "tmp" / deb.name).unlink()
        if result.returncode != 0:
            raise navvm.VMError(f"apt-get install {deb.name} in the root failed:\n{result.stdout[-2000:]}"
                                f"\n{result.stderr[-2000:]}")
        return result.stdout

    def write_disk(self, size: str = "2G") -> Path:
        disk = self.work / "disk.ext4"
        disk.unlink(missing_ok=True)
        subprocess.run(["mkfs.ext4", "-q", "-F", "-L", "kiosk", "-d", str(self.root), str(disk), size], check=True)
        return disk

    def write_initramfs(self) -> Path:
        ramfs = navvm.Initramfs(self.kernel)
        ramfs.add_modules(DISK_MODULES)
        ramfs.add_file("/init", data=INITRAMFS_INIT.encode(), mode=0o755)
        return ramfs.write(self.work / "initrd.cpio")
