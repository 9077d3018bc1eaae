#!/usr/bin/python3
"""A QEMU test bed: Debian's stock kernel, a busybox initramfs built per test, real kernel drivers.

Reusable by any system test (DRM, IIO, gpsd). The pieces:

    kernel = ensure_kernel()                      # cached in .vm-cache/kernel-<abi>/ (apt-get download, dpkg -x)
    ramfs = Initramfs(kernel)
    ramfs.add_modules(["bochs"])                   # with their dependencies (modprobe --show-depends)
    ramfs.add_executable("/path/to/navdisplay", "/bin/navdisplay")   # plus the closure `ldd` lists
    ramfs.add_file("/etc/x", data=b"...")
    with VM(kernel, ramfs.write(path), vga="std", serial2=True) as vm:
        rc, out = vm.run("modprobe bochs && ls /dev/dri")
        image = vm.screendump()                    # PIL image of what is scanned out (QMP screendump)
        vm.serial2.write(b"$GPRMC...\r\n")         # the second serial port (/dev/ttyS1 in the guest)
        data = vm.read_file("/tmp/result.txt")

The guest's init mounts proc, sys, devtmpfs and debugfs, then runs every line the host sends on the console
(/dev/ttyS0, echo off) and answers with a marker carrying the exit status, so tests drive the guest step by step.
Only the Python standard library is needed here; `screendump()` returns a PIL image (python3-pil).

The guest runs under KVM only when a plain boot was proven to work on this host (once, cached); otherwise TCG
(KVM here is a nested paravirtual KVM that cannot run a stock kernel). NAVVM_ACCEL=tcg|kvm forces one.
"""

from __future__ import annotations

import base64
import io
import json
import os
import re
import shutil
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CACHE = Path(os.environ.get("NAVVM_CACHE", REPO / ".vm-cache"))
BUSYBOX = "/bin/busybox"
# The libraries navdisplay opens with dlopen when a live IIO sensor or gpsd is first used
# (Sources/Platform/Iio/IioLibrary.swift, Sources/Platform/Gps/GpsLibrary.swift): `ldd` of the binary cannot list
# them, so `add_executable` adds them and what they link as well.
DLOPENED = ["libiio.so.0", "libgps.so.28"]


class VMError(Exception):
    """Something in the test bed failed; the message says what and what to do."""


