/// Widths that do not follow every change of a number: a panel sized to its text as it is would grow and
/// shrink as a speed or a satellite count gains or loses a digit, moving the panel's edge and the street bar
/// beside it, and drawing both again.
extension HUDLayer {
    /// The speed's digits field: at least two digits wide (the speed is drawn right-aligned in it).
    func speedFieldWidth(_ lines: HUDLines) -> Double {
        max(t.digits.width(of: lines.speed), t.digits.width(of: "00"))
    }

    /// The width of `text` in `font` with each of its numbers counted at two digits at least ("GPS 3D · 9 SATS"
    /// as wide as "GPS 3D · 10 SATS"); never less than the text's own width.
    static func steadyWidth(of text: String, _ font: HUDFont) -> Double {
        let steady = paddedNumbers(text)
        let own = font.width(of: text)
        return steady == text ? own : max(own, font.width(of: steady))
    }

    /// `text` with every number (a run of digits standing alone, not part of a word such as "3D") written as
    /// zeros, two at least (the HUD's digits are all as wide as a zero in DejaVu Sans; `steadyWidth` keeps the
    /// larger width for a font where they are not).
    static func paddedNumbers(_ text: String) -> String {
        let characters = Array(text)
        var out = ""
        var i = 0
        while i < characters.count {
            guard characters[i].isASCII, characters[i].isNumber else {
                out.append(characters[i])
                i += 1
                continue
            }
            var end = i
            while end < characters.count, characters[end].isASCII, characters[end].isNumber { end += 1 }
            let inWord =
                (i > 0 && characters[i - 1].isLetter) || (end < characters.count && characters[end].isLetter)
            out += inWord ? String(characters[i..<end]) : String(repeating: "0", count: max(end - i, 2))
            i = end
        }
        return out
    }
}
