import Core

/// The route to follow, read from a GPX file (`--route FILE.gpx`): the first track with two points or more (its
/// segments joined), else the first route.
public enum RouteFile {
    /// Files larger than this are refused before reading: GPXReader's limit of 2,000,000 points is about 200 MB
    /// of GPX with times and elevations, so no file under the point limit is refused here.
    public static let maximumBytes = 256 * 1_048_576

    /// The line in `path`; a `RideFileError` naming the file and what is wrong when it is missing, too large, not
    /// GPX, broken, or has nothing to follow.
    public static func load(_ path: String) throws(RideFileError) -> RouteLine {
        guard let bytes = try RideSyscalls.readWholeFile(path, maxBytes: maximumBytes) else {
            throw RideFileError(path: path, what: "no such file")
        }
        do {
            return try RouteLine(document: try GPXReader.read(bytes))
        } catch let error as GPXError {
            throw RideFileError(path: path, what: error.description)
        } catch {
            throw RideFileError(path: path, what: "\(error)")
        }
    }
}
