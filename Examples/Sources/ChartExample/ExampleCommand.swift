import ChartCairo
import ChartCore
import ChartX11
import Foundation

/// `ChartExample [PATH] [--check] [--window]`: writes the rainfall chart to PATH
/// (default example.png; .svg and .pdf work too); `--check` reads a PNG back and fails unless
/// it has the size asked for and is mostly not blank; `--window` then shows the chart in a
/// `HostingWindow` when DISPLAY is set, printing each selection, until the window is closed.
enum ExampleCommand {
    /// The file's size in device pixels.
    static let size = Size(width: 900, height: 560)

    /// Runs the command; returns the exit status.
    static func run(_ arguments: [String]) -> Int32 {
        let flags = Set(arguments.filter { $0.hasPrefix("--") })
        let paths = arguments.filter { !$0.hasPrefix("--") }
        if let unknown = flags.subtracting(["--check", "--window"]).first {
            return fail("unknown option \(unknown); use [PATH] [--check] [--window]")
        }
        let path = paths.first ?? "example.png"
        let data = Rainfall()
        let printer = SelectionPrinter(data: data)
        do throws(RenderError) {
            try RainfallChart.make(data: data, delegate: printer).render(to: path, size: size)
        } catch {
            return fail(error.description)
        }
        print("wrote \(path)")
        if flags.contains("--check") {
            do throws(PNGCheck.Failure) {
                print(try PNGCheck.check(path, size: size))
            } catch {
                return fail(error.description)
            }
        }
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

    static func fail(_ message: String) -> Int32 {
        FileHandle.standardError.write(Data("ChartExample: \(message)\n".utf8))
        return 1
    }
}
