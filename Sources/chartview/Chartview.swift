import ChartCairo
import ChartCore
import ChartX11
import Foundation

/// The chartview command: picks a chart, then renders it headlessly or shows it.
@main
struct Chartview {
    static let version = "0.1.0"

    static func main() {
        do {
            try run(Array(CommandLine.arguments.dropFirst()))
        } catch {
            FileHandle.standardError.write(Data("chartview: \(error.message)\n".utf8))
            exit(error.status)
        }
    }

    static func run(_ arguments: [String]) throws(CommandError) {
        let options = try Options.parse(arguments)
        if options.help {
            print(Options.usage)
            return
        }
        if options.version {
            print("chartview \(version)")
            return
        }
        if options.checkDisplay {
            do {
                _ = try DisplayConnection()
            } catch {
                throw CommandError(message: error.description, status: 1)
            }
            return
        }
        if options.list {
            for demo in DemoGallery.all { print(demo.name) }
            return
        }
        let demo: DemoGallery.Demo
        if let name = options.chart {
            guard let found = DemoGallery.demo(named: name) else {
                throw .usage("no chart named '\(name)'; the charts are: \(DemoGallery.all.map(\.name).joined(separator: ", "))")
            }
            demo = found
        } else {
            demo = DemoGallery.all[0]
        }
        let graph = demo.make()
        if let theme = options.theme { graph.theme = theme }

        guard options.output != nil || options.dumpLayout != nil else {
            try showWindow(options, startingAt: demo)
            return
        }
        if let output = options.output, ChartRenderer.Format(path: output) == nil {
            throw .usage("\(output): unknown output format; use a .png, .svg or .pdf file name")
        }
        let renderer = ChartRenderer()
        let scene = renderer.layout(graph, size: options.size, scale: options.scale ?? 1)
        if let output = options.output {
            do {
                try renderer.write(scene, to: output)
            } catch {
                throw CommandError(message: error.description, status: 1)
            }
        }
        if let path = options.dumpLayout {
            try writeDump(LayoutDump(scene), to: path)
        }
    }

    /// Opens the window on the demo gallery, starting at `demo`, until the user quits.
    private static func showWindow(_ options: Options, startingAt demo: DemoGallery.Demo) throws(CommandError) {
        var windowOptions = HostingWindow.Options()
        windowOptions.size = options.size
        windowOptions.scale = options.scale
        windowOptions.theme = options.theme
        windowOptions.animates = options.animates
        if options.trace {
            let trace = TraceWriter()
            windowOptions.onEvent = { trace.write($0) }
        } else {
            windowOptions.onEvent = { event in
                if case .saved(let path) = event { print("Saved \(path)") }
            }
        }
        let charts = DemoGallery.all.map { demo in HostingWindow.Chart(name: demo.name, make: demo.make) }
        let index = DemoGallery.all.firstIndex { $0.name == demo.name } ?? 0
        do {
            let connection = try DisplayConnection()
            let window = try HostingWindow(connection: connection, charts: charts, index: index, options: windowOptions)
            window.run()
        } catch {
            throw CommandError(message: error.description, status: 1)
        }
    }

    private static func writeDump(_ dump: LayoutDump, to path: String) throws(CommandError) {
        let data: Data
        do {
            data = try dump.encoded() + Data("\n".utf8)
        } catch {
            throw CommandError(message: "cannot encode the layout: \(error)", status: 1)
        }
        if path == "-" {
            FileHandle.standardOutput.write(data)
            return
        }
        do {
            // Written to a temporary file and renamed, so a reader never sees half a dump.
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw CommandError(message: "\(path): cannot write: \((error as NSError).localizedDescription)", status: 1)
        }
    }
}
