import Core
import Foundation
import Testing

@Suite("GPX reading and writing")
struct GPXReaderTests {
    static let sample = """
        <?xml version="1.0" encoding="UTF-8" standalone="no"?>
        <!-- written by a phone app -->
        <gpx xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"
             version="1.1" creator="Tr&amp;ck app">
          <metadata><name>Evening</name><time>2024-05-01T17:00:00Z</time></metadata>
          <wpt lat="60.1699" lon="24.9384"><ele>12.5</ele><name>Caf&#233; &lt;Ekberg&gt;</name><desc>coffee</desc></wpt>
          <rte><name><![CDATA[Shore & back]]></name>
            <rtept lat="60.16" lon="24.95"/>
            <rtept lat='60.161' lon='24.951'><name>Pier</name></rtept>
          </rte>
          <trk>
            <name>Ride</name>
            <trkseg>
              <trkpt lat="60.17" lon="24.94"><ele>10</ele><time>2024-05-01T17:00:00Z</time>
                <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>120</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions>
              </trkpt>
              <trkpt lat="60.1701" lon="24.9402"><ele>10.4</ele><time>2024-05-01T19:00:01.5+02:00</time></trkpt>
            </trkseg>
            <trkseg>
              <trkpt lat="-33.9" lon="-179.999999999"/>
            </trkseg>
          </trk>
        </gpx>
        """

    @Test func aPhoneAppsFileReadsWithItsNamesTimesAndExtensionsSkipped() throws {
        let doc = try GPXReader.read(Self.sample)
        #expect(doc.creator == "Tr&ck app")
        #expect(doc.utcSeconds == UTCDateTime(year: 2024, month: 5, day: 1, hour: 17).secondsSince1970)
        #expect(doc.waypoints.count == 1)
        #expect(doc.waypoints[0].name == "Café <Ekberg>")
        #expect(doc.waypoints[0].elevationMetres == 12.5)
        #expect(doc.routes.count == 1)
        #expect(doc.routes[0].name == "Shore & back")
        #expect(doc.routes[0].points.map(\.name) == [nil, "Pier"])
        let track = try #require(doc.tracks.first)
        #expect(track.name == "Ride")
        #expect(track.segments.map(\.count) == [2, 1])
        #expect(track.segments[0][1].coordinate == GeoCoordinate(latitude: 60.1701, longitude: 24.9402))
        // 19:00:01.5 at +02:00 is 17:00:01.5 UTC.
        #expect(track.segments[0][1].utcSeconds == (doc.utcSeconds ?? 0) + 1.5)
        #expect(track.segments[1][0].coordinate.longitude == -179.999999999)
        #expect(doc.pointCount == 6)
    }

    @Test func writingAndReadingBackGivesTheSameDocumentAndTheSameBytes() throws {
        let doc = try GPXReader.read(Self.sample)
        let written = GPXWriter.write(doc)
        let back = try GPXReader.read(written)
        #expect(back == doc)
        #expect(GPXWriter.write(back) == written)
        #expect(written.contains("xmlns=\"http://www.topografix.com/GPX/1/1\""))
        #expect(written.contains("<name>Caf\u{e9} &lt;Ekberg&gt;</name>"))
        #expect(written.contains("<time>2024-05-01T17:00:01.500Z</time>"))
    }

    @Test func gpx10AndAPrefixedNamespaceReadTheSame() throws {
        let v10 = """
            <gpx version="1.0" xmlns="http://www.topografix.com/GPX/1/0"><time>2003-01-01T00:00:00Z</time>
            <trk><trkseg><trkpt lat="1" lon="2"/><trkpt lat="1.5" lon="2"/></trkseg></trk></gpx>
            """
        let doc10 = try GPXReader.read(v10)
        #expect(doc10.tracks[0].segments[0].count == 2)
        #expect(doc10.utcSeconds == UTCDateTime(year: 2003, month: 1, day: 1).secondsSince1970)
        let prefixed = """
            <g:gpx xmlns:g="http://www.topografix.com/GPX/1/1"><g:rte><g:rtept lat="1" lon="2"/></g:rte>
            <trk><trkseg><trkpt lat="1" lon="2"/></trkseg></trk></g:gpx>
            """
        let doc = try GPXReader.read(prefixed)
        #expect(doc.routes.count == 1)
        // The unprefixed <trk> is in no namespace here, so it is not GPX's and is skipped.
        #expect(doc.tracks.isEmpty)
    }

    @Test func everyTruncationOfAFileIsAnErrorNeverACrash() throws {
        let bytes = Array(Self.sample.utf8)
        var kinds: Set<String> = []
        for length in 0..<bytes.count {
            do {
                _ = try GPXReader.read(Array(bytes[0..<length]))
                Issue.record("a file cut at \(length) of \(bytes.count) bytes was accepted")
            } catch {
                kinds.insert(String(describing: error).components(separatedBy: " at line").first ?? "")
            }
        }
        #expect(kinds.contains("GPX file ends early"))
    }

