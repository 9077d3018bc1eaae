import Glibc

/// What failed while reading a ride file (a route, the state, a day's track), and what to do about it.
///
/// Not a `SystemCallError`: it names the ride file the user must look at, and some failures (too large) have no errno.
public struct RideFileError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var what: String
    public var description: String { "\(path): \(what)" }
}

/// Every call into the C library for the ride's files (reading a whole file through `BoundedFile`, making
/// the tracks folder, renaming a damaged file aside, the local time zone). All return -1 and set errno, except
/// `localtime_r`, which returns NULL.
enum RideSyscalls {
    /// The bytes of `path`, refused without reading when it is not a regular file or is larger than `maxBytes`;
    /// nil when there is no such file.
    static func readWholeFile(_ path: String, maxBytes: Int) throws(RideFileError) -> [UInt8]? {
        do {
            return try BoundedFile.read(path, maxBytes: maxBytes)
        } catch {
            throw RideFileError(path: path, what: error.words(maxBytes: maxBytes))
        }
    }

    /// Makes `path` a folder (mode 0700: it holds a location history) unless it is one already.
    static func makeDirectory(_ path: String) throws(RideFileError) {
        if mkdir(path, 0o700) == 0 || errno == EEXIST { return }
        throw RideFileError(path: path, what: "cannot make the folder: \(errnoText())")
    }

    /// Renames `path` to `newPath` (a damaged file put aside so it is not overwritten).
    static func rename(_ path: String, to newPath: String) throws(RideFileError) {
        guard Glibc.rename(path, newPath) == 0 else {
            throw RideFileError(path: path, what: "cannot rename to \(newPath): \(errnoText())")
        }
    }

    /// The local time zone's offset from UTC at `utcSeconds`, in seconds east (`localtime_r`'s `tm_gmtoff`,
    /// from `TZ` or /etc/localtime); 0 when the time is out of range.
    static func localOffsetSeconds(atUTC utcSeconds: Double) -> Int {
        guard utcSeconds.isFinite, abs(utcSeconds) < 1e12, let whole = Int(checkedTruncating: utcSeconds) else {
            return 0
        }
        var t = time_t(whole)
        var parts = tm()
        guard localtime_r(&t, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }
}
