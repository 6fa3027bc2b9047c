import ChartCore

/// Which parts of one-pixel-wide bars stay visible once the bars painted after them are down:
/// dense grouped bars (bars10k: 1,000 categories of 10 series in 900 pixels) put every series
/// of a group in the same pixel column, each painted over the one before, so most of their
/// pixels are painted up to ten times. Painting only what later bars leave showing gives the
/// same pixels (the bars are opaque, on whole pixels, with no anti-aliased edge) for a
/// fraction of the fill.
///
/// Only plain bars count (a rectangle of whole device pixels, one pixel wide, no rounding, no
/// outline, one opaque color, `ScenePainter.plainBar(_:)`), both as what is hidden and as what
/// hides; anything else is painted as it was and hides nothing, which can only leave more to
/// paint. Per pixel column, the rows known to be covered are one run (grown as bars that touch
/// it arrive); a bar that does not touch it leaves it as it was. Device pixels, origin top left.
struct BarOcclusion {
    /// Per visible plot (by its index in the scene), per item: the item's visible pieces when
    /// it is a plain bar (empty when wholly hidden); nil for other items, and for a plot
    /// without plain bars.
    private var pieces: [Int: [[Rect]?]] = [:]

    /// The visible pieces of the plain bars of `scene`'s visible plots, found back to front:
    /// O(items of plots that are not point column stores).
    init(_ scene: Scene) {
        var covered: [Int: (top: Double, bottom: Double)] = [:]
        // (Point column stores hold markers, never bars: skipped without building their items.)
        for index in scene.plots.indices.reversed() where scene.plots[index].isVisible && !scene.plots[index].items.isPointColumns {
            let plot = scene.plots[index]
            // Only what the clip lets through covers anything.
            let clip = plot.clip
            let left = clip.minX.rounded(.up), right = clip.maxX.rounded(.down)
            let top = clip.minY.rounded(.up), bottom = clip.maxY.rounded(.down)
            var visible: [[Rect]?] = Array(repeating: nil, count: plot.items.count)
            var any = false
            // (By index: reversing the enumerated items would copy every item into an array.)
            for position in plot.items.indices.reversed() {
                guard let rect = ScenePainter.plainBar(plot.items[position]), rect.width == 1, rect.minX >= left, rect.maxX <= right else { continue }
                any = true
                let column = Int(rect.minX)
                let y0 = max(rect.minY, top), y1 = min(rect.maxY, bottom)
                guard y0 < y1 else {
                    visible[position] = []
                    continue
                }
                guard let run = covered[column] else {
                    visible[position] = [rect]
                    covered[column] = (y0, y1)
                    continue
                }
                if y1 < run.top || y0 > run.bottom {
                    visible[position] = [rect]  // apart from the run: it stays as it was
                    continue
                }
                var shown: [Rect] = []
                if rect.minY < run.top { shown.append(Rect(x: rect.minX, y: rect.minY, width: 1, height: run.top - rect.minY)) }
                if rect.maxY > run.bottom { shown.append(Rect(x: rect.minX, y: run.bottom, width: 1, height: rect.maxY - run.bottom)) }
                visible[position] = shown
                covered[column] = (min(run.top, y0), max(run.bottom, y1))
            }
            if any { pieces[index] = visible }
        }
    }

    /// The visible pieces of item `position` of plot `plot` (scene indices) when it is a plain
    /// bar; nil otherwise. O(1).
    func visiblePieces(plot: Int, item position: Int) -> [Rect]? {
        pieces[plot]?[position]
    }
}
