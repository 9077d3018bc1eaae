/// The subcommands, in the order `--help` lists them.
@MainActor let commands: [CommandEntry] = [
    CommandEntry(RunCommand.self), CommandEntry(DemoCommand.self), CommandEntry(RenderCommand.self),
    CommandEntry(ProbeCommand.self), CommandEntry(SensorsCommand.self), CommandEntry(ShowCommand.self),
    CommandEntry(RecordCommand.self), CommandEntry(ReplayCommand.self), CommandEntry(CalibrateCommand.self),
    CommandEntry(DeclinationCommand.self), CommandEntry(ConfigCommand.self),
]
