import ChartCore
import ChartSession
import ChartX11
import Foundation

/// `--trace`: one JSON object per line on stdout, flushed per line, for tests and tools.
///
///     {"event":"ready","window":WINDOW_ID,"size":[w,h],"scale":S,"watching":BOOL}
///     {"event":"layout","size":[w,h],"plotArea":[x,y,w,h],"legend":"right|bottom|top|left|none"}
///         (a grid's also "cells":[{"frame":[x,y,w,h],"plotArea":[x,y,w,h],"title":[x,y,w,h]}], on the window;
///         its "view" events name each cell's spaces "CELL:SPACE", "2:default", in the cell's pixels)
///     {"event":"select","plot":ID,"record":N,"value":V,"popup":[x,y,w,h],"text":"2008-03-01 · AAPL 143.50"}
///     {"event":"measure","a":X,"b":X,"dx":D,"series":[{"plot":ID,"a":Y,"b":Y,"dy":D,"count":N,"mean":M,"low":L,"high":H}]}
///         (the A/B cursors; {"event":"measure"} once cleared)
///     {"event":"crosshair","a":X,"series":[{"plot":ID,"a":Y}]}   (what the crosshair reads; {"event":"crosshair"} once off)
///     {"event":"note","text":T,"x":X,"y":Y,"added":BOOL,"count":N}   (a note added or removed; N notes since)
///     {"event":"deselect"}   {"event":"toggle","plot":ID,"visible":BOOL}   {"event":"toggle","plot":ID,"record":N,"visible":BOOL}
///     {"event":"animated"}   {"event":"frame","ms":F}   {"event":"saved","path":P}   {"event":"chart","name":N}   {"event":"quit"}
///     {"event":"building","window":WINDOW_ID,"size":[w,h]}   {"event":"cancelled","size":[w,h]}
///     {"event":"frame","ms":F,"building":true}   (the help or the status line over the last picture)
///     {"event":"reload","records":N}   {"event":"reload","error":MESSAGE}
///     {"event":"loading","window":WINDOW_ID,"chart":N}   {"event":"cancelled","chart":N}   {"event":"failed","chart":N,"error":MESSAGE}
///     {"event":"readout","text":"x=2016-06-10 12:34  y=12.05"|null}   (the pointer's data)
///     {"event":"copied","bytes":N}   (text on the CLIPBOARD selection)
///     {"event":"prompt","text":T,"cursor":N}   {"event":"prompt","closed":true}   (the save prompt)
///     {"event":"status","text":TEXT}   (a passing message in the status line, or why a big table's view could not be read)
///     {"event":"scale","axis":"x|y","scale":"linear|logarithmic"}   {"event":"refused","reason":TEXT}
///     {"event":"append","rows":N,"total":N,"x":X|null}   (a live chart's frame: rows since the last, all rows, the newest row's x)
///     {"event":"follow","on":BOOL}   (a live chart's view follows its newest data, or stopped: a pan, a zoom; End follows)
///     {"event":"pause","on":BOOL}   (a live chart's picture paused while rows keep arriving, or resumed: p, Space)
///     {"event":"ended","total":N,"error":MESSAGE|null}   (a live chart's input ended, after N rows; once)
///     {"event":"view","cause":"wheel|drag|box|keys|reset|back|forward|autoscale|scale|set|follow",
///      "spaces":{"default":{"x":[lo,hi],"y":[lo,hi],"xScale":S,"yScale":S,"plotArea":[x,y,w,h]},…}}
///     a layout line carries "message":TEXT when the chart's place shows one ("Loading…", an error),
///     and "refining":true when it shows records that stand in for the view's (a big table's)
///     every line carries "t": milliseconds since the trace began (monotonic), for timing from outside
struct TraceWriter {
    func write(_ event: WindowEvent) {
        guard let object = Self.object(event) else { return }
        write(object)
    }

    /// The line of what the window reported (without "t"); nil for what the trace leaves out.
    static func object(_ event: WindowEvent) -> [String: Any]? {
        let object: [String: Any]
        switch event {
        case .ready(let window, let size, let scale, let watching):
            object = ["event": "ready", "window": window, "size": [size.width, size.height], "scale": scale, "watching": watching]
        case .layout(let scene):
            var layout: [String: Any] = [
                "event": "layout", "size": [scene.size.width, scene.size.height], "plotArea": scene.plotArea.array,
                "legend": scene.legend?.position.rawValue ?? "none"
            ]
            // What the chart's place says when it shows no data: "Loading…", an error.
            if let message = scene.message { layout["message"] = message.text }
            // Laid out from records that stand in for the view's (a table too large to load).
            if scene.isRefining { layout["refining"] = true }
            // A grid's cells: each one's frame, plot area and title on the window's surface.
            if scene.isGrid {
                layout["cells"] = scene.cells.map { cell in
                    let origin = cell.frame.origin
                    var placed = ["frame": cell.frame.array, "plotArea": cell.scene.plotArea.offsetBy(dx: origin.x, dy: origin.y).array]
                    if let title = cell.scene.title { placed["title"] = title.rect.offsetBy(dx: origin.x, dy: origin.y).array }
                    return placed
                }
            }
            object = layout
        case .frame(let milliseconds):
            object = ["event": "frame", "ms": (milliseconds * 1000).rounded() / 1000]
        case .frameWhileBuilding(let milliseconds):
            object = ["event": "frame", "ms": (milliseconds * 1000).rounded() / 1000, "building": true]
        case .building(let window, let size):
            object = ["event": "building", "window": window, "size": [size.width, size.height]]
        case .cancelled(let size):
            object = ["event": "cancelled", "size": [size.width, size.height]]
        case .animated:
            object = ["event": "animated"]
        case .loading(let window, let chart):
            object = ["event": "loading", "window": window, "chart": chart]
        case .session(let event):
            guard let session = Self.object(event) else { return nil }
            object = session
        case .quit:
            object = ["event": "quit"]
        }
        return object
    }

