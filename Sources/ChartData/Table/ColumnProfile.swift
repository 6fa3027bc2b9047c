import ChartCore
import Foundation

/// What one column of a table holds, read off its values in one pass: its type, how many
/// values are missing or distinct, whether it only grows, and the role chartview gives it when
/// no one says which column is what (`ChartPlan`).
///
/// The roles follow what a pandas or spreadsheet user expects of a column from its content and
/// name, not its position: dates and years are where things happen (x), whole numbers that
/// only grow are keys (x), `month`, `day`, `hour`… next to them are parts of a date, text with a
/// value per row names categories, text with few values repeating splits rows into groups, and
/// the remaining numbers are what gets charted.
public struct ColumnProfile: Sendable, Equatable {
    /// The column's type, as the table holds it.
    public enum Kind: String, Sendable {
        /// Numbers, dates (seconds since 1970), or text.
        case number, date, text
    }

    /// What the column is for in a chart, from its own content and name (`ChartPlan` then
    /// weighs it against the other columns: a year by content only counts when it comes first
    /// and no other column is a date; a part of a date only next to a date or other parts).
    public enum Role: String, Sendable {
        /// Dates and times, or years as numbers (named year, yr, fiscal_year…, or whole numbers
        /// all within 1700…2100 that grow or repeat): the x axis by default, never a series.
        case time
        /// Whole numbers that identify rows rather than measure them: row numbers (0…n−1 or 1…n
        /// in order, what R's `rownames` and pandas' unnamed first column hold), columns named as
        /// ids (`rownames`, `index`, `id`, `obs`, `t`…) with a value per row, and other whole
        /// numbers that only grow. Never a series; x only when nothing else is (`ChartPlan`),
        /// except a growing key that is not a row number, which is x when it comes first or is
        /// named as one.
        case key
        /// A whole-number part of a date whose values fit its unit (month 1–12, day 1–31, hour
        /// 0–24, minute 0–59…): not a series next to a date.
        case datePart
        /// Whole numbers that name rather than measure: zip and postal codes, `…_id`, `…_code`,
        /// and columns of at most 10 distinct whole values over 50 rows or more, or of at most 6
        /// that repeat 4 times on average in a smaller table (a season, a number of cylinders,
        /// 0/1 flags). Not a series by default; may split rows into groups.
        case code
        /// Text with a different value in every row: names for bars.
        case category
        /// Text with 2…`ColumnProfile.groupLimit` distinct values that repeat: one series per
        /// value (long format).
        case group
        /// Other text (names, notes, codes with many values): not charted by default.
        case label
        /// Numbers to chart.
        case measure
        /// No value at all.
        case empty
    }

    /// More distinct values than this make a column unfit to split rows by: a legend of
    /// hundreds of entries helps nobody (a filter does).
    public static let groupLimit = 50

    /// The column's name, as the table has it.
    public var name: String
    /// The column's type.
    public var kind: Kind
    /// The unit its numbers were written with ("%", "$"), if any.
    public var unit: NumberUnit?
    /// What the column is for in a chart.
    public var role: Role
    /// The number of rows, missing values included.
    public var rowCount: Int
    /// The number of rows without a value.
    public var missingCount: Int
    /// Distinct present values; exact for text and for numbers that never decrease, else a
    /// lower bound once it reaches `distinctLimit` (dates) or `shortDistinctLimit` (other
    /// numbers): counting them exactly would cost a set of them all.
    public var distinctCount: Int
    /// Whether `distinctCount` is exact rather than a lower bound.
    public var distinctIsExact: Bool
    /// Whether the present values never decrease in row order.
    public var isNondecreasing: Bool
    /// Whether the present values strictly increase in row order.
    public var isIncreasing: Bool
    /// Numbers and dates: every present value is a whole number.
    public var isWhole: Bool
    /// Numbers and dates: the smallest and largest present values (NaN when none).
    public var minimum: Double
    /// Numbers and dates: the largest present value (NaN when none).
    public var maximum: Double

    /// Dates that do not only grow are counted up to this many distinct values.
    public static let distinctLimit = 100_000
    /// Other numbers that do not only grow are counted up to this many distinct values.
    public static let shortDistinctLimit = 64

