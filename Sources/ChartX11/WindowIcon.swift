import ChartCairo
import ChartCore

/// chartview's application icon, drawn by chartview: a donut of four slices in the default
/// palette on a clear background, the chart `assets/icon/icon.json` describes (which
/// `.ci/render-icons` renders into the installed SVG and PNG icons). The window sets it as its
/// `_NET_WM_ICON`, so task bars and switchers show it without an installed icon.
enum WindowIcon {
    /// The icon's chart: the same shares, start and hole as assets/icon/icon.json.
    static func graph() -> Graph {
        var theme = Theme.plainWhite
        theme.background = .solid(.clear)
        theme.plotAreaFill = .solid(.clear)
        let graph = Graph(theme: theme)
        graph.padding = EdgeInsets(all: 0)
        graph.plotAreaPadding = EdgeInsets(all: 0)
        let pie = PieChart(identifier: "icon", values: [38, 27, 21, 14])
        pie.startAngle = 90
        pie.sliceDirection = .clockwise
        pie.innerRadiusFraction = 0.42
        pie.showsLabels = false
        pie.borderLineStyle = LineStyle(color: Color(rgb: 0xF4F4F4), width: 2)
        graph.add(pie)
        graph.legend.isHidden = true
        return graph
    }

    /// `_NET_WM_ICON`'s value for `sizes` (pixels): per size its width, its height, then its
    /// pixels row by row from the top-left as non-premultiplied ARGB, one per `UInt` (the X
    /// library's 32-bit format is a C long). Empty if Cairo cannot make an image. O(pixels).
    static func cardinals(sizes: [Int] = [16, 32, 48, 64, 128], text: PangoText) -> [UInt] {
        let renderer = ChartRenderer(text: text)
        var values: [UInt] = []
        for size in sizes {
            let scene = renderer.layout(graph(), size: Size(width: Double(size), height: Double(size)))
            guard let image = try? renderer.image(of: scene) else { return [] }
            values += [UInt(size), UInt(size)]
            values.reserveCapacity(values.count + size * size)
            for y in 0..<size {
                for x in 0..<size {
                    let p = image.pixel(x: x, y: y)
                    values.append(UInt(p.alpha) << 24 | UInt(p.red) << 16 | UInt(p.green) << 8 | UInt(p.blue))
                }
            }
        }
        return values
    }
}
