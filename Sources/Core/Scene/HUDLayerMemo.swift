/// What the HUD keeps from one frame to the next to skip work whose inputs did not change: the usual layout of the
/// last frame, a pure function of what it is kept with, so a frame gets the same layout either way.
// Unchecked Sendable: every `var` is read and written only while `lock` is held.
final class HUDLayerMemo: @unchecked Sendable {
    /// Everything `HUDLayer`'s usual arrangement reads (besides the typography and unit, fixed for a HUD).
    struct LayoutInputs: Equatable {
        var lines: HUDLines
        var scaleBarPixels: Double
        var scaleLabel: String
        var width: Int
        var height: Int
        var keepOut: Rect?
    }

    private let lock = Lock()
    private var layoutInputs: LayoutInputs?
    private var layout: HUDLayer.Layout?

    /// The layout kept for `inputs`, or `arrange`'s, kept for the next frame.
    func layout(for inputs: LayoutInputs, _ arrange: () -> HUDLayer.Layout) -> HUDLayer.Layout {
        if let kept = lock.locked({ layoutInputs == inputs ? layout : nil }) { return kept }
        let fresh = arrange()
        lock.locked { (layoutInputs, layout) = (inputs, fresh) }
        return fresh
    }
}
