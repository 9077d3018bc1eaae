/// Reads any file `replay` and `record --from` accept, telling the kinds apart by their first meaningful line:
/// our own format, an NMEA 0183 log (`$GPRMC…`), a gpsd JSON log (`{"class":…`), or an IMU CSV file.
public enum RecordingImport {
    public enum Kind: String, Sendable {
        case navdisplay
        case nmea
        case gpsdJSON = "gpsd-json"
        case imuCSV = "imu-csv"
    }

    /// The kind of file these bytes look like, or nil. Our own format and IMU CSV must say so on their first
    /// meaningful line; a GNSS log may start with a cut sentence or a receiver's binary packets (gpsd's captures
    /// do), so the first line in the first 4 KiB that starts like a sentence or a gpsd report decides. A log mixing
    /// gpsd JSON and NMEA is read whole by either import: it sniffs every line.
    public static func kind(of bytes: [UInt8]) -> Kind? {
        let prefix = String(decoding: bytes.prefix(4096), as: UTF8.self)
        var first = true
        for line in prefix.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let l = line.trimmingSpaces
            if l.isEmpty || l.hasPrefix("#") { continue }
            if l.hasPrefix("$") || l.hasPrefix("!") { return .nmea }
            if l.hasPrefix("{") { return .gpsdJSON }
            if first {
                if l.hasPrefix(RecordingFormat.magic) { return .navdisplay }
                if l.lowercased().contains("time") && l.contains(",") { return .imuCSV }
                first = false
            }
        }
        return nil
    }

    /// Reads the file's bytes as whichever kind it is; throws naming the file when it is none of them.
    public static func read(_ bytes: [UInt8], file: String) throws -> Recording {
        switch kind(of: bytes) {
        case .navdisplay: return try RecordingReader.read(bytes, file: file)
        case .nmea: return NMEAImport.read(String(decoding: bytes, as: UTF8.self), file: file)
        case .gpsdJSON: return GpsdJSONImport.read(String(decoding: bytes, as: UTF8.self), file: file)
        case .imuCSV: return try IMUCSVImport.read(String(decoding: bytes, as: UTF8.self), file: file)
        case nil:
            throw RecordingError(
                "\(file): not a recording navdisplay knows (expected a navdisplay recording, an NMEA 0183 log, a gpsd JSON log from gpspipe -w, or an IMU CSV file with a header row)"
            )
        }
    }
}
