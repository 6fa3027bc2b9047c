/// What kind of plot laid a scene out: a name the scene, `--dump-layout` and the legend's
/// readers see ("bar", "candlestick"), not a switch for anyone's code.
///
/// Each plot type declares its own kinds beside it, as a static member:
///
///     extension PlotKind { public static let bar = PlotKind("bar") }
///
/// and a plot type written outside the module does the same. Nothing outside a plot's own file
/// asks which kind a plot is: what differs between kinds (the clip, legend entries, highlights,
/// hit shapes, the show animation) is what the plot lays out or declares.
public struct PlotKind: Hashable, Sendable, CustomStringConvertible {
    /// The name `--dump-layout` prints: lowercase, no spaces.
    public let name: String

    /// A kind called `name`; built-in ones are static members (`.bar`, `.line`, …).
    public init(_ name: String) {
        precondition(!name.isEmpty && !name.contains(" "), "A plot kind's name is one word (got \"\(name)\").")
        self.name = name
    }

    public var description: String { name }
}
