import Testing
import Foundation
import ChartCore

/// The WCAG contrast ratio of two opaque colors: 1 (same luminance) to 21 (black on white).
private func contrast(_ a: Color, _ b: Color) -> Double {
    let (light, dark) = a.luminance >= b.luminance ? (a.luminance, b.luminance) : (b.luminance, a.luminance)
    return (light + 0.05) / (dark + 0.05)
}

/// The colors a fill shows somewhere: a solid color, or a gradient's ends and middle.
private func shownColors(_ fill: Fill) -> [Color] {
    switch fill {
    case .solid(let color): [color]
    case .linearGradient(let start, let end, _): [start, fill.representativeColor, end]
    }
}

/// The straight-line distance of two colors in RGB, 0 for equal to √3 for black and white.
private func distance(_ a: Color, _ b: Color) -> Double {
    ((a.red - b.red) * (a.red - b.red) + (a.green - b.green) * (a.green - b.green)
        + (a.blue - b.blue) * (a.blue - b.blue)).squareRoot()
}

/// Built-in themes by name, for parameterized tests (`Theme` itself is Sendable, but names
/// read better in test output).
private let builtInNames = Theme.builtIn.map(\.name)
private let corePlotNames = ["dark-gradient", "slate", "stocks"]

private func builtIn(_ name: String) throws -> Theme {
    try #require(Theme.builtIn.first { $0.name == name }, "no built-in theme '\(name)'")
}

@Suite("Themes")
struct ThemeTests {
    // MARK: Names

    @Test("Every built-in theme is found by its own name, in any case", arguments: builtInNames)
    func foundByName(name: String) throws {
        let theme = try builtIn(name)
        #expect(Theme.named(name) == theme)
        #expect(Theme.named(name.uppercased()) == theme)
        #expect(Theme.named(name.capitalized) == theme)
    }

    @Test("The Core Plot themes are built in, under their names and aliases")
    func corePlotNamesResolve() {
        #expect(Theme.builtIn.map(\.name) == ["light", "dark", "dark-gradient", "slate", "stocks"])
        #expect(Theme.darkGradient.name == "dark-gradient")
        #expect(Theme.slate.name == "slate")
        #expect(Theme.stocks.name == "stocks")
        #expect(Theme.named("dark-gradient") == .darkGradient)
        #expect(Theme.named("darkgradient") == .darkGradient)
        #expect(Theme.named("DarkGradient") == .darkGradient)
        #expect(Theme.named("Dark-Gradient") == .darkGradient)
        #expect(Theme.named("SLATE") == .slate)
        #expect(Theme.named("Stocks") == .stocks)
        // The old names still work, and unknown ones do not.
        #expect(Theme.named("white") == .plainWhite)
        #expect(Theme.named("black") == .plainBlack)
        #expect(Theme.named("dark gradient") == nil)
        #expect(Theme.named("stock") == nil)
        #expect(Theme.named("") == nil)
    }

    @Test("Built-in theme names are unique (ignoring case) and the themes differ")
    func uniqueNames() {
        let names = Theme.builtIn.map { $0.name.lowercased() }
        #expect(Set(names).count == names.count, "\(names)")
        #expect(names.allSatisfy { !$0.isEmpty && !$0.contains(" ") })
        #expect(Set(Theme.builtIn).count == Theme.builtIn.count)
    }

    // MARK: Palettes

    @Test("Palettes have at least 8 distinct, opaque, clearly different colors", arguments: builtInNames)
    func palettes(name: String) throws {
        let palette = try builtIn(name).palette
        #expect(palette.count >= 8)
        #expect(Set(palette).count >= 8, "\(palette)")
        #expect(Set(palette).count == palette.count, "a color repeats in \(palette)")
        #expect(palette.allSatisfy { $0.alpha == 1 })
        for (i, a) in palette.enumerated() {
            for b in palette[(i + 1)...] {
                #expect(distance(a, b) >= 0.15, "\(name): \(a) and \(b) are hard to tell apart")
            }
        }
    }

    @Test(
        "The Core Plot themes' series colors stand out from their plot area (contrast ≥ 3)",
        arguments: corePlotNames)
    func seriesColorsStandOut(name: String) throws {
        let theme = try builtIn(name)
        let plotArea = theme.plotAreaFill.representativeColor
        for color in theme.palette {
            #expect(contrast(color, plotArea) >= 3, "\(name): \(color) on \(plotArea) is \(contrast(color, plotArea))")
        }
    }

    // MARK: Contrast

