import Core

/// One display mode a connector offers, as plain Swift values.
public struct DrmMode: Sendable, CustomStringConvertible {
    public let width: Int
    public let height: Int
    /// Vertical refresh in whole hertz (0 when the driver reports none).
    public let refreshHz: Int
    public let isPreferred: Bool
    public let isInterlaced: Bool
    /// The kernel's mode record, handed back unchanged to SetCrtc.
    let raw: DrmRawMode

    public var description: String {
        "\(width)x\(height)@\(refreshHz)\(isInterlaced ? "i" : "")\(isPreferred ? " (preferred)" : "")"
    }

    /// Pixels on screen; the "largest" mode is the one with the most.
    public var area: Int { width * height }
}

/// A connector (an output: HDMI-A-1, Virtual-1, SPI-1 …) and what it is attached to.
public struct DrmConnector: Sendable {
    public let id: UInt32
    /// The name users pass to `--connector`: the kernel's type name and index, e.g. "HDMI-A-1".
    public let name: String
    /// True when a display is attached; false when not; nil when the driver cannot tell.
    public let isConnected: Bool?
    public let modes: [DrmMode]
    /// The CRTC this connector is driven by now (through its current encoder), if any.
    public let currentCrtcID: UInt32?
    /// Bit i set: the CRTC at index i of the card's CRTC list can drive this connector.
    public let possibleCrtcs: UInt32
    /// The attached panel's size in millimetres as the kernel reports it (from EDID or the panel driver); 0 when
    /// it does not say.
    public var widthMillimetres = 0
    public var heightMillimetres = 0
}

/// A scanout plane and the pixel formats it accepts.
public struct DrmPlane: Sendable {
    public enum Kind: String, Sendable { case overlay, primary, cursor, unknown }
    public let id: UInt32
    public let kind: Kind
    /// Bit i set: the plane can be used with the CRTC at index i.
    public let possibleCrtcs: UInt32
    /// DRM fourcc codes.
    public let formats: [UInt32]
}

/// A CRTC's state, kept to put it back on exit.
struct DrmCrtcState {
    let crtcID: UInt32
    let bufferID: UInt32
    let x: UInt32
    let y: UInt32
    let mode: DrmRawMode?
}

/// Everything `probe` and the mode selection need to know about one card.
public struct DrmCardInfo: Sendable {
    public let path: String
    public let driver: String
    public let hasDumbBuffers: Bool
    public let crtcIDs: [UInt32]
    public let connectors: [DrmConnector]
    public let planes: [DrmPlane]
    /// Whether a CRTC, a connector and dumb buffers are all there: a card we can draw to.
    public var isKmsCapable: Bool { hasDumbBuffers && !crtcIDs.isEmpty && !connectors.isEmpty }
}

/// DRM fourcc codes for the formats we convert to.
public enum DrmFourCC {
    public static let xrgb8888: UInt32 = fourcc("XR24")
    public static let rgb565: UInt32 = fourcc("RG16")

    static func fourcc(_ s: String) -> UInt32 {
        var value: UInt32 = 0
        for (i, byte) in s.utf8.prefix(4).enumerated() { value |= UInt32(byte) << (8 * UInt32(i)) }
        return value
    }

    /// The four characters of a code ("XR24"), for messages and probe output.
    public static func name(_ code: UInt32) -> String {
        let bytes = (0..<4).map { UInt8((code >> (8 * UInt32($0))) & 0xff) }
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7f }) { return String(decoding: bytes, as: UTF8.self) }
        return "0x" + String(code, radix: 16)
    }

    /// The fourcc for a pixel format we can produce.
    public static func code(for format: PixelFormat) -> UInt32 {
        switch format {
        case .xrgb8888: return xrgb8888
        case .rgb565: return rgb565
        }
    }

    /// Bits per pixel of a format we produce.
    static func bitsPerPixel(_ format: PixelFormat) -> Int {
        switch format {
        case .xrgb8888: return 32
        case .rgb565: return 16
        }
    }
}