def log(message: str) -> None:
    print(f"[vm] {message}", file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------------------------------
# The kernel: Debian's stock 6.1 image, cached by ABI.


@dataclass
class Kernel:
    version: str  # "6.1.0-57-amd64"
    vmlinux: Path  # uncompressed, PVH-bootable
    root: Path  # holds lib/modules/<version> with modules.dep


def _metapackage_abi() -> str | None:
    try:
        out = subprocess.run(["apt-cache", "depends", "linux-image-amd64"], capture_output=True, text=True).stdout
    except OSError:
        return None
    match = re.search(r"Depends: linux-image-(\d+\.\d+\.\d+-\d+-amd64)\b", out)
    return match.group(1) if match else None


def current_abi() -> str:
    """The ABI the `linux-image-amd64` metapackage points at now (e.g. 6.1.0-57-amd64)."""
    if os.environ.get("NAVVM_KERNEL"):
        return os.environ["NAVVM_KERNEL"]
    abi = _metapackage_abi()
    if abi is None and os.geteuid() == 0 and not list(CACHE.glob("kernel-*/complete")):
        # A fresh container has no package lists yet.
        log("apt knows no linux-image-amd64; running apt-get update")
        subprocess.run(["apt-get", "update", "-qq"], capture_output=True)
        abi = _metapackage_abi()
    if abi:
        return abi
    cached = sorted(CACHE.glob("kernel-*/complete"), key=lambda p: p.stat().st_mtime)
    if cached:
        return cached[-1].parent.name.removeprefix("kernel-")
    raise VMError("cannot tell which kernel to use: apt-cache knows no linux-image-amd64 and nothing is cached "
                  "(run apt-get update, or set NAVVM_KERNEL=6.1.0-NN-amd64)")


def extract_vmlinux(bzimage: Path, out: Path) -> None:
    """Writes the xz payload of a bzImage, decompressed: booting it skips ~6 s of in-guest decompression."""
    data = bzimage.read_bytes()
    start = data.find(b"\xfd7zXZ\x00")
    if start < 0:
        raise VMError(f"{bzimage} has no xz payload; cannot make an uncompressed vmlinux")
    # xz complains about the bytes after the stream (the bzImage trailer); the output is complete regardless.
    result = subprocess.run(["xz", "-dc"], input=data[start:], capture_output=True)
    if not result.stdout.startswith(b"\x7fELF"):
        raise VMError(f"xz did not produce an ELF from {bzimage}: {result.stderr.decode(errors='replace')}")
    out.write_bytes(result.stdout)


def ensure_kernel(abi: str | None = None) -> Kernel:
    """Downloads, unpacks and prepares the kernel once; later calls return the cached copy."""
    abi = abi or current_abi()
    base = CACHE / f"kernel-{abi}"
    kernel = Kernel(abi, base / "vmlinux", base / "root")
    if (base / "complete").exists():
        return kernel
    log(f"preparing kernel {abi} in {base}")
    if base.exists():
        shutil.rmtree(base)
    base.mkdir(parents=True)
    work = base / "download"
    work.mkdir()
    package = f"linux-image-{abi}-unsigned"
    result = subprocess.run(["apt-get", "download", package], cwd=work, capture_output=True, text=True)
    debs = list(work.glob("*.deb"))
    if not debs:
        shutil.rmtree(base)
        cached = sorted(CACHE.glob("kernel-*/complete"), key=lambda p: p.stat().st_mtime)
        if cached:  # offline, or the archive moved on: a kernel we already have still tests the same drivers
            log(f"apt-get download {package} failed; using the cached {cached[-1].parent.name}")
            return ensure_kernel(cached[-1].parent.name.removeprefix("kernel-"))
        raise VMError(f"apt-get download {package} failed: {result.stderr.strip()} (run apt-get update?)")
    unpacked = work / "x"
    subprocess.run(["dpkg", "-x", str(debs[0]), str(unpacked)], check=True)
    extract_vmlinux(unpacked / "boot" / f"vmlinuz-{abi}", kernel.vmlinux)
    (kernel.root / "lib").mkdir(parents=True)
    shutil.move(str(unpacked / "lib" / "modules"), str(kernel.root / "lib" / "modules"))
    # The package ships no modules.dep; modprobe (host and guest) needs one.
    subprocess.run(["depmod", "-b", str(kernel.root), abi], check=True)
    shutil.rmtree(work)
    (base / "complete").write_text(abi + "\n")
    return kernel


# ---------------------------------------------------------------------------------------------------------------
# The initramfs: an uncompressed newc cpio written here (no cpio tool needed).

INIT = r"""#!/bin/sh
/bin/busybox --install -s /bin
export PATH=/bin:/sbin:/usr/bin:/usr/sbin
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mount -t debugfs debugfs /sys/kernel/debug 2>/dev/null
mkdir -p /dev/pts /tmp /run
mount -t tmpfs tmp /tmp
stty -F /dev/console -echo 2>/dev/null
echo "@@BOOTED@@"
# Each line from the host is one command; its exit status follows as a marker. stdin is /dev/null so a command
# never eats the next line.
while IFS= read -r __line; do
    eval "$__line" </dev/null
done </dev/console >/dev/console 2>&1
poweroff -f
"""


class Initramfs:
    """Collects files for the guest's root and writes them as an uncompressed newc cpio archive."""

    def __init__(self, kernel: Kernel):
        self.kernel = kernel
        self.entries: dict[str, tuple[int, bytes | str]] = {}  # path -> (mode, data or symlink target)
        for d in ["bin", "sbin", "usr", "usr/bin", "usr/sbin", "lib", "lib64", "proc", "sys", "dev", "tmp",
                  "run", "etc", "root", f"lib/modules/{kernel.version}"]:
            self.add_dir("/" + d)
        self.add_file("/bin/busybox", host=BUSYBOX, mode=0o755)
        self.add_symlink("/bin/sh", "busybox")
        self.add_file("/init", data=INIT.encode(), mode=0o755)
        # An unprivileged user for permission tests: `su -s /bin/sh nav -c CMD`.
        self.add_file("/etc/passwd", data=b"root:x:0:0:root:/root:/bin/sh\nnav:x:1000:1000:nav:/tmp:/bin/sh\n")
        self.add_file("/etc/group", data=b"root:x:0:\nvideo:x:44:\nnav:x:1000:\n")
        for name in ["modules.dep", "modules.alias", "modules.symbols", "modules.builtin", "modules.order"]:
            path = kernel.root / "lib/modules" / kernel.version / name
            if path.exists():
                self.add_file(f"/lib/modules/{kernel.version}/{name}", host=str(path))

    def add_dir(self, guest: str) -> None:
        parts = guest.strip("/").split("/")
        for i in range(1, len(parts) + 1):
            self.entries.setdefault("/" + "/".join(parts[:i]), (stat.S_IFDIR | 0o755, b""))

    def add_file(self, guest: str, host: str | None = None, data: bytes | None = None, mode: int = 0o644) -> None:
        """Adds a file from the host (`host`) or from bytes (`data`)."""
        if data is None:
            if host is None:
                raise VMError(f"add_file({guest}) needs host or data")
            data = Path(host).read_bytes()
        self.add_dir(os.path.dirname(guest))
        self.entries[guest] = (stat.S_IFREG | mode, data)

    def add_symlink(self, guest: str, target: str) -> None:
        self.add_dir(os.path.dirname(guest))
        self.entries[guest] = (stat.S_IFLNK | 0o777, target)

    def add_modules(self, names: list[str]) -> None:
        """Adds kernel modules and everything they depend on, at their usual paths, so `modprobe` works."""
        for name in names:
            result = subprocess.run(["modprobe", "-d", str(self.kernel.root), "-S", self.kernel.version,
                                     "--show-depends", name], capture_output=True, text=True)
            if result.returncode != 0:
                raise VMError(f"kernel {self.kernel.version} has no module {name}: {result.stderr.strip()}")
            for line in result.stdout.splitlines():
                words = line.split()
                if words and words[0] == "insmod":
                    host = Path(words[1])
                    guest = "/" + str(host.relative_to(self.kernel.root))
                    self.add_file(guest, host=str(host))

    def add_executable(self, host: str, guest: str, strip: bool = True) -> None:
        """Adds a dynamically linked program (without its symbols, which only slow the boot), every shared
        library `ldd` lists for it, and the libraries in DLOPENED with theirs."""
        if strip:
            with tempfile.TemporaryDirectory() as tmp:
                stripped = Path(tmp) / "stripped"
                subprocess.run(["strip", "-o", str(stripped), host], check=True)
                self.add_file(guest, data=stripped.read_bytes(), mode=0o755)
        else:
            self.add_file(guest, host=host, mode=0o755)
        self._add_libraries(host)
        cache = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True, check=True).stdout
        for soname in DLOPENED:
            match = re.search(r"^\s*" + re.escape(soname) + r" \(libc6,x86-64\) => (/\S+)$", cache, re.M)
            if not match:
                raise VMError(f"{soname} is not installed (navdisplay opens it with dlopen)")
            self.add_file(match.group(1), host=os.path.realpath(match.group(1)), mode=0o755)
            self._add_libraries(match.group(1))

    def _add_libraries(self, host: str) -> None:
        """Adds every shared library `ldd` lists for a program or library, at the path the loader looks in."""
        result = subprocess.run(["ldd", host], capture_output=True, text=True)
        if result.returncode != 0:
            if "not a dynamic executable" in result.stdout + result.stderr:
                return
            raise VMError(f"ldd {host} failed: {result.stderr.strip()}")
        for line in result.stdout.splitlines():
            match = re.search(r"=>\s*(/\S+)", line) or re.match(r"\s*(/\S+)", line)
            if not match:
                if "not found" in line:
                    raise VMError(f"{host} needs a library that is not installed: {line.strip()}")
                continue
            lib = match.group(1)
            real = os.path.realpath(lib)
            self.add_file(lib, host=real, mode=0o755)
        self.add_file("/lib64/ld-linux-x86-64.so.2", host=os.path.realpath("/lib64/ld-linux-x86-64.so.2"),
                      mode=0o755)

    def write(self, path: str | Path) -> Path:
        path = Path(path)
        with open(path, "wb") as out:
            ino = 1
            for name in sorted(self.entries):
                mode, data = self.entries[name]
                body = data.encode() if isinstance(data, str) else data
                _cpio_entry(out, name.lstrip("/"), mode, body, ino)
                ino += 1
            _cpio_entry(out, "TRAILER!!!", 0, b"", 0)
        return path


