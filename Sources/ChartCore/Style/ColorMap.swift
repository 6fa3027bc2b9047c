/// A map from a number in 0…1 to a color: a heatmap's cells and its color bar.
public struct ColorMap: Hashable, Sendable {
    /// The map's name, as specs and `--color-map` write it.
    public let name: String
    /// Colors at even steps from 0 to 1, interpolated between.
    public let stops: [Color]
    /// Whether the map runs from one hue through a neutral middle to another (values centred
    /// on 0), rather than from dark to light.
    public let isDiverging: Bool

    public init(name: String, stops: [Color], isDiverging: Bool = false) {
        precondition(stops.count >= 2, "A color map needs at least two stops.")
        self.name = name
        self.stops = stops
        self.isDiverging = isDiverging
    }

    /// The color at `t`, clamped to 0…1; NaN gives the first stop. O(1).
    public func color(at t: Double) -> Color {
        let t = t.isNaN ? 0 : min(max(t, 0), 1)
        let position = t * Double(stops.count - 1)
        let i = min(Int(position), stops.count - 2)
        let f = position - Double(i)
        let a = stops[i], b = stops[i + 1]
        return Color(red: a.red + (b.red - a.red) * f, green: a.green + (b.green - a.green) * f,
                     blue: a.blue + (b.blue - a.blue) * f, alpha: a.alpha + (b.alpha - a.alpha) * f)
    }

    /// The built-in maps.
    public static var builtIn: [ColorMap] { [] }

    /// The built-in map named `name`; nil when there is none.
    public static func named(_ name: String) -> ColorMap? { builtIn.first { $0.name == name } }

    /// The built-in maps' names, for messages and completion.
    public static var names: [String] { builtIn.map(\.name) }
}
