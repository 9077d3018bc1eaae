/// Which pixels of a frame may differ from the frame presented before it, as the code that drew both knows it.
///
/// A display told this copies only that part to the screen, without keeping the last frame to compare against
/// (which costs a frame of memory and a read of two frames every time).
public enum FrameChange: Equatable, Sendable {
    /// Not known: any pixel may differ (a one-off frame, a caller that does not track what it drew).
    case unknown
    /// Only pixels inside the rectangle may differ; nil when none does.
    case within(PixelRect?)

    /// Nothing changed.
    public static let none = FrameChange.within(nil)

    /// The change of two frames in a row: what either changed.
    public func followed(by next: FrameChange) -> FrameChange {
        switch (self, next) {
        case (.unknown, _), (_, .unknown): return .unknown
        case (.within(let a), .within(let b)):
            guard let a else { return next }
            guard let b else { return self }
            return .within(a.union(b))
        }
    }

    /// The rectangle of a `width`×`height` frame to copy out: all of it when not known, none when nothing changed.
    public func rect(width: Int, height: Int) -> PixelRect? {
        let frame = PixelRect(x: 0, y: 0, width: width, height: height)
        switch self {
        case .unknown: return frame.isEmpty ? nil : frame
        case .within(let r): return r?.intersection(frame)
        }
    }
}
