import ChartCairo
import ChartCore
import ChartX11
import Foundation

/// `ChartExample [PATH] [--check] [--window] [--live]`: writes the rainfall chart to PATH
/// (default example.png; .svg and .pdf work too); `--check` reads a PNG back and fails unless
/// it has the size asked for and is mostly not blank; `--window` then shows the chart in a
/// `HostingWindow` when DISPLAY is set, printing each selection, until the window is closed.
/// With `--live`, the chart is a computation's (`LiveOscillator`), pushed into a `LiveSeries`
/// from another thread: the file is written once it is done (and a second one, PATH with
/// `-window` before its extension, of its last 20 seconds); the window follows it as it runs.
enum ExampleCommand {
    /// The file's size in device pixels.
    static let size = Size(width: 900, height: 560)

    /// Runs the command; returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        let flags = Set(arguments.filter { $0.hasPrefix("--") })
        let paths = arguments.filter { !$0.hasPrefix("--") }
        if let unknown = flags.subtracting(["--check", "--window", "--live"]).first {
            return fail("unknown option \(unknown); use [PATH] [--check] [--window] [--live]")
        }
        let path = paths.first ?? "example.png"
        if flags.contains("--live") { return live(path: path, flags: flags) }
        let data = Rainfall()
        let printer = SelectionPrinter(data: data)
        do throws(RenderError) {
            try RainfallChart.make(data: data, delegate: printer).render(to: path, size: size)
        } catch {
            return fail(error.description)
        }
        print("wrote \(path)")
        if flags.contains("--check"), let failed = check([path]) { return failed }
        if flags.contains("--window") {
            guard let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty else {
                print("no DISPLAY: not opening a window")
                return 0
            }
            do throws(WindowError) {
                let connection = try DisplayConnection()
                var options = HostingWindow.Options()
                options.size = size
                options.watches = false
                let chart = FixedChart(name: "rainfall") { RainfallChart.make(data: data, delegate: printer) }
                let window = try HostingWindow(connection: connection, charts: [chart], options: options)
                window.run()
            } catch {
                return fail(error.description)
            }
        }
        return 0
    }

    /// `--live`: the oscillator in a window as it runs (with `--window` and a DISPLAY), or to
    /// `path` (and its last 20 seconds to PATH-window) once it is done.
    static func live(path: String, flags: Set<String>) -> Int32 {
        let live = LiveSeries(plotIDs: ["position", "velocity"])
        if flags.contains("--window"), let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty {
            LiveOscillator.start(into: live, pace: 0.02)
            do throws(WindowError) {
                var options = HostingWindow.Options()
                options.size = size
                options.watches = false
                options.liveWindow = .span(5)
                let chart = FixedChart(name: "oscillator") { LiveOscillator.graph(live) }
                try HostingWindow(connection: try DisplayConnection(), charts: [chart], options: options).run()
            } catch {
                return fail(error.description)
            }
            return 0
        }
        let done = DispatchSemaphore(value: 0)
        live.observeProgress { if live.isFinished { done.signal() } }
        LiveOscillator.start(into: live, pace: 0)
        done.wait()
        let graph = LiveOscillator.graph(live)
        let extension_ = (path as NSString).pathExtension
        let windowPath = (path as NSString).deletingPathExtension + "-window." + (extension_.isEmpty ? "png" : extension_)
        let last = live.xRange(of: .span(20)) ?? PlotRange(0, 1)
        do throws(RenderError) {
            try graph.render(to: path, size: size)
            try graph.render(to: windowPath, size: size, view: GraphView(spaces: ["default": .init(x: .ends(last))]))
        } catch {
            return fail(error.description)
        }
        print("wrote \(path) and \(windowPath): \(live.rowCount) rows computed live, \(live.memoryBytes / 1024) KiB")
        if flags.contains("--check"), let failed = check([path, windowPath]) { return failed }
        return 0
    }

    /// `--check` of `paths`: nil when each is a chart of `size`, else the exit status.
    static func check(_ paths: [String]) -> Int32? {
        for path in paths {
            do throws(PNGCheck.Failure) {
                print(try PNGCheck.check(path, size: size))
            } catch {
                return fail(error.description)
            }
        }
        return nil
    }

    static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("ChartExample: \(message)\n".utf8))
        return 1
    }
}
