import Core
import Foundation
import Platform
import Testing

@testable import NavDisplay

/// `--route`, `--trip-fields`, `--units`, `--state-dir`: a bad route on the command line is one clear line and
/// exit 64; named in the kiosk's config it is a HUD notice and the map still comes up.
@Suite("Route options")
struct RouteOptionsTests {
    static let recording = NavDisplayBinary.repositoryRoot.appendingPathComponent("recordings/helsinki-ride.navrec")
        .path

    @Test(
        "a bad route on the command line is one line naming the file and what is wrong, and exit 64",
        arguments: [
            ("missing.gpx", nil, "no such file"),
            (
                "cut.gpx",
                "<?xml version=\"1.0\"?>\n<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\">\n<trk><trkseg>\n<trkpt lat=\"60.1\" lon=\"24.9\"/>",
                "ends early at line 4"
            ),
            (
                "nan.gpx",
                "<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg><trkpt lat=\"NaN\" lon=\"24.9\"/></trkseg></trk></gpx>",
                "is not a valid coordinate"
            ),
            (
                "one-point.gpx",
                "<gpx version=\"1.1\" xmlns=\"http://www.topografix.com/GPX/1/1\"><trk><trkseg><trkpt lat=\"60.1\" lon=\"24.9\"/></trkseg></trk></gpx>",
                "no track or route with at least two points"
            ),
        ] as [(String, String?, String)])
    func badRouteOnTheCommandLine(_ c: (String, String?, String)) throws {
        let dir = try NavDisplayBinary.temporaryDirectory()
        let path = dir.appendingPathComponent(c.0).path
        if let text = c.1 { try text.write(toFile: path, atomically: true, encoding: .utf8) }
        for command in [["replay", Self.recording, "--speed", "max"], ["demo", "--out", dir.path]] {
            let r = try NavDisplayBinary.run(command + ["--route", path])
            #expect(r.status == 64, "\(command[0]): \(r.stderr)")
            let lines = r.stderr.split(separator: "\n")
            #expect(lines.count == 1, "\(r.stderr)")
            #expect(r.stderr.contains("--route \(path): ") && r.stderr.contains(c.2), "\(r.stderr)")
        }
    }

    @Test func aRouteFromTheConfigThatCannotBeReadIsANoticeNotAnExit() throws {
        let dir = try NavDisplayBinary.temporaryDirectory()
        let conf = dir.appendingPathComponent("navdisplay.conf").path
        try "route = \(dir.path)/missing.gpx\nunits = nautical\ntrip-fields = clock,max\n".write(
            toFile: conf, atomically: true, encoding: .utf8)
        let run = try RunCommand(arguments: ["--config", conf])
        #expect(run.configProblems.isEmpty)
        #expect(run.route.routeFromConfig)
        #expect(run.route.units == .nautical)
        #expect(run.route.tripFields == [.clock, .max])
        let (route, notice) = try run.route.loadRoute(command: "run")
        #expect(route == nil)
        #expect(notice == "ROUTE FILE UNREADABLE")
        // The same file named on the command line is the rider's own request: a usage error.
        let asked = try RunCommand(arguments: ["--config", conf, "--route", "\(dir.path)/missing.gpx"])
        #expect(!asked.route.routeFromConfig)
        #expect(throws: UsageError.self) { try asked.route.loadRoute(command: "run") }
    }

    @Test func tripFieldsAndUnitsAreCheckedWhereTheyAreGiven() throws {
        let run = try RunCommand(arguments: [
            "--config", "none", "--trip-fields", "altitude, clock", "--units", "imperial",
        ])
        #expect(run.route.tripFields == [.altitude, .clock])
        #expect(run.route.units == .imperial)
        #expect(run.route.stateDirectory == RideFiles.defaultDirectory)
        #expect(try RunCommand(arguments: ["--config", "none", "--state-dir", "none"]).route.stateDirectory == nil)
        #expect(try RunCommand(arguments: ["--config", "none", "--trip-fields", "none"]).route.tripFields == [])
        for bad in [
            ["--trip-fields", "clock,speed"], ["--trip-fields", "clock,clock"], ["--trip-fields", ""],
            ["--units", "furlongs"],
        ] {
            #expect(throws: UsageError.self) { try RunCommand(arguments: ["--config", "none"] + bad) }
        }
        // demo keeps nothing: it has no --state-dir.
        #expect(throws: UsageError.self) { try DemoCommand(arguments: ["--state-dir", "/tmp"]) }
        #expect(try ReplayCommand(arguments: ["ride.navrec"]).route.stateDirectory == nil)
    }
}
