import Core
import Foundation
import Platform
import Simulation

// make-rides NAME OUT: writes one of the bundled simulated rides (BundledRides) as a recording, for
// scripts/make-recordings. A tool of its own so that the product never links the simulator.

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 2, let recording = BundledRides.recording(named: arguments[0]) else {
    FileHandle.standardError.write(
        Data("usage: make-rides NAME OUT   (NAME: \(BundledRides.names.joined(separator: ", ")))\n".utf8))
    exit(64)
}
var header = recording.header
header.extra["recorded-by"] = "make-rides \(arguments[0])"
do {
    let writer = try DurableRecordingWriter(path: arguments[1], header: header, maxBytes: Int.max)
    for event in recording.events { try writer.append(event) }
    try writer.close()
    print("make-rides: wrote \(writer.linesWritten) samples to \(writer.parts.joined(separator: ", "))")
} catch {
    FileHandle.standardError.write(Data("make-rides: error: \(error)\n".utf8))
    exit(1)
}
