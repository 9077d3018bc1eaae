import Core
import Testing

@Suite("Route line")
struct RouteLineTests {
    /// 300 m east along 60° N, then 300 m north: one right-angle left turn, points every 10 m.
    static func lShape(step: Double = 10) throws -> RouteLine {
        var points: [GeoCoordinate] = []
        let corner = GeoCoordinate(latitude: 60, longitude: 25)
        for i in stride(from: 300.0, to: 0, by: -step) {
            points.append(GreatCircle.destination(from: corner, bearing: Angle(270), distance: i))
        }
        for i in stride(from: 0.0, through: 300, by: step) {
            points.append(GreatCircle.destination(from: corner, bearing: .north, distance: i))
        }
        return try RouteLine(points: points)
    }

    @Test func theLengthIsTheSumOfItsSegments() throws {
        let line = try Self.lShape()
        #expect(abs(line.lengthMetres - 600) < 0.01)
        #expect(line.alongMetres.first == 0)
    }

    @Test func aRightAngleCornerIsOneTurnToTheLeft() throws {
        let line = try Self.lShape()
        try #require(line.turns.count == 1)
        #expect(abs(line.turns[0].angleDegrees + 90) < 1)
        #expect(abs(line.turns[0].alongMetres - 300) < 0.01)
        // A gentle bend of 30° is not a sharp turn.
        let bend = try RouteLine(points: [
            GeoCoordinate(latitude: 60, longitude: 25), GeoCoordinate(latitude: 60, longitude: 25.001),
            GreatCircle.destination(
                from: GeoCoordinate(latitude: 60, longitude: 25.001), bearing: Angle(120), distance: 60),
        ])
        #expect(bend.turns.isEmpty)
    }

    @Test func aUTurnOnATrackIsTurnOfAboutHalfACircle() throws {
        let start = GeoCoordinate(latitude: 60, longitude: 25)
        var points = (0...20).map { GreatCircle.destination(from: start, bearing: Angle(90), distance: Double($0) * 5) }
        // Back along a parallel line 4 m to the south.
        let back = GreatCircle.destination(from: points.last!, bearing: Angle(180), distance: 4)
        points += (0...20).map { GreatCircle.destination(from: back, bearing: Angle(270), distance: Double($0) * 5) }
        let line = try RouteLine(points: points)
        try #require(line.turns.count == 1)
        #expect(abs(line.turns[0].angleDegrees) > 150)
    }

    @Test func lessThanTwoPointsIsNoLine() {
        #expect(throws: RouteError.noLine) { try RouteLine(points: [GeoCoordinate(latitude: 1, longitude: 1)]) }
        #expect(throws: RouteError.noLine) { try RouteLine(document: GPXDocument()) }
    }

    @Test func theNearestPointIsFoundOnTheRightSegment() throws {
        let line = try Self.lShape()
        let corner = GeoCoordinate(latitude: 60, longitude: 25)
        // 20 m south of the east-west leg, 100 m before the corner.
        let onLeg = GreatCircle.destination(from: corner, bearing: Angle(270), distance: 100)
        let position = GreatCircle.destination(from: onLeg, bearing: Angle(180), distance: 20)
        let m = try #require(line.nearest(to: position))
        #expect(abs(m.distanceMetres - 20) < 0.1)
        #expect(abs(m.alongMetres - 200) < 0.1)
    }

    @Test func onlyTheChunksOnScreenAreDrawn() throws {
        // 10,000 points along 1 km steps of latitude... a long north-south line of 100 km.
        let start = GeoCoordinate(latitude: 50, longitude: 10)
        let points = (0..<10_000).map { GeoCoordinate(latitude: start.latitude + Double($0) * 0.0001, longitude: 10) }
        let line = try RouteLine(points: points)
        let box = GeoBox(minLatitude: 50.1, maxLatitude: 50.11, minLongitude: 9.99, maxLongitude: 10.01)
        let runs = line.visibleRuns(in: box)
        try #require(runs.count == 1)
        let run = runs[0]
        // Every point in the box is drawn, and at most a chunk on either side besides.
        #expect(run.lowerBound <= 1_000 && run.upperBound >= 1_100)
        #expect(run.count <= 100 + 2 * RouteLine.chunkSize + 1)
    }

