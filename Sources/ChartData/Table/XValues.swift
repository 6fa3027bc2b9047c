import ChartCore

/// A chart's x column as its plots place it: each row's location along the axis (data units),
/// its name for pie slices and popups, the axis's scale, and the spacing of the data, which a
/// bar's width is a share of.
///
/// Text is categories: with groups, every distinct text gets one place (in order of first
/// appearance) that every group's bars share, named on the axis; without, each row its own
/// place. Years as numbers become dates (January 1st), so that they read "2013" on the axis and
/// in popups. Horizontal bars put the first category at the top.
struct XValues {
    let scale: Scale
    let isCategory: Bool
    /// Grouped categories: the axis names the places (`axisLabels`), not each plot's records.
    let usesAxisLabels: Bool
    let axisLabels: [AxisLabel]
    /// Data units one slot of the data takes: 1 for categories, else the smallest gap between
    /// neighbouring x values (whole calendar months or years for monthly or yearly dates).
    /// Worked out when asked (bars ask): unsorted x is sorted for it. O(n log n).
    var spacing: Double {
        isCategory ? 1 : Self.spacing(locations, sorted: isNondecreasing, resolution: dateResolution)
    }
    private let locations: [Double]
    private let names: [String?]
    /// The dates' resolution, on a date scale.
    let dateResolution: DateResolution?

    /// The finest calendar unit the date axis ticks on: the dates' own resolution (no ticks
    /// between days of daily data); nil for numbers, categories and dates to the second.
    var finestDateUnit: DateTickGenerator.Unit? {
        switch dateResolution {
        case .year?: .year
        case .month?: .month
        case .day?: .day
        case .minute?: .minute
        case .second?, nil: nil
        }
    }
    private let isNondecreasing: Bool
    /// Whether some row has no place (a missing number or date).
    let hasMissing: Bool

    /// Every row's location, in row order.
    var allLocations: [Double] { locations }

    /// `reversed` puts the first category at the far end of the axis (the top of a y axis).
    init(column: DataColumn, profile: ColumnProfile, grouped: Bool, reversed: Bool) {
        switch column.values {
        case .text(let texts):
            isCategory = true
            scale = .category
            dateResolution = nil
            names = texts
            if grouped {
                let (order, places) = ValueNames.firstAppearance(texts.map { $0 ?? "" })
                let last = Double(order.count - 1)
                locations = places.map { reversed ? last - Double($0) : Double($0) }
                usesAxisLabels = true
                axisLabels = order.enumerated().map { AxisLabel($0.element, at: reversed ? last - Double($0.offset) : Double($0.offset)) }
            } else {
                let last = Double(texts.count - 1)
                locations = texts.indices.map { reversed ? last - Double($0) : Double($0) }
                usesAxisLabels = false
                axisLabels = []
            }
            isNondecreasing = !reversed
            hasMissing = false
        case .number(let values), .date(let values):
            isCategory = false
            usesAxisLabels = false
            axisLabels = []
            names = []
            if column.isDate {
                locations = values
                scale = .date
            } else if profile.role == .time && profile.isYearLike {
                locations = values.map { $0.isFinite ? DateResolution.startOfYear(Int($0)) : .nan }
                scale = .date
            } else {
                locations = values
                scale = .linear
            }
            isNondecreasing = profile.isNondecreasing
            hasMissing = profile.missingCount > 0
            dateResolution = scale == .date ? DateResolution.of(locations) : nil
        }
    }

    /// Whether `row` has a place on the axis (numbers and dates can be missing).
    func isPresent(row: Int) -> Bool { locations[row].isFinite }

    func location(ofRow row: Int) -> Double { locations[row] }

    /// The row's x as text: its category, its date at the data's resolution, or its number
    /// (`ValueNames`).
    func name(ofRow row: Int) -> String {
        if isCategory { return names[row] ?? "" }
        if let dateResolution { return dateResolution.format(locations[row]) }
        return ValueNames.name(of: locations[row])
    }

    /// `rows` (nil for every row) in order of location, rows of equal location in their order:
    /// a line through them runs along x. O(n log n); nil (every row, as they are) or `rows` when
    /// already in order.
    func sortedByLocation(_ rows: [Int]?) -> [Int]? {
        guard let rows else { return isNondecreasing ? nil : sortedByLocation(Array(locations.indices)) }
        var previous = -Double.infinity
        var ordered = true
        for row in rows {
            if locations[row] < previous { ordered = false; break }
            previous = locations[row]
        }
        if ordered { return rows }
        return rows.sorted { a, b in
            let la = locations[a], lb = locations[b]
            return la < lb || (la == lb && a < b)
        }
    }

    /// The smallest positive gap between neighbouring values, as a whole number of calendar
    /// units for monthly and yearly dates (whose gaps are 28 to 31 days, 365 or 366: a quarter
    /// is three months, five years five years); 1 when there is no gap (a day for dates). O(n),
    /// O(n log n) unsorted.
    static func spacing(_ values: [Double], sorted: Bool, resolution: DateResolution?) -> Double {
        // Sorted values are read where they are (ten million of them are not copied).
        let ordered = sorted ? values : values.filter(\.isFinite).sorted()
        var gap = Double.infinity
        var previous = Double.nan
        ordered.withUnsafeBufferPointer { v in
            for value in v where value.isFinite {
                let d = value - previous
                if d > 0 && d < gap { gap = d }
                previous = value
            }
        }
        if let length = resolution?.calendarLength, gap.isFinite, gap >= length * 0.9 { return (gap / length).rounded() * length }
        if gap.isFinite { return gap }
        return resolution != nil ? resolution?.calendarLength ?? 86_400 : 1
    }
}
