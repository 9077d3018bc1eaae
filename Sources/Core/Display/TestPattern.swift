/// A plain frame for display tests (`navdisplay show --pattern`): fixed gradients, a white block in the top-left
/// quarter (so a wrong rotation or mirror shows) and a magenta bar whose length follows the heading (so
/// consecutive frames differ only there).
public enum TestPattern {
    /// The pattern at `width` × `height` pixels for `heading` degrees (the bar spans heading/360 of the width).
    public static func frame(width: Int, height: Int, heading: Double) -> FrameBuffer {
        var frame = FrameBuffer(width: width, height: height)
        // A heading that is not finite draws no bar rather than trapping.
        let barEnd = Int(checkedRounding: heading.truncatingRemainder(dividingBy: 360) / 360 * Double(width)) ?? 0
        for y in 0..<height {
            let inBand = y >= height * 3 / 4 && y < height * 7 / 8
            for x in 0..<width {
                let inBlock = x >= width / 8 && x < width / 4 && y >= height / 8 && y < height / 4
                let gradient = UInt32(x * 255 / width) << 16 | UInt32(y * 255 / height) << 8 | 0x40
                frame[x, y] = inBlock ? 0xffffff : inBand && x < barEnd ? 0xff00ff : gradient
            }
        }
        return frame
    }
}
