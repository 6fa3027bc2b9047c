import ChartCore

/// Builds range and error bar charts.
enum RangeChart: KindChartBuilder {
    static func build(_ context: KindChartContext) throws(DataError) {
        throw DataError.unusable(path: context.source, message: "--kind \(context.kind.rawValue) is not available yet")
    }
}
