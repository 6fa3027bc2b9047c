import ChartCairo
import ChartCore
import ChartData
import ChartFiles
import ChartX11
import Foundation

/// The chartview command: loads charts, then renders one headlessly or shows them in a window.
/// The `chartview` executable's `main` is `Chartview.main()`; the tests drive its parts
/// (`ChartCatalog`, the window's charts) in their own process.
public enum Chartview {
    /// chartview's version, as `--version` prints it.
    public static let version = "0.2.0"

    /// Runs the command line of this process (`CommandLine.arguments`): returns when it
    /// succeeded; otherwise prints one line on standard error and exits with status 1 (a
    /// run-time failure) or 2 (a usage or data error).
    public static func main() {
        // Before anything else runs: a stack too small for the runtime is raised (the program
        // runs again), and a name that is not UTF-8 is refused rather than looked for as another.
        if let small = StackLimit.settle() { refuse(StackLimit.refusal(small)) }
        if let (position, bytes) = RawArguments.firstNotUTF8() { refuse(RawArguments.refusal(position: position, bytes: bytes)) }
        // While no other thread runs: PGPASSWORD leaves the environment, kept for the servers
        // the user names (libpq would send it to any).
        StoredCredentials.takeFromEnvironment()
        // Before anything opens a file: a closed 0, 1 or 2 becomes /dev/null, not the next file.
        StandardDescriptors.settle()
        TerminationSignals.install()
        FontconfigLanguage.settle()
        // Before the exit handlers run: a server's kill request still on its thread (in
        // OpenSSL, for clickhouses://) would crash the process at exit.
        defer { DatabaseEngines.finishBackgroundWork(seconds: 6) }
        do {
            try run(Array(CommandLine.arguments.dropFirst()))
        } catch {
            TerminationSignals.waitIfTerminating()
            // Whatever a message quotes, no password written on the command line is printed.
            let message = DatabaseEngines.redactingSecrets(CommandError.oneLine(error.message), writtenIn: CommandLine.arguments)
            StandardError.write(line: "chartview: \(message)")
            DatabaseEngines.finishBackgroundWork(seconds: 6)
            exit(error.status)
        }
    }

    /// Prints `message` as chartview's one line and exits with status 2; for refusals made
    /// before anything is opened.
    private static func refuse(_ message: String) -> Never {
        StandardError.write(line: "chartview: \(CommandError.oneLine(message))")
        exit(2)
    }

