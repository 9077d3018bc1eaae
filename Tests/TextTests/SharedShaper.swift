import Core
import Platform
import Testing

/// One shaper for the tests that only read from it (fontconfig and the fonts are found once).
let sharedShaper: WorldTextShaper? = try? WorldTextShaper()

/// The shared shaper, or a failure saying why there is none.
func shaper() throws -> WorldTextShaper {
    try #require(sharedShaper, "no WorldTextShaper: install fonts-dejavu-core, fonts-noto-core, fonts-noto-cjk")
}
