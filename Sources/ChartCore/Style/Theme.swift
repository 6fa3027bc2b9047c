/// The colors and fonts a graph is drawn with. A theme never changes data or layout logic:
/// swapping themes changes paint only (font sizes excepted, which layout measures).
public struct Theme: Hashable, Sendable {
    /// The name `--theme` and spec files use.
    public var name: String
    /// Behind everything.
    public var background: Fill
    /// Behind the plots, inside the plot area.
    public var plotAreaFill: Fill
    /// Around the plot area; nil for none.
    public var plotAreaBorder: LineStyle?
    /// The axis lines.
    public var axisLine: LineStyle
    /// Major ticks.
    public var majorTick: LineStyle
    /// Minor ticks.
    public var minorTick: LineStyle
    /// Major grid lines.
    public var majorGrid: LineStyle
    /// Minor grid lines; nil for none.
    public var minorGrid: LineStyle?
    /// The graph's title.
    public var titleText: TextStyle
    /// Axis titles.
    public var axisTitleText: TextStyle
    /// Tick labels and data labels.
    public var labelText: TextStyle
    /// Behind the legend's entries.
    public var legendFill: Fill
    /// Around the legend; nil for none.
    public var legendBorder: LineStyle?
    /// The legend's entries.
    public var legendText: TextStyle
    /// Used for hidden series in the legend.
    public var disabledText: Color
    /// Series colors, used in order by plots without a fill of their own.
    public var palette: [Color]
    /// Value popups and other annotations with a box.
    public var annotationFill: Fill
    /// Around annotation boxes.
    public var annotationBorder: LineStyle
    /// The text of annotation boxes.
    public var annotationText: TextStyle
    /// The outline drawn around bars; nil for none.
    public var barOutline: LineStyle?

    /// The color of the `index`th series (or slice): the palette's, then, past its end, hues
    /// spread around the color wheel by the golden angle at two lightnesses that read on the
    /// background, so that no two series of a chart share a color (the built-in light and dark
    /// palettes hold 20 colors at least 21 ΔE apart in CIELAB).
    public func seriesColor(_ index: Int) -> Color {
        precondition(!palette.isEmpty, "Theme '\(name)' has an empty palette.")
        let i = max(0, index)
        if i < palette.count { return palette[i] }
        let k = i - palette.count
        let hue = (0.07 + Double(k) * 0.381966).truncatingRemainder(dividingBy: 1)
        let dark = background.representativeColor.luminance < 0.3
        let lightness = (dark ? [0.68, 0.55] : [0.45, 0.62])[k % 2]
        return Color(hue: hue, saturation: 0.65, lightness: lightness)
    }

    /// Black text and lines on white.
    public static let plainWhite: Theme = {
        let ink = Color(rgb: 0x222222)
        let label = TextStyle(fontSize: 12, color: Color(rgb: 0x333333))
        return Theme(
            name: "light",
            background: .solid(.white),
            plotAreaFill: .solid(.white),
            plotAreaBorder: nil,
            axisLine: LineStyle(color: ink, width: 1),
            majorTick: LineStyle(color: ink, width: 1),
            minorTick: LineStyle(color: Color(rgb: 0x666666), width: 1),
            majorGrid: LineStyle(color: Color(rgb: 0xDDDDDD), width: 1),
            minorGrid: nil,
            titleText: TextStyle(fontSize: 17, isBold: true, color: ink),
            axisTitleText: TextStyle(fontSize: 13, color: ink),
            labelText: label,
            legendFill: .solid(.white),
            legendBorder: LineStyle(color: Color(rgb: 0xCCCCCC), width: 1),
            legendText: TextStyle(fontSize: 12, color: ink, alignment: .left),
            disabledText: Color(rgb: 0xAAAAAA),
            palette: Theme.tableau,
            annotationFill: .solid(Color(rgb: 0xFFFFF0)),
            annotationBorder: LineStyle(color: Color(rgb: 0x555555), width: 1),
            annotationText: TextStyle(fontSize: 12, color: ink),
            barOutline: nil)
    }()

    /// Light text and lines on near-black.
    public static let plainBlack: Theme = {
        let ink = Color(rgb: 0xE6E6E6)
        return Theme(
            name: "dark",
            background: .solid(Color(rgb: 0x1E1F22)),
            plotAreaFill: .solid(Color(rgb: 0x1E1F22)),
            plotAreaBorder: nil,
            axisLine: LineStyle(color: ink, width: 1),
            majorTick: LineStyle(color: ink, width: 1),
            minorTick: LineStyle(color: Color(rgb: 0x9A9A9A), width: 1),
            majorGrid: LineStyle(color: Color(rgb: 0x3A3C40), width: 1),
            minorGrid: nil,
            titleText: TextStyle(fontSize: 17, isBold: true, color: .white),
            axisTitleText: TextStyle(fontSize: 13, color: ink),
            labelText: TextStyle(fontSize: 12, color: Color(rgb: 0xCFCFCF)),
            legendFill: .solid(Color(rgb: 0x2A2C30)),
            legendBorder: LineStyle(color: Color(rgb: 0x55585E), width: 1),
            legendText: TextStyle(fontSize: 12, color: ink, alignment: .left),
            disabledText: Color(rgb: 0x6A6D72),
            palette: Theme.bright,
            annotationFill: .solid(Color(rgb: 0x33363B)),
            annotationBorder: LineStyle(color: Color(rgb: 0xAAAAAA), width: 1),
            annotationText: TextStyle(fontSize: 12, color: .white),
            barOutline: nil)
    }()

    /// Every built-in theme, in the order `--help` lists them.
    public static let builtIn: [Theme] = [plainWhite, plainBlack, darkGradient, slate, stocks]

    /// The built-in theme called `name` (case-insensitive; "white" and "black" are accepted too).
    public static func named(_ name: String) -> Theme? {
        switch name.lowercased() {
        case "light", "white", "plainwhite", "plain-white": plainWhite
        case "dark", "black", "plainblack", "plain-black": plainBlack
        case "dark-gradient", "darkgradient": darkGradient
        case "slate": slate
        case "stocks": stocks
        default: nil
        }
    }

    /// Twenty colors that read on white, each at least 24 ΔE (CIELAB) from every other: Tableau
    /// 10, then ten more picked greedily for distance from those before them.
    static let tableau: [Color] = [
        0x4E79A7, 0xF28E2B, 0xE15759, 0x76B7B2, 0x59A14F,
        0xEDC948, 0xB07AA1, 0xFF9DA7, 0x9C755F, 0xBAB0AC,
        0xE7298A, 0x6B6ECF, 0xFFBE7D, 0x393B79, 0xA6761D,
        0xB5CF6B, 0x003F5C, 0xE377C2, 0x843C39, 0x1B9E77
    ].map { Color(rgb: $0) }
    /// Twenty colors that read on near-black, each at least 21 ΔE from every other.
    static let bright: [Color] = [
        0x6CA6E0, 0xFFA94D, 0xFF6B6B, 0x63E6BE, 0x8CE99A,
        0xFFE066, 0xD0A2F7, 0xFFA8C5, 0xC8A27C, 0xCED4DA,
        0x845EF7, 0x94D82D, 0x3BC9DB, 0x5C940D, 0xDA77F2,
        0xF06595, 0x5C7CFA, 0xC0EB75, 0xE67700, 0xFCC419
    ].map { Color(rgb: $0) }
}
