import Foundation
import Simulation
import Testing

@testable import Core

/// Sample lines read straight from their bytes (`RecordingReader.plainSample`) against the same lines read as text
/// (`parseSampleText`), which reads every form.
@Suite("Sample lines read from their bytes")
struct PlainLineReadingTests {
    /// The sample lines (no header, no newline) of every recording in the repository.
    static func sampleLines() throws -> [ArraySlice<UInt8>] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let files = [
            "recordings/helsinki-ride.navrec", "recordings/gps-dropout.navrec", "recordings/u-turn.navrec",
            "recordings/passing-magnet.navrec", "recordings/stop-at-lights.navrec",
            "Tests/CoreTests/Fixtures/format-1-stop-at-lights.navrec",
        ]
        var lines: [ArraySlice<UInt8>] = []
        for file in files {
            let bytes = try #require(FileManager.default.contents(atPath: root.appendingPathComponent(file).path))
            lines += [UInt8](bytes).split(separator: 10).dropFirst().filter {
                $0.first != UInt8(ascii: "@") && $0.first != UInt8(ascii: "#")
            }
        }
        return lines
    }

    /// A sample line with its checksum, as the writer ends it.
    static func line(_ covered: String) -> ArraySlice<UInt8> {
        ArraySlice(Array((covered + " *" + RecordingFormat.hex4(RecordingFormat.checksum(Array(covered.utf8)))).utf8))
    }

    /// The same event, or the same problem.
    static func same(
        _ a: Result<SensorEvent, RecordingReader.LineProblem>, _ b: Result<SensorEvent, RecordingReader.LineProblem>
    ) -> Bool {
        switch (a, b) {
        case (.success(let x), .success(let y)): return x == y
        case (.failure(let x), .failure(let y)): return x.message == y.message
        default: return false
        }
    }

    @Test func everyRecordedLineReadsAsTheTextReaderReadsIt() throws {
        let lines = try Self.sampleLines()
        var plain: [String: Int] = [:]
        var all: [String: Int] = [:]
        for line in lines {
            let kind = String(decoding: line.prefix(3), as: UTF8.self)
            all[kind, default: 0] += 1
            guard let event = RecordingReader.plainSample(line) else { continue }
            plain[kind, default: 0] += 1
            let text = RecordingReader.parseSampleText(line)
            #expect(Self.same(.success(event), text), "\(String(decoding: line, as: UTF8.self))")
        }
        // All but a few lines of these kinds that the writer wrote are in the plain form: 7 of 15,012 motion lines
        // have a value below 10^-3 with more than 19 decimals ("0.00022689971824990155", "6.396848727897385e-05").
        let motion = ["mag", "acc", "gyr"].reduce(0) { $0 + all[$1, default: 0] }
        #expect(motion > 15_000)
        #expect(["mag", "acc", "gyr"].reduce(0) { $0 + plain[$1, default: 0] } >= motion - 10)
        #expect(all["fix", default: 0] > 250)
        #expect(plain["fix"] == all["fix"])
        #expect(plain["sky"] == all["sky"])
        // The other kinds are read as text (these recordings have no gyroscope).
        #expect(plain.keys.sorted() == ["acc", "fix", "mag", "sky"])
    }

    @Test func damagedLinesReadAsTheTextReaderReadsThem() throws {
        let lines = try Self.sampleLines()
        var random = SeededRandom(seed: 7)
        let bytes = Array("0123456789.-+eE *AaFf xnig\u{0}\u{ff}".utf8)
        var plain = 0
        for _ in 0..<100_000 {
            var line = Array(lines[Int.random(in: 0..<lines.count, using: &random)])
            for _ in 0...Int.random(in: 0...2, using: &random) where !line.isEmpty {
                let at = Int.random(in: 0..<line.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: line[at] = bytes.randomElement(using: &random)!
                case 1: line.insert(bytes.randomElement(using: &random)!, at: at)
                default: line.remove(at: at)
                }
            }
            // Half the damaged lines get a checksum that matches them, so the damage reaches the fields.
            if Bool.random(using: &random), line.count > 6 {
                let covered = String(decoding: line.dropLast(6), as: UTF8.self)
                line = Array(Self.line(covered))
            }
            let slice = ArraySlice(line)
            if RecordingReader.plainSample(slice) != nil { plain += 1 }
            let both = RecordingReader.parseSample(slice)
            let text = RecordingReader.parseSampleText(slice)
            #expect(Self.same(both, text), "\(String(decoding: line, as: UTF8.self))")
            if !Self.same(both, text) { return }
        }
        #expect(plain > 10_000)
    }

    @Test(arguments: [
        // Whole seconds that fit, nanoseconds that do not: this trapped on overflow before.
        ("mag 9223372036.999999999 1.0 2.0 3.0", "garbage: no time"),
        ("mag 9223372037.000000000 1.0 2.0 3.0", "garbage: no time"),
        ("acc 1.000000000 1.0 2.0", "acc needs three numbers"),
        ("gyr 1.000000000 1.0 2.0 inf", "gyr needs three numbers"),
        ("gyr 1.000000000 1.0 2.0 1e400", "gyr needs three numbers"),
    ])
    func linesThatCannotBeReadSayWhy(_ c: (line: String, problem: String)) {
        guard case .failure(let problem) = RecordingReader.parseSample(Self.line(c.line)) else {
            Issue.record("\(c.line) was read")
            return
        }
        #expect(problem.message == c.problem)
    }

    @Test(arguments: [
        // Keys given twice keep the last value, keys of no field are passed over, a lone lat gives no coordinate.
        "fix 2.000000000 3d lat=1.0 lat=2.0 lon=3.0 spin=4.0 eph=5.0",
        "fix 2.000000000 2d lat=1.0 speed=0.5",
        "fix 2.000000000 none",
        "fix 2.000000000 3d =1.0 utc=1780000000.5",
        "fix 2.000000000 3d lat=1.0=2.0", "fix 2.000000000 3d lat", "fix 2.000000000 4d lat=1.0",
        "fix 2.000000000 3d lat=+1.0 lon=.5", "fix 2.000000000 3d lat=inf lon=1.0", "fix 2.000000000",
        "sky 2.000000000 15 10", "sky 2.000000000 1000 10", "sky 2.000000000 +5 010", "sky 2.000000000 15",
        "sky 2.000000000 15 10 3", "mag 2.000000000 1.0 2.0 3.0 4.0", "src 2.000000000 gps up x",
        "gyr 2.000000000 0.1 -0.2 3e-05",
    ])
    func fixesAndCountsReadAsTheTextReaderReadsThem(_ covered: String) {
        let line = Self.line(covered)
        #expect(Self.same(RecordingReader.parseSample(line), RecordingReader.parseSampleText(line)))
    }

    @Test func theLargestTimeReadsExactly() throws {
        let line = Self.line("mag 9223372036.854775807 1.0 -0.0 3e-05")
        let event = try #require(RecordingReader.plainSample(line))
        #expect(
            event
                == .magnetometer(
                    MagnetometerSample(time: Timestamp(nanoseconds: .max), microtesla: Vector3(x: 1, y: -0.0, z: 3e-05))
                ))
    }
}