    static func run(_ arguments: [String]) throws(CommandError) {
        let options = try Options.parse(arguments)
        if options.help {
            try StandardOutput.write(lines: [HelpText.usage])
            return
        }
        if options.version {
            try StandardOutput.write(lines: ["chartview \(version)"])
            return
        }
        if let name = options.values {
            try StandardOutput.write(lines: CommandOption.valueLists.first { $0.name == name }?.values ?? [])
            return
        }
        if let shell = options.completionScript {
            try StandardOutput.write(lines: [CompletionScript.generated(for: shell)])
            return
        }
        if options.checkDisplay {
            do throws(WindowError) {
                _ = try DisplayConnection()
            } catch {
                throw CommandError(error)
            }
            return
        }
        // What is there now decides how to write it, before anything is loaded or written.
        let output = try options.output.map { (name) throws(CommandError) in
            try OutputTarget(name, flag: CommandOption.output.name, format: options.format, needsFormat: true)
        }
        let dump = try options.dumpLayout.map { (name) throws(CommandError) in try OutputTarget(name, flag: CommandOption.dumpLayout.name) }
        let visible = try options.exportVisible.map { (name) throws(CommandError) in
            try OutputTarget(name, flag: CommandOption.exportVisible.name)
        }
        let named = [(CommandOption.output, output), (.dumpLayout, dump), (.exportVisible, visible)].compactMap { flag, target in
            target.map { (flag, $0) }
        }
        for (i, (flagA, a)) in named.enumerated() {
            for (flagB, b) in named[(i + 1)...] {
                let both = "\(flagA.name) and \(flagB.name)"
                if a.kind == .standardOutput && b.kind == .standardOutput {
                    throw .usage("\(both) both write to standard output; give one of them a file")
                }
                if a.isSameFile(as: b) { throw .usage("\(both) name the same file") }
            }
        }
        let files = Files(output: output, dump: dump, visible: visible)
        if let live = try LiveInput(options, readsToEnd: files.any) {
            try run(live, options: options, files: files)
            return
        }
        let catalog = try ChartCatalog(options)
        // Never over an input: the data file or spec, and every database, script and CSV file
        // the charts read.
        let inputs = (options.files.isEmpty ? [try? ChartCatalog.galleryPath()].compactMap { $0 } : options.files) + catalog.sources.map(\.sourceName)
        try output?.refuse(inputs: inputs)
        try dump?.refuse(inputs: inputs)
        try visible?.refuse(inputs: inputs)
        if options.list {
            try StandardOutput.write(lines: catalog.names)
            return
        }
        let first = catalog.first
        if options.describe {
            var descriptions: [String] = []
            do throws(DataError) {
                for source in first.sources { descriptions.append(try source.plan().description(source: source.sourceName)) }
            } catch {
                throw CommandError(error)
            }
            try StandardOutput.write(lines: [descriptions.joined(separator: "\n\n")])
            return
        }
        // Every path from here draws text (a profile's render, a dump's measured labels, an
        // output, the window): Fontconfig's set-up starts now, on Pango's thread, while the
        // chart's data loads.
        PangoText.startLoadingFonts()
        if options.profile {
            guard case .chart(let source, _) = first else {
                throw .usage("\(CommandOption.profile.name) profiles one chart; name it with \(CommandOption.chart.name)")
            }
            try Profiler.run(source, options: options)
            return
        }
        guard files.any else {
            try showWindow(options, charts: WindowCharts(catalog, options: options))
            return
        }
        var graphs: [Graph] = []
        for source in first.sources {
            let graph: Graph
            do throws(DataError) {
                graph = try source.graph()
            } catch {
                // In a page of several, which chart failed.
                guard case .grid = first else { throw CommandError(error) }
                let failure = CommandError(error)
                throw CommandError(message: "chart '\(source.spec.name)': \(failure.message)", status: failure.status)
            }
            graph.notes = try catalog.sidecar(for: source)?.notes(for: source.spec.name) ?? []
            if let summary = source.setAside.summary {
                StandardError.write(line: "chartview: \(CommandError.oneLine(source.sourceName)): \(CommandError.oneLine(summary))")
            }
            graphs.append(graph)
        }
        let figure: ChartFigure
        switch first {
        case .chart(let source, _): figure = DataChart.figure(of: graphs[0], spec: source.spec, link: options.link)
        case .grid(let page): figure = .grid(page.grid(of: graphs))
        }
        try render(figure, options: options, files: files)
    }

    /// Live input: to the end of the input (a followed file: what it holds now), then rendered
    /// as any chart, when there is an output; else in the window, growing as rows come.
    private static func run(_ live: LiveInput, options: Options, files: Files) throws(CommandError) {
        let inputs = [live.followedPath ?? "-"]
        for target in files.all { try target.refuse(inputs: inputs) }
        PangoText.startLoadingFonts()
        guard files.any else {
            try showWindow(options, charts: WindowCharts(live, options: options))
            return
        }
        let graph: Graph
        do throws(DataError) {
            graph = try live.chart.graph(cancellation: nil, readsToEnd: true)
        } catch {
            throw CommandError(error)
        }
        // Read to its end: what was not charted as written is said as a file's set-aside rows are.
        if let note = live.chart.inputNote {
            let name = CommandError.oneLine(live.chart.name)
            if !options.skipBadRows && live.chart.skippedLines > 0 {
                throw CommandError(message: "\(name): \(CommandError.oneLine(note)); \(CommandOption.strict.name) refuses such input", status: 2)
            }
            StandardError.write(line: "chartview: \(name): \(CommandError.oneLine(note))")
        }
        try render(.graph(graph), options: options, files: files)
    }

