/// A map from a number in 0…1 to a color: a heatmap's cells and its color bar.
public struct ColorMap: Hashable, Sendable {
    /// The map's name, as specs and `--color-map` write it.
    public let name: String
    /// Colors at even steps from 0 to 1, interpolated between.
    public let stops: [Color]
    /// Whether the map runs from one hue through a neutral middle to another (values centred
    /// on 0), rather than from dark to light.
    public let isDiverging: Bool

    /// A color map called `name` through `stops`, evenly spaced from 0 to 1; `isDiverging` for a map centred on 0.
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
        return Color(
            red: a.red + (b.red - a.red) * f, green: a.green + (b.green - a.green) * f,
            blue: a.blue + (b.blue - a.blue) * f, alpha: a.alpha + (b.alpha - a.alpha) * f)
    }

    /// The built-in maps: sequential viridis (the default), magma and cividis, and diverging
    /// coolwarm (for values on both sides of 0).
    public static var builtIn: [ColorMap] { [viridis, magma, cividis, coolwarm] }

    /// Stops from sRGB values written as 0xRRGGBB.
    private init(name: String, rgb: [UInt32], isDiverging: Bool = false) {
        self.init(name: name, stops: rgb.map { Color(rgb: $0) }, isDiverging: isDiverging)
    }

    // The stops below are data points, not code: 33 samples at even steps (every 8th of the 256
    // entries, the last included) of the maps as Stéfan van der Walt and Nathaniel Smith
    // published them for matplotlib 2.0 (viridis, magma; "A Better Default Colormap for
    // Matplotlib", SciPy 2015) and of Nuñez, Anderton and Renslow's cividis (PLOS ONE 13(8),
    // 2018), rounded to 8 bits. Linear interpolation between them stays within 2/255 of the
    // published 256 entries (cividis within 5/255 at its darkest end), below what an eye tells
    // apart. Coolwarm is Kenneth Moreland's diverging map ("Diverging Color Maps for Scientific
    // Visualization", ISVC 2009) at his 33 published points.

    /// Dark blue through green to yellow, perceptually uniform: the default.
    public static let viridis = ColorMap(
        name: "viridis",
        rgb: [
            0x440154, 0x470d60, 0x48186a, 0x482374, 0x472d7b, 0x453781, 0x424086, 0x3e4989, 0x3b528b, 0x375b8d, 0x33638d,
            0x2f6b8e, 0x2c728e, 0x297a8e, 0x26828e, 0x23898e, 0x21918c, 0x1f978b, 0x1f9f88, 0x21a685, 0x27ad81, 0x31b57b,
            0x3dbc74, 0x4cc26c, 0x5cc863, 0x6ece58, 0x81d34d, 0x95d840, 0xaadc32, 0xc0df25, 0xd5e21a, 0xeae51a, 0xfde725
        ])

    /// Black through purple and orange to pale yellow, perceptually uniform.
    public static let magma = ColorMap(
        name: "magma",
        rgb: [
            0x000004, 0x030312, 0x0a0822, 0x130d34, 0x1d1147, 0x29115a, 0x36106b, 0x440f76, 0x51127c, 0x5d177f, 0x6a1c81,
            0x762181, 0x832681, 0x902a81, 0x9c2e7f, 0xaa337d, 0xb73779, 0xc23b75, 0xcf4070, 0xdb476a, 0xe55064, 0xee5b5e,
            0xf4695c, 0xf9785d, 0xfb8761, 0xfd9668, 0xfea571, 0xfeb47b, 0xfec287, 0xfed194, 0xfde0a1, 0xfceeb0, 0xfcfdbf
        ])

    /// Dark blue through grey to yellow, perceptually uniform and read alike by people with
    /// red–green color vision deficiency.
    public static let cividis = ColorMap(
        name: "cividis",
        rgb: [
            0x00224e, 0x00285b, 0x002e6a, 0x053371, 0x1a386f, 0x273e6e, 0x32436d, 0x3b496c, 0x434e6c, 0x4b546c, 0x535a6d,
            0x5a5f6e, 0x61656f, 0x686a71, 0x6f7073, 0x767676, 0x7d7c78, 0x838179, 0x8b8778, 0x928d78, 0x9a9376, 0xa29975,
            0xaaa073, 0xb3a670, 0xbbad6d, 0xc3b369, 0xccba64, 0xd4c15f, 0xddc858, 0xe6d051, 0xefd748, 0xf8df3c, 0xfee838
        ])

    /// Blue through a neutral grey (at 0.5, where 0 sits) to red: values below and above 0.
    public static let coolwarm = ColorMap(
        name: "coolwarm",
        rgb: [
            0x3b4cc0, 0x445acc, 0x4d68d7, 0x5775e1, 0x6282ea, 0x6c8ef1, 0x779af7, 0x82a5fb, 0x8db0fe, 0x98b9ff, 0xa3c2ff,
            0xaec9fd, 0xb8d0f9, 0xc2d5f4, 0xccd9ee, 0xd5dbe6, 0xdddddd, 0xe5d8d1, 0xecd3c5, 0xf1ccb9, 0xf5c4ad, 0xf7bba0,
            0xf7b194, 0xf7a687, 0xf49a7b, 0xf18d6f, 0xec7f63, 0xe57058, 0xde604d, 0xd55042, 0xcb3e38, 0xc0282f, 0xb40426
        ], isDiverging: true)

    /// The built-in map named `name`; nil when there is none.
    public static func named(_ name: String) -> ColorMap? { builtIn.first { $0.name == name } }

    /// The built-in maps' names, for messages and completion.
    public static var names: [String] { builtIn.map(\.name) }
}