    /// Profiles of every column of `table`, the columns on every core. O(rows × columns / cores).
    public static func of(_ table: DataTable) -> [ColumnProfile] {
        let columns = table.columns
        guard columns.count > 1, table.rowCount >= 100_000 else { return columns.map(ColumnProfile.init) }
        let results = ProfileSlots(count: columns.count)
        DispatchQueue.concurrentPerform(iterations: columns.count) { i in results.store(ColumnProfile(columns[i]), at: i) }
        return results.profiles
    }

    /// Profiles filled in from several threads, each slot once.
    private final class ProfileSlots: @unchecked Sendable {
        private var slots: [ColumnProfile?]
        private let lock = NSLock()
        init(count: Int) { slots = Array(repeating: nil, count: count) }
        func store(_ profile: ColumnProfile, at index: Int) {
            lock.lock()
            slots[index] = profile
            lock.unlock()
        }
        var profiles: [ColumnProfile] { slots.map { $0! } }
    }

    /// What one pass over numbers finds.
    private struct Scan {
        var missing = 0, distinct = 0
        var lo = Double.infinity, hi = -Double.infinity
        var nondecreasing = true, increasing = true, whole = true
    }

    /// One pass over `v`, eight values at a time while they are all finite (SIMD: the pass runs
    /// near memory speed, ten million values in a few milliseconds), one at a time otherwise.
    /// O(n).
    private static func scan(_ v: UnsafeBufferPointer<Double>) -> Scan {
        var result = Scan()
        var previous = -Double.infinity
        let magic = 6_755_399_441_055_744.0  // 1.5 × 2^52: x + magic - magic rounds x below 2^51
        /// One value the slow way.
        func add(_ x: Double) {
            guard x.isFinite else { result.missing += 1; return }
            if x < previous { result.nondecreasing = false; result.increasing = false } else if x == previous { result.increasing = false }
            if x != previous { result.distinct += 1 }
            previous = x
            result.lo = min(result.lo, x)
            result.hi = max(result.hi, x)
            if result.whole && (!(abs(x) < 2_251_799_813_685_248) || (x + magic) - magic != x) { result.whole = x == x.rounded() }
        }
        guard let base = v.baseAddress else { return result }
        let raw = UnsafeRawPointer(base)
        var lo = SIMD8<Double>(repeating: .infinity), hi = SIMD8<Double>(repeating: -.infinity)
        let magics = SIMD8<Double>(repeating: magic), limit = SIMD8<Double>(repeating: 2_251_799_813_685_248)
        var i = 0
        while i + 8 <= v.count {
            let x = raw.loadUnaligned(fromByteOffset: i * 8, as: SIMD8<Double>.self)
            // NaN and infinities give NaN here: those blocks go one value at a time.
            guard all((x - x) .== SIMD8<Double>(repeating: 0)) else {
                for k in 0..<8 { add(x[k]) }
                i += 8
                continue
            }
            let before = SIMD8<Double>(previous, x[0], x[1], x[2], x[3], x[4], x[5], x[6])
            if any(x .< before) { result.nondecreasing = false; result.increasing = false }
            let same = x .== before
            if any(same) { result.increasing = false }
            result.distinct += 8 - Int(SIMD8<Int64>(repeating: 0).replacing(with: 1, where: same).wrappedSum())
            lo = lo.replacing(with: x, where: x .< lo)
            hi = hi.replacing(with: x, where: x .> hi)
            if result.whole {
                let magnitude = x.replacing(with: -x, where: x .< 0)
                let large = .!(magnitude .< limit)
                let small = x.replacing(with: 0, where: large)
                if any((small + magics) - magics .!= small) { result.whole = false }
                // Beyond 2^51 a double is whole or not by its own rounding.
                if any(large) { for k in 0..<8 where large[k] && x[k] != x[k].rounded() { result.whole = false } }
            }
            previous = x[7]
            i += 8
        }
        result.lo = min(result.lo, lo.min())
        result.hi = max(result.hi, hi.max())
        while i < v.count {
            add(v[i])
            i += 1
        }
        return result
    }

