import ChartCore

/// A year of monthly rainfall at one (made-up) station, in millimetres, beside its normal: the
/// example's own data source, as a user's model object would be.
///
/// It serves two plots by identifier: "rain" (this year's totals) and "normal" (the long-term
/// mean). Records are months; each names its month, so the x axis is a category axis without
/// being told.
final class Rainfall: PlotDataSource {
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    /// This year's totals in mm; nil for a month whose gauge failed (no bar is drawn).
    let totals: [Double?] = [78, 52, 81, 44, 60, nil, 38, 55, 67, 102, 118, 95]
    /// The long-term monthly means in mm.
    let normals: [Double] = [72, 55, 58, 50, 54, 56, 49, 58, 62, 85, 92, 83]

    func numberOfRecords(for plot: any Plot) -> Int { months.count }

    func number(for plot: any Plot, field: PlotField, record: Int) -> Double? {
        switch field {
        case .location: Double(record)
        case .value: plot.identifier == "rain" ? totals[record] : normals[record]
        default: nil
        }
    }

    func categoryName(for plot: any Plot, record: Int) -> String? { months[record] }

    /// Months well above normal stand out in a stronger blue.
    func fill(for plot: any Plot, record: Int) -> Fill? {
        guard plot.identifier == "rain", let total = totals[record], total > normals[record] * 1.2 else { return nil }
        return .linearGradient(start: Color(rgb: 0x08519C), end: Color(rgb: 0x3182BD), angle: 90)
    }
}
