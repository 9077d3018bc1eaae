/// Options shared by several commands, declared once (display, map, sensors, GPS …): every command that takes
/// the group takes all of it (or a named subset), with the same meaning and the same help.
///
/// A group is a struct of values with defaults and `static let options: [OptionSpec<Self>]`; a command holds it
/// as a stored property and lists `Group.options(in: \.property)` among its `options`.
protocol OptionGroup {
    static var options: [OptionSpec<Self>] { get }
}

extension OptionGroup {
    /// The group's options as options of a command that stores the group at `path` (only the flags in `only`,
    /// when given).
    static func options<Root>(in path: WritableKeyPath<Root, Self> & Sendable, only: Set<String>? = nil)
        -> [OptionSpec<Root>]
    {
        options.filter { only?.contains($0.flag) ?? true }.map { $0.lifted(into: path, group: "\(Self.self)") }
    }

    /// The group's help lines (of the flags in `only`, when given), generated from the declarations.
    static func help(only: Set<String>? = nil) -> String {
        options.filter { only?.contains($0.flag) ?? true }.map(\.helpText).joined(separator: "\n")
    }

    /// Every flag of the group.
    static var flags: [String] { options.map(\.flag) }
}
