import Foundation

/// Runs the built `navdisplay` (it sits beside the test bundle in the build folder) and captures its output.
struct BinaryRun {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum NavDisplayBinary {
    /// The build folder: the directory of this test process's executable.
    static var buildDirectory: URL {
        let exe =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: exe).deletingLastPathComponent()
    }

    static var path: String { buildDirectory.appendingPathComponent("navdisplay").path }

    /// The repository root, from this source file's location.
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// Runs the binary to its end, or until `stopWhen` (checked every 10 ms) says so, then sends SIGTERM: a
    /// command that runs until a signal (`run`) is stopped by an event, not after a guessed time.
    static func run(
        _ arguments: [String], timeout: TimeInterval = 120, stopWhen: (() -> Bool)? = nil
    ) throws -> BinaryRun {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        // Output goes to files, not pipes, so a chatty child can never block on a full pipe.
        let dir = try temporaryDirectory()
        let outURL = dir.appendingPathComponent("stdout")
        let errURL = dir.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: outURL.path, contents: nil)
        FileManager.default.createFile(atPath: errURL.path, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        try process.run()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline {
            if let stopWhen, stopWhen() {
                process.terminate()
                break
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let outData = (try? Data(contentsOf: outURL)) ?? Data()
        let errData = (try? Data(contentsOf: errURL)) ?? Data()
        return BinaryRun(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// A fresh temporary folder for one test.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("navdisplay-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
