/// The scales a layout uses: the ones given, and inferred ones for those never given.
///
/// A plot whose data source names categories (`ArrayDataSource(categories:)`, a data source's
/// `categoryName(for:record:)`) asks for a category axis along its `categoryAxis`, as Core
/// Plot's enrollment tutorial sets one by hand; a scale set on the plot space always wins.
extension XYPlotSpace {
    /// The x and y scales a layout of `plots` (the plots drawn in this space) uses: `xScale`
    /// and `yScale` where they were given; otherwise `.category` along a coordinate where a
    /// plot drawn against axes names categories, else `.linear`. O(plots) once their data is
    /// pulled.
    public func scales(for plots: [any Plot]) -> (x: Scale, y: Scale) {
        func inferred(_ coordinate: Axis.Coordinate) -> Scale? {
            plots.contains { plot in
                guard plot.usesAxes, let plot = plot as? any CategoryPlot else { return false }
                return plot.categoryAxis == coordinate && !plot.categoryLabels().isEmpty
            } ? .category : nil
        }
        let x = isXScaleSet ? xScale : inferred(.x) ?? xScale
        let y = isYScaleSet ? yScale : inferred(.y) ?? yScale
        return (x, y)
    }
}

extension Graph {
    /// The x and y scales `space` is laid out with (see `XYPlotSpace.scales(for:)`): what its
    /// axes, popups and ranges use.
    public func scales(of space: XYPlotSpace) -> (x: Scale, y: Scale) {
        space.scales(for: plots(in: space))
    }
}
