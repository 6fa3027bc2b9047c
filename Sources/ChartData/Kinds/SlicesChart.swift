import ChartCore

/// Builds a pie (or a donut): one slice per row of the first series, named by x, with the
/// spec's angles, direction, hole, label offset and colors.
enum SlicesChart: KindChartBuilder {
    static func build(_ context: KindChartContext) throws(DataError) {
        let table = context.table, plan = context.plan, spec = context.spec, x = context.x
        let labels = context.labels, graph = context.graph
        let seriesSpecs = spec.series ?? []
        let c = table.columns[plan.series[0]]
        let values = c.numbers ?? []
        let rows = Array(0..<table.rowCount)
        let pie = PieChart(
            identifier: ChartBuilder.identifier(c.name), title: seriesSpecs.first?.title ?? c.name,
            values: rows.map { values[$0].isFinite ? values[$0] : nil }, names: rows.map { x.name(ofRow: $0) },
            labels: labels)
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
