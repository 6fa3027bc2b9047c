/// Notes on the chart (`ChartNote`): added at a point of the plot area (the window's `n`, its
/// text typed in the prompt), removed from under the pointer (`Delete`). Each change is reported
/// (`InteractionEvent.note`) with the graph's notes since, for the host to keep them.
extension ChartInteraction {
    /// Adds a note saying `text` at `point` (device pixels; in a grid, in the cell there), at
    /// the data point under it. Nothing outside a plot area, or for empty text. While a layout
    /// job has the graph, once it is back.
    public func addNote(_ text: String, at point: Point) {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return }
        if grid != nil {
            guard let (k, local) = cell(at: point) else { return }
            focusedCell = k
            cells[k].addNote(text, at: local)
            gatherCellChanges()
            return
        }
        if isLent {
            deferred.append(.addNote(text, point))
            return
        }
        guard scene.plotArea.contains(point), let t = scene.transform(ofSpace: graph.defaultPlotSpace.identifier) else { return }
        let data = t.dataPoint(point)
        // A cell of one series (a split's) names it: the chart split again puts the note there.
        let series = isCell && graph.plots.count == 1 ? graph.plots[0].identifier : nil
        let note = ChartNote(text: text, x: data.x, y: data.y, series: series)
        graph.notes.append(note)
        needsLayout = true
        pendingEvents.append(.note(note, added: true, notes: graph.notes, cell: 0))
    }

    /// Removes the note whose box is under `point` (device pixels), the last drawn first.
    func removeNote(at point: Point) {
        let hit = scene.annotations.last { annotation in
            guard let identifier = annotation.identifier, identifier.hasPrefix(ChartNote.identifierPrefix) else { return false }
            return (annotation.box ?? annotation.text.rect).contains(point)
        }
        guard let identifier = hit?.identifier, let index = Int(identifier.dropFirst(ChartNote.identifierPrefix.count)),
            graph.notes.indices.contains(index)
        else { return }
        let note = graph.notes.remove(at: index)
        needsLayout = true
        pendingEvents.append(.note(note, added: false, notes: graph.notes, cell: 0))
    }
}
