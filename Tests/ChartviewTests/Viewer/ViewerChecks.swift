import ChartCairo
import ChartCore
import Foundation
import Testing
import TestDepth

/// The checks the window tests and the viewer tests share: charts and data they make, what
/// they read from the trace, pictures they compare. Each runs on a real window (`TraceSession`)
/// or on the session without it (`WindowlessViewer`), through `ViewerDriving`.
protocol ViewerChecks {}

extension WindowTests: ViewerChecks {}
extension ViewerTests: ViewerChecks {}

extension ViewerChecks {
    typealias Server = PostgresFixture

    static var dailyPrices: String { ViewerData.dailyPrices }
    static var temperatures: String { ViewerData.temperatures }
    static var plotKindCharts: [String] { ViewerData.plotKindCharts }
    static var bubbleCSV: String { ViewerData.bubbleCSV }
    static var heatmapCSV: String { ViewerData.heatmapCSV }
    static var radarCSV: String { ViewerData.radarCSV }

    /// The scene `--dump-layout` gives at `size`, which the window shows at the same size.
    func dump(_ chart: String, size: String) throws -> LayoutDumpReader {
        let result = try ChartviewProcess.run(["--chart", chart, "--size", size, "--dump-layout", "-"])
        return try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8))
    }

    func center(_ rect: [Double]) -> (Double, Double) { (rect[0] + rect[2] / 2, rect[1] + rect[3] / 2) }

    func fittedMapping(_ file: String, size: String) throws -> Mapping {
        let result = try ChartviewProcess.run([file, "--size", size, "--dump-layout", "-"])
        return try Mapping(try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8)))
    }

    /// The window's view as `--x-range`/`--y-range` render it headless at the same size.
    func headless(_ file: String, size: String, _ view: Mapping, extra: [String] = []) throws -> LayoutDumpReader {
        let result = try ChartviewProcess.run(
            [
                file, "--size", size, "--x-range", "\(view.x[0]):\(view.x[1])",
                "--y-range", "\(view.y[0]):\(view.y[1])", "--dump-layout", "-"
            ] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8))
    }

    /// A CSV file of `rows` points with random x and random y ("x,y"), written as bytes. As a
    /// line (`--kind line`) it runs through the rows in order, which no thinning can reduce:
    /// Cairo takes over a minute to stroke a million of its long random segments.
    func scribbleCSV(rows: Int, in dir: String) throws -> String {
        var bytes = Array("x,y\n".utf8)
        bytes.reserveCapacity(rows * 18)
        var state: UInt64 = 2026
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 44)  // 0 ..< 2^20
        }
        for _ in 0..<rows {
            bytes += Array("\(next()),\(next())\n".utf8)
        }
        let path = dir + "/scribble.csv"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The share of pixels of `a` and `b` (of one size) that differ by more than `tolerance` in
    /// a channel, over `rect` ([x, y, w, h]) or the whole image.
    func difference(_ a: CairoSurface, _ b: CairoSurface, in rect: [Int]? = nil, tolerance: Int = 0) -> Double {
        let r = rect ?? [0, 0, min(a.width, b.width), min(a.height, b.height)]
        var differing = 0
        for y in r[1]..<(r[1] + r[3]) {
            for x in r[0]..<(r[0] + r[2]) where a.pixel(x: x, y: y).distance(to: b.pixel(x: x, y: y)) > tolerance {
                differing += 1
            }
        }
        return Double(differing) / Double(max(1, r[2] * r[3]))
    }

    /// The window's pixels now, read back.
    func screenshot(_ session: some ViewerDriving, _ path: String) throws -> CairoSurface {
        try session.screenshot(path)
        return try CairoSurface.png(path: path)
    }

    /// What `--output` renders for `arguments` at `size` ("800x600"), read back.
    func output(_ arguments: [String], size: String, in dir: String) throws -> CairoSurface {
        let path = dir + "/output-\(UUID().uuidString).png"
        let result = try ChartviewProcess.run(arguments + ["--size", size, "--output", path])
        try #require(result.status == 0, "\(result.stderr)")
        return try CairoSurface.png(path: path)
    }

    /// The trace events up to and including the next `name`.
    func eventsUntil(_ session: some ViewerDriving, _ name: String, timeout: Double = 10) throws -> [[String: Any]] {
        var skipped: [[String: Any]] = []
        let last = try session.next(name, timeout: timeout, skipped: &skipped)
        return skipped + [last]
    }

    /// The demo gallery's spec in this source tree, named explicitly so the window finds it
    /// wherever the binary was built.
    var gallery: String { DataFixture.assets + "/gallery.json" }

    /// A fresh directory holding db.sqlite with table t of three rows.
    func threeRowDatabase() throws -> (dir: String, db: String) {
        let dir = try ChartviewProcess.temporaryDirectory()
        let db = dir + "/db.sqlite"
        try DataFixture.sqlite(db, "CREATE TABLE t (name TEXT, value REAL); INSERT INTO t VALUES ('a', 1), ('b', 2), ('c', 3);")
        return (dir, db)
    }

    /// A CSV file of `rows` points of a random walk ("x,y"), written as bytes (fast).
    func walkCSV(rows: Int, in dir: String) throws -> String {
        var bytes = Array("x,y\n".utf8)
        bytes.reserveCapacity(rows * 16)
        var y = 0, state: UInt64 = 42
        for x in 0..<rows {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            y += state >> 63 == 0 ? 1 : -1
            bytes += Array("\(x),\(Double(y) / 4)\n".utf8)
        }
        let path = dir + "/walk.csv"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// A spec of two charts in `dir`: "big", a CSV file of six million rows (80 MB: seconds to
    /// load in a debug build, about a second optimized), then "small", three rows. The big file
    /// is one block written over and over: fast to make. The keys go in as soon as the load has
    /// started (the `loading` line), well before it could end.
    func slowGallery(in dir: String) throws -> String {
        var block = ""
        for i in 0..<10_000 { block += "\(i),\((i &* 7_919) % 100_003)\n" }
        var bytes = Data("x,y\n".utf8)
        let blockBytes = Data(block.utf8)
        bytes.reserveCapacity(4 + blockBytes.count * 600)
        for _ in 0..<600 { bytes.append(blockBytes) }
        try bytes.write(to: URL(fileURLWithPath: dir + "/big.csv"))
        try Data("x,y\n1,2\n2,3\n3,5\n".utf8).write(to: URL(fileURLWithPath: dir + "/small.csv"))
        let spec = #"{"charts": [{"name": "big", "data": {"csv": "big.csv"}}, {"name": "small", "data": {"csv": "small.csv"}}]}"#
        try Data(spec.utf8).write(to: URL(fileURLWithPath: dir + "/slow.json"))
        return dir + "/slow.json"
    }

    /// The next `layout` line whose `message` is `text`.
    @discardableResult
    func nextLayout(_ session: some ViewerDriving, saying text: String, timeout: Double = 30) throws -> [String: Any] {
        var layout = try session.next("layout", timeout: timeout)
        while layout["message"] as? String != text { layout = try session.next("layout", timeout: timeout) }
        return layout
    }

    /// The next `cancelled` line of a load (not of a frame, which names a size).
    func nextCancelledLoad(_ session: some ViewerDriving, timeout: Double = 30) throws -> [String: Any] {
        var line = try session.next("cancelled", timeout: timeout)
        while line["chart"] == nil { line = try session.next("cancelled", timeout: timeout) }
        return line
    }

    /// The next layout that shows the view's own records (not a stand-in), and whether a
    /// stand-in came before it.
    func exactLayout(_ session: some ViewerDriving, timeout: Double = 120) throws -> (layout: [String: Any], refinedFirst: Bool) {
        var refined = false
        while true {
            let layout = try session.next("layout", timeout: timeout)
            if layout["message"] != nil { continue }
            if layout["refining"] as? Bool == true { refined = true; continue }
            return (layout, refined)
        }
    }

    /// Every trace line up to and including the next `name` event, as JSON text.
    func traceText(_ session: some ViewerDriving, until name: String, timeout: Double = 30) throws -> String {
        var skipped: [[String: Any]] = []
        let last = try session.next(name, timeout: timeout, skipped: &skipped)
        return try (skipped + [last]).map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
            .joined(separator: "\n")
    }

    /// A new directory with a log file in it that holds only `header` (a logger then writes it).
    func logFile(header: String) throws -> (dir: String, csv: String) {
        let dir = try ChartviewProcess.temporaryDirectory()
        try header.write(toFile: dir + "/log.csv", atomically: true, encoding: .utf8)
        return (dir, dir + "/log.csv")
    }

    /// The x range of a `view` line's default plot space, data units.
    func xRange(_ view: [String: Any]) -> [Double]? {
        let spaces = view["spaces"] as? [String: Any]
        return (spaces?["default"] as? [String: Any])?["x"] as? [Double]
    }

    /// `chartview`'s resident memory now, bytes (VmRSS of /proc/PID/status).
    func residentBytes(_ pid: Int32) throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") })
        let kilobytes = try #require(Int(line.split(separator: " ")[1]))
        return kilobytes * 1024
    }

    /// The median, 95th percentile and largest of `values`, formatted in milliseconds.
    func percentiles(_ values: [Double]) -> String {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return "no samples" }
        func at(_ share: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * share))] }
        return String(format: "median %.1f ms, p95 %.1f ms, max %.1f ms over %d", at(0.5), at(0.95), sorted.last!, sorted.count)
    }

    /// Follows `csv` (written by `writer`, rows numbered from 1 as x) until the `append` of
    /// every row and the frame that shows it: every append shows rows in order (x == total),
    /// and the last row arrives. Returns, per row after the first frame's, milliseconds from
    /// its write to the first frame painted after the `append` that brought it.
    func followEveryRow(_ session: some ViewerDriving, _ writer: LiveWriter) throws -> [Double] {
        var clock = TraceClock()
        var shown: [(from: Int, to: Int, frame: [String: Any])] = []
        var pending: (from: Int, to: Int)?
        var total = 0
        var lastFrameSeen = false
        while !(total == writer.rows && lastFrameSeen) {
            let line = try session.nextLine(timeout: 30)
            clock.note(line)
            switch line["event"] as? String {
            case "append":
                let newTotal = try #require(line["total"] as? Int)
                #expect(line["x"] as? Double == Double(newTotal), "rows out of order or missing: \(line)")
                pending = (pending?.from ?? total + 1, newTotal)
                total = newTotal
                lastFrameSeen = false
            case "frame" where line["building"] == nil:
                if let rows = pending { shown.append((rows.from, rows.to, line)) }
                pending = nil
                lastFrameSeen = total == writer.rows
            default: break
            }
        }
        #expect(total == writer.rows)
        // Not the first frame's rows: written before the window was up.
        return shown.dropFirst().flatMap { rows in
            (rows.from...rows.to).map { clock.time(of: rows.frame) - writer.writtenAt(row: $0) }
        }
    }

    /// Appends `text` to the file at `path`, as a logging program would.
    func append(_ text: String, to path: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }

    /// Waits for the next successful reload and the frame that shows it; returns its records.
    @discardableResult
    func nextReload(_ session: some ViewerDriving) throws -> Int? {
        let reload = try session.next("reload", timeout: 10)
        #expect(reload["error"] == nil, "the reload failed: \(reload)")
        try session.next("frame")
        return reload["records"] as? Int
    }

    /// Expects the window's pixels to be what `--output` draws for `arguments` at `size`.
    func expectWindowMatchesOutput(
        _ session: some ViewerDriving, _ arguments: [String], size: String, in dir: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let window = try screenshot(session, dir + "/window-\(UUID().uuidString).png")
        let expected = try output(arguments, size: size, in: dir)
        #expect(window.width == expected.width && window.height == expected.height, sourceLocation: sourceLocation)
        let share = difference(window, expected, tolerance: 2)
        #expect(share < 0.001, "\(share * 100)% of the window's pixels differ from --output", sourceLocation: sourceLocation)
    }

    /// The cells of the first layout that has them (a grid's first frame may come before its
    /// charts): each one's frame, plot area and title on the window, as the trace gives them.
    func firstCells(_ session: some ViewerDriving) throws -> [[String: [Double]]] {
        var layout = try session.next("layout", timeout: 30)
        while layout["cells"] == nil { layout = try session.next("layout", timeout: 30) }
        return try #require(layout["cells"] as? [[String: [Double]]])
    }

    /// A copy of ISLR's NYSE in a folder of its own (its notes go beside it): the folder and the copy.
    func nyseCopy() throws -> (directory: String, csv: String) {
        let dir = try ChartviewProcess.temporaryDirectory()
        let csv = dir + "/nyse.csv"
        try FileManager.default.copyItem(atPath: try RealData.path("islp/NYSE.csv"), toPath: csv)
        return (dir, csv)
    }

    /// Adds a note saying `text` at the pointer as a user does (n, the text, Enter) and returns
    /// its trace line.
    func typeNote(_ text: String, in session: some ViewerDriving) throws -> [String: Any] {
        try session.xdotool(["key", "n"])
        try session.next("prompt")
        try session.xdotool(["type", "--delay", "5", text])
        try session.xdotool(["key", "Return"])
        return try session.next("note")
    }

    /// The x range (data units) and plot area (the cell's pixels) of each cell in a `view` line.
    func cellRanges(_ view: [String: Any]) throws -> [(x: [Double], area: [Double])] {
        let spaces = try #require(view["spaces"] as? [String: Any])
        return try (1...3).map { k in
            let space = try #require(spaces["\(k):default"] as? [String: Any], "no space of cell \(k) in \(spaces.keys)")
            return (try #require(space["x"] as? [Double]), try #require(space["plotArea"] as? [Double]))
        }
    }

    /// The fitted x span (data units) of NYSE split, as `--dump-layout` lays it out.
    func layoutSpan(_ nyse: String) throws -> Double? {
        let result = try ChartviewProcess.run([nyse, "--y", "DJ_return,log_volume,log_volatility", "--split", "--size", "1200x800", "--dump-layout", "-"])
        let dump = try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8))
        return dump.cells?.first?.layout.spaces?.first.map { $0.x[1] - $0.x[0] }
    }

    /// NYSE's rows: each trading day (seconds since 1970, UTC) with its columns by name.
    func nyseRows(_ path: String) throws -> [(t: Double, values: [String: Double])] {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = lines[0].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return lines.dropFirst().compactMap { line in
            let fields = line.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            guard let date = formatter.date(from: fields[0]) else { return nil }
            var values: [String: Double] = [:]
            for (name, field) in zip(header, fields) { values[name.lowercased()] = Double(field) }
            return (date.timeIntervalSince1970, values)
        }
    }

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
    func quickClick(_ session: some ViewerDriving, _ x: Double, _ y: Double) throws {
        try session.xdotool(clickArguments(session, x, y))
    }

    /// The xdotool arguments for a click at window pixel (x, y), without the pause after it.
    func clickArguments(_ session: some ViewerDriving, _ x: Double, _ y: Double) -> [String] {
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

}

