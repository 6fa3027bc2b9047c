import ChartCore
import ChartData
import ChartX11
import Foundation

/// The charts chartview was asked for: the demo gallery, a spec file's charts, or one chart
/// over a database, CSV file or PostgreSQL server given on the command line.
struct ChartCatalog {
    let sources: [ChartSource]

    /// Loads what `options` names. Throws a data error (exit status 2) for any bad input.
    init(_ options: Options) throws(CommandError) {
        let databases: DatabaseCache
        do {
            (sources, databases) = try Self.load(options)
        } catch {
            throw CommandError(error)
        }
        if options.watchQuery != nil && !databases.hasServers {
            throw .usage("--watch-query is for PostgreSQL servers (SQLite databases and CSV files are watched as they are)")
        }
    }

    private static func load(_ options: Options) throws(DataError) -> ([ChartSource], DatabaseCache) {
        let limits = InputLimits(memoryBudget: options.maxMemory, streamTimeout: options.timeout)
        // One budget for the bytes of files read and the rows of query results.
        let databases = DatabaseCache(timeLimit: options.timeout, limits: limits, memoryBudget: options.maxMemory)
        databases.outOfCoreRows = options.outOfCoreRows
        databases.watchQuery = options.watchQuery
        guard let file = options.file else {
            let gallery = try galleryPath()
            return (try specSources(path: gallery, options: options, databases: databases, limits: limits), databases)
        }
        let lower = file.lowercased()
        let isServer = PostgresDatabase.isConnectionURL(file)
        if lower.hasSuffix(".json") && !isServer {
            return (try specSources(path: file, options: options, databases: databases, limits: limits), databases)
        }
        // A server stands for itself by its name, never by the URL (which may hold a password),
        // and its chart is named after its database (the name's last part).
        let shown = isServer ? try databases.database(at: file).name : file
        let name =
            isServer
            ? (shown as NSString).lastPathComponent
            : ((file as NSString).lastPathComponent as NSString).deletingPathExtension
        // A chart's name is one line (`--list`, completion): a file name's line break or other
        // control character is written as `\n` or `\u{…}`, as messages write it.
        var spec = ChartSpec(name: name.isEmpty ? "chart" : ChartSpec.oneLineName(name), data: ChartSpec.DataSource())
        spec.kind = options.kind
        spec.x = options.x
        spec.y = options.y
        spec.group = options.group
        spec.open = options.open
        spec.high = options.high
        spec.low = options.low
        spec.close = options.close
        spec.error = options.error
        spec.size = options.sizeBy
        spec.bins = options.bins
        spec.binWidth = options.binWidth
        spec.density = options.density ? true : nil
        spec.stacked = options.stack ? true : nil
        spec.colorMap = options.colorMap.flatMap(ColorMap.named)
        spec.keepOrder = options.keepOrder ? true : nil
        spec.aggregate = options.aggregate
        spec.title = options.title
        if let title = options.xTitle { spec.xAxis = ChartSpec.AxisSpec(title: title) }
        if let title = options.yTitle { spec.yAxis = ChartSpec.AxisSpec(title: title) }
        if lower.hasSuffix(".csv") || lower.hasSuffix(".tsv") || lower.hasSuffix(".txt") {
            guard options.query == nil && options.table == nil else {
                throw DataError.unusable(path: file, message: "--query and --table are for SQLite databases, not CSV files")
            }
            spec.data.csv = file
        } else {
            if options.query != nil && options.table != nil {
                throw DataError.unusable(path: shown, message: "give --query or --table, not both")
            }
            spec.data.database = file
            spec.data.query = options.query
            spec.data.table = options.table
            if options.query == nil && options.table == nil {
                // One table is the chart; several need a choice.
                let tables = try databases.database(at: file).tableNames()
                guard tables.count == 1 else {
                    throw DataError.unusable(
                        path: shown,
                        message: tables.isEmpty
                            ? "the database has no tables"
                            : "give --query SQL or --table NAME; the tables are: \(tables.joined(separator: ", "))")
                }
                spec.data.table = tables[0]
            }
            if let table = spec.data.table, spec.title == nil { spec.title = table }
        }
        if spec.data.query?.contains(":period") == true {
            throw DataError.unusable(path: shown, message: "a query with :period needs a chart spec file that lists the periods")
        }
        return (
            [
                try ChartSource(
                    spec: spec, baseDirectory: FileManager.default.currentDirectoryPath, defaultDatabase: nil,
                    databases: databases, skipBadRows: options.skipBadRows, limits: limits)
            ], databases
        )
    }

    private static func specSources(
        path: String, options: Options, databases: DatabaseCache,
        limits: InputLimits
    ) throws(DataError) -> [ChartSource] {
        let file = try ChartSpec.File.load(path: path, limits: limits)
        let base = (path as NSString).deletingLastPathComponent
        var sources: [ChartSource] = []
        for spec in file.charts {
            sources.append(
                try ChartSource(
                    spec: spec, baseDirectory: base.isEmpty ? "." : base, defaultDatabase: file.database,
                    databases: databases, skipBadRows: options.skipBadRows, limits: limits,
                    defaultServer: file.postgres))
        }
        return sources
    }

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
        guard let source = sources.first(where: { $0.spec.name == name }) else {
            throw CommandError.usage("no chart named '\(name)'; the charts are: \(names.joined(separator: ", "))")
        }
        return source
    }
}

/// A chart source as the window sees it.
final class DataChart: ChartProvider {
    let source: ChartSource
    let theme: Theme?

    init(_ source: ChartSource, theme: Theme?) {
        self.source = source
        self.theme = theme
    }

    var name: String { source.spec.name }

    var title: String { source.spec.title ?? source.spec.name }

    func makeGraph(cancellation: CancellationFlag) throws(ChartFailure) -> Graph {
        do {
            let graph = try source.graph(cancellation: cancellation)
            if let theme { graph.theme = theme }
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

    func cancelLoading() { source.cancel() }
}
