import ChartCore

/// Rows of data by column, as loaded from a CSV file or a SQLite query: what charts are built from.
public struct DataTable: Sendable, Equatable {
    /// The columns, in order, each with the same number of rows.
    public var columns: [DataColumn]
    /// What reading the data did that its user should know, one short sentence each: "the
    /// first row is data, not a header", "9 lines before the header skipped", "Date and Time
    /// read as one column of dates and times". `--describe` lists them.
    public var notes: [String]
    /// How a table laid out sideways was turned (`WideYears`' years, `SeriesPerRow`'s numbers),
    /// and a sign it was turned once already; nil for a table as read.
    var turning: Turning?

    /// A table's turning: the column it was turned along (its x) and its shape as read.
    struct Turning: Sendable, Equatable {
        /// The new column of the years or numbers the columns were named by (its x); nil when
        /// the turned table's x is chosen as any table's (`RateTable`'s rates).
        var along: String?
        /// The rows and columns of the table as read.
        var rows: Int, columns: Int
        /// Whether its lines are steps (a survival curve holds its level until the next event).
        var stepped = false
        /// The kind its rows are drawn as when none is asked for (a matrix's heatmap); nil for
        /// the kind detected as for any table.
        var kind: ChartKind? = nil
    }

    /// The column this table was turned along, if it was.
    var turnedAlong: String? { turning?.along ?? nil }

    /// A table of `columns`, which must all have the same number of rows, and the notes of its reading.
    public init(columns: [DataColumn], notes: [String] = []) {
        precondition(Set(columns.map(\.count)).count <= 1, "Every column of a table has the same number of rows.")
        self.columns = columns
        self.notes = notes
    }

    /// The number of rows.
    public var rowCount: Int { columns.first?.count ?? 0 }

    /// The column called `name` (exact match first, then case-insensitive).
    public func column(named name: String) -> DataColumn? {
        columns.first { $0.name == name } ?? columns.first { $0.name.lowercased() == name.lowercased() }
    }
}

/// One column: a name and its values, all of one kind.
public struct DataColumn: Sendable, Equatable {
    /// The values. Missing values are NaN in `number` and `date`, nil in `text`.
    public enum Values: Sendable, Equatable {
        /// Numbers, NaN where missing.
        case number([Double])
        /// Seconds since 1970-01-01T00:00:00Z.
        case date([Double])
        /// Text, nil where missing.
        case text([String?])
    }

    /// The column's name (a header, or a query's column name).
    public var name: String
    /// The column's values, of one kind.
    public var values: Values
    /// The unit every number was written with in the data ("12.5%", "$1,250"), which labels and
    /// popups write too; nil for plain numbers and for dates and text.
    public var unit: NumberUnit?

    /// A column called `name` holding `values`, written with `unit` (nil for none).
    public init(name: String, values: Values, unit: NumberUnit? = nil) {
        self.name = name
        self.values = values
        self.unit = unit
    }

    /// The number of rows.
    public var count: Int {
        switch values {
        case .number(let v), .date(let v): v.count
        case .text(let v): v.count
        }
    }

    /// The values as numbers (dates as seconds), NaN where missing; nil for a text column.
    public var numbers: [Double]? {
        switch values {
        case .number(let v), .date(let v): v
        case .text: nil
        }
    }

    /// Whether the column holds text.
    public var isText: Bool { if case .text = values { true } else { false } }
    /// Whether the column holds dates.
    public var isDate: Bool { if case .date = values { true } else { false } }
}