/// One plot space's mapping as a `view` event gives it: ranges in data units, plot area in pixels.
struct Mapping {
    var x: [Double], y: [Double], area: [Double]

    init(_ event: [String: Any], space: String = "default") throws {
        let spaces = try #require(event["spaces"] as? [String: Any])
        let mapping = try #require(spaces[space] as? [String: Any])
        x = try #require(mapping["x"] as? [Double])
        y = try #require(mapping["y"] as? [Double])
        area = try #require(mapping["plotArea"] as? [Double])
    }

    init(_ dump: LayoutDumpReader) throws {
        let space = try #require(dump.spaces?.first)
        x = space.x; y = space.y; area = dump.plotArea
    }

    /// Device pixels of data (linear and date axes).
    func device(_ data: (Double, Double)) -> (Double, Double) {
        (area[0] + (data.0 - x[0]) / (x[1] - x[0]) * area[2], area[1] + area[3] - (data.1 - y[0]) / (y[1] - y[0]) * area[3])
    }

    func data(_ device: (Double, Double)) -> (Double, Double) {
        (x[0] + (device.0 - area[0]) / area[2] * (x[1] - x[0]), y[0] + (area[1] + area[3] - device.1) / area[3] * (y[1] - y[0]))
    }
}

/// Relates chartview's trace "t" (milliseconds since its trace began) to the test's clock
/// (`TraceLines.milliseconds`): the offset is the least (read by the test − t) over the lines
/// seen, an upper bound of the true one by the pipe's least delay (well under 1 ms).
struct TraceClock {
    private(set) var offset = Double.infinity

