import ChartCore

/// Builds box plots.
enum BoxChart: KindChartBuilder {
    static func build(_ context: KindChartContext) throws(DataError) {
        throw DataError.unusable(path: context.source, message: "--kind \(context.kind.rawValue) is not available yet")
    }
}
