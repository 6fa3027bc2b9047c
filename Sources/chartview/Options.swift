import ChartCairo
import ChartCore
import ChartData
import Foundation

/// The command line, parsed. Every flag takes its value as the next argument or after `=`.
struct Options {
    var chart: String?
    /// A data file: SQLite database, CSV file or chart spec (.json), or a PostgreSQL server's
    /// `postgresql://` URL; nil for the demo gallery.
    var file: String?
    var query: String?
    var table: String?
    var x: String?
    var y: [String]?
    var kind: ChartKind?
    /// Column mapping and shape of the kinds that read more than x and y (see `ChartSpec`).
    var open: String?
    var high: String?
    var low: String?
    var close: String?
    var error: String?
    var sizeBy: String?
    var bins: Int?
    var binWidth: Double?
    var density = false
    var stack = false
    var colorMap: String?
    /// The column to split rows by; "none" for no groups; nil to detect.
    var group: String?
    var keepOrder = false
    /// How rows that repeat a category become one bar or slice; nil for the default.
    var aggregate: Aggregation?
    var describe = false
    var title: String?
    var xTitle: String?
    var yTitle: String?
    var skipBadRows = false
    /// Seconds a query, or reading a FIFO or device, may take before it is stopped (and an
    /// output FIFO may wait for its reader).
    var timeout: Double = 60
    var watches = true
    /// A query whose first row changes when a PostgreSQL server's data does, polled for live
    /// reload (servers are not polled without one).
    var watchQuery: String?
    var list = false
    /// `--values NAME`: print what a flag takes (`valueLists`), for shell completion.
    var values: String?
    /// Where the chart goes: a file, a device or FIFO, or "-" for standard output.
    var output: String?
    var dumpLayout: String?
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

    /// What `--values NAME` prints, by NAME: the kinds, themes, color maps and formats the code
    /// has, and the flags the help lists, so that shell completion asks the binary rather than
    /// keep copies.
    static var valueLists: [String: [String]] {
        [
            "kind": ChartKind.allCases.map(\.rawValue), "theme": Theme.builtIn.map(\.name), "color-map": ColorMap.names,
            "aggregate": Aggregation.allCases.map(\.rawValue),
            "format": ChartRenderer.Format.allCases.map(\.rawValue), "flag": flags
        ]
    }

    /// Every flag `usage` lists, in its order: the words starting "--" at the head of a line
    /// of the flags' column ("  --open COLUMN, --high COLUMN, …" names four). O(length of the help).
    static var flags: [String] {
        var flags: [String] = []
        for line in usage.split(separator: "\n") where line.hasPrefix("  --") {
            // The flag's column ends at the first run of two spaces (its description follows).
            let column = line.dropFirst(2).components(separatedBy: "  ")[0]
            for word in column.split(separator: " ") where word.hasPrefix("--") {
                flags.append(String(word.prefix { $0 != "," && $0 != "=" }))
            }
        }
        return flags
    }