def _cpio_entry(out, name: str, mode: int, body: bytes, ino: int) -> None:
    encoded = name.encode() + b"\0"
    fields = [ino, mode, 0, 0, 1, 0, len(body), 0, 0, 0, 0, len(encoded), 0]
    header = b"070701" + b"".join(b"%08X" % f for f in fields)
    out.write(header + encoded)
    out.write(b"\0" * (-(len(header) + len(encoded)) % 4))
    out.write(body)
    out.write(b"\0" * (-len(body) % 4))


# ---------------------------------------------------------------------------------------------------------------
# The machine.


class _Stream:
    """Collects bytes from a file object on a thread; waiters look for patterns in what arrived."""

    def __init__(self, reader, log_file=None):
        self.buffer = bytearray()
        self.cond = threading.Condition()
        self.closed = False
        self.log_file = log_file
        self.thread = threading.Thread(target=self._pump, args=(reader,), daemon=True)
        self.thread.start()

    def _pump(self, reader) -> None:
        while True:
            try:
                chunk = reader(65536)
            except OSError:
                chunk = b""
            with self.cond:
                if not chunk:
                    self.closed = True
                    self.cond.notify_all()
                    return
                self.buffer += chunk
                if self.log_file:
                    self.log_file.write(chunk)
                    self.log_file.flush()
                self.cond.notify_all()

    def wait_for(self, pattern: bytes, timeout: float) -> re.Match:
        """Waits until `pattern` (a regex) matches; consumes everything up to the end of the match."""
        regex = re.compile(pattern, re.S)
        deadline = time.monotonic() + timeout
        with self.cond:
            while True:
                match = regex.search(self.buffer)
                if match:
                    consumed = bytes(self.buffer[: match.end()])
                    del self.buffer[: match.end()]
                    return regex.search(consumed)
                remaining = deadline - time.monotonic()
                if remaining <= 0 or self.closed:
                    tail = bytes(self.buffer[-2000:]).decode(errors="replace")
                    state = "the VM exited" if self.closed else f"timed out after {timeout:.0f} s"
                    raise VMError(f"{state} waiting for {pattern!r}; last output:\n{tail}")
                self.cond.wait(remaining)

    def take(self) -> bytes:
        with self.cond:
            data = bytes(self.buffer)
            self.buffer.clear()
            return data


