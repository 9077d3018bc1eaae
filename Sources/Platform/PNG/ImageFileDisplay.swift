import Core
import FoundationEssentials

/// A display that writes every presented frame as a numbered PNG into a folder (frame-00001.png, …):
/// the demo's screen on machines without one, and the replay's `--out DIR`.
public final class ImageFileDisplay: Display {
    public let width: Int
    public let height: Int
    public let directory: String
    public private(set) var writtenPaths: [String] = []
    public var name: String { "PNG files in \(directory) (\(width)x\(height))" }

    /// Creates `directory` if needed; throws if it cannot.
    public init(directory: String, width: Int, height: Int) throws {
        self.directory = directory
        self.width = width
        self.height = height
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ImageFolderError(directory: directory, reason: "\(error)")
        }
    }

    /// Every frame is written whole, as a file of its own.
    public func present(_ frame: ComposedFrame, changed: FrameChange) throws {
        guard frame.width == width, frame.height == height else {
            throw DisplayError.sizeMismatch(expected: (width, height), got: (frame.width, frame.height))
        }
        let number = String(writtenPaths.count + 1)
        let path = directory + "/frame-" + String(repeating: "0", count: max(0, 5 - number.count)) + number + ".png"
        try PNGFile.write(frame.flattened(), to: path)
        writtenPaths.append(path)
    }

    /// Each frame is a file when `present` returns: none is held, there are no events, nothing to close.
    public var framesHeld: Int { 0 }
    public var eventDescriptor: Int32? { nil }
    public func handleEvents() throws -> Int { 0 }
    public func finishPendingFrames() throws {}
    public var counters: String? { "frames \(writtenPaths.count)" }
    public func close() {}
}

/// The folder for image frames could not be made.
public struct ImageFolderError: Error, CustomStringConvertible {
    public var directory: String
    public var reason: String
    public var description: String { "cannot create folder \(directory): \(reason)" }
}