    /// Profiles `column`. O(rows); text columns hash their values.
    public init(_ column: DataColumn) {
        name = column.name
        unit = column.unit
        rowCount = column.count
        switch column.values {
        case .number(let values), .date(let values):
            kind = column.isDate ? .date : .number
            let scan = values.withUnsafeBufferPointer(Self.scan)
            let (missing, distinct, lo, hi) = (scan.missing, scan.distinct, scan.lo, scan.hi)
            let (nondecreasing, increasing, whole) = (scan.nondecreasing, scan.increasing, scan.whole)
            missingCount = missing
            isNondecreasing = nondecreasing
            isIncreasing = increasing
            isWhole = whole
            minimum = lo <= hi ? lo : .nan
            maximum = lo <= hi ? hi : .nan
            if nondecreasing {
                distinctCount = distinct
                distinctIsExact = true
            } else {
                // Counted as far as a role needs it: dates exactly (up to `distinctLimit`), other
                // numbers up to `shortDistinctLimit` (a code has at most 10 values).
                // Columns named as ids (R's unnamed row names of a subset: 85, 86, 87, 88…)
                // exactly too, up to `distinctLimit`: a value per row makes them row numbers.
                let limit = column.isDate || Self.keyNames.contains(name.lowercased()) ? Self.distinctLimit : Self.shortDistinctLimit
                var seen = Set<Double>()
                for x in values where x.isFinite {
                    seen.insert(x)
                    if seen.count >= limit { break }
                }
                distinctCount = seen.count
                distinctIsExact = seen.count < limit
            }
        case .text(let values):
            kind = .text
            var seen = Set<String>()
            var missing = 0
            var previous: String?
            var nondecreasing = true, increasing = true
            for value in values {
                guard let value else { missing += 1; continue }
                seen.insert(value)
                if let previous {
                    if value < previous { nondecreasing = false; increasing = false } else if value == previous { increasing = false }
                }
                previous = value
            }
            missingCount = missing
            distinctCount = seen.count
            distinctIsExact = true
            isNondecreasing = nondecreasing
            isIncreasing = increasing
            isWhole = false
            minimum = .nan
            maximum = .nan
        }
        role = .measure
        isRowNumber = numbersTheRows
        role = Self.role(of: self)
    }

    /// The present values.
    public var presentCount: Int { rowCount - missingCount }

    /// Whether the column holds whole numbers in sorted runs, each value on two rows or more
    /// on average (1, 1, 1, 2, 2, 2…): how a panel sorted by its subjects numbers them.
    public var isInRuns: Bool {
        kind == .number && isWhole && isNondecreasing && !isIncreasing && distinctCount >= 2 && distinctCount * 2 <= presentCount
    }

    /// Whether the name says the column holds years: "year", "yr", "fiscal_year", "Year of
    /// birth", "model year"; not "years" (of experience) nor "cost_per_year".
    public var isYearByName: Bool {
        let tokens = Self.tokens(of: name)
        guard !tokens.contains("per") else { return false }
        return tokens.contains("year") || tokens.contains("yr") || tokens.contains("jahr") || tokens.contains("année")
            || tokens.contains("año") || tokens.contains("anno")
    }

    /// Whether the column holds years by its content alone: whole numbers all within
    /// 1700…2100, at least two of them, that never decrease or repeat (three rows or more per
    /// year, as in long-format data), under a name that says nothing else.
    public var isYearByContent: Bool {
        guard kind == .number, isWhole, presentCount > 0, !isYearByName else { return false }
        return minimum >= 1700 && maximum <= 2100 && distinctCount >= 2 && (isNondecreasing || (distinctIsExact && distinctCount * 3 <= presentCount))
            && datePartUnit == nil && Self.codeNames.isDisjoint(with: Self.tokens(of: name))
    }

    /// Whether the column holds years, by name (whole numbers within ±9999) or content.
    public var isYearLike: Bool {
        guard kind == .number, isWhole, presentCount > 0 else { return false }
        if isYearByName { return minimum >= -9999 && maximum <= 9999 }
        return isYearByContent
    }

    /// The largest value each part of a date can take, by the names that say a column is one.
    static let dateParts: [String: Double] = [
        "month": 12, "mon": 12, "mo": 12, "day": 31, "dom": 31, "doy": 366, "day_of_year": 366, "hour": 24, "hr": 24,
        "minute": 59, "min": 59, "second": 59, "sec": 59, "week": 53, "weekday": 7, "wday": 7, "dow": 7,
        "day_of_week": 7, "quarter": 4, "qtr": 4
    ]

