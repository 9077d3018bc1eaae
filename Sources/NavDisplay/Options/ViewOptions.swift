import Core

/// How the map is shown, shared by `run`, `demo` and `replay`: `--orientation` and `--zoom`.
struct ViewOptions: OptionGroup {
    var orientation = OrientationMode.headingUp
    var zoom = 16.5

    static let options: [OptionSpec<ViewOptions>] = [
        .orientation(\.orientation, default: .headingUp),
        .number(
            "--zoom", "Z", in: 10...20, what: "a number from 10 to 20", example: "17",
            help: "Web Mercator zoom, 10 to 20 (default 16.5)"
        ) { o, zoom in o.zoom = zoom },
    ]
}
