import Foundation
import Testing

/// Clicking every kind of plot item in the real window: bars, line and scatter points, pie and
/// donut slices, and a pie's legend entries. Part of `WindowTests`, so serialized with them.
extension WindowTests {
    static let plotKindCharts = [
        "enrollment", "rates", "rates-pie", "mood", "water-exercise", "categories", "squares", "candles", "ohlc", "price-range", "errorbars", "histogram",
        "boxes", "bubbles", "radar", "heatmap"
    ]

    /// A window pixel to click for `item` of `plot`, or nil to leave the item out: a bar's
    /// center (or a spot further along it clear of the lines and points and bars of plots drawn
    /// over it, which win the click there), a point itself, a slice on its middle ray halfway between
    /// hole and rim (slices narrower than 0.15 rad are left out).
    func clickSpot(for item: LayoutDumpReader.Item, of plot: LayoutDumpReader.Plot, in layout: LayoutDumpReader) -> (Double, Double)? {
        let area = layout.plotArea
        if let p = item.point {
            // The pixel holding the point; one on the plot area's far edge belongs to the pixel inside.
            let x = min(p[0].rounded(.down), (area[0] + area[2]).rounded(.up) - 1)
            let y = min(p[1].rounded(.down), (area[1] + area[3]).rounded(.up) - 1)
            return (x, y)
        }
        if let c = item.center, let r = item.radius, let inner = item.innerRadius, let start = item.startAngle, let end = item.endAngle {
            guard end - start >= 0.15 else { return nil }
            let mid = (start + end) / 2, rho = (inner + r) / 2
            return (c[0] + cos(mid) * rho, c[1] + sin(mid) * rho)
        }
        // Strokes (a wick, an error bar): the middle of the longest, when it is 3 pixels or more.
        if let segments = item.segments, let s = segments.max(by: { hypot($0[2] - $0[0], $0[3] - $0[1]) < hypot($1[2] - $1[0], $1[3] - $1[1]) }) {
            guard hypot(s[2] - s[0], s[3] - s[1]) >= 3 else { return nil }
            return (((s[0] + s[2]) / 2).rounded(.down), ((s[1] + s[3]) / 2).rounded(.down))
        }
        let r = item.rect
        guard r.count == 4, r[2] >= 1, r[3] >= 1 else { return nil }
        guard let index = layout.plots.firstIndex(where: { $0.id == plot.id }) else { return nil }
        let above = layout.plots[(index + 1)...].filter { $0.kind == "line" || $0.kind == "scatter" }
        let points = above.flatMap { $0.items.compactMap(\.point) }
        let segments = above.filter { $0.kind == "line" }.flatMap { line in
            zip(line.items, line.items.dropFirst()).compactMap { a, b -> ([Double], [Double])? in
                guard let p = a.point, let q = b.point, b.record == a.record + 1 else { return nil }
                return (p, q)
            }
        }
        // Bars of later plots (a stacked histogram's upper series) win clicks within their hit
        // areas, which reach 4 pixels past a short bar's ends.
        let laterRects = layout.plots[(index + 1)...].filter { $0.kind != "line" && $0.kind != "scatter" }
            .flatMap { $0.items.map(\.rect) }.filter { $0.count == 4 }
        let vertical = r[3] >= r[2]
        let candidates = [0.5, 0.3, 0.7, 0.15, 0.85].map { f in
            vertical ? (r[0] + r[2] / 2, r[1] + r[3] * f) : (r[0] + r[2] * f, r[1] + r[3] / 2)
        }
        return candidates.first { x, y in
            points.allSatisfy { hypot($0[0] - x, $0[1] - y) > 10 }
                && segments.allSatisfy { distanceToSegment((x, y), $0.0, $0.1) > 8 }
                && laterRects.allSatisfy { !intersects([x - 1, y - 5, 2, 10], $0) }
        }
    }

    /// A real click (XTest) at window pixel (x, y), without the 100 ms xdotool's `click` waits
    /// after it by default: these tests click hundreds of times.
    func quickClick(_ session: TraceSession, _ x: Double, _ y: Double) throws {
        try session.xdotool(clickArguments(session, x, y))
    }

    /// The xdotool arguments for a click at window pixel (x, y), without the pause after it.
    func clickArguments(_ session: TraceSession, _ x: Double, _ y: Double) -> [String] {
        ["mousemove", "--window", session.window, String(Int(x)), String(Int(y)), "click", "--delay", "0", "1"]
    }

