/// Themes in the spirit of Core Plot's other built-in themes (dark gradient, slate, stocks).
/// The colors are chartview's own. Font sizes match `plainWhite` and `plainBlack`, so every
/// built-in theme lays a graph out identically and only the paint differs.
extension Theme {
    /// Light grey axes and text on a gradient from black (bottom) to dark grey (top), with a
    /// slightly lighter gradient in the plot area.
    public static let darkGradient: Theme = {
        let ink = Color(rgb: 0xDCDCDC)
        return Theme(
            name: "dark-gradient",
            background: .linearGradient(start: Color(rgb: 0x0E0E10), end: Color(rgb: 0x46484C), angle: 90),
            plotAreaFill: .linearGradient(start: Color(rgb: 0x1B1C1F), end: Color(rgb: 0x393B3F), angle: 90),
            plotAreaBorder: LineStyle(color: Color(rgb: 0x5A5D62), width: 1),
            axisLine: LineStyle(color: Color(rgb: 0xC8C8CA), width: 1),
            majorTick: LineStyle(color: Color(rgb: 0xC8C8CA), width: 1),
            minorTick: LineStyle(color: Color(rgb: 0x8C8E92), width: 1),
            majorGrid: LineStyle(color: Color(rgb: 0x4C4F54), width: 1),
            minorGrid: LineStyle(color: Color(rgb: 0x3E4044), width: 1, dashPattern: [2, 3]),
            titleText: TextStyle(fontSize: 17, isBold: true, color: Color(rgb: 0xF2F2F2)),
            axisTitleText: TextStyle(fontSize: 13, color: ink),
            labelText: TextStyle(fontSize: 12, color: Color(rgb: 0xC8C8CA)),
            legendFill: .solid(Color(rgb: 0x26272A)),
            legendBorder: LineStyle(color: Color(rgb: 0x6A6D72), width: 1),
            legendText: TextStyle(fontSize: 12, color: Color(rgb: 0xE2E2E2), alignment: .left),
            disabledText: Color(rgb: 0x75787D),
            palette: Theme.embers,
            annotationFill: .solid(Color(rgb: 0x3A3C40)),
            annotationBorder: LineStyle(color: Color(rgb: 0xB4B4B8), width: 1),
            annotationText: TextStyle(fontSize: 12, color: .white),
            barOutline: nil)
    }()

    /// Dark slate text and lines on blue-grey gradients: a mid blue-grey background and a
    /// pale one in the plot area and legend.
    public static let slate: Theme = {
        let ink = Color(rgb: 0x222D3B)
        return Theme(
            name: "slate",
            background: .linearGradient(start: Color(rgb: 0x8F9EB1), end: Color(rgb: 0xCAD4E0), angle: 90),
            plotAreaFill: .linearGradient(start: Color(rgb: 0xDCE3EA), end: Color(rgb: 0xF4F6F9), angle: 90),
            plotAreaBorder: LineStyle(color: Color(rgb: 0x5D6B7C), width: 1),
            axisLine: LineStyle(color: Color(rgb: 0x2F3B4A), width: 1),
            majorTick: LineStyle(color: Color(rgb: 0x2F3B4A), width: 1),
            minorTick: LineStyle(color: Color(rgb: 0x5D6B7C), width: 1),
            majorGrid: LineStyle(color: Color(rgb: 0xC3CCD6), width: 1),
            minorGrid: nil,
            titleText: TextStyle(fontSize: 17, isBold: true, color: Color(rgb: 0x1B2430)),
            axisTitleText: TextStyle(fontSize: 13, color: ink),
            labelText: TextStyle(fontSize: 12, color: Color(rgb: 0x1F2A38)),
            legendFill: .linearGradient(start: Color(rgb: 0xD3DAE3), end: Color(rgb: 0xEDF1F5), angle: 90),
            legendBorder: LineStyle(color: Color(rgb: 0x6B7A8C), width: 1),
            legendText: TextStyle(fontSize: 12, color: Color(rgb: 0x1E2935), alignment: .left),
            disabledText: Color(rgb: 0x7A8797),
            palette: Theme.slateInks,
            annotationFill: .solid(Color(rgb: 0xF7F9FB)),
            annotationBorder: LineStyle(color: Color(rgb: 0x4A5868), width: 1),
            annotationText: TextStyle(fontSize: 12, color: Color(rgb: 0x1B2430)),
            barOutline: nil)
    }()

    /// White text and thin (half-pixel) light axes on a gradient from black (bottom) to dark
    /// blue (top), like a trading screen.
    public static let stocks: Theme = {
        let thin = 0.5
        return Theme(
            name: "stocks",
            background: .linearGradient(start: Color(rgb: 0x000000), end: Color(rgb: 0x12306A), angle: 90),
            plotAreaFill: .linearGradient(start: Color(rgb: 0x030814), end: Color(rgb: 0x0F2450), angle: 90),
            plotAreaBorder: nil,
            axisLine: LineStyle(color: .white, width: thin),
            majorTick: LineStyle(color: .white, width: thin),
            minorTick: LineStyle(color: Color(rgb: 0xA0B4D0), width: thin),
            majorGrid: LineStyle(color: Color(rgb: 0x4A6AA0), width: thin),
            minorGrid: LineStyle(color: Color(rgb: 0x2C4474), width: thin, dashPattern: [2, 2]),
            titleText: TextStyle(fontSize: 17, isBold: true, color: .white),
            axisTitleText: TextStyle(fontSize: 13, color: Color(rgb: 0xE8EEF8)),
            labelText: TextStyle(fontSize: 12, color: Color(rgb: 0xD2DCEC)),
            legendFill: .solid(Color(rgb: 0x0A1838)),
            legendBorder: LineStyle(color: Color(rgb: 0x5A78A8), width: thin),
            legendText: TextStyle(fontSize: 12, color: Color(rgb: 0xF0F4FA), alignment: .left),
            disabledText: Color(rgb: 0x5F6F8A),
            palette: Theme.tickerTape,
            annotationFill: .solid(Color(rgb: 0x132A55)),
            annotationBorder: LineStyle(color: Color(rgb: 0x8FB0E0), width: 1),
            annotationText: TextStyle(fontSize: 12, color: .white),
            barOutline: nil)
    }()

    /// Ten distinct colors that read on dark grey.
    static let embers: [Color] = [
        0x5DADE2, 0xF5A742, 0xEF6F6C, 0x4FD1B5, 0xA8DC6E,
        0xF7DC6F, 0xB98FE0, 0xFF8FC7, 0xC9A27E, 0xB8C0C8
    ].map { Color(rgb: $0) }
    /// Ten distinct, fairly dark colors that read on pale blue-grey (contrast ≥ 3 against the
    /// slate plot area).
    static let slateInks: [Color] = [
        0x1F5FA8, 0xC4600E, 0xB0262F, 0x137A6C, 0x3C7F1E,
        0x9A7A0A, 0x6E3F96, 0xB23C74, 0x7A4A2C, 0x2F8FBF
    ].map { Color(rgb: $0) }
    /// Ten distinct light colors that read on black and dark blue.
    static let tickerTape: [Color] = [
        0x4FC3F7, 0xFFB74D, 0x81C784, 0xE57373, 0xFFF176,
        0xCE93D8, 0x4DB6AC, 0xF48FB1, 0x9FA8DA, 0xE0E0E0
    ].map { Color(rgb: $0) }
}