def _connect(path: Path, timeout: float, alive, what: str) -> socket.socket:
    """Connects to a unix socket QEMU serves, giving up at once when QEMU has exited."""
    deadline = time.monotonic() + timeout
    while True:
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.connect(str(path))
            return sock
        except OSError:
            sock.close()
            if not alive():
                raise VMError(f"QEMU exited before its {what} socket came up")
            if time.monotonic() > deadline:
                raise VMError(f"{what} socket {path} did not come up in {timeout:.0f} s")
            time.sleep(0.05)


class QMP:
    """The QEMU machine protocol over a unix socket."""

    def __init__(self, path: Path, timeout: float = 30, alive=lambda: True):
        self.sock = _connect(path, timeout, alive, "QMP")
        self.file = self.sock.makefile("rwb")
        self._read()  # greeting
        self.execute("qmp_capabilities")

    def _read(self) -> dict:
        line = self.file.readline()
        if not line:
            raise VMError("QMP connection closed")
        return json.loads(line)

    def execute(self, command: str, **arguments) -> object:
        message = {"execute": command}
        if arguments:
            message["arguments"] = arguments
        self.file.write(json.dumps(message).encode() + b"\n")
        self.file.flush()
        while True:
            reply = self._read()
            if "return" in reply:
                return reply["return"]
            if "error" in reply:
                raise VMError(f"QMP {command} failed: {reply['error'].get('desc')}")
            # anything else is an asynchronous event

    def close(self) -> None:
        self.sock.close()


