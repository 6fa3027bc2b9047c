import Foundation
import Testing

/// Clicking every kind of plot item: bars, line and scatter points, pie and donut slices, and a
/// pie's legend entries.
/// Moved from the window tests (`WindowTests`): the window's chart session without the window
/// (`WindowlessViewer`), every assertion kept.
extension ViewerTests {
    @Test(arguments: plotKindCharts)
    func clickingEachItemSelectsItAndASecondClickDeselects(chart: String) throws {
        let layout = try dump(chart, size: "900x600")
        let session = try WindowlessViewer(["--chart", chart, "--size", "900x600"])
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
}