    /// Notes `line`'s time, which may tighten the offset.
    mutating func note(_ line: [String: Any]) {
        guard let t = line["t"] as? Double, let read = line[TraceLines.receivedKey] as? Double else { return }
        offset = min(offset, read - t)
    }

    /// When chartview wrote `line`, test milliseconds.
    func time(of line: [String: Any]) -> Double { (line["t"] as? Double ?? .nan) + offset }
}

/// A generator process (python3) writing `rows` rows "k,k % 997" (k from 1) after a header
/// "row,value" to a pipe, `rate` rows a second (as fast as it can when nil); chartview reads
/// the pipe as its standard input.
final class RowGenerator {
    let process = Process()
    let pipe = Pipe()

    init(rows: Int, rate: Double?) throws {
        let script = """
            import sys, time
            rows, rate = int(sys.argv[1]), float(sys.argv[2])
            out = sys.stdout.buffer
            out.write(b"row,value\\n")
            start, k = time.monotonic(), 1
            while k <= rows:
                due = rows if rate <= 0 else min(rows, int((time.monotonic() - start) * rate) + 1)
                if due < k:
                    time.sleep(0.001)
                    continue
                end = min(due, k + 20000 - 1)
                out.write("".join(f"{i},{i % 997}\\n" for i in range(k, end + 1)).encode())
                out.flush()
                k = end + 1
            """
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, String(rows), String(rate ?? 0)]
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Only the generator writes: its end closes the pipe, chartview's end of input.
        try pipe.fileHandleForWriting.close()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

extension Data {
    /// Appends the bytes to the file at `path`.
    func append(to path: String) throws {
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: self)
    }
}

