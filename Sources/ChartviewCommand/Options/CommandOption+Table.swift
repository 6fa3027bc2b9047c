import ChartCairo
import ChartCore
import ChartData

/// Every option of chartview, each declared here once, in the order `--help` lists them. A
/// message or help text that names another option builds the name from its declaration
/// (`CommandOption.output.name`), so that a flag's name is written once in the sources (a test
/// checks it).
extension CommandOption {
    /// Every option, the hidden ones included, in the help's order.
    static let all: [CommandOption] = [
        query, table, x, y, group, kind, open, high, low, close, error, sizeBy, bins, binWidth, density, stack, colorMap,
        keepOrder, split, link, aggregate, describe, title, xTitle, yTitle, skipBadRows, strict, noWatch, watchQuery, trustSpecServers, timeout, maxMemory,
        inMemory,
        outOfCore, follow, window, columns, delimiter,
        chart, list, values, output, format, dumpLayout, exportVisible, xRange, yRange, size, scale, theme, trace, noAnimation, checkDisplay,
        profile, help, version, generateCompletionScript
    ]

    /// The options whose choices `--values` prints, in the order it names them.
    static var choiceLists: [CommandOption] { [kind, theme, colorMap, format, aggregate, delimiter, link] }

    /// The name of the list of every flag `--values` prints.
    static let flagListName = "flag"

    /// The lists `--values NAME` prints, by NAME in order: each option's choices (the kinds,
    /// themes, color maps, formats and aggregates the code has), and every flag the help lists,
    /// so that shell completion asks the binary rather than keep copies.
    static var valueLists: [(name: String, values: [String])] {
        choiceLists.map { ($0.bareName, $0.choices ?? []) } + [(flagListName, flags)]
    }

    /// Every flag the help lists, in its order (aliases such as `-o` aside).
    static var flags: [String] { all.filter { !$0.isHidden }.map(\.name) }

    // MARK: - Data

