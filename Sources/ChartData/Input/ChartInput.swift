import Foundation

/// What a command line names as its input, routed to the charts that read it: a chart spec
/// file (`.json`) and its charts, a delimited text file (`.csv`, `.tsv`, `.txt`), or a
/// database, file or server, whichever engine reads it (`DatabaseEngines`), with a query or a
/// table. Routing reads nothing: the choices that contradict each other (a query for a CSV
/// file, a query and a table, a `:period` query without the spec file that lists the periods)
/// fail as the input is made, before anything is opened; `charts(template:limits:)` then reads
/// a spec file (or makes the one chart), and `Charts.sources(databases:skipBadRows:limits:)`
/// opens the databases.
public struct ChartInput {
    /// What the input is.
    public enum Route {
        /// A chart spec file: its charts, each with its own source.
        case specFile
        /// A CSV or TSV file: one chart of its rows.
        case delimitedText
        /// A database the engine reads (a file, a script or a server): one chart of a query or a table.
        case database(any DatabaseEngine)
    }

    /// How messages name the query and the table the user gave (the command line's flags, as
    /// its options' table declares them).
    public struct Words: Sendable {
        /// The query's flag ("--query") and its value's name ("SQL").
        public var query: (flag: String, value: String)
        /// The table's flag ("--table") and its value's name ("NAME").
        public var table: (flag: String, value: String)

        /// Words of the given flags and value names.
        public init(query: (flag: String, value: String), table: (flag: String, value: String)) {
            self.query = query
            self.table = table
        }
    }

    /// The location as given: a path or a server's URL.
    public let location: String
    /// What the location is.
    public let route: Route
    /// The query of a database's chart; nil for a table.
    public let query: String?
    /// The table of a database's chart; nil for a query, or to take the database's only table.
    public let table: String?
    /// What messages call the input before anything is opened: the location as written, a
    /// server by the name its URL gives, without secrets (its connection may fill in a host, a
    /// port or a database the URL leaves out: `Charts.sources` names its chart after that).
    public let shownName: String
    private let words: Words

    /// The extensions of a chart spec file.
    public static let specExtensions = ["json"]
    /// The extensions of a delimited text file.
    public static let delimitedTextExtensions = ["csv", "tsv", "txt"]
    /// Every extension of a file the input may be, for shell completion: delimited text, spec
    /// files, then each file database's (`DatabaseEngines.fileExtensions`).
    public static var fileExtensions: [String] { delimitedTextExtensions + specExtensions + DatabaseEngines.fileExtensions }

    /// The input at `location` with the `query` or `table` given for it. A server's URL is a
    /// database whatever it ends in; otherwise the extension (any case) says, and any other
    /// path is a database file. Throws, before anything is read, for a query or a table given
    /// for a CSV file, both given, or a query using `:period` (only a spec file lists periods);
    /// a spec file's charts name their own.
    public init(location: String, query: String?, table: String?, words: Words) throws(DataError) {
        self.location = location
        self.query = query
        self.table = table
        self.words = words
        let lower = location.lowercased()
        func hasExtension(_ extensions: [String]) -> Bool { extensions.contains { lower.hasSuffix("." + $0) } }
        if DatabaseEngines.isServer(location) {
            route = .database(DatabaseEngines.engine(for: location))
        } else if hasExtension(Self.specExtensions) {
            route = .specFile
        } else if hasExtension(Self.delimitedTextExtensions) {
            route = .delimitedText
        } else {
            route = .database(DatabaseEngines.engine(for: location))
        }
        shownName = DatabaseEngines.isServer(location) ? DatabaseEngines.shownName(location) : location
        switch route {
        case .specFile:
            // A spec file's charts name their own data: a query or a table has no chart to read.
            guard query == nil && table == nil else {
                throw DataError.unusable(
                    path: location,
                    message: "\(words.query.flag) and \(words.table.flag) are for a database file or server; a spec file's charts name their own data")
            }
        case .delimitedText:
            guard query == nil && table == nil else {
                let databases = DatabaseEngines.titles(servers: false).joined(separator: " and ")
                throw DataError.unusable(
                    path: location, message: "\(words.query.flag) and \(words.table.flag) are for \(databases) databases, not CSV files")
            }
        case .database:
            if query != nil && table != nil {
                throw DataError.unusable(path: shownName, message: "give \(words.query.flag) or \(words.table.flag), not both")
            }
            if query?.contains(":period") == true {
                throw DataError.unusable(path: shownName, message: "a query with :period needs a chart spec file that lists the periods")
            }
        }
    }

