import Core
import Foundation
import FoundationXML
import Glibc

/// GPX and route figures for the ride issue: a 10^6-point track written, read by our reader and, as the
/// baseline in the same run, by Foundation's XMLParser (libxml2's SAX parser) doing the same work; the route
/// line and its index built; a fix matched on and off the route; what one screen draws.
func runRouteBenchmark() {
    print("\n== Route: a 10^6-point GPX track ==")
    sunBenchmark()
    let count = 1_000_000
    let document = GPXDocument(
        creator: "RouteBenchmark", tracks: [GPXTrack(name: "meander", segments: [meander(count)])])
    var text = ""
    let write = cpuSeconds { text = GPXWriter.write(document) }
    let bytes = Array(text.utf8)
    text = ""
    print("  file: \(count) track points, \(bytes.count / 1_000_000) MB; written in \(ms(write)) ms")

    let rssBefore = residentMegabytes()
    var loaded = GPXDocument()
    var ours: [Double] = []
    for _ in 0..<3 {
        ours.append(
            cpuSeconds {
                do { loaded = try GPXReader.read(bytes) } catch { print("  read failed: \(error)") }
            })
    }
    let ourMedian = ours.sorted()[1]
    print("  read, ours (median of 3):        \(ms(ourMedian)) ms  (\(mbPerSecond(bytes.count, ourMedian)) MB/s)")
    print("  memory held by the document:     \(residentMegabytes() - rssBefore) MB more resident")
    // Coordinates (7 decimals here) and whole-second times come back exactly; elevations to the 3 decimals written.
    let written = document.tracks[0].segments[0]
    let back = loaded.tracks.first?.segments.first ?? []
    let exact =
        back.count == written.count
        && zip(back, written).allSatisfy { $0.coordinate == $1.coordinate && $0.utcSeconds == $1.utcSeconds }
    let worstElevation =
        zip(back, written).map { abs(($0.elevationMetres ?? 0) - ($1.elevationMetres ?? 0)) }.max() ?? 0
    print("  read back: positions and times exact: \(exact); worst elevation difference \(worstElevation) m")

    var foundationPoints = 0
    let foundation = cpuSeconds { foundationPoints = foundationParse(bytes) }
    print(
        "  read, Foundation XMLParser:      \(ms(foundation)) ms  (\(foundationPoints) points; ratio ours / XMLParser"
            + " \(formatFixed(ourMedian / foundation, digits: 2)))")

    var line: RouteLine?
    let build = cpuSeconds { line = try? RouteLine(document: loaded) }
    guard let line else {
        print("  route line failed")
        return
    }
    print(
        "  route line + index + turns:      \(ms(build)) ms  (\(line.turns.count) sharp turns, \(formatFixed(line.lengthMetres / 1_000, digits: 0)) km)"
    )

    // Following along: 2,000 fixes spread over the first 20,000 points, 1 m off the line.
    var follower = RouteFollower(route: line)
    let along = stride(from: 0, to: 20_000, by: 10).map { i in
        GreatCircle.destination(from: line.points[i], bearing: Angle(90), distance: 1)
    }
    let onRoute = cpuSeconds {
        for (i, p) in along.enumerated() {
            _ = follower.update(position: p, speedMetresPerSecond: 5, time: Timestamp(seconds: Double(i)))
        }
    }
    print("  follow one fix on the route:     \(formatFixed(onRoute / Double(along.count) * 1e6, digits: 1)) µs")
    let far = GeoCoordinate(latitude: 60.5, longitude: 25.5)
    var match: RouteMatch?
    let offRoute = cpuSeconds { for _ in 0..<20 { match = line.nearest(to: far) } } / 20
    print(
        "  nearest point, whole line:       \(formatFixed(offRoute * 1e3, digits: 2)) ms"
            + "  (\(formatFixed((match?.distanceMetres ?? 0) / 1_000, digits: 1)) km away)")

    let camera = Camera(
        mode: .northUp, center: line.points[500_000], zoom: 16, mapBearing: .north, width: 800, height: 480)
    let box = GeoBox(camera: camera)
    var runs: [ClosedRange<Int>] = []
    let visible = cpuSeconds { for _ in 0..<100 { runs = line.visibleRuns(in: box) } } / 100
    let drawn = runs.reduce(0) { $0 + $1.count }
    print(
        "  visible runs for 800×480 at z16: \(formatFixed(visible * 1e6, digits: 0)) µs; \(drawn) of \(count) points"
            + " in \(runs.count) runs")
}

