import Core
import FoundationEssentials

/// A calibration file that exists but cannot be used, with its path and what to do.
public struct CalibrationLoadError: Error, CustomStringConvertible, Sendable {
    public var path: String
    public var problem: String
    public var description: String {
        "\(path): \(problem) (fix or delete the file, or recalibrate with `navdisplay calibrate`)"
    }
}

/// The magnetometer calibration on disk: `calibrate` saves it, `run` loads it at start.
public enum CalibrationFile {
    /// Where the calibration lives unless `NAVDISPLAY_CALIBRATION` or an option says otherwise.
    public static let defaultPath = "/var/lib/navdisplay/calibration.txt"
    /// The environment variable that moves the default.
    public static let environmentVariable = "NAVDISPLAY_CALIBRATION"

    /// The calibration in `path`; nil when there is no such file (the compass then runs uncalibrated, flagged).
    /// A file that cannot be read or parsed throws `CalibrationLoadError`.
    public static func load(_ path: String) throws -> MagnetometerCalibration? {
        let text: String?
        do {
            text = try AtomicFile.read(path, maxBytes: 64 * 1024)
        } catch let error as AtomicFileError {
            throw CalibrationLoadError(path: path, problem: error.what)
        }
        guard let text else { return nil }
        do {
            return try MagnetometerCalibration(parsing: text)
        } catch let error as CalibrationFileError {
            throw CalibrationLoadError(path: path, problem: error.description)
        }
    }

    /// What `loadOrUncalibrated` found: the calibration to use (nil: run uncalibrated) and, when the file was
    /// there but unusable, one line saying so for the HUD and the journal.
    public struct LoadResult: Sendable {
        public var calibration: MagnetometerCalibration?
        /// Nil when the file was fine or absent; otherwise what was wrong and that the compass runs uncalibrated.
        public var warning: String?
    }

    /// The calibration in `path`, never throwing: a missing file is uncalibrated without a warning; an empty,
    /// unreadable or broken file is uncalibrated with a warning, so a bad file can never keep the map from coming
    /// up (under `Restart=always` an exit here would be a restart loop with no display).
    public static func loadOrUncalibrated(_ path: String) -> LoadResult {
        do {
            return LoadResult(calibration: try load(path), warning: nil)
        } catch {
            return LoadResult(calibration: nil, warning: "\(error); compass uncalibrated")
        }
    }

    /// Saves `calibration` atomically (a power cut leaves the old file or the new one), creating the folder.
    public static func save(_ calibration: MagnetometerCalibration, to path: String) throws {
        let directory = AtomicFile.directoryName(of: path)
        if !FileManager.default.fileExists(atPath: directory) {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw AtomicFileError(
                    path: path, what: "cannot create the folder \(directory): \(error)")
            }
        }
        try AtomicFile.write(calibration.serialized(), to: path)
    }
}
