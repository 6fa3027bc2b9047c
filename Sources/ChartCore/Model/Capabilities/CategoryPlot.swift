/// A plot whose records stand for categories along one axis (a bar per weekday, a box per
/// species): the axis names its slots by them. What a category axis, the inferred scale, the
/// copied data and the popups' locations ask.
public protocol CategoryPlot: Plot {
    /// Which axis the plot's records are located along and its categories named on (the y
    /// axis for horizontal bars). Default: x.
    var categoryAxis: Axis.Coordinate { get }

    /// The category names its records stand for, by location (data units along
    /// `categoryAxis`); empty when its records have no names.
    func categoryLabels() -> [(location: Double, name: String)]
}

extension CategoryPlot {
    public var categoryAxis: Axis.Coordinate { .x }
}

extension Plot {
    /// The axis the plot's records are located along: a category plot's `categoryAxis`, else x.
    var locationAxis: Axis.Coordinate { (self as? any CategoryPlot)?.categoryAxis ?? .x }
}
