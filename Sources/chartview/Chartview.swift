import ChartCairo
import ChartCore
import ChartData
import ChartX11
import Foundation

/// The chartview command: loads charts, then renders one headlessly or shows them in a window.
@main
struct Chartview {
    static let version = "0.2.0"

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
        if let output = options.output, ChartRenderer.Format(path: output) == nil {
            throw .usage("\(output): unknown output format; use a .png, .svg or .pdf file name")
        }
        let catalog = try ChartCatalog(options)
        if options.list {
            for name in catalog.names { print(name) }
            return
        }
        let first = try catalog.source(named: options.chart)
        if options.describe {
            do throws(DataError) {
                print(try first.plan().description(source: first.sourceName))
            } catch {
                throw CommandError.data(error)
            }
            return
        }
        if options.profile {
            try Profiler.run(first, options: options)
            return
        }
        guard options.output != nil || options.dumpLayout != nil else {
            try showWindow(options, catalog: catalog, startingAt: first)
            return
        }
        let graph: Graph
        do throws(DataError) {
            graph = try first.graph()
        } catch {
            throw CommandError.data(error)
        }
        if first.skippedRows > 0 {
            FileHandle.standardError.write(Data("chartview: \(first.sourceName): skipped \(first.skippedRows) bad row\(first.skippedRows == 1 ? "" : "s")\n".utf8))
        }
        if let theme = options.theme { graph.theme = theme }
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
            try writeDump(LayoutDump(scene, graph: graph), to: path)
        }
    }

    /// Opens the window on the catalog's charts, starting at `first`, until the user quits.
    private static func showWindow(_ options: Options, catalog: ChartCatalog, startingAt first: ChartSource) throws(CommandError) {
        var windowOptions = HostingWindow.Options()
        windowOptions.size = options.size
        windowOptions.scale = options.scale
        windowOptions.animates = options.animates
        windowOptions.watches = options.watches
        windowOptions.theme = options.theme
        if options.trace {
            let trace = TraceWriter()
            windowOptions.onEvent = { trace.write($0) }
        } else {
            windowOptions.onEvent = { event in
                if case .saved(let path) = event { print("Saved \(path)") }
            }
        }
        let charts = catalog.sources.map { DataChart($0, theme: options.theme) }
        let index = catalog.sources.firstIndex { $0 === first } ?? 0
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
