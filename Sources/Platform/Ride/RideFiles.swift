import Core

/// The ride's files under the state folder (`/var/lib/navdisplay` by default, `--state-dir`):
/// `ride-state.txt` (the trail and the trip, for a restart) and `tracks/ride-YYYY-MM-DD.gpx` (each local day's
/// track as GPX 1.1). Every write is atomic (a power cut leaves the old file or the new one, never half of one).
/// Both are a location history, so they are the owner's alone: files 0600, folders made 0700 (as the
/// recordings are).
public struct RideFiles: Sendable {
    public static let defaultDirectory = "/var/lib/navdisplay"
    /// A state file larger than this is not one we wrote.
    public static let maximumStateBytes = 4 * 1_048_576

    public let directory: String

    public init(directory: String) { self.directory = directory }

    public var statePath: String { directory + "/ride-state.txt" }
    public var tracksDirectory: String { directory + "/tracks" }
    public func trackPath(for day: LocalDay) -> String { tracksDirectory + "/ride-\(day).gpx" }

    /// The saved state; nil when there is none. A damaged or unreadable file throws, naming what is wrong.
    public func loadState() throws(RideFileError) -> RideState? {
        guard let bytes = try RideSyscalls.readWholeFile(statePath, maxBytes: Self.maximumStateBytes) else {
            return nil
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw RideFileError(path: statePath, what: "is not UTF-8 text")
        }
        do {
            return try RideState(text: text)
        } catch {
            throw RideFileError(path: statePath, what: error.description)
        }
    }

    /// Writes `state`, making the folder when needed.
    public func saveState(_ state: RideState) throws {
        try RideSyscalls.makeDirectory(directory)
        try AtomicFile.write(state.text, to: statePath, permissions: 0o600)
    }

    /// The track written for `day`; nil when there is none. A damaged file throws.
    public func loadTrack(for day: LocalDay) throws(RideFileError) -> GPXDocument? {
        let path = trackPath(for: day)
        guard let bytes = try RideSyscalls.readWholeFile(path, maxBytes: RouteFile.maximumBytes) else { return nil }
        do {
            return try GPXReader.read(bytes)
        } catch {
            throw RideFileError(path: path, what: error.description)
        }
    }

    /// Writes `document` as `day`'s track, making the tracks folder when needed.
    public func saveTrack(_ document: GPXDocument, for day: LocalDay) throws {
        try RideSyscalls.makeDirectory(directory)
        try RideSyscalls.makeDirectory(tracksDirectory)
        try AtomicFile.write(bytes: Array(GPXWriter.write(document).utf8), to: trackPath(for: day), permissions: 0o600)
    }

    /// Moves a damaged file aside (`NAME.damaged`), so the next save does not overwrite what may be recovered.
    public func putAside(_ path: String) throws(RideFileError) {
        try RideSyscalls.rename(path, to: path + ".damaged")
    }

    /// The local time zone's offset from UTC at `utcSeconds`, in seconds east.
    public static func localOffsetSeconds(atUTC utcSeconds: Double) -> Int {
        RideSyscalls.localOffsetSeconds(atUTC: utcSeconds)
    }
}
