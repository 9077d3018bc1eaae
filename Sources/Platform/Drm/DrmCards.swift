/// Finding the card to draw on: primary nodes from `drmGetDevices2`, never an assumed `card0` (a Pi 4/5 has a
/// render-only GPU card beside the display card).
public enum DrmCards {
    /// What probing one primary node found: its description, or why it cannot be used.
    public struct Probe: Sendable {
        public let path: String
        public let info: DrmCardInfo?
        public let error: String?
    }

    /// Every primary node and what it offers.
    public static func probeAll() -> [Probe] {
        DrmSys.primaryNodes().map { path in
            do {
                let fd = try DrmSys.open(path)
                defer { DrmSys.close(fd) }
                return Probe(path: path, info: DrmSys.cardInfo(fd, path: path), error: nil)
            } catch {
                return Probe(path: path, info: nil, error: "\(error)")
            }
        }
    }

    /// Opens the card to use: `path` when given, else the first KMS-capable primary node with a connected
    /// connector (else the first KMS-capable one). Returns the open fd, what the card offers and why it was chosen.
    static func open(path: String?) throws -> (fd: Int32, info: DrmCardInfo, reason: String) {
        if let path {
            let fd = try DrmSys.open(path)
            let info = DrmSys.cardInfo(fd, path: path)
            guard info.isKmsCapable else {
                DrmSys.close(fd)
                throw DrmError.unsupported(
                    "\(path) (\(info.driver)) cannot drive a display: "
                        + (info.hasDumbBuffers ? "it has no CRTC or connector" : "it has no dumb buffers"))
            }
            return (fd, info, "card \(path) (\(info.driver)): asked for with --card")
        }
        let nodes = DrmSys.primaryNodes()
        guard !nodes.isEmpty else {
            throw DrmError.noDevice("no DRM device found (no /dev/dri/card*): is the display driver loaded?")
        }
        var fallback: (Int32, DrmCardInfo)?
        var skipped: [String] = []
        var firstError: Error?
        for node in nodes {
            let fd: Int32
            do { fd = try DrmSys.open(node) } catch {
                firstError = firstError ?? error
                skipped.append("\(node): \(error)")
                continue
            }
            let info = DrmSys.cardInfo(fd, path: node)
            guard info.isKmsCapable else {
                skipped.append("\(node) (\(info.driver)): not a display card")
                DrmSys.close(fd)
                continue
            }
            if info.connectors.contains(where: { $0.isConnected == true && !$0.modes.isEmpty }) {
                if let (otherFD, _) = fallback { DrmSys.close(otherFD) }
                let why = skipped.isEmpty ? "" : " (skipped \(skipped.joined(separator: "; ")))"
                return (fd, info, "card \(node) (\(info.driver)): KMS with a connected display\(why)")
            }
            if fallback == nil { fallback = (fd, info) } else { DrmSys.close(fd) }
            skipped.append("\(node) (\(info.driver)): nothing connected")
        }
        if let (fd, info) = fallback {
            return (fd, info, "card \(info.path) (\(info.driver)): KMS-capable, though no connector reports a display")
        }
        // A permission problem is the likeliest cause when every node failed to open: say that one.
        if let firstError, skipped.count == nodes.count, case DrmError.permissionDenied = firstError {
            throw firstError
        }
        throw DrmError.noDevice("no DRM card can drive a display: \(skipped.joined(separator: "; "))")
    }
}

extension DrmCards {
    /// What `DrmDisplay(options:)` would choose, without taking master or changing the screen: the card and why,
    /// the selection, and the framebuffer the chosen CRTC scans out now (0 when off).
    public static func preview(options: DrmOptions) throws -> (
        cardReason: String, selection: DrmSelection, currentBufferID: UInt32
    ) {
        let opened = try open(path: options.cardPath)
        defer { DrmSys.close(opened.fd) }
        let selection = try DrmSelection.choose(on: opened.info, options: options)
        let current = DrmSys.crtcState(opened.fd, selection.crtcID)?.bufferID ?? 0
        return (opened.reason, selection, current)
    }
}