    @Test(
        "Text contrasts with the background (WCAG ≥ 4.5), across the whole of a gradient",
        arguments: builtInNames)
    func textContrast(name: String) throws {
        let theme = try builtIn(name)
        let representative = theme.background.representativeColor
        for (role, text) in [("title", theme.titleText), ("axis title", theme.axisTitleText), ("label", theme.labelText)] {
            #expect(text.color.alpha == 1)
            #expect(
                contrast(text.color, representative) >= 4.5,
                "\(name) \(role): \(text.color) on \(representative) is \(contrast(text.color, representative))")
            for shown in shownColors(theme.background) {
                #expect(
                    contrast(text.color, shown) >= 4.5,
                    "\(name) \(role): \(text.color) on \(shown) is \(contrast(text.color, shown))")
            }
        }
    }

    @Test(
        "Legend text contrasts with the legend fill; disabled text is dimmer but visible",
        arguments: builtInNames)
    func legendContrast(name: String) throws {
        let theme = try builtIn(name)
        for fill in shownColors(theme.legendFill) {
            #expect(contrast(theme.legendText.color, fill) >= 4.5, "\(name): legend text on \(fill)")
            let disabled = contrast(theme.disabledText, fill)
            #expect(disabled >= 2, "\(name): disabled text \(theme.disabledText) vanishes on \(fill) (\(disabled))")
            #expect(disabled < contrast(theme.legendText.color, fill), "\(name): disabled text is not dimmer")
        }
    }

    @Test("Annotation (popup) text contrasts with the annotation fill (WCAG ≥ 4.5)", arguments: builtInNames)
    func annotationContrast(name: String) throws {
        let theme = try builtIn(name)
        let fill = theme.annotationFill.representativeColor
        #expect(
            contrast(theme.annotationText.color, fill) >= 4.5,
            "\(name): \(theme.annotationText.color) on \(fill) is \(contrast(theme.annotationText.color, fill))")
        for shown in shownColors(theme.annotationFill) {
            #expect(contrast(theme.annotationText.color, shown) >= 4.5)
        }
        // The popup's border sets it off from what lies around it.
        #expect(theme.annotationBorder.width > 0)
        #expect(theme.annotationBorder.color != fill)
    }

    @Test("The contrast helper agrees with WCAG's endpoints")
    func contrastHelper() {
        #expect(isClose(contrast(.black, .white), 21, tolerance: 1e-9))
        #expect(isClose(contrast(.white, .black), 21, tolerance: 1e-9))
        #expect(contrast(Color(rgb: 0x777777), Color(rgb: 0x777777)) == 1)
        // #767676 on white is the classic just-passing grey.
        #expect(contrast(Color(rgb: 0x767676), .white) >= 4.5)
        #expect(contrast(Color(rgb: 0x777777), .white) < 4.5)
    }

    // MARK: The Core Plot themes' looks

    @Test("Dark gradient, slate and stocks fill the background with a bottom-to-top gradient")
    func gradients() throws {
        for theme in [Theme.darkGradient, .slate, .stocks] {
            guard case .linearGradient(let start, let end, let angle) = theme.background else {
                Issue.record("\(theme.name): background is not a gradient")
                continue
            }
            #expect(angle == 90)
            #expect(start != end)
            #expect(start.alpha == 1 && end.alpha == 1)
            guard case .linearGradient = theme.plotAreaFill else {
                Issue.record("\(theme.name): plot area is not a gradient")
                continue
            }
        }
        // Dark gradient: black at the bottom to dark grey at the top, grey (no hue).
        if case .linearGradient(let start, let end, _) = Theme.darkGradient.background {
            #expect(start.luminance < end.luminance)
            #expect(end.luminance < 0.1)
            for c in [start, end] { #expect(max(c.red, c.green, c.blue) - min(c.red, c.green, c.blue) < 0.03) }
        }
        // Slate: blue-grey (blue the strongest channel), dark text.
        if case .linearGradient(let start, let end, _) = Theme.slate.background {
            for c in [start, end] { #expect(c.blue > c.red && c.blue >= c.green) }
            #expect(Theme.slate.titleText.color.luminance < 0.05)
        }
        // Stocks: black to dark blue, white title, thin axes.
        if case .linearGradient(let start, let end, _) = Theme.stocks.background {
            #expect(start.luminance < 0.01)
            #expect(end.blue > end.red && end.blue > end.green && end.luminance < 0.1)
        }
        #expect(Theme.stocks.titleText.color == .white)
        #expect(Theme.stocks.axisLine.width < Theme.plainWhite.axisLine.width)
    }

    @Test("The Core Plot themes use the plain themes' fonts", arguments: corePlotNames)
    func sameFonts(name: String) throws {
        let theme = try builtIn(name), plain = Theme.plainWhite
        func font(_ s: TextStyle) -> [String] { [s.fontFamily, "\(s.fontSize)", "\(s.isBold)"] }
        #expect(font(theme.titleText) == font(plain.titleText))
        #expect(font(theme.axisTitleText) == font(plain.axisTitleText))
        #expect(font(theme.labelText) == font(plain.labelText))
        #expect(font(theme.legendText) == font(plain.legendText))
        #expect(font(theme.annotationText) == font(plain.annotationText))
        #expect(theme.legendText.alignment == plain.legendText.alignment)
    }

    @Test("A theme's series colors are its palette's, then distinct hues: no two of the first 60 alike")
    func seriesColorsNeverRepeat() {
        for theme in Theme.builtIn {
            let n = theme.palette.count
            #expect(theme.seriesColor(0) == theme.palette[0])
            #expect(theme.seriesColor(n - 1) == theme.palette[n - 1])
            #expect(theme.seriesColor(-1) == theme.palette[0])
            let colors = (0..<60).map { theme.seriesColor($0).hexString }
            #expect(Set(colors).count == colors.count, "\(theme.name): \(colors)")
        }
        // The light and dark themes hold twenty colors of their own.
        #expect(Theme.plainWhite.palette.count == 20 && Theme.plainBlack.palette.count == 20)
    }

    // MARK: Themes change paint only

    /// `theme` with the fonts (family, size, weight) of `reference`: what layout measures.
    static func withFonts(of reference: Theme, _ theme: Theme) -> Theme {
        func same(_ style: TextStyle, as ref: TextStyle) -> TextStyle {
            var copy = style
            copy.fontFamily = ref.fontFamily
            copy.fontSize = ref.fontSize
            copy.isBold = ref.isBold
            return copy
        }
        var copy = theme
        copy.titleText = same(theme.titleText, as: reference.titleText)
        copy.axisTitleText = same(theme.axisTitleText, as: reference.axisTitleText)
        copy.labelText = same(theme.labelText, as: reference.labelText)
        copy.legendText = same(theme.legendText, as: reference.legendText)
        copy.annotationText = same(theme.annotationText, as: reference.annotationText)
        return copy
    }

    /// A small bar graph with a title, axis titles, a legend and a popup.
    static func sampleGraph(theme: Theme) -> Graph {
        let graph = Graph(title: "Quarterly sales", theme: theme)
        let quarters = ["Q1", "Q2", "Q3", "Q4"]
        let north = BarPlot(identifier: "north", title: "North", values: [12, 17, -4, 21], categories: quarters)
        north.barWidth = 0.4
        north.barOffset = -0.2
        let south = BarPlot(identifier: "south", title: "South", values: [9, 14, 6, nil], categories: quarters)
        south.barWidth = 0.4
        south.barOffset = 0.2
        graph.add(north)
        graph.add(south)
        graph.defaultPlotSpace.xScale = .category
        graph.xAxis.title = "Quarter"
        graph.yAxis.title = "Units sold"
        graph.annotations = [
            Annotation(
                identifier: "selection", text: "North\n17", anchor: .dataPoint(x: 0.8, y: 17, plotSpace: "default"),
                displacement: Point(x: 0, y: -6), hasBox: true, contentAnchor: .bottom),
            Annotation(text: "preliminary", anchor: .plotArea(.topRight), contentAnchor: .topRight)
        ]
        return graph
    }

    /// Everything in a scene that is geometry rather than paint.
    struct Geometry: Equatable, CustomStringConvertible {
        var plotArea: Rect
        var title: Rect?
        var bars: [String: [Rect]]
        var axisLabels: [String: [Rect]]
        var axisTitles: [String: Rect]
        var labelRotations: [String: Double]
        var legend: Rect?
        var legendEntries: [Rect]
        var legendSwatches: [Rect]
        var annotationBoxes: [Rect?]
        var annotationTexts: [Rect]
        var message: Rect?

        init(_ scene: Scene) {
            plotArea = scene.plotArea
            title = scene.title?.rect
            bars = Dictionary(uniqueKeysWithValues: scene.plots.map { ($0.plotID, $0.items.map(\.bounds)) })
            axisLabels = Dictionary(uniqueKeysWithValues: scene.axes.map { ($0.axisID, $0.labels.map(\.rect)) })
            axisTitles = Dictionary(uniqueKeysWithValues: scene.axes.compactMap { axis in axis.title.map { (axis.axisID, $0.rect) } })
            labelRotations = Dictionary(uniqueKeysWithValues: scene.axes.map { ($0.axisID, $0.labelRotation) })
            legend = scene.legend?.rect
            legendEntries = scene.legend?.entries.map(\.rect) ?? []
            legendSwatches = scene.legend?.entries.map(\.swatch) ?? []
            annotationBoxes = scene.annotations.map(\.box)
            annotationTexts = scene.annotations.map(\.text.rect)
            message = scene.message?.rect
        }

        var description: String { "plot area \(plotArea), bars \(bars), labels \(axisLabels)" }
    }

    @Test(
        "Laying out the same graph in different themes gives the same geometry",
        arguments: [Size(width: 400, height: 300), Size(width: 640, height: 480), Size(width: 500, height: 900)], [1.0, 2.0])
    func sameGeometry(size layoutSize: Size, scale: Double) throws {
        // The same picture at `scale` times the pixels, as on a HiDPI screen.
        let size = Size(width: layoutSize.width * scale, height: layoutSize.height * scale)
        let reference = Geometry(Self.sampleGraph(theme: .plainWhite).layout(size: size, scale: scale, measurer: testMeasurer))
        // The sample exercises what it should: bars, labels, titles, a legend and a popup.
        #expect(reference.bars["north"]?.count == 4 && reference.bars["south"]?.count == 3)
        #expect(reference.axisLabels.values.allSatisfy { !$0.isEmpty })
        #expect(reference.axisTitles.count == 2)
        #expect(reference.title != nil && reference.legend != nil)
        #expect(reference.annotationBoxes.count == 2 && reference.annotationBoxes[0] != nil)
        #expect(!reference.plotArea.isEmpty)

        // The comparison has teeth: a bigger label font moves things.
        var bigLabels = Theme.slate
        bigLabels.labelText.fontSize = 20
        let moved = Geometry(Self.sampleGraph(theme: bigLabels).layout(size: size, scale: scale, measurer: testMeasurer))
        #expect(moved != reference)

        for theme in Theme.builtIn {
            let geometry = Geometry(
                Self.sampleGraph(theme: Self.withFonts(of: .plainWhite, theme))
                    .layout(size: size, scale: scale, measurer: testMeasurer))
            #expect(geometry == reference, "\(theme.name) at \(size) ×\(scale)")
            // The built-in themes share fonts, so they agree without any adjustment too.
            let unadjusted = Geometry(Self.sampleGraph(theme: theme).layout(size: size, scale: scale, measurer: testMeasurer))
            #expect(unadjusted == reference, "\(theme.name) at \(size) ×\(scale), unadjusted")
        }
    }

    @Test(
        "A theme's paint reaches the scene: background, plot area, series colors, popup fill",
        arguments: builtInNames)
    func paintReachesScene(name: String) throws {
        let theme = try builtIn(name)
        let scene = Self.sampleGraph(theme: theme).layout(size: Size(width: 640, height: 480), measurer: testMeasurer)
        #expect(scene.background == theme.background)
        #expect(scene.plotAreaFill == theme.plotAreaFill)
        #expect(try #require(scene.plot("north")).items.allSatisfy { $0.fill == .solid(theme.seriesColor(0)) })
        #expect(try #require(scene.plot("south")).items.allSatisfy { $0.fill == .solid(theme.seriesColor(1)) })
        #expect(scene.annotations.first?.fill == theme.annotationFill)
        #expect(scene.title?.style.color == theme.titleText.color)
        #expect(scene.axes.flatMap(\.labels).allSatisfy { $0.style.color == theme.labelText.color })
        #expect(scene.legend?.fill == theme.legendFill)
    }

    @Test("The no-data message and hidden legend entries use the disabled text color", arguments: builtInNames)
    func disabledText(name: String) throws {
        let theme = try builtIn(name)
        let empty = Graph(title: "Nothing", theme: theme)
        #expect(layout(empty, 640, 480).message?.style.color == theme.disabledText)
        let graph = Self.sampleGraph(theme: theme)
        let south = try #require(graph.plot(identifier: "south"))
        south.isHidden = true
        let legend = try #require(layout(graph, 640, 480).legend)
        #expect(legend.entries.map(\.text.style.color) == [theme.legendText.color, theme.disabledText])
    }
}
