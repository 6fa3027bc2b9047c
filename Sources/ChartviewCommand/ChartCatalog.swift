import ChartCore
import ChartData
import ChartX11
import Foundation

/// The charts chartview was asked for: the demo gallery, a spec file's charts, or one chart
/// over the data file given on the command line, routed by `ChartInput`; and its pages: a spec
/// file's layout of several charts first, then each chart, or the charts several `--chart`
/// flags name together.
struct ChartCatalog {
    let sources: [ChartSource]
    /// What the window steps through with Tab, in order (`--list` prints their names).
    let pages: [Page]
    /// The page shown first (or written): the one `--chart` names, the one several `--chart`
    /// flags make, else the first.
    let first: Page
    /// Where the notes of each input file's charts are kept, by source; none for the gallery,
    /// standard input and servers (`sidecar(for:)`).
    private let sidecars: [ObjectIdentifier: NotesSidecar]

    /// Loads what `options` names: each data file's charts (the gallery's without one). Every
    /// check of the flags that needs no data runs before anything is read or opened: each
    /// input's (`ChartInput`), the chart the data flags describe
    /// (`ChartSpec.validateBeforeLoading`), `--watch-query` without a server, and `--chart`
    /// naming no chart (unless `--list` asks for the names). Throws a usage error, or a data
    /// error (exit status 2) for any bad input.
    init(_ options: Options) throws(CommandError) {
        let limits = InputLimits(memoryBudget: options.maxMemory, streamTimeout: options.timeout)
        var inputs: [ChartInput.Charts] = []
        do throws(DataError) {
            for location in options.files.isEmpty ? [try Self.galleryPath()] : options.files {
                let input = try ChartInput(location: location, query: options.spec.data.query, table: options.spec.data.table, words: Self.words)
                inputs.append(try input.charts(template: options.spec, overlay: options.specEdits, limits: limits))
            }
        } catch {
            throw CommandError(error)
        }
        if options.watchQuery != nil && !inputs.contains(where: \.readsServer) {
            let servers = DatabaseEngines.titles(servers: true).joined(separator: " or ")
            let files = (DatabaseEngines.titles(servers: false).map { $0 + " databases" } + ["CSV files"]).joined(separator: " and ")
            throw .usage("\(CommandOption.watchQuery.name) is for \(servers) servers (\(files) are watched as they are)")
        }
        if options.charts.count > ChartSpec.LayoutSpec.maxCells {
            throw .usage("a page holds at most \(ChartSpec.LayoutSpec.maxCells) charts; \(CommandOption.chart.name) is given \(options.charts.count) times")
        }
        if Set(options.files).count < options.files.count || Self.sameFileTwice(options.files) {
            // A server's URL may hold a password: not quoted.
            throw .usage("a data file is given twice; give each once")
        }
        // A split is one chart's series in a page of its own: not a cell of several charts.
        if options.spec.split == true && (options.charts.count > 1 || options.files.count > 1) {
            throw .usage("\(CommandOption.split.name) splits one chart into a page of its own; name one chart (\(CommandOption.chart.name)) or one file")
        }
        // (A server's chart is named once connected: its name is checked once bound, below.)
        if !options.list, inputs.allSatisfy({ $0.names != nil }) {
            let filesPage = inputs.count > 1 ? [inputs.compactMap { $0.names?.first }.joined(separator: " + ")] : []
            let perInput = inputs.flatMap { input in (input.layout.map { [$0.pageName] } ?? []) + (input.names ?? []) }
            let pageNames = Self.distinct(filesPage + perInput)
            for name in options.charts where !pageNames.contains(name) { throw Self.noChart(named: name, among: pageNames) }
        }
        // One budget for the bytes of files read and the rows of query results.
        let databases = DatabaseCache(timeLimit: options.timeout, limits: limits, memoryBudget: options.maxMemory)
        databases.outOfCoreRows = options.outOfCoreRows
        databases.watchQuery = options.watchQuery
        // Stored passwords go to the servers named here, not to those only a spec file names.
        databases.storedCredentialLocations = options.trustsSpecServers ? nil : Set(options.files)
        var sources: [ChartSource] = []
        var firsts: [ChartSource] = []
        var sidecars: [ObjectIdentifier: NotesSidecar] = [:]
        var pages: [Page] = []
        do throws(DataError) {
            for (k, input) in inputs.enumerated() {
                let bound = try input.sources(databases: databases, skipBadRows: options.skipBadRows, limits: limits)
                if let sidecar = options.files.indices.contains(k) ? NotesSidecar(beside: options.files[k]) : nil {
                    for source in bound { sidecars[ObjectIdentifier(source)] = sidecar }
                }
                // A spec file's layout of its charts, before them.
                if let layout = input.layout {
                    let names = layout.chartNames(among: bound.map(\.spec.name))
                    let cells = names.compactMap { name in bound.first { $0.spec.name == name } }
                    // Checked when the file was read: the shape holds its charts.
                    guard case .success(let shape) = layout.shape(for: cells.count) else { preconditionFailure("A spec's layout was checked when read.") }
                    let grid = GridPage(
                        name: layout.pageName, title: layout.title, sources: cells, columns: shape.columns, rowHeights: shape.rowHeights,
                        link: options.link ?? layout.link)
                    pages.append(.grid(grid))
                }
                pages += bound.map { .chart($0, name: $0.spec.name) }
                sources += bound
                if let first = bound.first { firsts.append(first) }
            }
        } catch {
            throw CommandError(error)
        }
        self.sources = sources
        self.sidecars = sidecars
        // Several files: their first charts side by side, first.
        if firsts.count > 1 {
            let cells = Array(firsts.prefix(ChartSpec.LayoutSpec.maxCells))
            let name = cells.map(\.spec.name).joined(separator: " + ")
            pages.insert(.grid(GridPage(sideBySide: cells, name: name, link: options.link)), at: 0)
        }
        // Files of charts of one name: each page reachable by a name of its own.
        pages = zip(pages, Self.distinct(pages.map(\.name))).map { page, name in page.named(name) }
        let names = pages.map(\.name)
        if !options.list {
            for name in options.charts where !names.contains(name) { throw Self.noChart(named: name, among: names) }
        }
        if options.charts.count > 1 && !options.list {
            var cells: [ChartSource] = []
            for name in options.charts {
                guard case .chart(let source, _) = pages.first(where: { $0.name == name }) else {
                    throw .usage("'\(name)' is a layout of several charts; with another \(CommandOption.chart.name), name charts only")
                }
                guard !cells.contains(where: { $0 === source }) else { throw .usage("\(CommandOption.chart.name) names '\(name)' twice") }
                cells.append(source)
            }
            first = .grid(GridPage(sideBySide: cells, name: options.charts.joined(separator: " + "), link: options.link))
            pages.insert(first, at: 0)
        } else {
            first = options.charts.first.flatMap { name in pages.first { $0.name == name } } ?? pages[0]
        }
        self.pages = pages
        // What the first page shows: several charts, or a split of one, for the flags that arrange them.
        let severalCharts: Bool
        switch first {
        case .grid: severalCharts = true
        case .chart(let source, _): severalCharts = source.spec.split == true
        }
        if case .grid = first, options.spec.split == true {
            throw .usage(
                "\(CommandOption.split.name) splits one chart into a page of its own, not a page of several; name the chart (\(CommandOption.chart.name))")
        }
        if options.link != nil && !severalCharts {
            throw .usage(
                "\(CommandOption.link.name) is for several charts in one page: \(CommandOption.split.name), a spec's layout, several \(CommandOption.chart.name) or files"
            )
        }
        link = options.link
    }

