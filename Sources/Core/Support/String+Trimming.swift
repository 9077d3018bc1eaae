extension StringProtocol {
    /// The text without the characters at either end for which `isTrimmed` holds.
    public func trimming(_ isTrimmed: (Character) -> Bool) -> String {
        guard let first = firstIndex(where: { !isTrimmed($0) }), let last = lastIndex(where: { !isTrimmed($0) })
        else { return "" }
        return String(self[first...last])
    }

    /// The text without the white space (spaces, tabs, line breaks) at either end; the standard library's
    /// stand-in for Foundation's `trimmingCharacters(in: .whitespaces)`.
    public func trimmingWhitespace() -> String { trimming(\.isWhitespace) }
}
