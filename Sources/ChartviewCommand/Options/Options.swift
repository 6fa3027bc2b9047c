import ChartCairo
import ChartCore
import ChartData
import Foundation

/// The command line, parsed (`parse`) by the options' table (`CommandOption.all`). Every
/// option takes its value as the next argument or after `=`.
struct Options {
    /// The data files, as `ChartInput` routes each (a chart spec, a CSV file, a database or a
    /// server's URL), in the order given; none for the demo gallery. Two or more open side by
    /// side (`ChartCatalog`).
    var files: [String] = []
    /// The first data file; nil for the demo gallery.
    var file: String? { files.first }
    /// The chart the data flags describe (kind, columns, titles, the query or table): laid over
    /// the chart made for `file` (`ChartInput.charts(template:limits:)`). Its name and source are the input's.
    var spec = ChartSpec(name: "", data: ChartSpec.DataSource())
    /// What the data flags set, in the order given, each as an edit of a chart: laid over every
    /// chart of a spec file (`ChartInput.charts(template:overlay:limits:)`), as `spec` is the
    /// chart of a data file.
    var specEdits: [@Sendable (inout ChartSpec) -> Void] = []
    /// `--chart`, in the order given: the chart (or layout) to show first; two or more are
    /// shown together, in one grid (`ChartCatalog.Page`).
    var charts: [String] = []
    /// `--link`: which axes the charts of a page share (a split's, a layout's, several charts'
    /// or files'); nil for each page's own (a spec's `link`, else x).
    var link: GridLink?
    /// `--follow`: the data file is followed as it grows (`LiveChart`).
    var follow = false
    /// `--window`: how much of live data the view follows; nil for all of it.
    var window: WindowOption?
    /// `--columns`: live input's column names (its first line is then data).
    var columns: [String]?
    /// `--delimiter`: live input's delimiter; nil to detect it.
    var delimiter: LiveDelimiter?
    var describe = false
    /// Whether CSV rows that do not fit are set aside (the default) rather than refused (`--strict`).
    var skipBadRows = true
    /// Seconds a query, or reading a FIFO or device, may take before it is stopped (and an
    /// output FIFO may wait for its reader).
    var timeout: Double = 60
    var watches = true
    /// `--trust-spec-servers`: stored passwords (`StoredCredentials`) go to servers a spec
    /// file names, not only to those named on the command line.
    var trustsSpecServers = false
    /// A query whose first row changes when a server's data does, polled for live reload
    /// (servers are not polled without one).
    var watchQuery: String?
    var list = false
    /// `--values NAME`: print what a flag takes (`CommandOption.valueLists`), for shell completion.
    var values: String?
    /// Where the chart goes: a file, a device or FIFO, or "-" for standard output.
    var output: String?
    var dumpLayout: String?
    /// Where the records in view are written as CSV (`CommandOption.exportVisible`); nil for nowhere.
    var exportVisible: String?
    var xRange: RangeOption?
    var yRange: RangeOption?
    /// The output format from `--format`; nil to take it from the output's extension.
    var format: ChartRenderer.Format?
    /// The most bytes of input data to hold in memory; `defaultMemoryBudget` unless given.
    var maxMemory = Options.defaultMemoryBudget
    /// Rows past which a line or scatter query is read per view, not loaded; nil to load all.
    var outOfCoreRows: Int? = 2_000_000
    var size = Size(width: 1024, height: 768)
    var scale: Double?
    var theme: Theme?
    var trace = false
    var animates = true
    var checkDisplay = false
    var profile = false
    var help = false
    var version = false
    /// The shell whose completion script's generated part to print (`CompletionScript`).
    var completionScript: CompletionScript.Shell?

    /// Parses `arguments` (without the program name). Throws a usage error naming the flag.
    /// After `--`, every argument is a data file, even one that begins with `-` (as in
    /// getopt). O(arguments).
    static func parse(_ arguments: [String]) throws(CommandError) -> Options {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            if argument == "--" {
                options.files.append(contentsOf: rest)
                break
            }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = optionsBySpelling[name] else {
                if argument.hasPrefix("-") && argument != "-" { throw .usage("unknown option '\(argument)'") }
                options.files.append(argument)
                continue
            }
            // A switch takes no value (one written after `=` is not read).
            var value: String?
            if option.valueName != nil {
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard let next = rest.popFirst() else { throw .usage("\(name) needs a value") }
                    value = next
                }
            }
            try option.apply(&options, value, name)
        }
        return options
    }

    /// Each option by each of its spellings.
    private static let optionsBySpelling: [String: CommandOption] = {
        var table: [String: CommandOption] = [:]
        for option in CommandOption.all {
            for spelling in option.spellings {
                precondition(table[spelling] == nil, "Two options are spelled \(spelling).")
                table[spelling] = option
            }
        }
        return table
    }()

    /// The most characters of a title flag: more would never fit a chart, and laying out
    /// megabytes of text takes minutes and gigabytes.
    static let maxTitleLength = 1_000
    /// The most characters of a column, table or chart name flag.
    static let maxNameLength = 10_000
    /// The most characters of a query (and of a list of columns).
    static let maxQueryLength = 4_000_000

    /// The input a run may hold when `--max-memory` is not given (`DefaultMemoryBudget`).
    static var defaultMemoryBudget: Int { DefaultMemoryBudget.bytes }
}
