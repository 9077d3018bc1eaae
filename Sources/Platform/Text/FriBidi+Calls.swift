import CFribidi
import Core

/// Every call into FriBidi: the embedding level of each character of one paragraph (Unicode's UAX #9).
enum BidiLevels {
    /// The levels of `scalars` (even: left to right, odd: right to left) and whether the paragraph resolved to
    /// right to left. The corresponding C functions are `fribidi_get_bidi_types`, `fribidi_get_bracket_types` and
    /// `fribidi_get_par_embedding_levels_ex`.
    static func resolve(_ scalars: [UInt32], direction: TextDirection) -> (levels: [UInt8], rightToLeft: Bool) {
        let n = scalars.count
        guard n > 0 else { return ([], direction == .rightToLeft) }
        var types = [FriBidiCharType](repeating: FriBidiCharType(rawValue: 0), count: n)
        var brackets = [FriBidiBracketType](repeating: 0, count: n)
        var levels = [FriBidiLevel](repeating: 0, count: n)
        var base: FriBidiParType
        switch direction {
        case .automatic: base = cfribidi_par_on()
        case .leftToRight: base = cfribidi_par_ltr()
        case .rightToLeft: base = cfribidi_par_rtl()
        }
        let length = FriBidiStrIndex(clamping: n)
        let maxLevel = scalars.withUnsafeBufferPointer { s -> FriBidiLevel in
            fribidi_get_bidi_types(s.baseAddress, length, &types)
            fribidi_get_bracket_types(s.baseAddress, length, types, &brackets)
            return fribidi_get_par_embedding_levels_ex(types, brackets, length, &base, &levels)
        }
        let rtl = cfribidi_par_is_rtl(base) != 0
        // FriBidi returns 0 when it ran out of memory: fall back to one level for the whole paragraph.
        guard maxLevel > 0 else { return ([UInt8](repeating: rtl ? 1 : 0, count: n), rtl) }
        return (levels.map { UInt8(clamping: Int($0)) }, rtl)
    }
}
