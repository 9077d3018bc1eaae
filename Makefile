# NavDisplay's two front-door commands (see README.md):
#   make demo   install what is missing, build, and ride the bundled route (on the screen, else into PNG frames)
#   make test   install what is missing, build, and run every test: unit, integration (real gpsd), and the
#               QEMU system tests on real kernel drivers (DRM, IIO)
.PHONY: deps build demo test lint unit-tests vm-tests bench bench-peer clean fuzz fuzz-smoke deb kiosk-test

deps:
	@scripts/install-deps

# The Swift runtime linked in, as the Debian package, the VM tests and the benchmarks build it: what is run and
# measured is what ships (2 MiB less resident and no /opt/swift libraries at run time).
build: deps
	swift build -c release --static-swift-stdlib --product navdisplay

demo: build
	.build/release/navdisplay demo

test: deps lint unit-tests fuzz-smoke vm-tests

# The tree must match .swift-format exactly (fix with `swift format -i -r Sources Tests Package.swift`).
# AlwaysUseLowerCamelCase is off: the C-edge files name their wrappers after the C calls (`system_open`,
# swift-system's convention in STYLE.md), and test names read as sentences.
lint:
	swift format lint --strict --parallel -r Sources Tests Package.swift

unit-tests:
	swift build --build-tests
	swift test --skip-build

vm-tests:
	scripts/vm/run-display-tests
	scripts/vm/iio-tests
	scripts/vm/calibrate-tests
	scripts/vm/kiosk-test
	scripts/ride/uinput-vm-test

# The Debian package (out/deb/navdisplay_<version>_<arch>.deb), checked by lintian.
deb: deps
	scripts/deb/build-deb

# The package installed in a Debian 12 root file system and booted in QEMU (scripts/vm/kiosk-test).
kiosk-test: deps
	scripts/vm/kiosk-test

# libFuzzer harnesses for every parser (Fuzz/, docs/fuzzing.md). `make fuzz` runs each for FUZZ_SECONDS and
# merges new coverage into Fuzz/Corpus; `make fuzz-smoke` runs each over its seeds plus 2,000 mutations (CI).
FUZZ_SECONDS ?= 60
fuzz: deps
	scripts/fuzz --seconds $(FUZZ_SECONDS)

fuzz-smoke: deps
	scripts/fuzz --smoke

bench: deps
	swift build -c release --static-swift-stdlib
	.build/release/Benchmarks

# Navit (installed from Debian) and navdisplay side by side on the same tracks in the same window of time; not
# part of `make test`. Settings such as REPS=1 MOVE_S=30 are passed through: see scripts/bench-peer/bench-peer.sh.
bench-peer:
	scripts/bench-peer/bench-peer.sh

clean:
	rm -rf .build out demo-frames
