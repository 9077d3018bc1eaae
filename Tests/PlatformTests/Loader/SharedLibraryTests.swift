import Testing

@testable import Platform

/// `SharedLibrary`: what a board without libiio0 or libgps28 is told.
@Suite("Shared library loader")
struct SharedLibraryTests {
    @Test func aMissingLibraryIsAnErrorNamingItAndThePackageToInstall() {
        let error = #expect(throws: SharedLibraryError.self) {
            try SharedLibrary(name: "libnavdisplay-absent.so.7", package: "libnavdisplay-absent7")
        }
        #expect(error?.library == "libnavdisplay-absent.so.7")
        #expect(error?.symbol == nil)
        let text = error?.description ?? ""
        #expect(text.hasPrefix("libnavdisplay-absent.so.7 could not be loaded"))
        #expect(text.contains("install the Debian package libnavdisplay-absent7"))
        // dlerror's own words say why.
        #expect(text.contains("cannot open shared object file"))
    }

    @Test func aMissingFunctionIsAnErrorNamingItAndThePackage() throws {
        let libc = try SharedLibrary(name: "libc.so.6", package: "libc6")
        let error = #expect(throws: SharedLibraryError.self) {
            try libc.function("navdisplay_absent_function", as: (@convention(c) () -> Void).self)
        }
        #expect(error?.symbol == "navdisplay_absent_function")
        #expect(error?.description.hasPrefix("libc.so.6 has no navdisplay_absent_function") == true)
        #expect(error?.description.contains("libc6") == true)
    }

    @Test func aFoundFunctionIsCalledThroughItsPointer() throws {
        let libc = try SharedLibrary(name: "libc.so.6", package: "libc6")
        let abs = try libc.function("abs", as: (@convention(c) (Int32) -> Int32).self)
        #expect(abs(-7) == 7)
    }
}