    static let query: CommandOption = spec(
        "--query", "SQL", value: .query, key: \.data.query,
        help: "a read-only query; may use :period (see the README)", summary: "a read-only query", completion: .sql)
    static let table: CommandOption = spec(
        "--table", "NAME", value: .name, key: \.data.table,
        help: "all rows of a table", summary: "all rows of a table", completion: .text("table"))
    static let x: CommandOption = spec(
        "--x", "COLUMN", value: .name, key: \.x,
        help: """
            the column of categories or x values (default: a date or
            year column, else text categories, else an increasing key)
            """,
        summary: "the column of categories or x values", completion: .column)
    static let y: CommandOption = spec(
        "--y", "COL[,COL…]", value: .names, key: \.y,
        help: "the series columns (default: the other columns of numbers)", summary: "the series columns",
        completion: .text("columns"))
    static let group: CommandOption = spec(
        "--group", "COLUMN", value: .nonEmpty("a column name", upTo: Options.maxNameLength), key: \.group,
        help: """
            one series per value of COLUMN (default: detected in long-format
            data such as date,symbol,price; 'none' for no groups)
            """,
        summary: "one series per value of a column", completion: .column)
    static let kind: CommandOption = spec(
        "--kind", "KIND", value: .choice("kind", names: ChartKind.allCases.map(\.rawValue)) { ChartKind(rawValue: $0) }, key: \.kind,
        help: HelpText.listed(
            ChartKind.allCases.map(\.rawValue), then: "(default: bars for text categories, a line when x never decreases, else points)"),
        summary: "the chart kind", completion: .choices("kind"))
    static let open: CommandOption = spec(
        "--open", "COLUMN", value: .name, key: \.open,
        help: """
            a trading range's columns, a range's low and high (default: the
            columns of those names, else the columns in that order)
            """,
        summary: "a trading range's open column", completion: .column)
    static let high: CommandOption = spec(
        "--high", "COLUMN", value: .name, key: \.high, help: nil, summary: "a trading range's or range's high column", completion: .column)
    static let low: CommandOption = spec(
        "--low", "COLUMN", value: .name, key: \.low, help: nil, summary: "a trading range's or range's low column", completion: .column)
    static let close: CommandOption = spec(
        "--close", "COLUMN", value: .name, key: \.close, help: nil, summary: "a trading range's close column", completion: .column)
    static let error: CommandOption = spec(
        "--error", "COLUMN", value: .name, key: \.error,
        help: "an error bar's ± error", summary: "an error bar's ± error column", completion: .column)
    static let sizeBy: CommandOption = spec(
        "--size-by", "COLUMN", value: .name, key: \.size,
        help: "a bubble's size (its area; \(size.name) is the picture's)", summary: "a bubble's size column", completion: .column)
    static let bins: CommandOption = spec(
        "--bins", "N", value: .whole(in: ChartSpec.binCounts), key: \.bins,
        help: """
            a histogram's number of bins, 1 to \(ChartSpec.binCounts.upperBound)
            (default: numpy's 'auto' rule)
            """,
        summary: "a histogram's number of bins", completion: .text("bins"))
    static let binWidth: CommandOption = spec(
        "--bin-width", "W", value: .positive, key: \.binWidth,
        help: "a histogram's bin width, in the values' units", summary: "a histogram's bin width", completion: .text("width"))
    static let density: CommandOption = flag(
        "--density", setsSpec: \.density, help: "a histogram of densities (area 1), not counts", summary: "a histogram of densities")
    static let stack: CommandOption = flag(
        "--stack", setsSpec: \.stacked, help: "stack several histograms instead of overlaying them", summary: "stack several histograms")
    static let colorMap: CommandOption = spec(
        "--color-map", "NAME", value: .choice("color map", names: ColorMap.names) { ColorMap.named($0) }, key: \.colorMap,
        help: HelpText.listed(ColorMap.names, before: "a heatmap's colors:"), summary: "a heatmap's colors", completion: .choices("map"))
    static let keepOrder: CommandOption = flag(
        "--keep-order", setsSpec: \.keepOrder, help: "join a line's points in row order (a trajectory), not x order",
        summary: "join a line's points in row order")
    static let split: CommandOption = flag(
        "--split", setsSpec: \.split, help: "one chart per series, stacked, their x zoomed and panned together",
        summary: "one chart per series, stacked, x linked")
    static let link: CommandOption = option(
        "--link", "AXES", value: .choice("link", names: GridLink.allCases.map(\.rawValue)) { GridLink(rawValue: $0) },
        into: \.link, section: .data,
        help: """
            which axes several charts in one page share (a split, a layout,
            several charts or files): none, x (the default: one x range,
            each y fitted) or xy
            """,
        summary: "which axes the charts of a page share", completion: .choices("axes"))
    static let aggregate: CommandOption = spec(
        "--aggregate", "HOW", value: .choice("aggregate", names: Aggregation.allCases.map(\.rawValue)) { Aggregation(rawValue: $0) },
        key: \.aggregate,
        help: HelpText.wrapped(
            "how rows that repeat a category become one bar or slice: \(HelpText.listed(Aggregation.allCases.map(\.rawValue)))"
                + " (default: sum for counts and totals, else mean; a count with no column of numbers)", width: 89),
        summary: "how rows of one category become one bar", completion: .choices("how"))
    static let describe: CommandOption = flag(
        "--describe", sets: \.describe, to: true, section: .data,
        help: "print each column's type and role and the chart chosen, and exit", summary: "print the columns and the chart chosen")
    static let title: CommandOption = spec(
        "--title", "TEXT", value: .title, key: \.title,
        help: """
            the chart's title (default: the table, the query's columns or the
            file's name)
            """,
        summary: "the chart's title", completion: .text("title"))
    static let xTitle: CommandOption = spec(
        "--x-title", "TEXT", value: .title, help: "the x axis title (default: the x column's name)", summary: "the x axis title",
        completion: .text("title")
    ) { spec, title in
        // Only the title: a spec's own range and ticks stay.
        if spec.xAxis == nil { spec.xAxis = ChartSpec.AxisSpec(title: title) } else { spec.xAxis?.title = title }
    }
    static let yTitle: CommandOption = spec(
        "--y-title", "TEXT", value: .title, help: "the y axis title (default: the series' column, when there is one)",
        summary: "the y axis title", completion: .text("title")
    ) { spec, title in
        // Only the title: a spec's own range and ticks stay.
        if spec.yAxis == nil { spec.yAxis = ChartSpec.AxisSpec(title: title) } else { spec.yAxis?.title = title }
    }
    static let skipBadRows: CommandOption = flag(
        "--skip-bad-rows", sets: \.skipBadRows, to: true, section: .data,
        help: "set aside CSV rows that do not fit and name their lines (the default)", summary: "set aside CSV rows that do not fit")
    static let strict: CommandOption = flag(
        "--strict", sets: \.skipBadRows, to: false, section: .data,
        help: "refuse a CSV file, or standard input read to its end, with a row that does not fit, naming its line",
        summary: "refuse CSV files with bad rows")
    static let noWatch: CommandOption = flag(
        "--no-watch", sets: \.watches, to: false, section: .data,
        help: "do not reload when the data file changes", summary: "do not reload when the data file changes")
    static let trustSpecServers: CommandOption = flag(
        "--trust-spec-servers", sets: \.trustsSpecServers, to: true, section: .data,
        help: """
            send your stored passwords (CLICKHOUSE_PASSWORD, PGPASSWORD,
            clickhouse-client's config.xml) to servers a spec file names
            too (by default only to servers named on the command line)
            """,
        summary: "send stored passwords to a spec's servers")
    static let watchQuery: CommandOption = option(
        "--watch-query", "SQL", value: .nonEmpty("a query", upTo: Options.maxQueryLength), into: \.watchQuery, section: .data,
        help: """
            reload a server's chart when this query's first row changes
            (like SELECT max(updated_at) FROM t; servers are not polled
            without it)
            """,
        summary: "reload a server's chart when this query changes", completion: .sql)
    static let timeout: CommandOption = option(
        "--timeout", "SECONDS", value: .seconds, into: \.timeout, section: .data,
        help: """
            stop a query, or the reading of a FIFO or device, that takes
            longer; wait as long for an output FIFO's reader or a
            server's answer (default 60)
            """,
        summary: "seconds a query may take", completion: .text("seconds"))
    static let maxMemory: CommandOption = option(
        "--max-memory", "SIZE", value: .bytes, into: \.maxMemory, section: .data,
        help: """
            the most input data to hold in memory, in bytes or with K, M,
            G (like 512M or 4G); larger files are refused, and live rows
            past it move to a temporary file (default: half of the memory
            there is, an eighth of a 'ulimit -v')
            """,
        summary: "the most input data to hold", completion: .text("size"))
    static let inMemory: CommandOption = flag(
        "--in-memory", sets: \.outOfCoreRows, to: nil, section: .data,
        help: "load every row of a large query, even for a line or points", summary: "load every row of a large query")
    static let outOfCore: CommandOption = option(
        "--out-of-core", "ROWS", value: .rows, into: \.outOfCoreRows, section: .data,
        help: """
            chart a line or scatter query of more rows than ROWS without
            loading it: each view is read from the database (default 2000000)
            """,
        summary: "read per view past this many rows", completion: .text("rows"))