    /// Names of parts of a date that also mean other things ("min" beside "max").
    static let ambiguousDateParts: Set<String> = ["min", "sec", "mon", "mo", "hr"]

    /// The largest value the column's name allows as a part of a date, when it names one and its
    /// values fit (whole, from 0 up to that); nil otherwise.
    public var datePartUnit: Double? {
        guard kind == .number, isWhole, presentCount > 0, let top = Self.dateParts[name.lowercased()] else { return nil }
        return minimum >= 0 && maximum <= top ? top : nil
    }

    /// Name words that say whole numbers name rather than count: zip and postal codes, codes,
    /// ids of things (`station_id`), and periods that a year column derives (`decade`, `century`).
    static let codeNames: Set<String> = [
        "zip", "zipcode", "postal", "postcode", "code", "id", "fips", "isbn", "phone", "ean", "sku", "decade", "century"
    ]

    /// Whole names that say whole numbers number a study's or a panel's subjects (PSID's intnum
    /// and persnum, a litter, a matched pair, a firm of a panel of firms, an experiment's run, an
    /// earthquake's event, a hospital's institution code): the name alone, not a word of it
    /// (`household_income` is an income).
    static let subjectNames: Set<String> = [
        "subject", "patient", "litter", "pair", "firm", "household", "hhid", "person", "persnum", "intnum", "brood", "individual",
        "entity", "case", "unit", "family", "clinic", "hospital", "site", "station", "state", "county", "school", "study", "cusip",
        "company", "district", "plant", "tree", "chick", "rat", "dog", "animal", "worker", "country", "region", "province",
        "run", "event", "inst", "institution", "provider", "trial", "batch", "replicate", "provnum", "casenum", "idnum", "obsnum",
        "recnum", "seqnum", "hospnum", "patnum", "commune", "village", "municipality", "township", "zip", "zipcode", "distcod", "schcod", "herd", "flock",
        "docno", "caseno",
        "obsno", "idno", "recno", "refno", "serno", "serialno", "patno"
    ]

    /// Whether the name says the column's whole numbers number a study's or a panel's subjects
    /// (`subjectNames`, `isShortIDName(_:)`).
    static func namesSubjects(_ name: String) -> Bool {
        let lower = name.lowercased()
        if subjectNames.contains(lower) || isShortIDName(lower) { return true }
        // The last word of a qualified name (Ketchup.hid, patient.id).
        guard let last = lower.split(whereSeparator: { $0 == "." || $0 == "_" || $0 == " " }).last.map(String.init), last != lower else { return false }
        return last == "id" || subjectNames.contains(last) || isShortIDName(last)
    }

    /// Whether a short name ends in "id" the way ids of things are named (`schid`, `hhid`,
    /// `pid`): three to six letters, not a word that ends so (paid, valid).
    static func isShortIDName(_ lower: String) -> Bool {
        guard lower.count >= 3, lower.count <= 6, lower.hasSuffix("id"), lower.allSatisfy({ $0 >= "a" && $0 <= "z" }) else { return false }
        return !["paid", "valid", "acid", "fluid", "solid", "avoid", "grid", "said", "rapid", "timid", "humid", "vivid", "liquid", "squid"].contains(lower)
    }

    /// How many characters of a column's name `tokens(of:)` reads.
    static let tokenizedCharacters = 1_000

