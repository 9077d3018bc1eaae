import Foundation
import Testing

@testable import Platform

/// The check every gpsd line passes before libgps parses it, and the line buffer in front of it. The live path
/// (a real TCP server sending libgps's hangs) is `RogueGpsdTests`.
@Suite("gpsd lines")
struct GpsdLineTests {
    @Test(
        "The check passes what gpsd sends and refuses what it never does",
        arguments: [
            (#"{"class":"TPV","mode":3,"lat":60.1,"lon":24.9}"#, true),
            (#"{"class":"SKY","satellites":[{"PRN":1,"used":true}]}"#, true),
            (#"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/ttyS1"}]}"#, false),  // read by us
            (#"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#, true),
            (#"{"class":"PPS","real_sec":1}"#, false),  // a class we do not read (skipped quietly)
            (#"{"class":"TPV","mode":3"#, false),  // cut short
            (#"{"class":"TPV","x":[[[[{"a":1}]]]]}"#, false),  // deeper than gpsd nests
            (#"["class","TPV"]"#, false),
            ("{\"class\":\"TPV\",\"device\":\"a\u{1}b\"}", false),  // a control byte
            (#"{"class":"TPV"}{"class":"TPV"}"#, false),  // two objects on one line
            (#"{"mode":3}"#, false),  // no class
        ])
    func theLineCheck(_ c: (line: String, accepted: Bool)) {
        #expect(GpsdLine.isWellFormed(Array(c.line.utf8)) == c.accepted)
    }

    /// gpsd's own regression suite (Tests/CoreTests/Fixtures/gpsd): the JSON gpsd 3.x writes for 57 real receiver
    /// captures. Every report of a class we read must reach libgps; the others are skipped, never malformed.
    @Test("Every JSON line of gpsd's regression captures is a report we read or another class, never malformed")
    func gpsdsOwnOutputPasses() throws {
        let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("CoreTests/Fixtures/gpsd")
        let checks = try FileManager.default.contentsOfDirectory(atPath: fixtures.path).filter { $0.hasSuffix(".chk") }
        try #require(checks.count >= 50)
        var counts: [GpsdLine.Kind: Int] = [:]
        for name in checks {
            let bytes = Array(try Data(contentsOf: fixtures.appendingPathComponent(name)))
            for line in bytes.split(separator: UInt8(ascii: "\n")) where line.first == UInt8(ascii: "{") {
                var line = Array(line)
                if line.last == UInt8(ascii: "\r") { line.removeLast() }
                let kind = GpsdLine.kind(of: line)
                counts[kind, default: 0] += 1
                #expect(kind != .malformed, "\(name): \(String(decoding: line.prefix(200), as: UTF8.self))")
            }
        }
        // TPV, SKY and ATT reports; GST and OSC are the other classes in these captures.
        #expect(counts[.report, default: 0] > 10_000)
        #expect(counts[.otherClass, default: 0] > 0)
    }

    /// What a live gpsd 3.22 sent a watching client here (fed NMEA on a pseudo-terminal, 1 December 2026).
    @Test(
        "A live gpsd's session lines are reports, or other classes skipped quietly",
        arguments: [
            (
                #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#,
                GpsdLine.Kind.report
            ),
            (
                #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/pts/0","driver":"NMEA0183","activated":"2026-12-01T14:00:52.299Z","flags":1,"native":0,"bps":38400,"parity":"N","stopbits":1,"cycle":1.00}]}"#,
                .deviceList([GpsdDevice(path: "/dev/pts/0", driver: "NMEA0183")])
            ),
            (
                #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/pts/0","activated":"2026-12-01T14:00:44.819Z","native":0,"bps":38400,"parity":"N","stopbits":1,"cycle":1.00}]}"#,
                .deviceList([GpsdDevice(path: "/dev/pts/0", driver: "")])
            ),
            (
                #"{"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0,"scaled":false,"timing":false,"split24":false,"pps":false}"#,
                .otherClass
            ),
            (
                #"{"class":"DEVICE","path":"/dev/pts/0","driver":"NMEA0183","activated":"2026-12-01T14:00:45.895Z","native":0,"bps":38400,"parity":"N","stopbits":1,"cycle":1.00}"#,
                .report
            ),
        ])
    func liveGpsdLines(_ c: (line: String, kind: GpsdLine.Kind)) {
        #expect(GpsdLine.kind(of: Array(c.line.utf8)) == c.kind)
    }

    /// What made libgps 3.22's device-list parser spin (checked here with a C program calling `gps_unpack`
    /// under a 5 s alarm): none of it reaches libgps, and what we read of it is bounded.
    @Test(
        "DEVICES reports are read by us, whatever is in them",
        arguments: [
            (#"{"class":"DEVICES","foo":[1],"devices":[{"class":"DEVICE","path":"/dev/pts/0"}]}"#, 1),
            (#"{"class":"DEVICES","devices":[{"class":"DEVICE","path":1,"native":"x"}]}"#, 0),
            (#"{"class":"DEVICES","devices":[{"class":"TPV","mode":3}]}"#, 0),
            (#"{"class":"DEVICES","devices":[{"path":"a"},{"path":"b"},{"path":"c"},{"path":"d"},{"path":"e"}]}"#, 4),
        ])
    func devicesReportsAreOurs(_ c: (line: String, devices: Int)) throws {
        guard case .deviceList(let devices) = GpsdLine.kind(of: Array(c.line.utf8)) else {
            Issue.record("not read as a device list: \(c.line)")
            return
        }
        #expect(devices.count == c.devices)
        #expect(!GpsdLine.isWellFormed(Array(c.line.utf8)))
    }

    @Test("A DEVICES report without its list is malformed")
    func aDevicesReportWithoutAList() {
        #expect(GpsdLine.kind(of: Array(#"{"class":"DEVICES","devices":1}"#.utf8)) == .malformed)
    }

    @Test("The lines that hang libgps 3.22 never reach it")
    func theKnownHangsAreRefused() throws {
        let known = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Known/libgps-json")
        let names = try FileManager.default.contentsOfDirectory(atPath: known.path)
        try #require(names.count >= 6)
        for name in names {
            var bytes = Array(try Data(contentsOf: known.appendingPathComponent(name)))
            while bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
            #expect(!GpsdLine.isWellFormed(bytes), "\(name)")
        }
    }

    @Test(
        "A report with an object of a class nested in it never reaches libgps (it picks its parser by searching the line)",
        arguments: [
            #"{"class":"SKY","satellites":[{"class":"DEVICE","path":"/dev/ttyS0"}]}"#,
            #"{"class":"TPV","mode":3,"x":{"class":"TPV"}}"#,
            #"{"class":"DEVICE","path":"/dev/ttyS0","devices":[{"class":"DEVICE","path":"/dev/ttyS1"}]}"#,
            #"{"class":"TPV","class":"TPV","mode":3}"#,
        ])
    func nestedClassesAreRefused(_ line: String) {
        #expect(GpsdLine.kind(of: Array(line.utf8)) == .malformed)
    }

    @Test("Lines come out whole across chunks, a CR before the newline is dropped")
    func linesAcrossChunks() {
        var buffer = GpsdLineBuffer()
        buffer.append(Array("{\"a\":1}\r\n{\"b\"".utf8))
        #expect(buffer.nextLine() == Array("{\"a\":1}".utf8))
        #expect(buffer.nextLine() == nil)
        buffer.append(Array(":2}\n".utf8))
        #expect(buffer.nextLine() == Array("{\"b\":2}".utf8))
        #expect(buffer.nextLine() == nil)
    }

    @Test("A line without end is dropped whole and the buffer stays bounded; the next line is read")
    func anEndlessLineIsDropped() {
        var buffer = GpsdLineBuffer()
        let chunk = [UInt8](repeating: UInt8(ascii: "x"), count: 4096)
        for _ in 0..<100 {
            buffer.append(chunk)
            #expect(buffer.nextLine() == nil)
            #expect(buffer.bufferedBytes <= GpsdLineBuffer.maximumLineBytes + chunk.count)
        }
        buffer.append(Array("tail of it\n{\"class\":\"TPV\"}\n".utf8))
        #expect(buffer.nextLine() == Array("{\"class\":\"TPV\"}".utf8))
        #expect(buffer.overlongLines == 1)
    }
}

extension GpsdLineBuffer {
    mutating func append(_ bytes: [UInt8]) { bytes.withUnsafeBytes { append($0) } }
}
