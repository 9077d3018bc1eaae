import Glibc

/// A C library opened by its SONAME when a feature first needs it, instead of linked at start.
///
/// libiio and libgps are needed only with a live IIO sensor or gpsd, yet linked they bring in some twenty more
/// libraries (libxml2, ICU, avahi, dbus, libusb…) whose pages a replay keeps resident for nothing
/// (docs/memory.md). The handle is never closed: a library loaded for a live source stays for the process, as a
/// linked one would, and its dependencies are not all safe to unload. (`@unchecked Sendable`: the handle is only
/// given to dlsym, which is safe from any thread.)
struct SharedLibrary: @unchecked Sendable {
    /// The SONAME, `libiio.so.0`: the ABI we were built against, not the unversioned `-dev` link.
    let name: String
    /// The Debian package that ships it, named in the error a missing library gives.
    let package: String
    private let handle: UnsafeMutableRawPointer

    /// Loads the library and everything it links. The corresponding C function is `dlopen`.
    ///
    /// RTLD_NOW resolves all of its own symbols here, so a broken installation fails at open, not at a later call.
    init(name: String, package: String) throws(SharedLibraryError) {
        self.name = name
        self.package = package
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            throw SharedLibraryError(library: name, package: package, symbol: nil, detail: Self.lastError())
        }
        self.handle = handle
    }

    /// The function `symbol` as the `@convention(c)` type `T`. The corresponding C function is `dlsym`.
    ///
    /// dlsym cannot check the type: `T` must be written out to match the header (the per-library tables are
    /// checked against the imported C declarations by PlatformTests' `SensorLibraryTableTests`).
    func function<T>(_ symbol: String, as type: T.Type = T.self) throws(SharedLibraryError) -> T {
        guard let address = dlsym(handle, symbol) else {
            throw SharedLibraryError(library: name, package: package, symbol: symbol, detail: Self.lastError())
        }
        return unsafeBitCast(address, to: T.self)
    }

    /// dlerror's text, which names the file and why (not found, wrong class, undefined symbol).
    private static func lastError() -> String {
        dlerror().map { String(cString: $0) } ?? "unknown error"
    }
}

/// A library or one of its functions that could not be loaded: which, why, and which package to install.
struct SharedLibraryError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The SONAME asked for.
    var library: String
    /// The Debian package that ships it.
    var package: String
    /// The missing function, or nil when the library itself could not be opened.
    var symbol: String?
    /// dlerror's words.
    var detail: String

    var description: String {
        guard let symbol else {
            return "\(library) could not be loaded (install the Debian package \(package)): \(detail)"
        }
        return "\(library) has no \(symbol) (upgrade the Debian package \(package)): \(detail)"
    }
}