    /// The charts of the input, before any database is opened: a spec file's, read within
    /// `limits`, each with `overlay` laid over it (what the command line's data flags set: its
    /// kind, columns and titles, over every chart's own); else one chart, `template` (the chart
    /// the command line's data flags describe) named after the file (or a server's database)
    /// and reading it. Either way the choices that need no data are checked
    /// (`ChartSpec.validateBeforeLoading`).
    public func charts(
        template: ChartSpec, overlay: [@Sendable (inout ChartSpec) -> Void] = [], limits: InputLimits
    ) throws(DataError) -> Charts {
        let workingDirectory = FileManager.default.currentDirectoryPath
        var spec = template
        spec.data = ChartSpec.DataSource()
        let sourceName: String
        switch route {
        case .specFile:
            let file = try ChartSpec.File.load(path: location, limits: limits)
            let base = (location as NSString).deletingLastPathComponent
            var specs = file.charts
            if !overlay.isEmpty {
                for index in specs.indices {
                    for edit in overlay { edit(&specs[index]) }
                    try specs[index].validateBeforeLoading(source: "\(location): chart '\(specs[index].name)'")
                }
            }
            return Charts(specs: specs, baseDirectory: base.isEmpty ? "." : base, file: file, single: nil)
        case .delimitedText:
            spec.data.csv = location
            sourceName = Self.resolved(location, in: workingDirectory)
        case .database(let engine):
            spec.data.database = location
            spec.data.query = query
            spec.data.table = table
            sourceName = engine.shownName(engine.isPath(location) ? Self.resolved(location, in: workingDirectory) : location)
        }
        // A server's chart is named after its database as the connection reports it (libpq fills
        // in what the URL leaves out), when `Charts.sources` connects; a file's after the file.
        let namesServer = DatabaseEngines.isServer(location)
        let name =
            namesServer
            ? (shownName as NSString).lastPathComponent : ((location as NSString).lastPathComponent as NSString).deletingPathExtension
        spec.name = Self.chartName(name)
        try spec.validateBeforeLoading(source: sourceName)
        let choosesTable = spec.data.database != nil && query == nil && table == nil
        return Charts(
            specs: [spec], baseDirectory: workingDirectory, file: nil,
            single: SingleChart(location: location, namesServer: namesServer, choosesTable: choosesTable, words: words))
    }

    /// A chart's name from a file's or database's name: one line (`--list`, completion), a line
    /// break or other control character written as `\n` or `\u{…}`, as messages write it;
    /// "chart" for none.
    static func chartName(_ name: String) -> String {
        name.isEmpty ? "chart" : ChartSpec.oneLineName(name)
    }

    /// `path` resolved against `directory` unless it is absolute, as `ChartSource` resolves it.
    private static func resolved(_ path: String, in directory: String) -> String {
        path.hasPrefix("/") ? path : (directory as NSString).appendingPathComponent(path)
    }

    /// What binding the command line's one chart to its database completes: a server's chart's
    /// name, and the table of a database given none.
    struct SingleChart {
        let location: String
        /// Whether the chart reads a server, and is named after its database once connected.
        let namesServer: Bool
        /// Whether the command line names no query and no table: the database's only table is the chart.
        let choosesTable: Bool
        let words: Words

        /// `spec` completed once its database is open (`databases`): a server's name, the only
        /// table, and a table's name as the title when it has none.
        func complete(_ spec: ChartSpec, databases: DatabaseCache) throws(DataError) -> ChartSpec {
            var spec = try completed(spec, databases: databases)
            if let table = spec.data.table, spec.title == nil { spec.title = table }
            return spec
        }

