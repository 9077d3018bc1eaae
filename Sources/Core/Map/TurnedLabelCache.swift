/// Turned labels of recent frames, as stamps (`TurnedLabelStamp`) by image, angle and the origin's fraction of a
/// pixel, bounded by count and bytes.
///
/// The angle is kept to a hundredth of a degree and the fraction to a 256th of a pixel (what the sampler's 8-bit
/// weights resolve), so the few billionths of a pixel a label's place differs by between two frames of a camera
/// snapped to whole pixels find the same stamp.
final class TurnedLabelCache {
    struct Key: Hashable {
        var image: String
        var hundredthsOfDegree: Int
        var fractionX: Int
        var fractionY: Int
    }
    private var entries: LRUCache<Key, TurnedLabelStamp>
    /// Stamps made (a miss each) and found, since the cache was made.
    private(set) var made = 0
    private(set) var hits = 0

    init(capacity: Int = 256, maxBytes: Int = 1 << 19) {
        entries = LRUCache(capacity: capacity, maxCost: maxBytes)
    }

    /// The stamp of `image` (named `name`: its font and text) turned by `rotationDegrees` with its origin at
    /// `origin`, and the whole pixel to blend it at; nil when it covers nothing or a value is not finite.
    func stamp(_ image: LabelImage, named name: String, at origin: Point, rotationDegrees: Double) -> (
        TurnedLabelStamp, (x: Int, y: Int)
    )? {
        guard origin.x.isFinite, origin.y.isFinite, rotationDegrees.isFinite,
            let angle = Int(checkedRounding: (rotationDegrees * 100).rounded()),
            let qx = Int(checkedRounding: (origin.x * 256).rounded()),
            let qy = Int(checkedRounding: (origin.y * 256).rounded())
        else { return nil }
        // Whole pixel and 256ths past it (an arithmetic shift floors negative places too).
        let pixel = (x: qx >> 8, y: qy >> 8)
        let key = Key(image: name, hundredthsOfDegree: angle, fractionX: qx & 255, fractionY: qy & 255)
        if let hit = entries.get(key) {
            hits += 1
            return hit.runs.isEmpty ? nil : (hit, pixel)
        }
        let fraction = Point(x: Double(key.fractionX) / 256, y: Double(key.fractionY) / 256)
        let made = TurnedLabelStamp.make(image, fraction: fraction, Double(angle) / 100)
        self.made += 1
        entries.set(key, made, cost: made.byteCount)
        return made.runs.isEmpty ? nil : (made, pixel)
    }
}
