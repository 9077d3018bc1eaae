/// Reads a GNSS log the way gpsd reads a receiver: line by line, each line sniffed on its own (NMEA 0183, gpsd
/// JSON, a `#` comment, or binary and garbage, which are skipped), so a capture that starts with gpsd's JSON and
/// goes on in NMEA, or mixes binary packets with sentences, loses nothing.
///
/// Sentences are grouped into epochs by their UTC time of day (RMC, GGA, GLL and GNS carry one; gpsd TPV reports
/// too); each epoch becomes one `GPSFix`, a `GPSSky` when satellite counts are known, and its compass reports.
/// Event times come from `ImportClock`: a bad receiver clock is repaired and reported, never turned into hours of
/// replay. What was read, used and skipped ends up in `Recording.importSummary`.
enum GNSSLogImport {
    /// State carried from line to line.
    struct Reader {
        let file: String
        var clock = ImportClock(maximumGapSeconds: NMEAImport.maximumGapSeconds)
        var summary = ImportSummary()
        var warnings: [RecordingWarning] = []
        var events: [SensorEvent] = []
        var epoch: GNSSEpoch?
        var epochTime = Timestamp(nanoseconds: 0)
        /// Compass reports that came before the first timed sentence: they go with the first epoch.
        var earlyHeadings: [HeadingReport] = []
        /// The last date seen, and the time of day it was seen at (to roll it over at midnight).
        var lastDate: Double?
        var lastDatedTimeOfDay = 0.0
        /// Fixes emitted before any date was known: their UTC is filled in from the first date.
        var undatedFixes: [(index: Int, timeOfDay: Double)] = []
        var talkers = Set<String>()
        var devices = Set<String>()
        var line = 0

        init(file: String) { self.file = file }

        mutating func warn(_ reason: String) {
            warnings.append(RecordingWarning(file: file, line: line, reason: reason))
        }

        /// The epoch a sentence timed `timeOfDay` belongs to, starting a new one (and emitting the last) when the
        /// time differs.
        mutating func enterEpoch(timeOfDay: Double) {
            if let e = epoch, e.timeOfDay == timeOfDay { return }
            let (time, repair) = clock.time(atTimeOfDay: timeOfDay)
            switch repair {
            case .backwards(let s)?:
                summary.backwardJumps += 1
                warn("time goes back \(formatFixed(s, digits: 3)) s: the timeline is re-anchored, nothing dropped")
            case .gapCut(let s)?:
                summary.gapsCut += 1
                summary.secondsCut += s
                warn(
                    "time jumps \(formatFixed(s, digits: 1)) s ahead (more than \(formatFixed(NMEAImport.maximumGapSeconds, digits: 0)) s): the gap is cut"
                )
            case nil: break
            }
            flush(nextTime: time)
            epoch = GNSSEpoch(timeOfDay: timeOfDay)
            epochTime = time
            if !earlyHeadings.isEmpty {
                epoch!.headings = earlyHeadings
                earlyHeadings.removeAll()
            }
        }

        /// Emits the current epoch; `nextTime` (the next epoch's time) spreads its compass reports.
        mutating func flush(nextTime: Timestamp?) {
            guard var e = epoch else { return }
            if e.date == nil, let d = lastDate {
                e.date = e.timeOfDay < lastDatedTimeOfDay - 43_200 ? d + 86_400 : d
            }
            let interval = nextTime.map { $0.seconds(since: epochTime) } ?? clock.cadenceSeconds
            let out = e.events(at: epochTime, intervalSeconds: interval)
            if e.date == nil { undatedFixes.append((events.count, e.timeOfDay)) }
            events += out
            epoch = nil
        }

        /// Takes a date (UTC midnight) seen at `timeOfDay`; fills in the fixes that came before any date.
        mutating func noteDate(_ date: Double, atTimeOfDay timeOfDay: Double) {
            if lastDate == nil {
                for (index, tod) in undatedFixes {
                    guard case .gpsFix(var f) = events[index] else { continue }
                    f.utcSeconds = (tod > timeOfDay + 43_200 ? date - 86_400 : date) + tod
                    events[index] = .gpsFix(f)
                }
                undatedFixes.removeAll()
            }
            lastDate = date
            lastDatedTimeOfDay = timeOfDay
            if let e = epoch, abs(e.timeOfDay - timeOfDay) < 1 { epoch!.date = date }
        }

        /// Adds a compass report to the current epoch, or keeps it for the first one.
        mutating func heading(_ report: HeadingReport) {
            if epoch != nil { epoch!.headings.append(report) } else { earlyHeadings.append(report) }
        }
    }

    static func read(_ text: String, file: String, program: String) -> Recording {
        var r = Reader(file: file)
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            r.line += 1
            var line = Substring(raw)
            while let last = line.last, last == "\r" || last == " " || last == "\t" || last == "\0" {
                line = line.dropLast()
            }
            while let first = line.first, first == " " || first == "\t" { line = line.dropFirst() }
            if line.isEmpty || line.hasPrefix("#") { continue }
            r.summary.linesRead += 1
            if line.hasPrefix("{") {
                r.readJSON(line)
            } else if line.hasPrefix("$") || line.hasPrefix("!") {
                r.readSentence(line, requireChecksum: false)
            } else if let start = line.lastIndex(where: { $0 == "$" }) {
                // A sentence after binary bytes on the same line (a receiver switching protocols): only with a
                // checksum, since garbage could otherwise pass for one.
                r.readSentence(line[start...], requireChecksum: true)
            } else {
                r.summary.skip("binary or garbage")
            }
        }
        r.flush(nextTime: nil)
        if !r.earlyHeadings.isEmpty { r.summary.skip("compass report in a log without time") }
        var header = RecordingHeader(program: program)
        var deviceLines = r.devices.sorted().map { RecordingHeader.Device(role: "gps", name: "gpsd \($0)") }
        if !r.talkers.isEmpty {
            deviceLines.append(
                RecordingHeader.Device(role: "gps", name: "NMEA talkers " + r.talkers.sorted().joined(separator: ",")))
        }
        header.devices = deviceLines
        header.notes = [
            "imported from \(file); compass sentences assumed \(NMEAImport.assumedCompassAccuracyDegrees) degrees accurate",
            "import: \(r.summary)",
        ]
        for case .gpsFix(let f) in r.events {
            if header.startUTCSeconds == nil, let u = f.utcSeconds { header.startUTCSeconds = u - f.time.seconds }
            if header.place == nil, let c = f.coordinate { header.place = c }
            if header.startUTCSeconds != nil && header.place != nil { break }
        }
        var recording = Recording(header: header, events: r.events, warnings: r.warnings)
        recording.importSummary = r.summary
        return recording
    }
}