        private func completed(_ spec: ChartSpec, databases: DatabaseCache) throws(DataError) -> ChartSpec {
            var spec = spec
            guard namesServer || choosesTable else { return spec }
            // A server stands for itself by its name, never by the URL (which may hold a password).
            let database = try databases.database(at: location)
            let shown = namesServer ? database.name : location
            if namesServer { spec.name = ChartInput.chartName((shown as NSString).lastPathComponent) }
            guard choosesTable else { return spec }
            let tables = try database.tableNames()
            guard tables.count == 1 else {
                let give = "give \(words.query.flag) \(words.query.value) or \(words.table.flag) \(words.table.value)"
                throw DataError.unusable(
                    path: shown, message: tables.isEmpty ? "the database has no tables" : "\(give); the tables are: \(tables.joined(separator: ", "))")
            }
            spec.data.table = tables[0]
            return spec
        }
    }

    /// The charts an input makes, not yet bound to their data.
    public struct Charts {
        /// The charts, in order.
        public let specs: [ChartSpec]
        /// What relative paths in the charts resolve against.
        let baseDirectory: String
        /// The spec file the charts come from; nil for the command line's one chart.
        let file: ChartSpec.File?
        /// What binding completes of the command line's one chart; nil for a spec file's.
        let single: SingleChart?

        /// The spec file's layout of several charts in one page; nil for none.
        public var layout: ChartSpec.LayoutSpec? { file?.layout }

        /// The charts' names, in order, when they are known before anything is opened (a spec
        /// file's, a file's chart); nil for a server's chart, named after the database the
        /// connection reports.
        public var names: [String]? { single?.namesServer == true ? nil : specs.map(\.name) }

        /// Whether a chart reads a server (whose data no file's change shows), by the
        /// locations' form alone: nothing is opened. O(charts).
        public var readsServer: Bool {
            specs.contains { spec in
                spec.data.csv == nil
                    && spec.data.databaseLocation(fileDatabase: file?.database, fileServer: file?.postgres)?.engine.isServer == true
            }
        }

        /// Binds each chart to its data (`ChartSource`): opens its database (once per location,
        /// `databases`) and runs its period query; the command line's chart of a server is named
        /// after its database, and a database that names no table gets its only one. CSV files are read within `limits`, skipping bad rows
        /// when `skipBadRows`.
        public func sources(databases: DatabaseCache, skipBadRows: Bool, limits: InputLimits) throws(DataError) -> [ChartSource] {
            var sources: [ChartSource] = []
            for var spec in specs {
                if let single { spec = try single.complete(spec, databases: databases) }
                sources.append(
                    try ChartSource(
                        spec: spec, baseDirectory: baseDirectory, defaultDatabase: file?.database, databases: databases,
                        skipBadRows: skipBadRows, limits: limits, defaultServer: file?.postgres))
            }
            return sources
        }

        /// The command line's one chart of a database, followed as it gains rows: its database
        /// opened (`databases`), the chart completed as `sources` completes it, and a
        /// `LiveDatabaseFeed` of its query or table, polled every `LiveDatabaseFeed.filePollInterval`
        /// (a file) or `serverPollInterval` (a server) seconds; with `stopsAtEnd`, read once as it
        /// is now. nil for a spec file's charts and a CSV file's.
        public func liveDatabaseFeed(databases: DatabaseCache, stopsAtEnd: Bool) throws(DataError) -> (feed: LiveDatabaseFeed, spec: ChartSpec)? {
            guard let single, var spec = specs.first, spec.data.csv == nil,
                let (location, engine) = spec.data.databaseLocation(fileDatabase: nil, fileServer: nil)
            else { return nil }
            spec = try single.complete(spec, databases: databases)
            guard let sql = spec.data.sql else { return nil }
            let database = try databases.database(at: location, engine: engine)
            let poll = engine.isServer ? LiveDatabaseFeed.serverPollInterval : LiveDatabaseFeed.filePollInterval
            return (try LiveDatabaseFeed(database: database, query: sql, pollInterval: poll, stopsAtEnd: stopsAtEnd), spec)
        }
    }
}