    /// What a run writes instead of opening the window: the picture, the layout, the visible
    /// records (`CommandOption.output`, `.dumpLayout`, `.exportVisible`).
    struct Files {
        var output: OutputTarget?
        var dump: OutputTarget?
        var visible: OutputTarget?

        /// Whether any is asked for.
        var any: Bool { output != nil || dump != nil || visible != nil }
        /// Those asked for.
        var all: [OutputTarget] { [output, dump, visible].compactMap { $0 } }
    }

    /// Lays `figure` out once and writes it, its layout and its visible records to `files`.
    private static func render(_ figure: ChartFigure, options: Options, files: Files) throws(CommandError) {
        if let theme = options.theme { figure.apply(theme) }
        let renderer = ChartRenderer()
        // A range flag reads its values as the graph's axes do; in a grid, it is the linked
        // cells' (the charts sharing x), read as theirs.
        var ranged = Array(figure.graphs.indices)
        if case .grid(let grid) = figure, grid.cells.count > 1 {
            ranged = ranged.filter(grid.linksCell)
            if ranged.isEmpty && (options.xRange != nil || options.yRange != nil) {
                let flags = "\(CommandOption.xRange.name) and \(CommandOption.yRange.name)"
                throw .usage(
                    "\(flags) set the range the charts of a page share, and these charts share none (their x differ, or \(CommandOption.link.name) none)")
            }
        }
        let view = try RangeOption.view(x: options.xRange, y: options.yRange, graph: figure.graphs[ranged.first ?? 0])
        // A table too large to load is read per view, thinned to the pixels: its records in view
        // are not all in memory, and a file of some of them would pass for all (before: 5,000 of
        // a million, status 0).
        if files.visible != nil, figure.graphs.contains(where: { $0.viewDataSources.contains { !($0 is LiveSeries) } }) {
            throw .usage(
                "\(CommandOption.exportVisible.name) writes every record in view, and this chart reads a table too large to load per view, "
                    + "thinned to the pixels; give \(CommandOption.inMemory.name) to load it whole, or a query of fewer rows")
        }
        let scene: Scene
        let visibleCSV: () -> (text: String, rows: Int, truncated: Bool)
        do {
            let (size, scale) = (options.size, options.scale ?? 1)
            switch figure {
            case .grid(let grid):
                // The x range given is every cell's; a y range each one's (every one's with xy).
                let views = grid.cells.indices.map { ranged.contains($0) ? view : .fitted }
                let laidOut = try grid.layoutWaitingForData(size: size, scale: scale, views: views, measurer: renderer.text)
                (scene, visibleCSV) = (laidOut, { grid.visibleDataCSV(in: laidOut) })
            case .graph(let graph):
                let laidOut = try graph.layoutWaitingForData(size: size, scale: scale, view: view, measurer: renderer.text)
                (scene, visibleCSV) = (laidOut, { graph.visibleDataCSV(in: laidOut) })
            }
        } catch let error as DataError {
            throw CommandError(error)
        } catch {
            throw CommandError(message: "\(error)", status: 1)
        }
        // Live rows past --max-memory that could not be kept on disk (a full TMPDIR) or read
        // back would be gaps in the picture: said, status 1, nothing written.
        for series in figure.graphs.flatMap(\.liveSeries) {
            if let failure = series.status.storeFailure {
                throw CommandError(message: "\(CommandError.oneLine(failure)); the chart would miss those rows, so none is written", status: 1)
            }
        }
        // The layout is encoded before anything is written: a layout that cannot be (a value
        // no JSON number holds) leaves no picture behind that the dump would have described.
        var dumpData: Data?
        if files.dump != nil {
            do {
                dumpData = try LayoutDump(scene).encoded() + Data("\n".utf8)
            } catch {
                throw CommandError(message: "cannot write the layout: it holds a value that is no number (infinite or NaN)", status: 1)
            }
        }
        if let output = files.output, let format = output.format {
            try write(scene, format: format, to: output, renderer: renderer, timeout: options.timeout)
        }
        if let dump = files.dump, let dumpData {
            try writeText(dumpData, to: dump, timeout: options.timeout)
        }
        if let visible = files.visible {
            let csv = visibleCSV()
            try writeText(Data(csv.text.utf8), to: visible, timeout: options.timeout)
            if csv.truncated {
                let zoom = "zoom in (\(CommandOption.xRange.name)) for the rest"
                StandardError.write(line: "chartview: \(visible.name): the first \(csv.rows) records in view written; \(zoom)")
            }
        }
    }

