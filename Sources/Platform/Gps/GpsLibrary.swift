import CGps

/// The libgps 3.22 functions we call, looked up in `libgps.so.28` when the first gpsd connection is opened.
///
/// libgps is not linked, so a replay or a run without gpsd never maps it (docs/memory.md). Each pointer is
/// declared with the type Swift imports for the function from `gps.h`; PlatformTests' `SensorLibraryTableTests`
/// checks each against the imported declaration and its address. A property keeps the C function's name.
struct GpsLibrary: Sendable {
    /// The table, loaded on first use and kept for the process; a failure is kept too (installing libgps28 takes a
    /// restart, as a linked library would).
    static func load() throws(SharedLibraryError) -> GpsLibrary { try loaded.get() }

    private static let loaded = Result { () throws(SharedLibraryError) in
        try GpsLibrary(SharedLibrary(name: "libgps.so.28", package: "libgps28"))
    }

    let gps_open:
        @convention(c) (UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafeMutablePointer<gps_data_t>?) -> Int32
    let gps_close: @convention(c) (UnsafeMutablePointer<gps_data_t>?) -> Int32
    let gps_stream: @convention(c) (UnsafeMutablePointer<gps_data_t>?, UInt32, UnsafeMutableRawPointer?) -> Int32
    let gps_unpack: @convention(c) (UnsafeMutablePointer<CChar>?, UnsafeMutablePointer<gps_data_t>?) -> Int32
    let gps_errstr: @convention(c) (Int32) -> UnsafePointer<CChar>?

    /// Looks up every function at once, so a libgps without one fails at connect, not on the first report.
    init(_ library: SharedLibrary) throws(SharedLibraryError) {
        gps_open = try library.function("gps_open")
        gps_close = try library.function("gps_close")
        gps_stream = try library.function("gps_stream")
        gps_unpack = try library.function("gps_unpack")
        gps_errstr = try library.function("gps_errstr")
    }
}
