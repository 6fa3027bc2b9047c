/// Which parts of one-pixel-wide bars stay visible once the bars painted after them are down:
/// dense grouped bars (bars10k: 1,000 categories of 10 series in 900 pixels) put every series
/// of a group in the same pixel column, each painted over the one before, so most of their
/// pixels are painted up to ten times. Painting only what later bars leave showing gives the
/// same pixels (the bars are opaque, on whole pixels, with no anti-aliased edge) for a
/// fraction of the fill. Layout records it in each plot (`PlotScene.occludedBars`); the
/// painter paints the pieces it is given.
///
/// Only plain bars count (`PlotItem.plainBar`: a rectangle of whole device pixels, one pixel
/// wide, square corners, no outline, one opaque color), both as what is hidden and as what
/// hides; anything else is painted as it was and hides nothing, which can only leave more to
/// paint. Per pixel column, the rows known to be covered are one run (grown as bars that touch
/// it arrive); a bar that does not touch it leaves it as it was. Device pixels, origin top left.
enum BarOcclusion {
    /// Per visible plot (by its index in `plots`), its plain bars that later bars cover: by item
    /// position, the pieces still showing (empty when wholly hidden). Found back to front:
    /// O(items of plots that are not point column stores).
    static func occludedBars(of plots: [PlotScene]) -> [Int: [Int: [Rect]]] {
        var covered: [Int: (top: Double, bottom: Double)] = [:]
        var occluded: [Int: [Int: [Rect]]] = [:]
        // (Point column stores hold markers, never bars: skipped without building their items.)
        for index in plots.indices.reversed() where plots[index].isVisible && !plots[index].items.isPointColumns {
            let plot = plots[index]
            // Only what the clip lets through covers anything.
            let clip = plot.clip
            let left = clip.minX.rounded(.up), right = clip.maxX.rounded(.down)
            let top = clip.minY.rounded(.up), bottom = clip.maxY.rounded(.down)
            var pieces: [Int: [Rect]] = [:]
            // (By index: reversing the enumerated items would copy every item into an array.)
            for position in plot.items.indices.reversed() {
                guard let rect = plot.items[position].plainBar, rect.width == 1, rect.minX >= left, rect.maxX <= right else { continue }
                let column = Int(rect.minX)
                let y0 = max(rect.minY, top), y1 = min(rect.maxY, bottom)
                guard y0 < y1 else {
                    pieces[position] = []
                    continue
                }
                guard let run = covered[column] else {
                    covered[column] = (y0, y1)
                    continue
                }
                if y1 < run.top || y0 > run.bottom { continue }  // apart from the run: it stays as it was
                var shown: [Rect] = []
                if rect.minY < run.top { shown.append(Rect(x: rect.minX, y: rect.minY, width: 1, height: run.top - rect.minY)) }
                if rect.maxY > run.bottom { shown.append(Rect(x: rect.minX, y: run.bottom, width: 1, height: rect.maxY - run.bottom)) }
                if shown != [rect] { pieces[position] = shown }
                covered[column] = (min(run.top, y0), max(run.bottom, y1))
            }
            if !pieces.isEmpty { occluded[index] = pieces }
        }
        return occluded
    }
}

extension Scene {
    /// Records in each visible plot the plain bars that bars painted after them cover
    /// (`PlotScene.occludedBars`), forgetting what was recorded before. O(items of plots that are
    /// not point column stores).
    mutating func recordOccludedBars() {
        let occluded = BarOcclusion.occludedBars(of: plots)
        for index in plots.indices { plots[index].occludedBars = occluded[index] ?? [:] }
    }
}

extension PlotItem {
    /// The rectangle of a plain bar: on whole device pixels, square corners, no outline, one
    /// opaque color (what a painter may fill in runs, and what `BarOcclusion` culls); nil for
    /// other items.
    public var plainBar: Rect? {
        guard case .rect(let rect, let corners) = shape, corners.isSquare, stroke == nil,
            case .solid(let color) = fill, color.alpha >= 1, rect.isOnWholePixels
        else { return nil }
        return rect
    }
}

extension Rect {
    /// Whether every edge lies on a whole device pixel.
    var isOnWholePixels: Bool {
        minX == minX.rounded() && minY == minY.rounded() && width == width.rounded() && height == height.rounded()
    }
}