    static let bad: [(String, GPXError)] = [
        ("<gpx><trk/></gpx>", .wrongNamespace(found: "")),
        (
            "<gpx xmlns=\"http://www.topografix.com/GPX/2/0\"/>",
            .wrongNamespace(found: "http://www.topografix.com/GPX/2/0")
        ),
        ("<kml xmlns=\"http://www.opengis.net/kml/2.2\"/>", .notGPX(root: "kml")),
        ("", .malformed(line: 1, reason: "no root element (is the file empty?)")),
        (wrap("<wpt lat=\"NaN\" lon=\"24\"/>"), .badCoordinate(line: 2, element: "wpt", attribute: "lat", text: "NaN")),
        (wrap("<wpt lat=\"60\" lon=\"nan\"/>"), .badCoordinate(line: 2, element: "wpt", attribute: "lon", text: "nan")),
        (wrap("<wpt lat=\"91\" lon=\"24\"/>"), .badCoordinate(line: 2, element: "wpt", attribute: "lat", text: "91")),
        (
            wrap("<wpt lat=\"1e999\" lon=\"24\"/>"),
            .badCoordinate(line: 2, element: "wpt", attribute: "lat", text: "1e999")
        ),
        (wrap("<wpt lat=\"60\"/>"), .missingCoordinate(line: 2, element: "wpt", attribute: "lon")),
        (wrap("<wpt lat=\"60\" lon=\"24\"><ele>high</ele></wpt>"), .badValue(line: 2, element: "ele", text: "high")),
        (
            wrap("<wpt lat=\"60\" lon=\"24\"><time>yesterday</time></wpt>"),
            .badValue(line: 2, element: "time", text: "yesterday")
        ),
        (wrap("<trk><trkseg></trk>"), .malformed(line: 2, reason: "</trk> where </trkseg> was expected")),
        (
            "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\">\n<trk><trkseg>\n<trkpt lat=\"1\" lon=\"2\"/>",
            .truncated(line: 3, inside: "<trkseg>")
        ),
    ]

    static func wrap(_ body: String) -> String {
        "<gpx xmlns=\"http://www.topografix.com/GPX/1/1\">\n\(body)\n</gpx>"
    }

    @Test(arguments: bad)
    func badGPXGetsAnErrorThatSaysWhatIsWrong(_ c: (text: String, error: GPXError)) {
        #expect(throws: c.error) { try GPXReader.read(c.text) }
    }

    @Test func theErrorMessagesNameTheLineAndTheProblem() {
        #expect(
            GPXError.badCoordinate(line: 7, element: "trkpt", attribute: "lat", text: "NaN").description
                == "GPX line 7: <trkpt> lat=\"NaN\" is not a valid coordinate")
        #expect(
            GPXError.wrongNamespace(found: "").description.contains("expected \"http://www.topografix.com/GPX/1/1\""))
    }

    @Test func moreThanTheLimitOfPointsIsRefusedWithTheLimitNamed() {
        let points = String(repeating: "<trkpt lat=\"1\" lon=\"1\"/>", count: 11)
        let text = Self.wrap("<trk><trkseg>\(points)</trkseg></trk>")
        #expect(throws: GPXError.tooManyPoints(limit: 10)) { try GPXReader.read(text, maximumPoints: 10) }
        #expect((try? GPXReader.read(text, maximumPoints: 11))?.pointCount == 11)
        #expect(GPXError.tooManyPoints(limit: 10).description.contains("more than 10 points"))
    }

    @Test func deepNestingIsRefusedNotFollowed() {
        let deep = String(repeating: "<x>", count: 10_000)
        #expect(throws: GPXError.tooDeep(line: 2, limit: GPXReader.maximumDepth)) {
            try GPXReader.read(Self.wrap(deep))
        }
    }

    @Test func anEmptyElevationOrTimeIsLeftOutNotAnError() throws {
        let doc = try GPXReader.read(Self.wrap("<wpt lat=\"1\" lon=\"2\"><ele/><time> </time></wpt>"))
        #expect(doc.waypoints == [GPXPoint(coordinate: GeoCoordinate(latitude: 1, longitude: 2))])
    }

    @Test func aDoctypeIsSkippedNotExpanded() throws {
        let text = """
            <?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>
            <gpx xmlns="http://www.topografix.com/GPX/1/1"><wpt lat="1" lon="2"><name>&b;</name></wpt></gpx>
            """
        #expect(try GPXReader.read(text).waypoints[0].name == "&b;")
    }
}

@Suite("GPX reader against damaged files")
struct GPXMutationTests {
    /// A small deterministic generator (SplitMix64), so a failure names a reproducible case.
    struct SplitMix {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    @Test func tenThousandDamagedCopiesEachReadOrRefusedNeverCrash() {
        let original = Array(GPXReaderTests.sample.utf8)
        let interesting = Array("<>/=\"'&;:!?[]-0.9eE \n".utf8) + [0, 0xFF, 0xC3]
        var rng = SplitMix(state: 19)
        var read = 0
        var refused = 0
        for _ in 0..<10_000 {
            var bytes = original
            for _ in 0..<(1 + rng.below(4)) {
                let at = rng.below(bytes.count)
                switch rng.below(3) {
                case 0: bytes[at] = interesting[rng.below(interesting.count)]
                case 1: bytes.remove(at: at)
                default: bytes.insert(interesting[rng.below(interesting.count)], at: at)
                }
            }
            do {
                let doc = try GPXReader.read(bytes)
                // Whatever was read is valid: every coordinate finite and in range.
                let all =
                    doc.waypoints + doc.routes.flatMap(\.points) + doc.tracks.flatMap { $0.segments.flatMap { $0 } }
                #expect(all.allSatisfy { $0.coordinate.isValid })
                read += 1
            } catch {
                refused += 1
            }
        }
        #expect(read > 0 && refused > 0)
    }
}