    @Test func aGapBetweenTrackSegmentsIsNotDrawn() throws {
        let seg1 = (0..<10).map { GPXPoint(coordinate: GeoCoordinate(latitude: 1, longitude: 1 + Double($0) * 1e-4)) }
        let seg2 = (0..<10).map {
            GPXPoint(coordinate: GeoCoordinate(latitude: 1.001, longitude: 1 + Double($0) * 1e-4))
        }
        let line = try RouteLine(document: GPXDocument(tracks: [GPXTrack(segments: [seg1, seg2])]))
        #expect(line.points.count == 20)
        let all = GeoBox(minLatitude: 0, maxLatitude: 2, minLongitude: 0, maxLongitude: 2)
        #expect(line.visibleRuns(in: all) == [0...9, 10...19])
    }

    @Test func aCameraGivesTheBoxItShows() throws {
        let camera = Camera(
            mode: .northUp, center: GeoCoordinate(latitude: 60.17, longitude: 24.94), zoom: 16, mapBearing: .north,
            width: 800, height: 480)
        let box = GeoBox(camera: camera, marginPixels: 0)
        // 800 px at zoom 16 and 60° N is 800 · 1.19 m ≈ 955 m ≈ 0.0172° of longitude.
        #expect(abs((box.maxLongitude - box.minLongitude) - 800 * 360 / (256 * 65_536)) < 1e-9)
        #expect(box.minLatitude < 60.17 && box.maxLatitude > 60.17)
    }
}

@Suite("Route drawing and the ride's own track")
struct RouteDrawingTests {
    @Test func theRiddenPartEndsAndTheRestStartsAtTheRidersSegment() throws {
        let line = try RouteLineTests.lShape()
        let all = GeoBox(minLatitude: 59, maxLatitude: 61, minLongitude: 24, maxLongitude: 26)
        let runs = line.visibleRuns(in: all)
        let m = try #require(line.nearest(to: line.coordinate(segment: 40, fraction: 0.5)))
        #expect(m.segment == 40)
        let (ridden, ahead) = line.split(runs, at: m)
        #expect(ridden == [0...41])
        #expect(ahead == [40...(line.points.count - 1)])
    }

    @Test func aRecordedRideSplitsAtDropoutsAndWritesAsGPX() throws {
        var recorder = GPXTrackRecorder(name: "ride")
        for fix in try RideFixtures.helsinkiFixes() { recorder.add(fix) }
        // The bundled ride loses GPS for 20 s: two segments.
        #expect(recorder.segments.count == 2)
        let mark = GPXPoint(coordinate: GeoCoordinate(latitude: 60.17, longitude: 24.95), name: "Mark 1")
        let doc = recorder.document(waypoints: [mark])
        let back = try GPXReader.read(GPXWriter.write(doc))
        #expect(back.tracks.first?.segments.map(\.count) == recorder.segments.map(\.count))
        #expect(back.waypoints.first?.name == "Mark 1")
        #expect(back.utcSeconds == recorder.segments.first?.first?.utcSeconds)
    }

    @Test func aLongRecordingKeepsOnlyTheNewestPoints() {
        var recorder = GPXTrackRecorder(gapSeconds: 10, maximumPoints: 100)
        for i in 0..<250 {
            // A new segment every 50 fixes.
            let t = Double(i) + Double(i / 50) * 60
            recorder.add(
                GPSFix(
                    time: Timestamp(seconds: t), mode: .twoD,
                    coordinate: GeoCoordinate(latitude: 60, longitude: 25 + Double(i) * 1e-4)))
        }
        #expect(recorder.pointCount == 100)
        #expect(recorder.segments.map(\.count) == [50, 50])
        #expect(recorder.segments.last?.last?.coordinate.longitude == 25 + 249 * 1e-4)
    }
}