/// The data the window and viewer tests chart, made once.
enum ViewerData {
    /// Daily closing prices of two symbols in long format, dates spelled as vega's stocks.csv
    /// spells them, rows of one symbol after the other's.
    static let dailyPrices: String = {
        var text = "symbol,date,price\n"
        let months = ["Jan", "Feb", "Mar"]
        for (symbol, base) in [("AAPL", 125.0), ("MSFT", 28.0)] {
            for (m, month) in months.enumerated() {
                for day in 1...28 {
                    let price = base + Double(m * 28 + day) * (symbol == "AAPL" ? 0.5 : 0.05)
                    text += "\(symbol),\(month) \(day) 2008,\(String(format: "%.2f", price))\n"
                }
            }
        }
        return text
    }()

    static let temperatures: String = "bokeh/sea_surface_temperature.csv"

    static let plotKindCharts: [String] = [
        "enrollment", "rates", "rates-pie", "mood", "water-exercise", "categories", "squares", "candles", "ohlc", "price-range", "errorbars", "histogram",
        "boxes", "bubbles", "radar", "heatmap"
    ]

    static let bubbleCSV: String = """
        country,gdp,life,pop
        Alpha,1200,61.5,8000000
        Beta,1300,62.0,150000
        Gamma,30000,80.1,45000000
        Delta,9000,71.3,12300000

        """

    static let heatmapCSV: String = {
        var text = "month,city,temp_max\n"
        for (c, city) in ["Seattle", "Paris", "Oslo"].enumerated() {
            for m in 1...6 where !(city == "Oslo" && m == 2) {
                text += "2012-0\(m),\(city),\(String(format: "%.1f", 5.0 + Double(m) * 2.1 - Double(c) * 3.3))\n"
            }
        }
        return text
    }()

    static let radarCSV: String = """
        skill,Alice,Bob
        Speed,7.2,5.1
        Power,6.0,8.3
        Agility,8.1,6.2
        Stamina,5.5,7.7
        Skill,9.0,6.8

        """
}