    func distanceToSegment(_ p: (Double, Double), _ a: [Double], _ b: [Double]) -> Double {
        let dx = b[0] - a[0], dy = b[1] - a[1]
        let lengthSquared = dx * dx + dy * dy
        let t = lengthSquared > 0 ? min(1, max(0, ((p.0 - a[0]) * dx + (p.1 - a[1]) * dy) / lengthSquared)) : 0
        return hypot(p.0 - (a[0] + t * dx), p.1 - (a[1] + t * dy))
    }

    /// Checks that `select` names `plot`, `record` and `value`.
    func expectSelect(_ select: [String: Any], plot: String, record: Int, value: Double, _ what: String) {
        #expect(select["plot"] as? String == plot, "\(what): \(select)")
        #expect(select["record"] as? Int == record, "\(what): \(select)")
        let traced = select["value"] as? Double ?? .nan
        #expect(abs(traced - value) <= 1e-9 * max(1, abs(value)), "\(what): \(select)")
    }

    @Test(arguments: plotKindCharts)
    func clickingEachItemSelectsItAndASecondClickDeselects(chart: String) throws {
        let layout = try dump(chart, size: "900x600")
        let session = try TraceSession(["--chart", chart, "--size", "900x600"])
        var clicked = 0
        // The second click on one bar or point goes in one xdotool run with the first click on
        // the next, to halve the runs: whether or not the window handles both before laying out
        // again, it deselects (bars and points do not move when selected) and then selects.
        // A selected slice is pulled out, so pies wait for each deselect.
        var pendingSecondClick: (Double, Double)?
        for plot in layout.plots {
            for item in plot.items {
                guard let (x, y) = clickSpot(for: item, of: plot, in: layout) else { continue }
                let what = "\(chart): \(plot.id)[\(item.record)] clicked at (\(x), \(y))"
                try session.xdotool((pendingSecondClick.map { clickArguments(session, $0.0, $0.1) } ?? []) + clickArguments(session, x, y))
                if pendingSecondClick != nil { try session.next("deselect") }
                expectSelect(try session.next("select"), plot: plot.id, record: item.record, value: item.value, what)
                if plot.kind == "pie" {
                    try quickClick(session, x, y)
                    try session.next("deselect")
                    pendingSecondClick = nil
                } else {
                    pendingSecondClick = (x, y)
                }
                clicked += 1
            }
        }
        if let (x, y) = pendingSecondClick {
            try quickClick(session, x, y)
            try session.next("deselect")
        }
        // Polygons are left out: a radar's lie under the next series' (and its vertices are
        // the points clicked).
        let items = layout.plots.reduce(0) { $0 + $1.items.filter { $0.point != nil || $0.rect.count == 4 || $0.center != nil }.count }
        #expect(clicked > 0 && clicked * 4 >= items * 3, "\(chart): only \(clicked) of \(items) items clicked")

        // A pie's legend entries stand for its slices: a click hides the slice, a second one shows it.
        for entry in layout.legend.entries {
            guard let record = entry.record else { continue }
            let (x, y) = center(entry.rect)
            try quickClick(session, x, y)
            let hidden = try session.next("toggle")
            #expect(
                hidden["plot"] as? String == entry.plot && hidden["record"] as? Int == record && hidden["visible"] as? Bool == false,
                "\(chart): legend entry \(entry.title): \(hidden)")
            try quickClick(session, x, y)
            let shown = try session.next("toggle")
            #expect(shown["record"] as? Int == record && shown["visible"] as? Bool == true, "\(chart): legend entry \(entry.title): \(shown)")
        }
        if layout.plots.contains(where: { $0.kind == "pie" }) {
            #expect(layout.legend.entries.contains { $0.record != nil }, "\(chart): the pie's legend has no slice entries")
        }
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func aClickDuringTheShowAnimationSelectsTheBar() throws {
        let layout = try dump("rates", size: "900x600")
        let bar = layout.plots[0].items[3]
        let session = try TraceSession(["--chart", "rates", "--size", "900x600"], animated: true)
        // Straight after the first frame: the bars are still growing, and the click goes to the
        // bar as laid out, not as painted so far.
        let (x, y) = center(bar.rect)
        try quickClick(session, x, y)
        var before: [[String: Any]] = []
        let select = try session.lines.next("select", skipped: &before)
        expectSelect(select, plot: "eur", record: bar.record, value: bar.value, "a click during the animation")
        // On a loaded machine the 0.6 s animation may end before the click lands; the selection
        // must be right either way, so that order is not asserted (no timing in tests).
        let events = before.compactMap { $0["event"] as? String }
        if !events.contains("animated") { try session.next("animated") }
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }
}
