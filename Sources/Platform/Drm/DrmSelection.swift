import Core

/// A requested mode: `WxH` or `WxH@Hz`.
public struct DrmModeRequest: Equatable, Sendable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    public let refreshHz: Int?

    public init(width: Int, height: Int, refreshHz: Int? = nil) {
        self.width = width
        self.height = height
        self.refreshHz = refreshHz
    }

    /// Parses "1024x768" or "1024x768@60"; nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { return nil }
        let size = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, let w = Int(size[0]), let h = Int(size[1]), w > 0, h > 0 else { return nil }
        var hz: Int?
        if parts.count == 2 {
            guard let value = Int(parts[1]), value > 0 else { return nil }
            hz = value
        }
        self.init(width: w, height: h, refreshHz: hz)
    }

    public var description: String { "\(width)x\(height)" + (refreshHz.map { "@\($0)" } ?? "") }
}

/// What the user asked for on the command line; nil fields mean "choose".
public struct DrmOptions: Sendable {
    public var cardPath: String?
    public var connectorName: String?
    public var mode: DrmModeRequest?
    public var format: PixelFormat?
    public var rotation: PanelRotation
    /// Forces DirtyFB on one buffer instead of page flips (panels without vblank; tests).
    public var forceDirtyFB: Bool

    public init(
        cardPath: String? = nil, connectorName: String? = nil, mode: DrmModeRequest? = nil,
        format: PixelFormat? = nil, rotation: PanelRotation = .none, forceDirtyFB: Bool = false
    ) {
        self.cardPath = cardPath
        self.connectorName = connectorName
        self.mode = mode
        self.format = format
        self.rotation = rotation
        self.forceDirtyFB = forceDirtyFB
    }
}

/// The connector, CRTC, mode and format chosen on a card, with the reasons `probe` prints.
public struct DrmSelection: Sendable {
    public let connector: DrmConnector
    public let crtcID: UInt32
    public let mode: DrmMode
    public let format: PixelFormat
    public let primaryPlane: DrmPlane?
    /// One line per choice: what was chosen and why.
    public let reasons: [String]

    /// Chooses on `card` as `options` ask; throws when a request cannot be met, naming what the card offers.
    public static func choose(on card: DrmCardInfo, options: DrmOptions) throws -> DrmSelection {
        var reasons: [String] = []
        let connector: DrmConnector
        if let wanted = options.connectorName {
            guard let c = card.connectors.first(where: { $0.name.lowercased() == wanted.lowercased() })
            else {
                throw DrmError.unsupported(
                    "\(card.path) has no connector \(wanted); it has \(card.connectors.map(\.name).joined(separator: ", "))"
                )
            }
            guard !c.modes.isEmpty else { throw DrmError.unsupported("connector \(c.name) offers no modes") }
            connector = c
            reasons.append("connector \(c.name): asked for with --connector")
        } else {
            let usable = card.connectors.filter { !$0.modes.isEmpty }
            if let c = usable.first(where: { $0.isConnected == true }) {
                connector = c
                reasons.append("connector \(c.name): the first connected one")
            } else if let c = usable.first(where: { $0.isConnected == nil }) {
                connector = c
                reasons.append("connector \(c.name): none reports connected; this one may be")
            } else {
                throw DrmError.noDevice(
                    "no display is connected to \(card.path) (connectors: "
                        + "\(card.connectors.map { "\($0.name) \($0.isConnected == false ? "disconnected" : "without modes")" }.joined(separator: ", ")))"
                )
            }
        }

        let mode: DrmMode
        if let request = options.mode {
            let matches = connector.modes.filter {
                $0.width == request.width && $0.height == request.height
                    && (request.refreshHz == nil || $0.refreshHz == request.refreshHz)
            }
            guard let m = matches.first(where: { $0.isPreferred }) ?? matches.max(by: { $0.refreshHz < $1.refreshHz })
            else {
                throw DrmError.unsupported(
                    "\(connector.name) has no mode \(request); it offers \(uniqueModes(connector.modes))")
            }
            mode = m
            reasons.append("mode \(m): asked for with --mode")
        } else if let m = connector.modes.first(where: { $0.isPreferred }) {
            mode = m
            reasons.append("mode \(m): the connector's preferred mode")
        } else {
            let m = connector.modes.max(by: { ($0.area, $0.refreshHz) < ($1.area, $1.refreshHz) })!
            mode = m
            reasons.append("mode \(m): no preferred mode, so the largest")
        }

        let crtcID: UInt32
        if let current = connector.currentCrtcID {
            crtcID = current
            reasons.append("CRTC \(current): the one already driving \(connector.name)")
        } else if let index = card.crtcIDs.indices.first(where: { connector.possibleCrtcs & (1 << UInt32($0)) != 0 }) {
            crtcID = card.crtcIDs[index]
            reasons.append("CRTC \(crtcID): the first that can drive \(connector.name)")
        } else {
            throw DrmError.unsupported("no CRTC on \(card.path) can drive \(connector.name)")
        }

        let crtcIndex = card.crtcIDs.firstIndex(of: crtcID) ?? 0
        let plane = card.planes.first { $0.kind == .primary && $0.possibleCrtcs & (1 << UInt32(crtcIndex)) != 0 }
        // Drivers without universal planes hide the primary plane; XRGB8888 is the format every KMS driver takes.
        let formats = plane?.formats ?? [DrmFourCC.xrgb8888]
        let offered = formats.map(DrmFourCC.name).joined(separator: ", ")
        let format: PixelFormat
        if let wanted = options.format {
            guard formats.contains(DrmFourCC.code(for: wanted)) else {
                throw DrmError.unsupported(
                    "the primary plane of CRTC \(crtcID) cannot scan out \(DrmFourCC.name(DrmFourCC.code(for: wanted))); "
                        + "it takes \(offered)")
            }
            format = wanted
            reasons.append("format \(DrmFourCC.name(DrmFourCC.code(for: wanted))): asked for with --format")
        } else if formats.contains(DrmFourCC.xrgb8888) {
            format = .xrgb8888
            reasons.append("format XR24: the primary plane takes it (\(offered)); no conversion needed")
        } else if formats.contains(DrmFourCC.rgb565) {
            format = .rgb565
            reasons.append("format RG16: the primary plane has no XR24 (\(offered)); converting in the final copy")
        } else {
            throw DrmError.unsupported(
                "the primary plane of CRTC \(crtcID) takes neither XR24 nor RG16; it takes \(offered)")
        }
        return DrmSelection(
            connector: connector, crtcID: crtcID, mode: mode, format: format, primaryPlane: plane, reasons: reasons)
    }

    static func uniqueModes(_ modes: [DrmMode]) -> String {
        var seen = Set<String>()
        return modes.map { "\($0.width)x\($0.height)@\($0.refreshHz)" }.filter { seen.insert($0).inserted }
            .joined(separator: ", ")
    }
}