class VM:
    """One QEMU guest booted from a kernel and an initramfs; use as a context manager."""

    def __init__(self, kernel: Kernel, initrd: Path, vga: str = "std", memory_mb: int = 512,
                 serial2: bool = False, extra_args: list[str] | None = None, append: str = "",
                 log_path: Path | None = None):
        self.kernel, self.initrd, self.vga = kernel, initrd, vga
        self.memory_mb, self.want_serial2 = memory_mb, serial2
        self.extra_args, self.append = extra_args or [], append
        self.log_path = log_path
        self.dir = Path(tempfile.mkdtemp(prefix="navvm-"))
        self.proc: subprocess.Popen | None = None
        self.qmp: QMP | None = None
        self.serial2: Serial2 | None = None
        self.counter = 0

    def _display_args(self) -> list[str]:
        if self.vga == "std":
            return ["-vga", "std"]
        if self.vga == "virtio":
            return ["-vga", "none", "-device", "virtio-gpu-pci"]
        if self.vga in ("none", "cirrus"):
            return ["-vga", self.vga]
        raise VMError(f"unknown vga {self.vga!r}: use std, virtio, cirrus or none")

    def start(self, boot_timeout: float = 120) -> "VM":
        accel = os.environ.get("NAVVM_ACCEL") or choose_accel(self.kernel)
        args = ["qemu-system-x86_64", "-accel", accel, "-cpu", "max" if accel == "tcg" else "host",
                "-m", str(self.memory_mb), "-smp", "1", "-no-reboot", "-display", "none",
                "-monitor", "none", "-serial", "stdio",
                "-qmp", f"unix:{self.dir / 'qmp.sock'},server=on,wait=off",
                "-kernel", str(self.kernel.vmlinux), "-initrd", str(self.initrd),
                "-append", f"console=ttyS0 panic=-1 loglevel=4 {self.append}".strip()]
        if self.want_serial2:
            args += ["-serial", f"unix:{self.dir / 'serial2.sock'},server=on,wait=off"]
        args += self._display_args() + self.extra_args
        self.log_file = open(self.log_path, "wb") if self.log_path else None
        self.started = time.monotonic()
        self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.console = _Stream(self.proc.stdout.read1, self.log_file)
        try:
            alive = lambda: self.proc.poll() is None  # noqa: E731
            self.qmp = QMP(self.dir / "qmp.sock", alive=alive)
            if self.want_serial2:
                self.serial2 = Serial2(self.dir / "serial2.sock", alive=alive)
        except (OSError, json.JSONDecodeError, VMError) as error:
            time.sleep(0.2)
            raise VMError(f"QEMU ({accel}) stopped before its monitor answered ({error}); it said:\n"
                          + self.console.take().decode(errors="replace")[-2000:])
        self.console.wait_for(rb"@@BOOTED@@", boot_timeout)
        self.boot_seconds = time.monotonic() - self.started
        return self

    def run(self, command: str, timeout: float = 60) -> tuple[int, str]:
        """Runs one shell command line in the guest; returns its exit status and output (stdout and stderr)."""
        if "\n" in command:
            raise VMError("run() takes one line; use put_file() and `sh FILE` for scripts")
        self.counter += 1
        tag = f"{self.counter}x{os.getpid()}"
        line = f"{{ {command} ; }} 2>&1; printf '\\n@@RC {tag} %d@@\\n' $?\n"
        if len(line) > 4000:
            raise VMError("command line too long for the tty; use put_file()")
        self.console.take()
        self.proc.stdin.write(line.encode())
        self.proc.stdin.flush()
        match = self.console.wait_for(rb"(.*)\r?\n@@RC " + tag.encode() + rb" (\d+)@@\r?\n", timeout)
        output = match.group(1).decode(errors="replace").replace("\r\n", "\n")
        return int(match.group(2)), output

    def check(self, command: str, timeout: float = 60) -> str:
        """Like run(), but a non-zero exit status raises with the output."""
        rc, out = self.run(command, timeout)
        if rc != 0:
            raise VMError(f"guest command failed with status {rc}: {command}\n{out}")
        return out

    def put_file(self, guest: str, data: bytes, mode: int = 0o644) -> None:
        """Writes a small file in the guest (base64 over the console)."""
        encoded = base64.b64encode(data).decode()
        self.check(f": > {guest}.b64")
        for i in range(0, len(encoded), 3000):
            self.check(f"echo {encoded[i:i + 3000]} >> {guest}.b64")
        self.check(f"base64 -d {guest}.b64 > {guest} && rm {guest}.b64 && chmod {mode:o} {guest}")

    def read_file(self, guest: str, timeout: float = 60) -> bytes:
        """Reads a file from the guest (base64 over the console)."""
        out = self.check(f"base64 {guest}", timeout)
        return base64.b64decode("".join(out.split()))

    def screendump(self):
        """What the display scans out now, as a PIL RGB image."""
        from PIL import Image

        path = self.dir / f"screen-{time.monotonic_ns()}.ppm"
        self.qmp.execute("screendump", filename=str(path))
        with Image.open(path) as image:
            image.load()
            result = image.convert("RGB")
        path.unlink()
        return result

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            try:
                self.proc.stdin.write(b"poweroff -f\n")
                self.proc.stdin.flush()
                self.proc.wait(timeout=10)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
        if self.qmp:
            self.qmp.close()
        if self.serial2:
            self.serial2.close()
        if self.log_file:
            self.log_file.close()
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self) -> "VM":
        return self.start() if self.proc is None else self

    def __exit__(self, *exc) -> None:
        self.stop()


