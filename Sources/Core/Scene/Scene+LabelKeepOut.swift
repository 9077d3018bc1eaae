extension Scene {
    /// The lines drawn over the map in `input`'s frame (the route, its way back, earlier trails and the trail,
    /// `trail` on screen), where they are on screen: the map's labels keep off them.
    func labelKeepOutLines(_ input: SceneInput, trail: TrailLayer.OnScreen) -> [LabelKeepOutLine] {
        var lines: [LabelKeepOutLine] = []
        if let ride = input.ride { lines += RouteLayer().keepOut(camera: input.camera, ride: ride, unit: unit) }
        if let trail = TrailLayer().keepOut(trail, unit: unit) { lines.append(trail) }
        return lines
    }
}
