import Foundation
import Simulation
import Testing

@testable import Core

/// The motion samples read straight from their bytes (`RecordingReader.plainMotionSample`) against the same lines
/// read as text (`parseSampleText`), which reads every form.
@Suite("Motion lines read from their bytes")
struct MotionLineReadingTests {
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
        var plain = 0
        var motion = 0
        for line in lines {
            let kind = String(decoding: line.prefix(3), as: UTF8.self)
            if ["mag", "acc", "gyr"].contains(kind) { motion += 1 }
            guard let event = RecordingReader.plainMotionSample(line) else { continue }
            plain += 1
            let text = RecordingReader.parseSampleText(line)
            #expect(Self.same(.success(event), text), "\(String(decoding: line, as: UTF8.self))")
        }
        // All but a few motion lines the writer wrote are in the plain form: 7 of 15,012 have a value below 10^-3
        // with more than 19 decimals ("0.00022689971824990155", "6.396848727897385e-05").
        #expect(motion > 15_000)
        #expect(plain >= motion - 10)
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
            if RecordingReader.plainMotionSample(slice) != nil { plain += 1 }
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

    @Test func theLargestTimeReadsExactly() throws {
        let line = Self.line("mag 9223372036.854775807 1.0 -0.0 3e-05")
        let event = try #require(RecordingReader.plainMotionSample(line))
        #expect(
            event
                == .magnetometer(
                    MagnetometerSample(time: Timestamp(nanoseconds: .max), microtesla: Vector3(x: 1, y: -0.0, z: 3e-05))
                ))
    }
}