    /// `names` as the help writes a flag's values ("a, b or c"), after `before` and followed by
    /// `then`, wrapped at 90 columns onto lines indented to the help's second column: the help
    /// lists the kinds, themes and color maps the code has, never a copy of them.
    static func listed(_ names: [String], before: String? = nil, then: String? = nil) -> String {
        let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names.last! : names.joined()
        let words = ([before, list, then].compactMap { $0 }).joined(separator: " ").split(separator: " ")
        let indent = String(repeating: " ", count: 23), width = 90
        var lines: [String] = [], line = ""
        for word in words {
            if !line.isEmpty && indent.count + line.count + 1 + word.count > width {
                lines.append(line)
                line = String(word)
            } else {
                line += (line.isEmpty ? "" : " ") + word
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n" + indent)
    }

    static let usage = """
        Usage: chartview [FILE] [options]

        Shows charts in a window; with --output, renders one to a file instead and exits.
        FILE is a SQLite database (with --query or --table), a CSV file, a chart spec (.json), or
        a PostgreSQL server's URL, postgresql://USER@HOST:PORT/DATABASE (its password from
        ~/.pgpass or PGPASSWORD; libpq's PG* variables fill in what the URL leaves out); without
        it, the demo gallery. In the window, press h for the keys.

        Data:
          --query SQL          a read-only query; may use :period (see the README)
          --table NAME         all rows of a table
          --x COLUMN           the column of categories or x values (default: a date or
                               year column, else text categories, else an increasing key)
          --y COL[,COL…]       the series columns (default: the other columns of numbers)
          --group COLUMN       one series per value of COLUMN (default: detected in long-format
                               data such as date,symbol,price; 'none' for no groups)
          --kind KIND          \(listed(ChartKind.allCases.map(\.rawValue), then: "(default: bars for text categories, a line when x never decreases, else points)"))
          --open COLUMN, --high COLUMN, --low COLUMN, --close COLUMN
                               a trading range's columns, a range's low and high (default: the
                               columns of those names, else the columns in that order)
          --error COLUMN       an error bar's ± error
          --size-by COLUMN     a bubble's size (its area; --size is the picture's)
          --bins N             a histogram's number of bins, 1 to \(ChartSpec.binCounts.upperBound)
                               (default: numpy's 'auto' rule)
          --bin-width W        a histogram's bin width, in the values' units
          --density            a histogram of densities (area 1), not counts
          --stack              stack several histograms instead of overlaying them
          --color-map NAME     \(listed(ColorMap.names, before: "a heatmap's colors:"))
          --keep-order         join a line's points in row order (a trajectory), not x order
          --aggregate HOW      how rows that repeat a category become one bar or slice: sum,
                               mean, count, min, max or median (default: sum for counts and
                               totals, else mean; a count with no column of numbers)
          --describe           print each column's type and role and the chart chosen, and exit
          --title TEXT         the chart's title (default: the table, the query's columns or the
                               file's name)
          --x-title TEXT       the x axis title (default: the x column's name)
          --y-title TEXT       the y axis title (default: the series' column, when there is one)
          --skip-bad-rows      skip malformed CSV rows instead of failing, and say how many
          --no-watch           do not reload when the data file changes
          --watch-query SQL    reload a PostgreSQL chart when this query's first row changes
                               (like SELECT max(updated_at) FROM t; servers are not polled
                               without it)
          --timeout SECONDS    stop a query, or the reading of a FIFO or device, that takes
                               longer; wait as long for an output FIFO's reader or a
                               server's answer (default 60)
          --max-memory SIZE    the most input data to hold in memory, in bytes or with K, M,
                               G (like 512M or 4G); larger files are refused (default: half
                               of the memory there is, an eighth of a 'ulimit -v')
          --in-memory          load every row of a large query, even for a line or points
          --out-of-core ROWS   chart a line or scatter query of more rows than ROWS without
                               loading it: each view is read from the database (default 2000000)

        Options:
          --chart NAME         the chart to show first (default: the first; see --list)
          --list               print the charts' names, one per line, and exit
          --values NAME        print the values of kind, theme, color-map, format or
                               aggregate, or every flag, one per line, and exit (for shell
                               completion)
          --output FILE        render to FILE (.png, .svg or .pdf) and exit; needs no display;
                               '-' for standard output (PNG unless --format says)
          --format FORMAT      png, svg or pdf, whatever --output's name (default: its
                               extension; PNG for '-', devices and FIFOs)
          --dump-layout FILE   write the laid-out scene as JSON to FILE ('-' for stdout)
          --x-range A:B        render that part of x (numbers, dates on a date axis, category
                               names; either end may be empty, as in 2008-03:)
          --y-range A:B        render that part of y (without it, y fits what x shows)
          --size WxH           size in device pixels (default 1024x768)
          --scale N            device pixels per layout pixel, 0.5 to 8 (default 1)
          --theme NAME         \(listed(Theme.builtIn.map(\.name), then: "(default: the chart's own)"))
          --trace              print what the window does as JSON lines on stdout
          --no-animation       show charts at once, without growing bars and sweeping slices
          --check-display      exit 0 if a window can be opened, 1 (with the reason) if not
          --profile            time loading, layout, painting and hit testing (JSON on stdout)
          --help               print this help and exit
          --version            print the version and exit

        Exit status: 0 on success, 2 for bad usage or input, 1 when something failed while running.
        """

    /// Parses `arguments` (without the program name). Throws a usage error naming the flag.
    static func parse(_ arguments: [String]) throws(CommandError) -> Options {
        var options = Options()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(CommandError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = rest.popFirst() else { throw .usage("\(name) needs a value") }
                return next
            }
            switch name {
            case "--chart": options.chart = try capped(value(), flag: name, limit: maxNameLength)
            case "--list": options.list = true
            case "--trace": options.trace = true
            case "--no-animation": options.animates = false
            case "--check-display": options.checkDisplay = true
            case "--profile": options.profile = true
            case "--output", "-o": options.output = try nonEmpty(value(), flag: name)
            case "--dump-layout": options.dumpLayout = try nonEmpty(value(), flag: name)
            case "--x-range", "--y-range":
                let range = try RangeOption(flag: name, text: capped(value(), flag: name, limit: maxNameLength))
                if name == "--x-range" { options.xRange = range } else { options.yRange = range }
            case "--size": options.size = try parseSize(value())
            case "--scale": options.scale = try parseScale(value())
            case "--theme":
                let text = try value()
                guard let theme = Theme.named(text) else {
                    throw .usage("unknown theme '\(text)'; choose one of: \(Theme.builtIn.map(\.name).joined(separator: ", "))")
                }
                options.theme = theme
            case "--format":
                let text = try value()
                guard let format = ChartRenderer.Format(rawValue: text.lowercased()) else {
                    throw .usage("unknown format '\(text)'; choose one of: png, svg, pdf")
                }
                options.format = format
            case "--max-memory": options.maxMemory = try parseMemory(value())
            case "--in-memory": options.outOfCoreRows = nil
            case "--out-of-core":
                let text = try value()
                guard let rows = Int(text), rows >= 0 else { throw .usage("--out-of-core takes a number of rows, like 2000000 (got '\(text)')") }
                options.outOfCoreRows = rows
            case "--query": options.query = try capped(value(), flag: name, limit: maxQueryLength)
            case "--table": options.table = try capped(value(), flag: name, limit: maxNameLength)
            case "--x": options.x = try capped(value(), flag: name, limit: maxNameLength)
            case "--y":
                options.y = try capped(value(), flag: name, limit: maxQueryLength)
                    .split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
            case "--kind":
                let text = try value()
                guard let kind = ChartKind(rawValue: text) else { throw .usage("unknown kind '\(text)'; choose one of: \(ChartKind.names)") }
                options.kind = kind
            case "--open": options.open = try capped(value(), flag: name, limit: maxNameLength)
            case "--high": options.high = try capped(value(), flag: name, limit: maxNameLength)
            case "--low": options.low = try capped(value(), flag: name, limit: maxNameLength)
            case "--close": options.close = try capped(value(), flag: name, limit: maxNameLength)
            case "--error": options.error = try capped(value(), flag: name, limit: maxNameLength)
            case "--size-by": options.sizeBy = try capped(value(), flag: name, limit: maxNameLength)
            case "--bins":
                let text = try value()
                guard let bins = Int(text), ChartSpec.binCounts.contains(bins) else {
                    throw .usage("--bins takes a whole number from 1 to \(ChartSpec.binCounts.upperBound) (got '\(text)')")
                }
                options.bins = bins
            case "--bin-width":
                let text = try value()
                guard let width = Double(text), width.isFinite, width > 0 else { throw .usage("--bin-width takes a number above 0 (got '\(text)')") }
                options.binWidth = width
            case "--density": options.density = true
            case "--stack": options.stack = true
            case "--color-map":
                let text = try value()
                guard ColorMap.named(text) != nil else { throw .usage("unknown color map '\(text)'; choose one of: \(ColorMap.names.joined(separator: ", "))") }
                options.colorMap = text
            case "--group": options.group = try capped(nonEmpty(value(), flag: name, what: "a column name"), flag: name, limit: maxNameLength)
            case "--keep-order": options.keepOrder = true
            case "--aggregate":
                let text = try value()
                guard let aggregate = Aggregation(rawValue: text) else { throw .usage("unknown aggregate '\(text)'; choose one of: \(Aggregation.names)") }
                options.aggregate = aggregate
            case "--describe": options.describe = true
            case "--title": options.title = try capped(value(), flag: name, limit: maxTitleLength)
            case "--x-title": options.xTitle = try capped(value(), flag: name, limit: maxTitleLength)
            case "--y-title": options.yTitle = try capped(value(), flag: name, limit: maxTitleLength)
            case "--skip-bad-rows": options.skipBadRows = true
            case "--timeout":
                let text = try value()
                guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 86_400 else {
                    throw .usage("--timeout takes seconds, more than 0 and at most 86400 (got '\(text)')")
                }
                options.timeout = seconds
            case "--no-watch": options.watches = false
            case "--watch-query": options.watchQuery = try capped(nonEmpty(value(), flag: name, what: "a query"), flag: name, limit: maxQueryLength)
            case "--help", "-h": options.help = true
            case "--version": options.version = true
            case "--values":
                let text = try value()
                guard valueLists[text] != nil else {
                    throw .usage("--values takes one of: \(valueLists.keys.sorted().joined(separator: ", "))")
                }
                options.values = text
            default:
                if argument.hasPrefix("-") && argument != "-" { throw .usage("unknown option '\(argument)'") }
                guard options.file == nil else {
                    // A server's URL may hold a password: never repeated.
                    let shown = PostgresDatabase.isConnectionURL(argument) ? "postgresql://…" : argument
                    throw .usage("unexpected argument '\(shown)'; give one data file")
                }
                options.file = argument
            }
        }
        return options
    }

    /// The most characters of a title flag: more would never fit a chart, and laying out
    /// megabytes of text takes minutes and gigabytes.
    static let maxTitleLength = 1_000
    /// The most characters of a column, table or chart name flag.
    static let maxNameLength = 10_000
    /// The most characters of `--query` (and of `--y`'s list of columns).
    static let maxQueryLength = 4_000_000

    /// The input a run may hold when `--max-memory` is not given (`DefaultMemoryBudget`).
    static var defaultMemoryBudget: Int { DefaultMemoryBudget.bytes }

    /// `text` when it has at most `limit` characters; else a usage error naming the flag.
    /// O(limit): a longer text is not counted to its end.
    static func capped(_ text: String, flag: String, limit: Int) throws(CommandError) -> String {
        // A character is at least one UTF-8 byte, so a short enough byte count settles it at once.
        if text.utf8.count > limit, text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex).map({ $0 < text.endIndex }) ?? false {
            throw .usage("\(flag): longer than \(limit) characters")
        }
        return text
    }

