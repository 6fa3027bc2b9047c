import Foundation

/// A grid's layout pass: the title, then each cell's graph laid out at its frame's size and
/// its linked view, into one scene whose `Scene.cells` place them.
extension GraphGrid {
    /// Lays the grid out at `size` device pixels: `views` holds each cell's view (missing ones
    /// fitted), linked along x when `linksX` (`linkedViews(_:)`). `scale` as for a graph. Every
    /// cell is placed, in order (at least a pixel square). With `maximized`, that cell alone
    /// fills the grid's area and the others are placed empty at a zero frame (a window's cell
    /// shown large, Enter). O(the cells' layouts).
    public func layout(
        size: Size, scale: Double = 1, views: [GraphView] = [], maximized: Int? = nil, measurer: any TextMeasuring,
        cancellation: CancellationFlag? = nil
    ) -> Scene {
        precondition(
            size.width > 0 && size.height > 0 && size.width.isFinite && size.height.isFinite,
            "A grid is laid out at a positive finite size (got \(size)).")
        precondition(scale > 0 && scale.isFinite, "The layout scale must be positive and finite (got \(scale)).")
        var frame = Rect(origin: .zero, size: size).inset(by: padding.scaled(by: scale))
        var titleScene: SceneText?
        if let title, !title.isEmpty {
            let (text, style, textSize) = Graph.fitted(
                title, style: theme.titleText.scaled(by: scale), width: frame.width, height: frame.height / 2, measurer: measurer)
            titleScene = SceneText(text: text, style: style, size: textSize, at: Point(x: frame.midX, y: frame.minY), anchoredBy: .top)
            let used = textSize.height + 4 * scale
            frame = Rect(x: frame.minX, y: frame.minY + used, width: frame.width, height: max(0, frame.height - used))
        }
        let linked = linkedViews(views)
        var placed: [SceneCell] = []
        let large = maximized.flatMap { cells.indices.contains($0) ? $0 : nil }
        let frames =
            large.map { large in cells.indices.map { $0 == large ? frame : .zero } }
            ?? frames(in: frame, gap: spacing * scale, minimumRowHeight: Self.minimumRowHeight * scale)
        // Each cell's graph at its frame's size, on as many threads as there are cores once
        // every cell was laid out before (a first layout pulls the plots' data, which cells of
        // one table share); measuring one text at a time.
        var sizes: [Size?] = frames.map { $0.size }
        for k in sizes.indices where large != nil && k != large { sizes[k] = nil }
        let concurrent = laysOutConcurrently && hasBeenLaidOut && cells.count > 1 && ProcessInfo.processInfo.activeProcessorCount > 1
        let textMeasurer: any TextMeasuring = concurrent ? SerializedMeasurer(measurer) : measurer
        let scenes = Self.map(cells.indices, concurrently: concurrent) { k -> Scene in
            guard let size = sizes[k] else { return Self.empty(theme: theme, scale: scale) }
            return cells[k].layout(
                size: Size(width: max(1, size.width), height: max(1, size.height)), scale: scale, view: linked[k], measurer: textMeasurer,
                cancellation: cancellation)
        }
        for (k, scene) in scenes.enumerated() {
            let cellFrame = sizes[k] == nil ? Rect.zero : Rect(origin: frames[k].origin, size: scene.size)
            placed.append(SceneCell(frame: cellFrame, scene: scene))
        }
        // Linked cells of a column share their plot area's left and right edges (the widest y
        // labels set them): one x at one pixel column down the column.
        if linksX, large == nil, placed.count == cells.count, cancellation?.isCancelled != true {
            var again: [(cell: Int, span: ClosedRange<Double>)] = []
            for column in 0..<columns {
                let members = Array(stride(from: column, to: placed.count, by: columns)).filter { linksCell($0) && placed[$0].scene.plotArea.width > 0 }
                guard members.count > 1 else { continue }
                let left = members.map { placed[$0].scene.plotArea.minX }.max()!
                let right = members.map { placed[$0].scene.plotArea.maxX }.min()!
                guard right - left >= 1 else { continue }
                for k in members where abs(placed[k].scene.plotArea.minX - left) >= 0.5 || abs(placed[k].scene.plotArea.maxX - right) >= 0.5 {
                    again.append((k, left...right))
                }
            }
            let aligned = Self.map(again.indices, concurrently: concurrent && again.count > 1) { i -> Scene in
                let k = again[i].cell
                return cells[k].layout(
                    size: placed[k].frame.size, scale: scale, view: linked[k], measurer: textMeasurer, cancellation: cancellation,
                    plotAreaSpan: again[i].span)
            }
            for (i, scene) in aligned.enumerated() { placed[again[i].cell].scene = scene }
        }
        if cancellation?.isCancelled != true { hasBeenLaidOut = true }
        var scene = Scene(
            size: size, scale: scale, background: theme.background, plotArea: .zero,
            plotAreaFill: theme.background, plotAreaBorder: nil, title: titleScene, gridLines: [], plots: [], axes: [],
            legend: nil, annotations: [], message: nil)
        scene.cells = placed
        scene.note = note
        return scene
    }

    /// The least height (device pixels at scale 1) a row is given when the grid has it: a
    /// chart's title, axes and legend with room for its data.
    public static let minimumRowHeight: Double = 120

    /// `body` of each of `indices`, in order: on as many threads as there are cores when
    /// `concurrently` (`body` then runs on several threads at once), else on this one.
    static func map<T>(_ indices: Range<Int>, concurrently: Bool, _ body: (Int) -> T) -> [T] {
        guard concurrently, indices.count > 1 else { return indices.map(body) }
        // Each thread writes its own slot; nothing else is shared but what `body` reads.
        let slots = UnsafeMutableBufferPointer<T?>.allocate(capacity: indices.count)
        slots.initialize(repeating: nil)
        defer {
            _ = slots.deinitialize()
            slots.deallocate()
        }
        // The test counter bound on this thread counts the workers' layouts too.
        let cost = LayoutCost.current
        withoutActuallyEscaping(body) { body in
            let work = UncheckedSendable((body, slots, indices.lowerBound))
            DispatchQueue.concurrentPerform(iterations: indices.count) { i in
                let (body, slots, first) = work.value
                LayoutCost.$current.withValue(cost) { slots[i] = body(first + i) }
            }
        }
        return slots.map { $0! }
    }

    /// A cell's scene while another fills the grid: nothing, a pixel square.
    static func empty(theme: Theme, scale: Double) -> Scene {
        Scene(
            size: Size(width: 1, height: 1), scale: scale, background: theme.background, plotArea: .zero, plotAreaFill: theme.background,
            plotAreaBorder: nil, title: nil, gridLines: [], plots: [], axes: [], legend: nil, annotations: [], message: nil)
    }
}
