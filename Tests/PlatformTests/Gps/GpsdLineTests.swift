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
            (#"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/ttyS1"}]}"#, true),
            (#"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"#, true),
            (#"{"class":"PPS","real_sec":1}"#, false),  // a class we do not read
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

    @Test("The two lines that hang libgps 3.22 are refused")
    func theKnownHangsAreRefused() throws {
        let known = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fuzz/Known/libgps-json")
        let names = try FileManager.default.contentsOfDirectory(atPath: known.path)
        try #require(names.count == 2)
        for name in names {
            var bytes = Array(try Data(contentsOf: known.appendingPathComponent(name)))
            while bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
            #expect(!GpsdLine.isWellFormed(bytes), "\(name)")
        }
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
