// swift-tools-version:6.0
// NavDisplay: one binary that reads a magnetometer, an accelerometer and gpsd, and draws a north-up,
// heading-up or course-up map with the user's arrow straight to DRM/KMS.
//
// Targets, from the inside out:
//   Core      pure Swift; geo, heading, camera, rasteriser, scene, recordings. Imports no C module, so the
//             compiler itself keeps hardware and C out of the logic.
//   C*        system-library targets over Debian's -dev packages: a module map and a shim header, nothing else.
//   Platform  the only Swift that imports the C modules: DRM/fbdev displays, IIO and gpsd sources, PNG files.
//   NavDisplay the `navdisplay` executable: argument parsing, wiring, the event loop.
//   Simulation the physical ride model and the bundled rides made with it: test input, benchmark scenarios and
//             `make-rides` (regenerates recordings/). The product never links it.
import PackageDescription

/// The hot functions' link order of the release binary (see the NavDisplay target).
let linkOrder = Context.packageDirectory + "/Sources/NavDisplay/LinkOrder/hot-functions.order"
/// A folder whose `libstdc++.so` is a linker script naming GCC's static archive (see the NavDisplay target).
let staticLibstdcxx = Context.packageDirectory + "/Sources/NavDisplay/StaticLibstdcxx"

let package = Package(
    name: "NavDisplay",
    products: [
        .executable(name: "navdisplay", targets: ["NavDisplay"]),
        .executable(name: "make-rides", targets: ["RideMaker"]),
    ],
    targets: [
        .target(name: "Core"),
        .systemLibrary(name: "CDrm", pkgConfig: "libdrm", providers: [.apt(["libdrm-dev"])]),
        // Headers only: no pkgConfig, whose `-liio`/`-lgps` would link the libraries into every product. Platform
        // opens them with dlopen when a live sensor or gpsd is used (IioLibrary, GpsLibrary; docs/memory.md).
        .systemLibrary(name: "CIio", providers: [.apt(["libiio-dev"])]),
        .systemLibrary(name: "CGps", providers: [.apt(["libgps-dev"])]),
        .systemLibrary(name: "CPng", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CJpeg", pkgConfig: "libjpeg", providers: [.apt(["libjpeg62-turbo-dev"])]),
        .systemLibrary(name: "CWebp", pkgConfig: "libwebp", providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CSqlite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CLinux"),
        // World text: rasterising, shaping, bidirectional order and font fallback (Platform/Text).
        .systemLibrary(name: "CFreetype", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
        .systemLibrary(name: "CHarfbuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
        .systemLibrary(name: "CFribidi", pkgConfig: "fribidi", providers: [.apt(["libfribidi-dev"])]),
        .systemLibrary(name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
        .systemLibrary(name: "CEvdev", pkgConfig: "libevdev", providers: [.apt(["libevdev-dev"])]),
        // Baselines for the benchmarks only; the product never links them.
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: [.apt(["libcairo2-dev"])]),
        .systemLibrary(name: "CPixman", pkgConfig: "pixman-1", providers: [.apt(["libpixman-1-dev"])]),
        .target(
            name: "Platform",
            dependencies: [
                "Core", "CDrm", "CIio", "CGps", "CPng", "CJpeg", "CWebp", "CSqlite", "CZlib", "CLinux",
                "CFreetype", "CHarfbuzz", "CFribidi", "CFontconfig", "CEvdev",
            ]),
        .target(name: "Simulation", dependencies: ["Core"]),
        .executableTarget(
            name: "NavDisplay", dependencies: ["Core", "Platform"], exclude: ["LinkOrder", "StaticLibstdcxx"],
            // The release binary (what ships, what the VM tests and benchmarks run) is linked for a small resident
            // set (docs/memory.md). lld packs its 42,700 relative relocations (1 MB of .rela.dyn, read at every
            // start) into 8.6 KB of DT_RELR (glibc 2.36+); no symbol table for dlsym is exported (0.7 MB of
            // .dynsym, .dynstr and .gnu.hash: nothing looks up the binary's own symbols); and the functions that
            // run (LinkOrder/hot-functions.order, from scripts/make-link-order) are placed together at the start
            // of .text, so the pages the loop touches are few instead of spread over 10 MB of code. The static
            // Swift runtime links `-lstdc++`; searched first, `staticLibstdcxx` turns that into GCC's static
            // archive, so only the few C++ functions the runtime calls are linked in, instead of mapping all of
            // libstdc++.so (1.0 MiB resident, 0.7–0.9 MiB less peak RSS on the bundled ride; docs/memory.md).
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-L", staticLibstdcxx,
                        "-use-ld=lld", "-Xlinker", "-z", "-Xlinker", "pack-relative-relocs",
                        "-Xlinker", "--no-export-dynamic",
                        "-Xlinker", "--symbol-ordering-file=\(linkOrder)", "-Xlinker", "--no-warn-symbol-ordering",
                    ], .when(configuration: .release))
            ]),
        .executableTarget(name: "RideMaker", dependencies: ["Core", "Platform", "Simulation"]),
        .executableTarget(name: "Benchmarks", dependencies: ["Core", "Platform", "Simulation", "CCairo", "CPixman"]),
        .testTarget(
            name: "CoreTests", dependencies: ["Core", "Simulation"],
            exclude: ["Fixtures", "Sun/Fixtures", "Ride/Fixtures"]),
        // Linked here only, so SensorLibraryTableTests can compare the dlsym tables with the headers' functions.
        .testTarget(
            name: "PlatformTests", dependencies: ["Core", "Platform", "CIio", "CGps"],
            linkerSettings: [.linkedLibrary("iio"), .linkedLibrary("gps")]),
        // Script tests for the text stack; they compare with HarfBuzz's `hb-shape` (libharfbuzz-bin).
        .testTarget(name: "TextTests", dependencies: ["Core", "Platform"]),
        .testTarget(
            name: "NavDisplayTests", dependencies: ["Core", "Platform", "Simulation", "NavDisplay"],
            exclude: ["Golden", "Fixtures"]),
    ],
    swiftLanguageModes: [.v6]
)
