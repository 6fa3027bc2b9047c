import ChartCore

/// Builds a pie (or a donut): one slice per row of the first series, named by x, with the
/// spec's angles, direction, hole, label offset and colors. Past `maximumSlices` slices, the
/// largest `maximumSlices − 1` keep theirs (in the data's order) and the rest make one slice
/// "other (N)", which the note says: nobody compares 500 slivers, and a legend of 500 names
/// would cover the pie.
enum SlicesChart: KindChartBuilder {
    /// The most slices a pie shows, "other" included.
    static let maximumSlices = 12

    static func build(_ context: KindChartContext) throws(DataError) {
        let table = context.table, plan = context.plan, spec = context.spec, x = context.x
        let labels = context.labels, graph = context.graph
        let seriesSpecs = spec.series ?? []
        let c = table.columns[plan.series[0]]
        let values = c.numbers ?? []
        var rows = Array(0..<table.rowCount)
        var sliceValues = rows.map { values[$0].isFinite ? values[$0] : nil }
        var names = rows.map { x.name(ofRow: $0) }
        var sliceLabels = labels
        var notes = context.recordNotes
        // More slices than an eye can compare: the largest, in the data's order, then one of the rest.
        let present = rows.filter { sliceValues[$0] != nil }
        if present.count > maximumSlices {
            let kept = Set(present.sorted { (values[$0], -$0) > (values[$1], -$1) }.prefix(maximumSlices - 1))
            let rest = present.filter { !kept.contains($0) }
            let restTotal = rest.reduce(0.0) { $0 + values[$1] }
            let total = present.reduce(0.0) { $0 + values[$1] }
            rows = present.filter(kept.contains)
            sliceValues = rows.map { values[$0] } + [restTotal]
            names = rows.map { x.name(ofRow: $0) } + ["other (\(rest.count))"]
            sliceLabels = labels.map { l in rows.map { l[$0] } + [""] }
            notes = notes.map { n in rows.map { n[$0] } + [""] }
            let share = total > 0 ? NumberFormat.automatic.format((restTotal / total * 1000).rounded() / 10) + "%" : "0%"
            graph.note =
                (graph.note.map { $0 + " · " } ?? "")
                + "\(present.count) slices: the \(maximumSlices - 1) largest, and the other \(rest.count) as one (\(share))"
        }
        let source = ArrayDataSource(values: sliceValues, categories: names, labels: sliceLabels)
        let pie = PieChart(
            identifier: ChartBuilder.identifier(c.name), title: seriesSpecs.first?.title ?? c.name,
            dataSource: source)
        source.notes = notes
        if let format = KindChartContext.valueFormat(for: values, unit: c.unit) { pie.valueFormat = format }
        if let p = spec.pie {
            // Checked by `ChartSpec.validate`: a finite angle, a radius from 0 to 0.95.
            if let angle = p.startAngle { pie.startAngle = angle.truncatingRemainder(dividingBy: 360) }
            if let direction = p.direction { pie.sliceDirection = direction }
            if let inner = p.innerRadius { pie.innerRadiusFraction = inner }
            if let offset = p.labelOffset { pie.labelOffset = offset }
            if let border = p.borderColor { pie.borderLineStyle = LineStyle(color: border, width: 2) }
            if let color = p.labelColor { pie.labelTextStyle = TextStyle(fontSize: 13, isBold: true, color: color) }
        }
        graph.add(pie)
        graph.legend.isHidden = spec.legend == false
    }
}