    static let follow: CommandOption = flag(
        "--follow", sets: \.follow, to: true, section: .data,
        help: """
            follow the data as it grows, like tail -F: a CSV file's appended
            lines (a truncated or rotated file is read again), a database's
            new rows (with \(table.name) or \(query.name), read by x from the last on)
            """,
        summary: "follow the data as it grows")
    static let window: CommandOption = option(
        "--window", "SPAN", value: .window, into: \.window, section: .data,
        help: """
            live data: show the newest SPAN of x and follow it, a duration
            (60s, 10m, 2h, 1d) or a count of rows (5000); older rows are kept
            """,
        summary: "the span of live data shown", completion: .text("span"))
    static let columns: CommandOption = option(
        "--columns", "A,B,…", value: .names, into: \.columns, section: .data,
        help: "live input's column names: its first line is then data", summary: "live input's column names",
        completion: .text("columns"))
    static let delimiter: CommandOption = option(
        "--delimiter", "D", value: .delimiter, into: \.delimiter, section: .data,
        help: """
            live input's delimiter: ',', tab, ';' or ' ' for runs of blanks
            (default: detected from the first lines)
            """,
        summary: "live input's delimiter", completion: .choices("delimiter"))

    // MARK: - Options

    static let chart: CommandOption = option(
        "--chart", "NAME", value: .name, appendingTo: \.charts, section: .options,
        help: """
            the chart to show first (default: the first; see \(list.name));
            given more than once, those charts side by side in one page
            """,
        summary: "the chart to show first, or several in one page",
        completion: ValueCompletion(source: .charts, title: "chart"))
    static let list: CommandOption = flag(
        "--list", sets: \.list, to: true, section: .options,
        help: "print the charts' names, one per line, and exit", summary: "print the charts' names")
    static let values: CommandOption = option(
        "--values", "NAME",
        value: OptionValue { (text, spelling) throws(CommandError) in
            guard valueLists.contains(where: { $0.name == text }) else {
                throw .usage("\(spelling) takes one of: \(valueLists.map(\.name).sorted().joined(separator: ", "))")
            }
            return text
        },
        into: \.values, section: .options,
        help: HelpText.wrapped(
            "print the values of \(HelpText.listed(choiceLists.map(\.bareName))), or every \(flagListName), one per line,"
                + " and exit (for shell completion)", width: 85),
        summary: "print the values of a flag", completion: ValueCompletion(source: .valueLists, title: "values"))
    static let output: CommandOption = option(
        "--output", "FILE", aliases: ["-o"], value: .nonEmpty("a file name"), into: \.output, section: .options,
        help: """
            render to FILE (.png, .svg or .pdf) and exit; needs no display;
            '-' for standard output (PNG unless \(format.name) says)
            """,
        summary: "render to a file", completion: .files(ChartRenderer.Format.allCases.map(\.rawValue)))
    static let format: CommandOption = option(
        "--format", "FORMAT",
        value: .choice("format", names: ChartRenderer.Format.allCases.map(\.rawValue)) { ChartRenderer.Format(rawValue: $0.lowercased()) },
        into: \.format, section: .options,
        help: """
            png, svg or pdf, whatever \(output.name)'s name (default: its
            extension; PNG for '-', devices and FIFOs)
            """,
        summary: "the output format", completion: .choices("format"))
    static let dumpLayout: CommandOption = option(
        "--dump-layout", "FILE", value: .nonEmpty("a file name"), into: \.dumpLayout, section: .options,
        help: "write the laid-out scene as JSON to FILE ('-' for stdout)", summary: "write the laid-out scene as JSON",
        completion: .files(["json"]))
    static let exportVisible: CommandOption = option(
        "--export-visible", "FILE", value: .nonEmpty("a file name"), into: \.exportVisible, section: .options,
        help: """
            write the records in view (all of them, or those of the x range
            given) as CSV to FILE ('-' for stdout): series, x as the axis
            writes it, y
            """,
        summary: "write the records in view as CSV", completion: .files(["csv"]))
    static let xRange: CommandOption = option(
        "--x-range", "A:B", value: .range, into: \.xRange, section: .options,
        help: """
            render that part of x (numbers, dates on a date axis, category
            names; either end may be empty, as in 2008-03:)
            """,
        summary: "that part of x", completion: .text("range"))
    static let yRange: CommandOption = option(
        "--y-range", "A:B", value: .range, into: \.yRange, section: .options,
        help: "render that part of y (without it, y fits what x shows)", summary: "that part of y", completion: .text("range"))
    static let size: CommandOption = option(
        "--size", "WxH", value: .pixels, into: \.size, section: .options,
        help: "size in device pixels (default 1024x768)", summary: "size in device pixels",
        completion: ValueCompletion(source: .suggestions(["1024x768", "1280x720", "1920x1080", "800x600"]), title: "size"))
    static let scale: CommandOption = option(
        "--scale", "N", value: .scale, into: \.scale, section: .options,
        help: "device pixels per layout pixel, 0.5 to 8 (default 1)", summary: "device pixels per layout pixel", completion: .text("scale"))
    static let theme: CommandOption = option(
        "--theme", "NAME", value: .choice("theme", names: Theme.builtIn.map(\.name)) { Theme.named($0) }, into: \.theme, section: .options,
        help: HelpText.listed(Theme.builtIn.map(\.name), then: "(default: the chart's own)"), summary: "the theme",
        completion: .choices("theme"))
    static let trace: CommandOption = flag(
        "--trace", sets: \.trace, to: true, section: .options,
        help: "print what the window does as JSON lines on stdout", summary: "print what the window does as JSON lines")
    static let noAnimation: CommandOption = flag(
        "--no-animation", sets: \.animates, to: false, section: .options,
        help: "show charts at once, without growing bars and sweeping slices", summary: "show charts at once")
    static let checkDisplay: CommandOption = flag(
        "--check-display", sets: \.checkDisplay, to: true, section: .options,
        help: "exit 0 if a window can be opened, 1 (with the reason) if not", summary: "whether a window can be opened")
    static let profile: CommandOption = flag(
        "--profile", sets: \.profile, to: true, section: .options,
        help: "time loading, layout, painting and hit testing (JSON on stdout)", summary: "time loading, layout, painting and hit testing")
    static let help: CommandOption = flag(
        "--help", aliases: ["-h"], sets: \.help, to: true, section: .options, help: "print this help and exit", summary: "print the help")
    static let version: CommandOption = flag(
        "--version", sets: \.version, to: true, section: .options, help: "print the version and exit", summary: "print the version")
    /// Prints the part of a completion script that the table makes (`CompletionScript`), for
    /// `make completion`; not in the help.
    static let generateCompletionScript: CommandOption = option(
        "--generate-completion-script", "SHELL",
        value: .choice("shell", names: CompletionScript.Shell.allCases.map(\.rawValue)) { CompletionScript.Shell(rawValue: $0) },
        into: \.completionScript, section: .options, help: nil, summary: "", completion: .none, isHidden: true)
}
