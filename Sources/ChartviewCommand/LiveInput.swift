import ChartCore
import ChartData
import ChartSession
import Foundation

/// Live input the command line names: standard input (`-`, or nothing else named, no data
/// file, `--chart` or `--list`, with a pipe or FIFO on standard input), or a data file or database (its `--table` or `--query`) with
/// `--follow`; its chart (`LiveChart`), and the
/// provider a window shows it through. nil (`init`) for any other input, which then may not
/// have the live flags.
struct LiveInput {
    /// The chart of the live rows.
    let chart: LiveChart
    /// The path followed; nil for standard input.
    let followedPath: String?

    /// What messages call standard input.
    static let standardInputName = "standard input"

    /// The live input `options` name, or nil (after refusing the live flags given without one).
    /// `readsToEnd`: a followed file is read as far as it goes now (a chart rendered to a file).
    /// `standardInput`: the descriptor read as standard input (the process's; a test's pipe).
    init?(_ options: Options, readsToEnd: Bool, standardInput: Int32 = STDIN_FILENO) throws(CommandError) {
        if options.files.count > 1 && (options.follow || options.files.contains("-")) {
            // A server's URL may hold a password: no file is quoted.
            throw .usage("live input is one file (\(CommandOption.follow.name) FILE, or '-' for standard input), not \(options.files.count)")
        }
        // Standard input is data only when the user says so: `-`, or nothing else to chart (no
        // file, no --chart, no --list) while it is a pipe. A script's loop (`while read chart; do
        // chartview --chart "$chart" …; done < <(chartview --list)`) hands every chartview a pipe.
        let nothingElseNamed = options.file == nil && options.charts.isEmpty && !options.list
        let readsStandardInput = options.file == "-" || (nothingElseNamed && Self.isPipe(standardInput))
        guard readsStandardInput || (options.file != nil && options.follow) else {
            if options.follow { throw .usage("\(CommandOption.follow.name) needs a data file, or '-' for standard input") }
            let liveFlags = [
                (options.window != nil, CommandOption.window), (options.columns != nil, CommandOption.columns),
                (options.delimiter != nil, CommandOption.delimiter)
            ]
            if let flag = liveFlags.first(where: \.0)?.1 {
                throw .usage("\(flag.name) is for live input: '-' (standard input) or \(CommandOption.follow.name) FILE")
            }
            return nil
        }
        for (given, option) in [(options.list, CommandOption.list), (options.describe, .describe), (options.profile, .profile)] where given {
            throw .usage("\(option.name) is not for live input (it reads a file once)")
        }
        if !options.charts.isEmpty { throw .usage("\(CommandOption.chart.name) is not for live input: it is one chart") }
        if options.spec.split == true { throw .usage("\(CommandOption.split.name) is not for live input yet: one chart follows the rows") }
        var spec = options.spec
        guard let path = options.file, !readsStandardInput else {
            if spec.data.query != nil || spec.data.table != nil {
                throw .usage("\(CommandOption.query.name) and \(CommandOption.table.name) are for databases, not live text")
            }
            spec.name = "stdin"
            let feed = LiveTextFeed(
                .descriptor(standardInput, name: Self.standardInputName), delimiter: options.delimiter, columns: options.columns,
                lineLimit: LineSplitter.lineLimit(memoryBudget: options.maxMemory))
            chart = LiveChart(feed: feed, spec: spec, memoryBudget: options.maxMemory)
            followedPath = nil
            return
        }
        let input: ChartInput
        do throws(DataError) {
            input = try ChartInput(location: path, query: spec.data.query, table: spec.data.table, words: ChartCatalog.words)
        } catch {
            throw CommandError(error)
        }
        switch input.route {
        case .delimitedText:
            spec.name = ChartSpec.oneLineName(((path as NSString).lastPathComponent as NSString).deletingPathExtension)
            let feed = LiveTextFeed(
                .file(path: path, stopsAtEnd: readsToEnd), delimiter: options.delimiter, columns: options.columns,
                lineLimit: LineSplitter.lineLimit(memoryBudget: options.maxMemory))
            chart = LiveChart(feed: feed, spec: spec, memoryBudget: options.maxMemory)
            followedPath = path
        case .database(let engine):
            if let flag = [(options.columns != nil, CommandOption.columns), (options.delimiter != nil, .delimiter)].first(where: \.0)?.1 {
                throw .usage("\(flag.name) is for live text, not a database (its columns are the query's)")
            }
            let (feed, spec) = try Self.databaseFeed(input, options: options, readsToEnd: readsToEnd)
            chart = LiveChart(feed: feed, spec: spec, memoryBudget: options.maxMemory)
            followedPath = engine.isPath(path) ? path : nil
        case .specFile:
            throw .usage(
                "\(CommandOption.follow.name) follows a CSV or TSV file (.csv, .tsv, .txt), a database's table or query, or standard input ('-')")
        }
    }

    /// The database `input` names (with --query or --table), opened, and a feed of its rows.
    private static func databaseFeed(_ input: ChartInput, options: Options, readsToEnd: Bool) throws(CommandError) -> (any LiveFeed, ChartSpec) {
        let limits = InputLimits(memoryBudget: options.maxMemory, streamTimeout: options.timeout)
        let databases = DatabaseCache(timeLimit: options.timeout, limits: limits, memoryBudget: options.maxMemory)
        databases.storedCredentialLocations = options.trustsSpecServers ? nil : Set(options.files)
        do throws(DataError) {
            let charts = try input.charts(template: options.spec, limits: limits)
            guard let (feed, spec) = try charts.liveDatabaseFeed(databases: databases, stopsAtEnd: readsToEnd) else {
                preconditionFailure("A database's input makes one chart.")
            }
            return (feed, spec)
        } catch {
            throw CommandError(error)
        }
    }

    /// Whether `descriptor` is a pipe or a FIFO (not a terminal, /dev/null or a file).
    static func isPipe(_ descriptor: Int32) -> Bool {
        var status = stat()
        return fstat(descriptor, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO
    }
}

/// A live chart as a window sees it: its graph built once, from the first rows (the rows after
/// them flow into its `LiveSeries`); its data never "changes" (nothing is reloaded).
final class LiveChartProvider: ChartProvider {
    private let chart: LiveChart
    private let theme: Theme?
    private var built: Graph?

    init(_ chart: LiveChart, theme: Theme?) {
        self.chart = chart
        self.theme = theme
    }

    var name: String { chart.spec.name }

    var title: String { chart.spec.title ?? chart.spec.name }

    func makeGraph(cancellation: CancellationFlag) throws(ChartFailure) -> Graph {
        if let built { return built }
        do {
            let graph = try chart.graph(cancellation: cancellation, readsToEnd: false)
            if let theme { graph.theme = theme }
            built = graph
            return graph
        } catch .cancelled {
            throw ChartFailure(message: "Loading cancelled", wasCancelled: true)
        } catch {
            throw ChartFailure(message: error.description)
        }
    }

    func stepPeriod(by delta: Int) -> String? { nil }

    func dataChanged() -> Bool { false }
}
