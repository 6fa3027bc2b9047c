extension GraphGrid {
    /// Gives each series name one palette color across `cells` (`Graph.colorSlots`): a series
    /// of one name is one color in every chart of a page (the continents of two charts of one
    /// table), and series of different names are different colors while the palette lasts.
    /// Within a cell, each series keeps a color of its own. Series colored by the spec keep
    /// theirs (their style wins over the slot). O(cells × plots²).
    public static func matchSeriesColors(_ cells: [Graph]) {
        var slotOf: [String: Int] = [:]
        for cell in cells {
            var used = Set<Int>()
            var rest: [any Plot] = []
            for plot in cell.plots {
                if let slot = slotOf[plot.title], !used.contains(slot) {
                    cell.colorSlots[plot.identifier] = slot
                    used.insert(slot)
                } else {
                    rest.append(plot)
                }
            }
            for plot in rest {
                let named = Set(slotOf.values)
                var slot = 0
                while used.contains(slot) || named.contains(slot) { slot += 1 }
                cell.colorSlots[plot.identifier] = slot
                used.insert(slot)
                if slotOf[plot.title] == nil { slotOf[plot.title] = slot }
            }
        }
    }
}