    /// `--link`: which axes the charts of a page share; nil for each page's own.
    let link: GridLink?

    /// What one page shows: one chart, or several in a grid.
    enum Page {
        case chart(ChartSource, name: String)
        case grid(GridPage)

        /// The page under another name.
        func named(_ name: String) -> Page {
            switch self {
            case .chart(let source, _): return .chart(source, name: name)
            case .grid(var grid):
                grid.name = name
                return .grid(grid)
            }
        }

        /// The page's name (`--list`, `--chart`, the status line).
        var name: String {
            switch self {
            case .chart(_, let name): name
            case .grid(let grid): grid.name
            }
        }

        /// The charts it shows.
        var sources: [ChartSource] {
            switch self {
            case .chart(let source, _): [source]
            case .grid(let grid): grid.sources
            }
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

    /// Where `source`'s notes are kept: beside its input file; nil for the gallery, standard
    /// input and servers.
    func sidecar(for source: ChartSource) -> NotesSidecar? { sidecars[ObjectIdentifier(source)] }

    /// The pages' names, in order: what `--list` prints.
    var names: [String] { pages.map(\.name) }

    /// `names` with each repeated one numbered from its second ("stocks", "stocks (2)"). O(names).
    static func distinct(_ names: [String]) -> [String] {
        var seen: [String: Int] = [:]
        var taken = Set(names)
        return names.map { name in
            seen[name, default: 0] += 1
            guard let count = seen[name], count > 1 else { return name }
            var k = count
            while taken.contains("\(name) (\(k))") { k += 1 }
            taken.insert("\(name) (\(k))")
            return "\(name) (\(k))"
        }
    }

    /// The usage error for a chart name that is none of `names`.
    /// Whether two of `files` are one file through different names (`d.csv` and `./d.csv`, a
    /// link): its notes sidecar would be two, each writing over the other's notes. O(files).
    static func sameFileTwice(_ files: [String]) -> Bool {
        var seen: Set<[UInt64]> = []
        for file in files {
            var info = stat()
            guard stat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            if !seen.insert([UInt64(info.st_dev), UInt64(info.st_ino)]).inserted { return true }
        }
        return false
    }

    private static func noChart(named name: String, among names: [String]) -> CommandError {
        CommandError.usage("no chart named '\(name)'; the charts are: \(names.joined(separator: ", "))")
    }
}
