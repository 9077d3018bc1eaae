/// How large the screen's pixels are and how far the eye is from them: what sizes text and symbols so that they
/// read in a glance. ISO 15008 judges text by the visual angle of a capital letter at the viewing distance.
public struct ScreenPhysics: Hashable, Sendable {
    /// Arm's length on a handlebar or dashboard mount.
    public static let defaultViewingDistanceMillimetres = 700.0
    /// The panel assumed when neither the panel nor the user says: the common 7" kit display.
    public static let defaultDiagonalInches = 7.0
    /// ISO 15008's recommended capital height for primary information (heading, speed, street, warnings).
    public static let primaryArcMinutes = 20.0
    /// ISO 15008's minimum capital height, for everything else.
    public static let secondaryArcMinutes = 16.0
    /// The density of the reference design (800×480 at 7"), at which the scene's geometry unit is one pixel.
    public static let referencePixelsPerMillimetre = (800.0 * 800 + 480 * 480).squareRoot() / (7 * 25.4)

    public let pixelsPerMillimetre: Double
    public let viewingDistanceMillimetres: Double

    /// Nil unless both figures are finite and plausible (0.5–100 px/mm, 10 cm to 5 m).
    public init?(pixelsPerMillimetre: Double, viewingDistanceMillimetres: Double = defaultViewingDistanceMillimetres) {
        guard pixelsPerMillimetre.isFinite, (0.5...100).contains(pixelsPerMillimetre),
            viewingDistanceMillimetres.isFinite, (100...5000).contains(viewingDistanceMillimetres)
        else { return nil }
        self.pixelsPerMillimetre = pixelsPerMillimetre
        self.viewingDistanceMillimetres = viewingDistanceMillimetres
    }

    private init(unchecked pixelsPerMillimetre: Double, _ viewingDistanceMillimetres: Double) {
        self.pixelsPerMillimetre = pixelsPerMillimetre
        self.viewingDistanceMillimetres = viewingDistanceMillimetres
    }

    /// A `width`×`height` panel with a diagonal of `diagonalInches` (square pixels assumed).
    public init?(
        width: Int, height: Int, diagonalInches: Double,
        viewingDistanceMillimetres: Double = defaultViewingDistanceMillimetres
    ) {
        guard width > 0, height > 0, diagonalInches.isFinite, diagonalInches > 0 else { return nil }
        let pixels = (Double(width) * Double(width) + Double(height) * Double(height)).squareRoot()
        self.init(
            pixelsPerMillimetre: pixels / (diagonalInches * 25.4),
            viewingDistanceMillimetres: viewingDistanceMillimetres)
    }

    /// A `width`×`height` panel that reports its size in millimetres (DRM's `mmWidth`/`mmHeight`, EDID).
    /// Diagonals are compared, so a panel mounted turned (width and height swapped) gives the same density.
    public init?(
        width: Int, height: Int, widthMillimetres: Int, heightMillimetres: Int,
        viewingDistanceMillimetres: Double = defaultViewingDistanceMillimetres
    ) {
        guard widthMillimetres > 0, heightMillimetres > 0 else { return nil }
        let mm =
            (Double(widthMillimetres) * Double(widthMillimetres)
            + Double(heightMillimetres) * Double(heightMillimetres)).squareRoot()
        self.init(
            width: width, height: height, diagonalInches: mm / 25.4,
            viewingDistanceMillimetres: viewingDistanceMillimetres)
    }

    /// The panel assumed for a `width`×`height` frame when nothing says how large it is: a 7" diagonal.
    public static func assumed(width: Int, height: Int) -> ScreenPhysics {
        ScreenPhysics(width: width, height: height, diagonalInches: defaultDiagonalInches)
            ?? ScreenPhysics(unchecked: referencePixelsPerMillimetre, defaultViewingDistanceMillimetres)
    }

    /// The size on the panel that the eye sees under `arcMinutes` at the viewing distance.
    public func millimetres(arcMinutes: Double) -> Double {
        2 * viewingDistanceMillimetres * tan(arcMinutes / 60 * .pi / 180 / 2)
    }

    /// `millimetres(arcMinutes:)` in this panel's pixels.
    public func pixels(arcMinutes: Double) -> Double { millimetres(arcMinutes: arcMinutes) * pixelsPerMillimetre }

    /// `pixels` on this panel in millimetres.
    public func millimetres(pixels: Double) -> Double { pixels / pixelsPerMillimetre }

    /// The scene's geometry unit (line widths, the arrow, margins): one pixel at the reference density, so a
    /// symbol keeps its physical size from panel to panel.
    public var unit: Double { pixelsPerMillimetre / ScreenPhysics.referencePixelsPerMillimetre }
}
