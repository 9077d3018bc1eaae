/// An sRGB colour with straight (non-premultiplied) alpha, 8 bits per channel.
public struct Color: Hashable, Sendable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// A colour from 0xRRGGBB, as in style sheets.
    public init(hex: UInt32, alpha: UInt8 = 255) {
        self.init(r: UInt8((hex >> 16) & 0xff), g: UInt8((hex >> 8) & 0xff), b: UInt8(hex & 0xff), a: alpha)
    }

    /// The same colour with another opacity (0...1).
    public func withOpacity(_ opacity: Double) -> Color {
        Color(r: r, g: g, b: b, a: UInt8((Double(a) * min(max(opacity, 0), 1)).rounded()))
    }

    /// The XRGB8888 pixel value (alpha dropped).
    public var xrgb: UInt32 { UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b) }

    public static let white = Color(hex: 0xffffff)
    public static let black = Color(hex: 0x000000)
}