    /// The name's words, lowercase: split at spaces, underscores, dashes, dots and between a
    /// lowercase letter and an uppercase one ("stationId" → station, id). Only the first
    /// `tokenizedCharacters` characters count: a name of megabytes (a CSV header gone wrong)
    /// costs what a long one does. O(min(characters, tokenizedCharacters)).
    static func tokens(of name: String) -> Set<String> {
        // ASCII names (nearly all), byte by byte: `Character`'s case properties cost a Unicode
        // lookup each, a quarter of the time of a table of 30,000 columns.
        let utf8 = name.utf8
        if utf8.count <= tokenizedCharacters, utf8.allSatisfy({ $0 < 0x80 }) {
            var words = Set<String>()
            var current: [UInt8] = []
            var previousIsLower = false
            func flush() {
                if !current.isEmpty { words.insert(String(decoding: current, as: UTF8.self)) }
                current.removeAll(keepingCapacity: true)
            }
            for b in utf8 {
                switch b {
                case UInt8(ascii: " "), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "("), UInt8(ascii: ")"):
                    flush()
                    previousIsLower = false
                    continue
                default:
                    break
                }
                let isUpper = b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")
                if isUpper && previousIsLower { flush() }
                current.append(isUpper ? b + 32 : b)
                previousIsLower = b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")
            }
            flush()
            return words
        }
        var words: [String] = []
        var current = ""
        var previousIsLower = false
        for character in name.prefix(tokenizedCharacters) {
            if character == " " || character == "_" || character == "-" || character == "." || character == "(" || character == ")" {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousIsLower = false
                continue
            }
            if character.isUppercase && previousIsLower {
                words.append(current)
                current = ""
            }
            current.append(character)
            previousIsLower = character.isLowercase
        }
        if !current.isEmpty { words.append(current) }
        return Set(words.map { $0.lowercased() })
    }

    private static func role(of profile: ColumnProfile) -> Role {
        guard profile.presentCount > 0 else { return .empty }
        switch profile.kind {
        case .date:
            return .time
        case .text:
            if profile.distinctCount == profile.presentCount && profile.missingCount == 0 { return .category }
            if profile.distinctCount >= 2 && profile.distinctCount <= groupLimit { return .group }
            return .label
        case .number:
            if profile.isYearLike { return .time }
            if profile.datePartUnit != nil { return .datePart }
            let words = tokens(of: profile.name)
            let lower = profile.name.lowercased()
            if profile.isRowNumber { return .key }
            if profile.isWhole && !codeNames.isDisjoint(with: words) && !keyNames.contains(lower) { return .code }
            // Subjects (patients, states, schools) numbered in order name the rows, as codes do:
            // never x while anything else can be.
            if profile.isWhole && namesSubjects(profile.name) { return .code }
            if profile.isWhole && profile.isIncreasing && profile.missingCount == 0 && profile.rowCount >= 2 { return .key }
            if profile.isWhole && keyNames.contains(lower) && profile.distinctCount == profile.presentCount { return .key }
            // An id that repeats (a patient's rows of a study, a firm's years) names the rows'
            // subjects: a code, never a measure.
            if profile.isWhole && lower == "id" { return .code }
            // A few whole values, each repeating: over 50 rows up to 10 of them, in a smaller
            // table up to 6, each value 4 rows on average (mtcars' cylinders 4/6/8, gears, 0/1
            // flags over 32 cars).
            if profile.isWhole && profile.distinctIsExact && profile.distinctCount >= 2 && profile.distinctCount <= 10
                && (profile.presentCount >= 50 || (profile.distinctCount <= 6 && profile.distinctCount * 4 <= profile.presentCount))
            {
                return .code
            }
            return .measure
        }
    }

    /// Names that say a column of distinct whole numbers identifies rows: what R (`rownames`),
    /// pandas (`Unnamed: 0`, `index`), Stata and statsmodels (`obs`, `t`) and spreadsheets call
    /// their row numbers, and an empty header (read as "column 1").
    static let keyNames: Set<String> = [
        "id", "index", "idx", "row", "rowid", "rownames", "rowname", "row.names", "key", "#", "obs", "observation", "t",
        "unnamed: 0", "no", "nr", "n°", "column 1"
    ]

    /// Whether the column numbers the rows: whole numbers 0…n−1 or 1…n in order, none missing
    /// (two rows or more), or distinct whole numbers under a name that says so (`keyNames`).
    /// Such a column is never charted as a series (`ChartPlan` keeps this for the first column
    /// only, unless the name says so).
    public internal(set) var isRowNumber: Bool = false

    /// `isRowNumber` from the column's values and name.
    private var numbersTheRows: Bool {
        guard kind == .number, isWhole, missingCount == 0, rowCount >= 2 else { return false }
        if isIncreasing && (minimum == 0 || minimum == 1) && maximum - minimum == Double(rowCount - 1) { return true }
        return Self.keyNames.contains(name.lowercased()) && distinctIsExact && distinctCount == rowCount
    }
}
