import CHarfbuzz

/// A stretch of a paragraph that one HarfBuzz call shapes: one bidi level, one script, one font.
struct TextItem: Equatable {
    var range: Range<Int>
    var level: UInt8
    var script: hb_script_t
    var font: Int
    var rightToLeft: Bool { level % 2 == 1 }
}

/// Cuts a paragraph into items (logical order) and puts items in visual order.
enum TextItemizer {
    /// Items of `scalars` in logical order: split where the bidi level or the script changes, then where the
    /// font must change because the first font of the list lacks a character.
    static func items(_ scalars: [UInt32], levels: [UInt8], fonts: FontFallbackList) -> [TextItem] {
        guard !scalars.isEmpty else { return [] }
        let raw = scalars.map(HarfBuzzFont.script(of:))
        let scripts = resolveNeutralScripts(raw)
        // Han is shared by Chinese and Japanese: a name with kana is Japanese, so its Han takes the JP face. Found
        // only for a CJK item: it is a search of every font's family name, and most text has none.
        var cjkFonts: [Int]?
        func cjkPreference() -> [Int] {
            if let cjkFonts { return cjkFonts }
            let japanese = scalars.contains { (0x3040...0x30FF).contains($0) || (0xFF66...0xFF9F).contains($0) }
            let found = fonts.indices(ofFamilyContaining: japanese ? "CJK JP" : "CJK SC")
            cjkFonts = found
            return found
        }
        var items: [TextItem] = []
        var start = 0
        for i in 1...scalars.count
        where i == scalars.count || levels[i] != levels[start] || scripts[i] != scripts[start] {
            let preferred = isCJK(scripts[start]) ? cjkPreference() : []
            items += fontItems(
                scalars, raw, start..<i, level: levels[start], script: scripts[start], preferred: preferred,
                fonts: fonts)
            start = i
        }
        return items
    }

    /// `items` in the order they appear on screen, left to right (Unicode's rule L2: from the highest level down
    /// to the lowest odd one, reverse every run of items at that level or above).
    static func visualOrder(_ items: [TextItem]) -> [TextItem] {
        guard let highest = items.map(\.level).max(), let lowest = items.map(\.level).min() else { return items }
        let lowestOdd = lowest % 2 == 1 ? lowest : lowest + 1
        guard highest >= lowestOdd else { return items }
        var order = items
        for level in stride(from: Int(highest), through: Int(lowestOdd), by: -1) {
            var i = 0
            while i < order.count {
                guard order[i].level >= level else {
                    i += 1
                    continue
                }
                var j = i
                while j < order.count && order[j].level >= level { j += 1 }
                order[i..<j].reverse()
                i = j
            }
        }
        return order
    }

    /// One item when a font has every character of `range`; otherwise one per change of font, where spaces,
    /// punctuation and combining marks stay in the font of the letter before them when it has them.
    private static func fontItems(
        _ scalars: [UInt32], _ raw: [hb_script_t], _ range: Range<Int>, level: UInt8, script: hb_script_t,
        preferred: [Int], fonts: FontFallbackList
    ) -> [TextItem] {
        if let f = fonts.firstCovering(scalars[range], preferred: preferred) {
            return [TextItem(range: range, level: level, script: script, font: f)]
        }
        var out: [TextItem] = []
        for i in range {
            let s = scalars[i]
            let previous = out.last?.font
            let font: Int
            let invisible = FontFallbackList.isInvisible(s)
            if let p = previous, isNeutral(raw[i]) || invisible, invisible || fonts.files[p].covers(s) {
                font = p
            } else {
                // No installed font has it: the primary font's box shows that something is missing.
                font = fonts.covering(s, preferred: preferred) ?? 0
            }
            if let last = out.last, last.font == font {
                out[out.count - 1].range = last.range.lowerBound..<(i + 1)
            } else {
                out.append(TextItem(range: i..<(i + 1), level: level, script: script, font: font))
            }
        }
        return out
    }

    /// Common (spaces, digits, punctuation) and Inherited (combining marks) take the script of the letter before
    /// them; at the start, the script of the first letter after.
    private static func resolveNeutralScripts(_ raw: [hb_script_t]) -> [hb_script_t] {
        var out = raw
        var last: hb_script_t?
        var pending: [Int] = []
        for i in raw.indices {
            if isNeutral(raw[i]) {
                if let last { out[i] = last } else { pending.append(i) }
            } else {
                last = raw[i]
                for p in pending { out[p] = raw[i] }
                pending.removeAll()
            }
        }
        return out
    }

    private static func isNeutral(_ s: hb_script_t) -> Bool {
        s == HB_SCRIPT_COMMON || s == HB_SCRIPT_INHERITED || s == HB_SCRIPT_UNKNOWN
    }

    private static func isCJK(_ s: hb_script_t) -> Bool {
        s == HB_SCRIPT_HAN || s == HB_SCRIPT_HIRAGANA || s == HB_SCRIPT_KATAKANA || s == HB_SCRIPT_BOPOMOFO
    }
}