/// The cost of one solar position (the day/night switch computes one per fix).
private func sunBenchmark() {
    let observer = SolarPosition.Observer(coordinate: GeoCoordinate(latitude: 60.17, longitude: 24.94))
    let start = UTCDateTime(year: 2024, month: 9, day: 23).secondsSince1970
    var sum = 0.0
    let n = 10_000
    let seconds = cpuSeconds {
        for i in 0..<n {
            sum += SolarPosition.at(utcSeconds: start + Double(i) * 8.64, observer: observer)?.elevationDegrees ?? 0
        }
    }
    print(
        "  sun position (NREL SPA), one call: \(formatFixed(seconds / Double(n) * 1e6, digits: 1)) µs (checksum \(formatFixed(sum / Double(n), digits: 3)))"
    )
}

/// A long tour from Helsinki towards the east-north-east, a point every 5 m with elevation and time: gentle
/// curves and a right-angle corner every 400 points (2 km), right and left in turn.
private func meander(_ count: Int) -> [GPXPoint] {
    var points: [GPXPoint] = []
    points.reserveCapacity(count)
    var here = GeoCoordinate(latitude: 60.17, longitude: 24.94)
    var bearing = 70.0
    let start = UTCDateTime(year: 2024, month: 6, day: 1, hour: 6).secondsSince1970
    for i in 0..<count {
        let t = Double(i)
        let corner = (i / 400) % 2 == 0 ? 0.0 : 90.0
        bearing = 70 + 40 * sin(t / 300) + corner
        here = GreatCircle.destination(from: here, bearing: Angle(bearing), distance: 5)
        let rounded = GeoCoordinate(
            latitude: (here.latitude * 1e7).rounded() / 1e7, longitude: (here.longitude * 1e7).rounded() / 1e7)
        points.append(
            GPXPoint(coordinate: rounded, elevationMetres: 20 + 10 * sin(t / 500), utcSeconds: start + t))
    }
    return points
}

/// The same work with Foundation's XMLParser: every point's lat, lon, ele and time read into numbers.
private func foundationParse(_ bytes: [UInt8]) -> Int {
    final class Collector: NSObject, XMLParserDelegate {
        var points: [GPXPoint] = []
        var text = ""
        var point: GPXPoint?
        let iso = ISO8601DateFormatter()
        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String]
        ) {
            text = ""
            if name == "trkpt", let lat = attributes["lat"].flatMap(Double.init),
                let lon = attributes["lon"].flatMap(Double.init)
            {
                point = GPXPoint(coordinate: GeoCoordinate(latitude: lat, longitude: lon))
            }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }
        func parser(
            _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
        ) {
            switch name {
            case "ele": point?.elevationMetres = Double(text)
            case "time": point?.utcSeconds = iso.date(from: text)?.timeIntervalSince1970
            case "trkpt": if let p = point { points.append(p) }
            default: break
            }
        }
    }
    let parser = XMLParser(data: Data(bytes))
    parser.shouldProcessNamespaces = true
    let collector = Collector()
    parser.delegate = collector
    _ = parser.parse()
    return collector.points.count
}

private func cpuSeconds(_ body: () -> Void) -> Double {
    var a = timespec()
    var b = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a)
    body()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b)
    return Double(b.tv_sec - a.tv_sec) + Double(b.tv_nsec - a.tv_nsec) / 1e9
}

private func residentMegabytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
        let pages = status.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
    else { return 0 }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1_000_000
}

private func ms(_ seconds: Double) -> String { formatFixed(seconds * 1000, digits: 0) }

private func mbPerSecond(_ bytes: Int, _ seconds: Double) -> String {
    formatFixed(Double(bytes) / 1e6 / seconds, digits: 0)
}