    /// Writes the chart to `target` in `format`: a file through a partial file renamed into
    /// place, or a device, FIFO or standard output directly.
    private static func write(
        _ scene: Scene, format: ChartRenderer.Format, to target: OutputTarget,
        renderer: ChartRenderer, timeout: Double
    ) throws(CommandError) {
        do throws(RenderError) {
            switch target.kind {
            case .file(let path):
                try renderer.write(scene, format: format, replacing: path)
                return
            case .standardOutput, .stream:
                break
            }
        } catch {
            throw CommandError(error, writing: target.name, replacing: pathOf(target))
        }
        let shown = target.kind == .standardOutput ? "standard output" : target.name
        try target.withDescriptor(timeout: timeout) { fd throws(CommandError) in
            do throws(RenderError) {
                try renderer.write(scene, format: format, toDescriptor: fd, name: shown)
            } catch {
                throw CommandError(error, writing: shown)
            }
        }
    }

    /// The path a file or stream target writes (the name for standard output).
    private static func pathOf(_ target: OutputTarget) -> String {
        switch target.kind {
        case .file(let path), .stream(let path): path
        case .standardOutput: target.name
        }
    }

    /// Opens the window on `charts`' pages, starting at the first one shown, until the user quits.
    private static func showWindow(_ options: Options, charts: WindowCharts) throws(CommandError) {
        var windowOptions = HostingWindow.Options()
        windowOptions.size = options.size
        windowOptions.scale = options.scale
        windowOptions.animates = options.animates
        windowOptions.watches = charts.watches
        windowOptions.liveWindow = charts.liveWindow
        windowOptions.theme = options.theme
        let trace = options.trace ? TraceWriter() : nil
        windowOptions.onEvent = { event in
            switch event {
            // A save that failed says why on stderr too, as every command does (the status line says it).
            case .session(.saveFailed(let message)): StandardError.write(line: "chartview: \(message)")
            // Without the trace, where each save went.
            case .session(.saved(let path)) where trace == nil: StandardOutput.writeOrExit("Saved \(path)\n")
            default: break
            }
            trace?.write(event)
        }
        do throws(WindowError) {
            // Xlib cannot go on once the server is gone: the command says so and ends (status 1).
            let connection = try DisplayConnection(connectionLost: { error in
                StandardError.write(line: "chartview: \(CommandError(error).message)")
                exit(CommandError(error).status)
            })
            let window = try HostingWindow(connection: connection, charts: charts.pages, index: charts.index, options: windowOptions)
            window.run()
        } catch {
            throw CommandError(error)
        }
    }

    /// Writes `data` (a layout's JSON, visible records' CSV) to `target`: standard output or a
    /// stream as it goes, a file through a partial file renamed into place.
    private static func writeText(_ data: Data, to target: OutputTarget, timeout: Double) throws(CommandError) {
        switch target.kind {
        case .standardOutput, .stream:
            try target.withDescriptor(timeout: timeout) { fd throws(CommandError) in
                let sink = DescriptorSink(fd: fd, name: target.name)
                sink.write(data)
                if let error = sink.error { throw CommandError(message: error.description, status: 1) }
            }
        case .file(let path):
            // Written to a partial file and renamed, so a reader never sees half of it.
            do throws(FileError) {
                let partial = try PartialFile(destination: path)
                let sink = DescriptorSink(fd: partial.fd, name: target.name)
                sink.write(data)
                if let error = sink.error {
                    partial.discard()
                    throw error
                }
                try partial.commit()
            } catch {
                switch error {
                case .refused(_, let why), .cannotRead(_, let why): throw CommandError(message: "\(target.name): \(why)", status: 1)
                case .cannotWrite(_, let why): throw CommandError(message: "\(target.name): cannot write: \(why)", status: 1)
                }
            }
        }
    }
}
