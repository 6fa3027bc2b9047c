import ChartCairo
import ChartCore
import Testing

/// Labels in any script render with a real glyph for every character: Pango shapes them and
/// fontconfig falls back to a font that has them (a CJK font is installed by `make test`).
@Suite struct TextScriptTests {
    static let labels = [
        ("Russian", "Зачисление по предметам"),
        ("Greek", "Εγγραφή ανά μάθημα"),
        ("Chinese", "按科目注册人数"),
        ("Japanese", "科目別の登録"),
        ("Arabic", "التسجيل حسب المادة"),
        ("Latin", "Enrolment by subject")
    ]

    @Test(arguments: labels)
    func rendersWithoutEmptyBoxes(script: String, text: String) {
        let pango = PangoText()
        #expect(pango.canRender(text, style: TextStyle(fontSize: 14)), "\(script) label has glyphs no font covers")
    }

    @Test(arguments: labels)
    func labelsInAnyScriptAreDrawnAsTheAxisLabelsOfABarChart(script: String, text: String) throws {
        let graph = Graph(title: text)
        graph.add(BarPlot(identifier: "a", title: text, values: [3, 5, 2], categories: [text, String(text.prefix(4)), "x"]))
        graph.defaultPlotSpace.xScale = .category
        let renderer = ChartRenderer()
        let scene = renderer.layout(graph, size: Size(width: 900, height: 500))
        let image = try renderer.image(of: scene)
        let title = try #require(scene.title)
        #expect(title.size.width > Double(text.count) * 5, "\(script) title measured too narrow: \(title.size)")
        var inked = 0
        let rect = title.rect
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) where image.pixel(x: x, y: y).red < 128 { inked += 1 }
        }
        #expect(inked > 50, "\(script) title left almost no ink")
    }

    @Test func measuringIsCachedAndStable() {
        let pango = PangoText()
        let style = TextStyle(fontSize: 12)
        let first = pango.size(of: "Mathematics", style: style)
        #expect(first.width > 40 && first.height > 10)
        #expect(pango.size(of: "Mathematics", style: style) == first)
        let twoLines = pango.size(of: "Mathematics\nArt", style: style)
        #expect(twoLines.height > first.height * 1.8)
        #expect(abs(twoLines.width - first.width) < 0.5)
    }
}
