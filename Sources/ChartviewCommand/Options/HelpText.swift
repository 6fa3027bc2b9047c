/// `chartview --help`, written from the options' table (`CommandOption.all`): each section's
/// options, one per line (or several sharing a description), the description in a second
/// column and its further lines indented to it.
enum HelpText {
    /// The column the descriptions start at (counted from 0).
    static let descriptionColumn = 23
    /// The width lists of names are wrapped to, in characters.
    static let width = 90

    /// The whole help.
    static var usage: String {
        let output = CommandOption.output.name, query = CommandOption.query.name, table = CommandOption.table.name
        return """
            Usage: chartview [FILE…] [options]

            Shows charts in a window; with \(output), renders one to a file instead and exits.
            FILE is a SQLite database (with \(query) or \(table)), a CSV file, a chart spec (.json), or
            a PostgreSQL server's URL, postgresql://USER@HOST:PORT/DATABASE (its password from
            ~/.pgpass or PGPASSWORD; libpq's PG* variables fill in what the URL leaves out), or a
            ClickHouse server's, clickhouse://USER@HOST:8123/DATABASE (clickhouses:// for HTTPS; its
            password from the URL or CLICKHOUSE_PASSWORD); without it, the demo gallery. Two or more FILEs open side by side, each one's first chart in one
            page; after --, every argument is a FILE. In the window, press h for the keys.

            Data:
            \(section(.data))

            Options:
            \(section(.options))

            Exit status: 0 on success, 2 for bad usage or input, 1 when something failed while running.
            """
    }

    /// The lines of the options of `section` the help lists, in the table's order. An option
    /// without a description of its own joins the line of the one before it
    /// ("--open COLUMN, --high COLUMN, …"); a first column too wide for the second puts the
    /// description on the next line. O(options).
    static func section(_ section: CommandOption.Section) -> String {
        let listed = CommandOption.all.filter { $0.section == section && !$0.isHidden }
        var entries: [(synopsis: String, description: String)] = []
        for option in listed {
            if let help = option.help {
                entries.append((option.synopsis, help))
            } else {
                precondition(!entries.isEmpty, "\(option.name) shares the description of an option before it, and there is none.")
                entries[entries.count - 1].synopsis += ", " + option.synopsis
            }
        }
        let indent = String(repeating: " ", count: descriptionColumn)
        return entries.map { entry in
            let lines = entry.description.split(separator: "\n", omittingEmptySubsequences: false)
            let head = "  " + entry.synopsis
            let first =
                head.count + 2 <= descriptionColumn
                ? head + String(repeating: " ", count: descriptionColumn - head.count) + lines[0]
                : head + "\n" + indent + lines[0]
            return ([first] + lines.dropFirst().map { indent + $0 }).joined(separator: "\n")
        }.joined(separator: "\n")
    }

    /// `names` as the help writes a set of values: "a, b or c". O(names).
    static func list(_ names: [String]) -> String {
        names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1] : names.joined()
    }

    /// `names` as the help writes a flag's values ("a, b or c"), after `before` and followed by
    /// `then`, wrapped as `wrapped` wraps: the help lists the kinds, themes and color maps the
    /// code has, never a copy of them.
    static func listed(_ names: [String], before: String? = nil, then: String? = nil) -> String {
        wrapped([before, list(names), then].compactMap { $0 }.joined(separator: " "), width: width)
    }

    /// `text` wrapped at spaces into lines that end by column `width` once indented to the
    /// description column, joined by line breaks (the help indents them). O(length).
    static func wrapped(_ text: String, width: Int) -> String {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && descriptionColumn + line.count + 1 + word.count > width {
                lines.append(line)
                line = String(word)
            } else {
                line += (line.isEmpty ? "" : " ") + word
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
