import ChartCore
import ChartData
import ChartX11
import Foundation

/// The charts chartview was asked for: the demo gallery, a spec file's charts, or one chart
/// over the data file given on the command line, routed by `ChartInput`.
struct ChartCatalog {
    let sources: [ChartSource]
    /// Where the notes of the input file's charts are kept; nil for the gallery, standard input
    /// and servers.
    let sidecar: NotesSidecar?

    /// Loads what `options` names. Every check of the flags that needs no data runs before
    /// anything is read or opened: the input's (`ChartInput`), the chart the data flags
    /// describe (`ChartSpec.validateBeforeLoading`), `--watch-query` without a server, and
    /// `--chart` naming no chart (unless `--list` asks for the names). Throws a usage error, or
    /// a data error (exit status 2) for any bad input.
    init(_ options: Options) throws(CommandError) {
        let limits = InputLimits(memoryBudget: options.maxMemory, streamTimeout: options.timeout)
        sidecar = options.file.flatMap(NotesSidecar.init(beside:))
        let charts: ChartInput.Charts
        do throws(DataError) {
            var location = options.file ?? ""
            if options.file == nil { location = try Self.galleryPath() }
            let input = try ChartInput(location: location, query: options.spec.data.query, table: options.spec.data.table, words: Self.words)
            charts = try input.charts(template: options.spec, overlay: options.specEdits, limits: limits)
        } catch {
            throw CommandError(error)
        }
        if options.watchQuery != nil && !charts.readsServer {
            let servers = DatabaseEngines.titles(servers: true).joined(separator: " or ")
            let files = (DatabaseEngines.titles(servers: false).map { $0 + " databases" } + ["CSV files"]).joined(separator: " and ")
            throw .usage("\(CommandOption.watchQuery.name) is for \(servers) servers (\(files) are watched as they are)")
        }
        // (A server's chart is named once connected: its name is checked once bound, below.)
        if let name = options.chart, !options.list, let names = charts.names, !names.contains(name) {
            throw Self.noChart(named: name, among: names)
        }
        // One budget for the bytes of files read and the rows of query results.
        let databases = DatabaseCache(timeLimit: options.timeout, limits: limits, memoryBudget: options.maxMemory)
        databases.outOfCoreRows = options.outOfCoreRows
        databases.watchQuery = options.watchQuery
        do throws(DataError) {
            sources = try charts.sources(databases: databases, skipBadRows: options.skipBadRows, limits: limits)
        } catch {
            throw CommandError(error)
        }
    }

    /// How messages name the query and the table: by their flags.
    static let words = ChartInput.Words(
        query: (CommandOption.query.name, CommandOption.query.valueName ?? ""),
        table: (CommandOption.table.name, CommandOption.table.valueName ?? ""))

    /// The demo gallery: `$CHARTVIEW_ASSETS/gallery.json`, else the installed copy beside the
    /// executable (`PREFIX/share/chartview/` for `PREFIX/bin/chartview`, as `make install` puts
    /// it), else `assets/gallery.json` in a folder above the executable (a build tree) or the
    /// working directory, else `/usr/share/chartview/`.
    static func galleryPath() throws(DataError) -> String {
        let fm = FileManager.default
        if let assets = ProcessInfo.processInfo.environment["CHARTVIEW_ASSETS"], !assets.isEmpty {
            return (assets as NSString).appendingPathComponent("gallery.json")
        }
        let executable = (try? fm.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var directory = (executable as NSString).deletingLastPathComponent
        let beside = ((directory as NSString).deletingLastPathComponent as NSString).appendingPathComponent("share/chartview/gallery.json")
        if fm.fileExists(atPath: beside) { return beside }
        while directory.count > 1 {
            let candidate = (directory as NSString).appendingPathComponent("assets/gallery.json")
            if fm.fileExists(atPath: candidate) { return candidate }
            directory = (directory as NSString).deletingLastPathComponent
        }
        // A binary built elsewhere (a scratch path) run from the source tree.
        directory = fm.currentDirectoryPath
        while directory.count > 1 {
            let candidate = (directory as NSString).appendingPathComponent("assets/gallery.json")
            if fm.fileExists(atPath: candidate) { return candidate }
            directory = (directory as NSString).deletingLastPathComponent
        }
        let installed = "/usr/share/chartview/gallery.json"
        if fm.fileExists(atPath: installed) { return installed }
        throw DataError.cannotOpen(path: "assets/gallery.json", reason: "cannot find the demo gallery; set CHARTVIEW_ASSETS to the assets folder")
    }

    var names: [String] { sources.map(\.spec.name) }

    /// The source called `name`, or a usage error listing the names.
    func source(named name: String?) throws(CommandError) -> ChartSource {
        guard let name else { return sources[0] }
        guard let source = sources.first(where: { $0.spec.name == name }) else { throw Self.noChart(named: name, among: names) }
        return source
    }

    /// The usage error for a chart name that is none of `names`.
    private static func noChart(named name: String, among names: [String]) -> CommandError {
        CommandError.usage("no chart named '\(name)'; the charts are: \(names.joined(separator: ", "))")
    }
}

/// A chart source as the window sees it.
final class DataChart: ChartProvider {
    let source: ChartSource
    let theme: Theme?
    /// Where the chart's notes are kept, and the notes now.
    let sidecar: NotesSidecar?
    private var notes: [ChartNote]

    init(_ source: ChartSource, theme: Theme?, sidecar: NotesSidecar? = nil) throws(CommandError) {
        self.source = source
        self.theme = theme
        self.sidecar = sidecar
        notes = try sidecar?.notes(for: source.spec.name) ?? []
    }

    var name: String { source.spec.name }

    var title: String { source.spec.title ?? source.spec.name }

    var splitsSeries: Bool { source.spec.split == true }

    var gridLink: GridLink { source.spec.link ?? .x }

    func makeGraph(cancellation: CancellationFlag) throws(ChartFailure) -> Graph {
        do {
            let graph = try source.graph(cancellation: cancellation)
            if let theme { graph.theme = theme }
            graph.notes = notes
            return graph
        } catch .cancelled {
            throw ChartFailure(message: "Loading cancelled", wasCancelled: true)
        } catch {
            throw ChartFailure(message: error.description)
        }
    }

    func stepPeriod(by delta: Int) -> String? {
        source.step(by: delta) ? source.period : nil
    }

    func dataChanged() -> Bool { source.hasChanged() }

    func keepNotes(_ notes: [ChartNote]) throws(ChartFailure) -> String? {
        guard let sidecar else { return nil }
        do throws(CommandError) {
            try sidecar.keep(notes, for: source.spec.name)
        } catch {
            throw ChartFailure(message: error.message)
        }
        self.notes = notes
        return (sidecar.path as NSString).lastPathComponent
    }

    func cancelLoading() { source.cancel() }
}