    /// A size in bytes: a whole number, optionally followed by K, M, G or T (powers of 1024,
    /// with an optional B or iB: 512M, 4GiB), at least 1 MB and at most 1 PB.
    static func parseMemory(_ text: String) throws(CommandError) -> Int {
        let usage = CommandError.usage("--max-memory takes a size in bytes or with K, M, G or T, like 512M or 4G (got '\(text)')")
        var digits = Substring(text.trimmingCharacters(in: .whitespaces).uppercased())
        for suffix in ["IB", "B"] where digits.hasSuffix(suffix) {
            digits = digits.dropLast(suffix.count)
            break
        }
        var multiplier = 1
        if let last = digits.last, let power = ["K": 1, "M": 2, "G": 3, "T": 4][String(last)] {
            multiplier = 1 << (10 * power)
            digits = digits.dropLast()
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int(digits), number >= 0 else { throw usage }
        let (bytes, overflow) = number.multipliedReportingOverflow(by: multiplier)
        guard !overflow, bytes <= 1 << 50 else { throw .usage("--max-memory \(text) is more than 1 PB") }
        guard bytes >= 1 << 20 else { throw .usage("--max-memory \(text) is less than 1 MB") }
        return bytes
    }

    private static func nonEmpty(_ text: String, flag: String, what: String = "a file name") throws(CommandError) -> String {
        guard !text.isEmpty else { throw .usage("\(flag) needs \(what)") }
        return text
    }

    /// `WxH` with whole numbers from 1 to 16384 (Cairo's image limit is 32767; beyond 16384 a
    /// PNG would take gigabytes).
    static func parseSize(_ text: String) throws(CommandError) -> Size {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
            throw .usage("--size takes WIDTHxHEIGHT in pixels, like 1024x768 (got '\(text)')")
        }
        guard (1...16384).contains(width), (1...16384).contains(height) else {
            throw .usage("--size \(text) is out of range; width and height must be 1 to 16384 pixels")
        }
        return Size(width: Double(width), height: Double(height))
    }

    static func parseScale(_ text: String) throws(CommandError) -> Double {
        guard let scale = Double(text), scale.isFinite, (0.5...8).contains(scale) else {
            throw .usage("--scale takes a number from 0.5 to 8 (got '\(text)')")
        }
        return scale
    }
}
