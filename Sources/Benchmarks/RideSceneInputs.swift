import Core
import Platform

/// The scene inputs of the bundled ride from `from` to `to` seconds (by default 20 s to 50 s, its through-town
/// stretch), one every `step` seconds, as `NavigationPipeline` makes them heading-up at zoom 16.5 for `scene`
/// (empty for an empty recording).
func rideSceneInputs(scene: Scene, step: Double, from: Double = 20, to: Double = 50) throws -> [SceneInput] {
    let ride = try loadRecording(repositoryPath("recordings/helsinki-ride.navrec"))
    guard let first = ride.events.first?.time else { return [] }
    let pipeline = NavigationPipeline(
        scene: scene, orientation: .headingUp, zoom: 16.5,
        fallbackCenter: GeoCoordinate(latitude: 60.170, longitude: 24.941))
    var inputs: [SceneInput] = []
    var next = first.adding(seconds: from)
    let end = first.adding(seconds: to)
    for event in ride.events {
        while next <= event.time, next <= end {
            inputs.append(pipeline.nextSceneInput(at: next))
            next = next.adding(seconds: step)
        }
        pipeline.apply(event)
    }
    return inputs
}
