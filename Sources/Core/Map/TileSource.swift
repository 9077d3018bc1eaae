/// What kind of data a tile holds, told from its first bytes (not only from the file's metadata).
public enum TileFormat: String, Sendable, Equatable {
    case mvt, png, jpeg, webp, unknown

    /// True when the bytes start with the gzip magic (1f 8b): an MVT stored compressed.
    public static func isGzip(_ b: [UInt8]) -> Bool { b.count >= 2 && b[0] == 0x1f && b[1] == 0x8b }

    /// The format of (already inflated) tile bytes.
    public static func detect(_ b: [UInt8]) -> TileFormat {
        if b.count >= 8, b[0] == 0x89, b[1] == 0x50, b[2] == 0x4e, b[3] == 0x47 { return .png }
        if b.count >= 3, b[0] == 0xff, b[1] == 0xd8, b[2] == 0xff { return .jpeg }
        if b.count >= 12, b[0] == 0x52, b[1] == 0x49, b[2] == 0x46, b[3] == 0x46,
            b[8] == 0x57, b[9] == 0x45, b[10] == 0x42, b[11] == 0x50
        {
            return .webp
        }
        // An MVT starts with a layer (field 3, length-delimited: 0x1a) or is empty.
        if b.isEmpty || b[0] == 0x1a { return .mvt }
        return .unknown
    }

    /// The format named by MBTiles `format` metadata or a PMTiles tile type.
    public init(metadataName: String) {
        switch metadataName.lowercased() {
        case "pbf", "mvt": self = .mvt
        case "png": self = .png
        case "jpg", "jpeg": self = .jpeg
        case "webp": self = .webp
        default: self = .unknown
        }
    }
}

/// What a map file says about itself.
public struct MapMetadata: Sendable, Equatable {
    public var name: String
    public var format: TileFormat
    public var minZoom: Int
    public var maxZoom: Int
    /// West, south, east, north in degrees, when the file says.
    public var bounds: (west: Double, south: Double, east: Double, north: Double)?
    public var attribution: String
    /// The vector layer ids listed in the metadata's `json` / `vector_layers`, if any.
    public var vectorLayers: [String]
    /// Every metadata entry as text.
    public var entries: [String: String]

    public init(
        name: String, format: TileFormat, minZoom: Int, maxZoom: Int,
        bounds: (west: Double, south: Double, east: Double, north: Double)? = nil, attribution: String = "",
        vectorLayers: [String] = [], entries: [String: String] = [:]
    ) {
        self.name = name
        self.format = format
        self.minZoom = minZoom
        self.maxZoom = maxZoom
        self.bounds = bounds
        self.attribution = attribution
        self.vectorLayers = vectorLayers
        self.entries = entries
    }

    public static func == (a: MapMetadata, b: MapMetadata) -> Bool {
        a.name == b.name && a.format == b.format && a.minZoom == b.minZoom && a.maxZoom == b.maxZoom
            && a.bounds?.west == b.bounds?.west && a.bounds?.south == b.bounds?.south
            && a.bounds?.east == b.bounds?.east && a.bounds?.north == b.bounds?.north
            && a.attribution == b.attribution && a.vectorLayers == b.vectorLayers && a.entries == b.entries
    }

    /// Parses "west,south,east,north".
    public static func parseBounds(_ text: String?) -> (west: Double, south: Double, east: Double, north: Double)? {
        guard let parts = text?.split(separator: ",").compactMap({ Double($0.trimmingCharacters(in: " ")) }),
            parts.count == 4
        else { return nil }
        return (parts[0], parts[1], parts[2], parts[3])
    }
}

/// A map file's tiles, addressed in XYZ. Core draws from this without knowing SQLite or files.
///
/// Implementations must be safe to call from the tile workers concurrently.
public protocol TileSource: AnyObject, Sendable {
    var metadata: MapMetadata { get }
    /// The bytes stored for `tile` (possibly gzip'd), or nil when the file has no such tile.
    func tileBytes(_ tile: TileID) throws -> [UInt8]?
}

/// Inflates gzip (and zlib) streams; Platform implements it with zlib so Core stays free of C.
public protocol Inflater: Sendable {
    /// The inflated bytes; throws `MapError.badCompression` when broken or larger than `limit` bytes.
    func gunzip(_ bytes: [UInt8], limit: Int) throws -> [UInt8]
}

/// Decodes PNG, JPEG and WebP tiles into pixels; Platform implements it with libpng, libjpeg and libwebp.
public protocol RasterDecoder: Sendable {
    func decode(_ bytes: [UInt8], format: TileFormat) throws -> RasterImage
}

/// Decoded raster pixels, XRGB8888 like `FrameBuffer`.
public struct RasterImage: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var pixels: [UInt32]
    public init(width: Int, height: Int, pixels: [UInt32]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }
}
