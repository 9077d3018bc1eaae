import Core

/// How the map is shown, shared by `run`, `demo` and `replay`: `--orientation` and `--zoom`.
struct ViewOptions: OptionGroup {
    var orientation = OrientationMode.headingUp
    var zoom = 16.5

    /// The lines for a command's `--help`, generated from the declarations.
    static var help: String { help() }

    static let options: [OptionSpec<ViewOptions>] = [
        OptionSpec(
            "--orientation", "MODE", example: "course-up",
            help: "north-up | heading-up | course-up | auto (default heading-up)"
        ) { o, flag, args in o.orientation = try args.choice(for: flag, OrientationMode.self) },
        OptionSpec("--zoom", "Z", example: "17", help: "Web Mercator zoom, 10 to 20 (default 16.5)") {
            o, flag, args in
            o.zoom = try args.number(for: flag, in: 10...20, what: "a number from 10 to 20")
        },
    ]
}
