extension NavigationPipeline {
    /// What the frame at `frameTime` shows: as `nextSceneInput()`, with the fix's age and staleness counted to the
    /// frame's time, so "No fix · last 8 s ago" counts up between GPS messages instead of freezing (a replay passes
    /// its tick, a live loop its frame clock).
    public func nextSceneInput(at frameTime: Timestamp) -> SceneInput {
        let verdict = state.headingVerdict(maximumMapTurningAccuracyDegrees: policy.maximumCompassAccuracyDegrees)
        let orientation = policy.update(with: verdict)
        var input = SceneInput(
            state: state, verdict: verdict, orientation: orientation, zoom: zoom, width: scene.width,
            height: scene.height, fallbackCenter: fallbackCenter, frameTime: frameTime)
        input.notices = notices
        return input
    }
}
