/// Builds the ride's own track from its fixes, for writing as GPX on exit, on a key or at midnight.
///
/// A fix without a position is skipped; a gap longer than `gapSeconds` starts a new segment (GPX's way of
/// saying the receiver lost its fix), so a drawn track does not jump straight across a tunnel. The number of
/// points is capped (`maximumPoints`, the reader's own limit) so a week-long run cannot grow without bound:
/// past it the oldest segment is dropped.
public struct GPXTrackRecorder: Hashable, Sendable {
    public var name: String?
    /// A pause between fixes longer than this, in seconds, starts a new segment.
    public var gapSeconds: Double
    public var maximumPoints: Int
    public private(set) var segments: [[GPXPoint]] = []
    public private(set) var pointCount = 0
    private var lastTime: Timestamp?

    public init(name: String? = nil, gapSeconds: Double = 10, maximumPoints: Int = GPXReader.maximumPoints) {
        self.name = name
        self.gapSeconds = gapSeconds
        self.maximumPoints = max(1, maximumPoints)
    }

    /// Goes on from a track written before (the day's file read back after a restart): its first track's
    /// segments, newest points kept within `maximumPoints`; the next fix starts a new segment.
    public init(
        restoring document: GPXDocument, name: String? = nil, gapSeconds: Double = 10,
        maximumPoints: Int = GPXReader.maximumPoints
    ) {
        self.init(name: name ?? document.tracks.first?.name, gapSeconds: gapSeconds, maximumPoints: maximumPoints)
        segments = (document.tracks.first?.segments ?? []).filter { !$0.isEmpty }
        pointCount = segments.reduce(0) { $0 + $1.count }
        trim()
    }

    /// Adds one fix.
    public mutating func add(_ fix: GPSFix) {
        guard fix.mode >= .twoD, let c = fix.coordinate, c.isValid else { return }
        let point = GPXPoint(
            coordinate: c,
            elevationMetres: fix.mode == .threeD ? fix.altitudeMetres.flatMap { $0.isFinite ? $0 : nil } : nil,
            utcSeconds: fix.utcSeconds.flatMap { $0.isFinite ? $0 : nil })
        if let last = lastTime, fix.time.seconds(since: last) <= gapSeconds, !segments.isEmpty {
            segments[segments.count - 1].append(point)
        } else {
            segments.append([point])
        }
        lastTime = fix.time
        pointCount += 1
        trim()
    }

    /// Drops the oldest points past `maximumPoints`.
    private mutating func trim() {
        while pointCount > maximumPoints, !segments.isEmpty {
            if segments[0].count > pointCount - maximumPoints, segments.count == 1 {
                segments[0].removeFirst(pointCount - maximumPoints)
                pointCount = maximumPoints
            } else {
                pointCount -= segments.removeFirst().count
            }
        }
    }

    /// The track as a GPX document, with `waypoints` (the marked points) beside it.
    public func document(waypoints: [GPXPoint] = [], creator: String = "NavDisplay") -> GPXDocument {
        GPXDocument(
            creator: creator, utcSeconds: segments.first?.first?.utcSeconds, waypoints: waypoints,
            tracks: segments.isEmpty ? [] : [GPXTrack(name: name, segments: segments)])
    }
}