def choose_accel(kernel: Kernel) -> str:
    """KVM when /dev/kvm exists and a plain boot of this kernel was proven to work there, else TCG.

    The proof (one boot of a busybox-only initramfs) is cached per kernel and host kernel in .vm-cache: a nested
    paravirtual KVM such as this machine's exits with emulation failures, and TCG is then the answer for good.
    """
    if not os.access("/dev/kvm", os.R_OK | os.W_OK):
        return "tcg"
    stamp = CACHE / f"accel-{kernel.version}-{os.uname().release}"
    if stamp.exists():
        return stamp.read_text().strip()
    verdict = "tcg"
    with tempfile.TemporaryDirectory() as tmp:
        initrd = Initramfs(kernel).write(Path(tmp) / "initrd.cpio")
        vm = VM(kernel, initrd, vga="none")
        try:
            os.environ["NAVVM_ACCEL"] = "kvm"
            vm.start(boot_timeout=30)
            if vm.check("echo kvm-ok").strip() == "kvm-ok":
                verdict = "kvm"
        except VMError as error:
            log(f"KVM cannot boot the stock kernel here, using TCG ({str(error).splitlines()[0]})")
        finally:
            del os.environ["NAVVM_ACCEL"]
            vm.stop()
    stamp.write_text(verdict + "\n")
    return verdict


class Serial2:
    """The guest's /dev/ttyS1 as a socket on the host; everything the guest sends is drained into a buffer
    (an undrained socket stalls the UART)."""

    def __init__(self, path: Path, timeout: float = 10, alive=lambda: True):
        self.sock = _connect(path, timeout, alive, "second serial port")
        self.stream = _Stream(self.sock.recv)

    def write(self, data: bytes) -> None:
        self.sock.sendall(data)

    def wait_for(self, pattern: bytes, timeout: float = 30) -> re.Match:
        return self.stream.wait_for(pattern, timeout)

    def take(self) -> bytes:
        return self.stream.take()

    def close(self) -> None:
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()


# ---------------------------------------------------------------------------------------------------------------
# Smoke test: `scripts/vm/navvm.py` boots a guest with bochs-drm and prints what it sees.

if __name__ == "__main__":
    kernel = ensure_kernel()
    ramfs = Initramfs(kernel)
    ramfs.add_modules(["bochs"])
    with tempfile.TemporaryDirectory() as tmp:
        image = ramfs.write(Path(tmp) / "initrd.cpio")
        log(f"initramfs {image.stat().st_size // 1024} KiB")
        with VM(kernel, image, vga="std") as vm:
            log(f"booted in {vm.boot_seconds:.1f} s")
            print(vm.check("modprobe bochs && ls -l /dev/dri && cat /sys/class/drm/card0-*/modes"))
            shot = vm.screendump()
            print("screendump", shot.size)
