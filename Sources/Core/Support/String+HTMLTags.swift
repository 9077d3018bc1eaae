extension StringProtocol {
    /// The text with every `<…>` tag taken out: a `<`, at least one character that is not `>`, then a `>`. A `<`
    /// with no `>` after it, and an empty `<>`, are not tags and stay as written.
    ///
    /// Written out rather than as the regex `<[^>]+>`: that one literal was the product's only use of Swift's
    /// regex engine, whose code pages it brought into the resident set.
    public func strippingHTMLTags() -> String {
        var plain = ""
        var rest = self[...]
        while let open = rest.firstIndex(of: "<") {
            let inside = rest.index(after: open)
            guard let close = rest[inside...].firstIndex(of: ">") else { break }
            if close == inside {
                // "<>" holds nothing: keep the "<" and look again from the ">".
                plain += rest[...open]
                rest = rest[inside...]
                continue
            }
            plain += rest[..<open]
            rest = rest[rest.index(after: close)...]
        }
        plain += rest
        return plain
    }
}
