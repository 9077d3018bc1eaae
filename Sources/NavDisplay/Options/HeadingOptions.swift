import Core

/// How the heading is computed, shared by `run`, `demo` and `replay`: `--vehicle`.
struct HeadingOptions: OptionGroup {
    var vehicle = Vehicle.car

    static let options: [OptionSpec<HeadingOptions>] = [
        .choice(
            "--vehicle", "KIND", Vehicle.self, example: "boat",
            help: "\(Vehicle.allCases.map(\.rawValue).joined(separator: " | ")) (default car): on a boat the GPS\n"
                + "course never corrects the heading (the bow is not the course over ground)"
        ) { o, vehicle in o.vehicle = vehicle }
    ]

    /// `configuration` with these options applied.
    func applied(to configuration: HeadingConfiguration) -> HeadingConfiguration {
        var c = configuration
        c.vehicle = vehicle
        return c
    }
}