    /// The line of what the chart session reported; nil for what the trace leaves to stderr
    /// (a save's failure, whose status line is traced).
    /// A measurement's (or a crosshair reading's) JSON: "a", "b" (data x), "dx", and per series
    /// "plot", "a", "b", "dy", "count", "mean", "low", "high" (absent when unknown).
    static func measurement(_ m: CursorMeasurement) -> [String: Any] {
        var object: [String: Any] = ["a": m.a]
        if let b = m.b { object["b"] = b }
        if let dx = m.dx { object["dx"] = dx }
        object["series"] = m.series.map { s -> [String: Any] in
            var series: [String: Any] = ["plot": s.plotID, "count": s.count]
            for (key, value) in [("a", s.a), ("b", s.b), ("dy", s.dy), ("mean", s.mean), ("low", s.low), ("high", s.high)] {
                if let value, value.isFinite { series[key] = value }
            }
            return series
        }
        return object
    }

    static func object(_ event: SessionEvent) -> [String: Any]? {
        switch event {
        case .interaction(.select(let plot, let record, let value, let popup, let text)):
            ["event": "select", "plot": plot, "record": record, "value": value, "popup": popup.array, "text": text]
        case .interaction(.deselect):
            ["event": "deselect"]
        case .interaction(.toggle(let plot, let record?, let visible)):
            ["event": "toggle", "plot": plot, "record": record, "visible": visible]
        case .interaction(.toggle(let plot, nil, let visible)):
            ["event": "toggle", "plot": plot, "visible": visible]
        case .interaction(.view(let cause, let spaces)):
            [
                "event": "view", "cause": cause.rawValue,
                "spaces": Dictionary(uniqueKeysWithValues: spaces.map { ($0.identifier, Self.mapping($0.transform)) })
            ]
        case .interaction(.scale(let coordinate, let scale)):
            ["event": "scale", "axis": coordinate.rawValue, "scale": scale.rawValue]
        case .interaction(.refused(let reason)):
            ["event": "refused", "reason": reason]
        case .interaction(.measure(let measurement)):
            (measurement.map(Self.measurement) ?? [:]).merging(["event": "measure"]) { _, event in event }
        case .interaction(.note(let note, let added, let notes, let cell)):
            ["event": "note", "text": note.text, "x": note.x, "y": note.y, "added": added, "count": notes.count, "cell": cell + 1]
        case .interaction(.crosshair(let reading)):
            (reading.map(Self.measurement) ?? [:]).merging(["event": "crosshair"]) { _, event in event }
        case .reloadFailed(let message):
            ["event": "reload", "error": VisibleText.cut(message)]
        case .saved(let path):
            ["event": "saved", "path": path]
        case .saveFailed:
            nil
        case .status(let text):
            ["event": "status", "text": VisibleText.cut(text)]
        case .prompt(let text?, let cursor):
            ["event": "prompt", "text": text, "cursor": cursor]
        case .prompt(nil, _):
            ["event": "prompt", "closed": true]
        case .readout(let text):
            ["event": "readout", "text": text ?? NSNull()]
        case .copied(let bytes):
            ["event": "copied", "bytes": bytes]
        case .chart(let name):
            ["event": "chart", "name": name]
        case .described(let chart, let note):
            // Notes and errors name columns, which may be of any length: what a line can show of them.
            ["event": "described", "chart": chart, "note": note.map { VisibleText.cut($0) } ?? NSNull()]
        case .period(let value):
            ["event": "period", "value": value]
        case .reload(let records):
            ["event": "reload", "records": records]
        // A window names itself in its load's line (`WindowEvent.loading`); a session alone has no window.
        case .loading(let chart):
            ["event": "loading", "chart": chart]
        case .loadCancelled(let chart):
            ["event": "cancelled", "chart": chart]
        case .loadFailed(let chart, let message):
            ["event": "failed", "chart": chart, "error": VisibleText.cut(message)]
        // The trace's own "t" is its clock; the newest row's x is "x".
        case .append(let rows, let total, let t):
            ["event": "append", "rows": rows, "total": total, "x": t ?? NSNull()]
        case .follow(let on):
            ["event": "follow", "on": on]
        case .pause(let on):
            ["event": "pause", "on": on]
        case .ended(let total, let failure):
            ["event": "ended", "total": total, "error": failure.map { VisibleText.cut($0) } ?? NSNull()]
        }
    }

    /// A plot space's mapping as the `view` event and `--dump-layout` give it: the ranges in
    /// data units (shortest round-trip decimals) and the plot area in device pixels.
    static func mapping(_ t: CoordinateTransform) -> [String: Any] {
        [
            "x": [t.xRange.lower, t.xRange.upper], "y": [t.yRange.lower, t.yRange.upper],
            "xScale": t.xScale.rawValue, "yScale": t.yScale.rawValue, "plotArea": t.plotArea.array
        ]
    }

    /// When the trace began.
    private let start = ContinuousClock.now

    private func write(_ object: [String: Any]) {
        var object = object
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
        object["t"] = (milliseconds * 1000).rounded() / 1000
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes]) else { return }
        StandardOutput.writeOrExit(String(decoding: data, as: UTF8.self) + "\n")
    }
}
