/// Every piece of text the HUD draws for one frame, and whether each is a warning. The HUD draws exactly these,
/// and `FrameSignature` compares exactly these, so a new HUD field cannot miss a redraw.
public struct HUDLines: Hashable, Sendable {
    /// "037°", or "---°" without a heading; in course-up the course (what is up), when known.
    public var heading: String
    /// "±40°" beside the heading when its accuracy is wide (at least `wideAccuracyDegrees`); nil otherwise.
    public var accuracy: String?
    /// "NE" beside the heading; nil without one.
    public var cardinal: String?
    /// The orientation mode and what turns the map ("HEADING-UP · GPS").
    public var mode: String
    /// The heading's status line, upper case.
    public var headingStatus: String
    public var headingWarning: Bool
    /// Speed in whole units of `speedUnit`, or "--".
    public var speed: String
    /// "km/h", "mph" or "kn" (the ride's units; km/h without a ride).
    public var speedUnit: String
    /// The ride's units (metric without a ride): the scale bar speaks them too.
    public var units: UnitSystem
    /// The position's status line, upper case.
    public var positionStatus: String
    public var positionWarning: Bool
    /// The road the user is on, for the current-street bar.
    public var street: String?
    /// True when the position and speed are stale: drawn grey.
    public var stale: Bool
    /// Device warnings ("RECORDING STOPPED").
    public var notices: [String]
    /// The route panel; nil without a route.
    public var route: RouteLines?
    /// The trip fields chosen, in order.
    public var trip: [TripLine]

    /// From this heading accuracy on, the HUD says it (±N°) beside the heading.
    public static let wideAccuracyDegrees = 15.0

    public init(_ input: SceneInput) {
        func threeDigits(_ a: Angle) -> String {
            let shown = input.shownDegrees ?? (Int(checkedRounding: a.degrees) ?? 0) % 360
            let degrees = String(shown)
            return String(repeating: "0", count: max(0, 3 - degrees.count)) + degrees + "°"
        }
        accuracy = nil
        if input.mode == .courseUp, let course = input.course {
            heading = threeDigits(course)
            cardinal = course.cardinal
        } else if let h = input.heading {
            heading = threeDigits(h.direction)
            cardinal = h.direction.cardinal
            if h.accuracyDegrees.isFinite, h.accuracyDegrees >= HUDLines.wideAccuracyDegrees {
                accuracy = "±\(input.shownAccuracy ?? Int(checkedRounding: min(h.accuracyDegrees, 180)) ?? 180)°"
            }
        } else {
            heading = "---°"
            cardinal = nil
        }
        switch input.modeChoice {
        case .manual: mode = input.mode.hudLabel + HUDLayer.driverSuffix(input.rotationDriver)
        // No room for what turns the map as well on a small panel; the heading line below names the source.
        case .automatic: mode = "AUTO · " + input.mode.hudLabel
        case .lockedNorthUp: mode = "NORTH UP · LOCKED"
        }
        headingStatus = Self.upperCased(input.headingStatus ?? (input.heading == nil ? "NO HEADING" : ""))
        headingWarning = input.headingWarning || input.heading == nil
        // A speed from outside (a rogue gpsd sending 1e300) is shown as unknown, never trapped on.
        let units = input.ride?.units ?? .metric
        speed =
            (input.shownSpeed ?? input.speedMetresPerSecond.flatMap { Int(checkedRounding: units.speed($0).value) })
            .map(String.init) ?? "--"
        speedUnit = units.speed(0).unit
        self.units = units
        positionStatus = Self.upperCased(input.positionStatus)
        positionWarning = input.positionWarning
        stale = input.positionStale
        street = input.currentStreet.flatMap { $0.isEmpty ? nil : $0 }
        notices = input.notices
        if let ride = input.ride {
            route = ride.route.map { RouteLines(ride, route: $0, camera: input.camera) }
            trip = ride.tripFields.map { TripLine($0, ride) }
        } else {
            route = nil
            trip = []
        }
    }

    /// `text` as `uppercased()` gives it. The status lines are built at every frame tick for the frame's signature,
    /// and `uppercased()` walks Unicode's case tables at about 10,000 instructions a line (callgrind). When every
    /// scalar outside ASCII stays as it is in upper case (the signs ·, °, ±, – without a look into the tables),
    /// only ASCII letters change, so the UTF-8 bytes are mapped one by one into the new string, and a line with
    /// no small ASCII letter is the line itself.
    static func upperCased(_ text: String) -> String {
        text.utf8.withContiguousStorageIfAvailable { upperCased(text, utf8: $0) } ?? text.uppercased()
    }

    private static func upperCased(_ text: String, utf8: UnsafeBufferPointer<UInt8>) -> String {
        var small = false
        var ascii = true
        for byte in utf8 {
            if byte >= 0x80 { ascii = false } else if byte &- UInt8(ascii: "a") < 26 { small = true }
        }
        if !ascii {
            for s in text.unicodeScalars
            where !s.isASCII && !isSignWithoutCase(s) && s.properties.changesWhenUppercased {
                return text.uppercased()
            }
        }
        guard small else { return text }
        return String(unsafeUninitializedCapacity: utf8.count) { buffer in
            // A byte of a scalar outside ASCII is 0x80 or more: only a...z move.
            for i in utf8.indices {
                buffer[i] = utf8[i] &- UInt8(ascii: "a") < 26 ? utf8[i] - 32 : utf8[i]
            }
            return utf8.count
        }
    }

    /// Latin-1's signs (U+0080–U+00BF but the micro sign, which upper-cases to Μ) and the general punctuation
    /// (U+2000–U+206F): none changes in upper case (`HUDUpperCaseTests` checks every one).
    static func isSignWithoutCase(_ s: Unicode.Scalar) -> Bool {
        (0x80..<0xC0).contains(s.value) && s.value != 0xB5 || (0x2000..<0x2070).contains(s.value)
    }
}
