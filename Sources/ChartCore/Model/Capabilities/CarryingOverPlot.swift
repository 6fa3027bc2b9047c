/// A plot that takes over what the user and the chart's history set on the same plot before
/// its data changed (a reload, another period): a pie's hidden slices and its colors per slice
/// name. `Graph.carryOver(from:)` asks it, for a previous plot of the same identifier and type.
public protocol CarryingOverPlot: Plot {
    /// Takes over from `previous`, the same plot (same identifier and type) before its data
    /// changed.
    func carryOver(from previous: Self)
}

extension CarryingOverPlot {
    /// `carryOver(from:)` when `previous` is of this plot's type; nothing otherwise.
    func carryOver(fromAny previous: any Plot) {
        if let previous = previous as? Self { carryOver(from: previous) }
    }
}
