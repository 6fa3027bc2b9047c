/// Places annotations: text (and a popup's box) at a data point or a corner, kept inside the
/// graph by shifting sideways and flipping to the other side of its anchor. Device pixels.
struct AnnotationLayout {
    let theme: Theme
    let scale: Double
    let measurer: any TextMeasuring
    let bounds: Rect

    /// Padding between a popup's text and its box.
    var boxPadding: Double { 5 * scale }

    func layout(_ annotation: Annotation, anchorPoint: Point) -> AnnotationScene {
        let style = (annotation.textStyle ?? theme.annotationText).scaled(by: scale)
        let content = VisibleText.cut(annotation.text)
        let size = measurer.size(of: content, style: style)
        let pad = annotation.hasBox ? boxPadding : 0
        // Whole pixels from the start, so that shifting into the bounds is exact.
        let boxSize = Size(width: (size.width + 2 * pad).rounded(.up), height: (size.height + 2 * pad).rounded(.up))
        let angle = annotation.rotation * .pi / 180
        var displacement = Point(x: annotation.displacement.x * scale, y: annotation.displacement.y * scale)
        var contentAnchor = annotation.contentAnchor

        func box(for anchor: RectAnchor, displacement: Point) -> Rect {
            let f = anchor.fraction
            return Rect(
                x: anchorPoint.x + displacement.x - boxSize.width * f.x,
                y: anchorPoint.y + displacement.y - boxSize.height * f.y,
                width: boxSize.width, height: boxSize.height)
        }
        var rect = box(for: contentAnchor, displacement: displacement)
        if annotation.staysInside && angle == 0 {
            // Flip to the other side of the anchor when it would leave the graph at the top or bottom.
            if rect.minY < bounds.minY || rect.maxY > bounds.maxY {
                let flipped = contentAnchor.flippedVertically
                let candidate = box(for: flipped, displacement: Point(x: displacement.x, y: -displacement.y))
                if candidate.minY >= bounds.minY && candidate.maxY <= bounds.maxY {
                    contentAnchor = flipped
                    displacement.y = -displacement.y
                    rect = candidate
                }
            }
            // Then shift into the graph.
            let dx = rect.minX < bounds.minX ? bounds.minX - rect.minX : (rect.maxX > bounds.maxX ? bounds.maxX - rect.maxX : 0)
            let dy = rect.minY < bounds.minY ? bounds.minY - rect.minY : (rect.maxY > bounds.maxY ? bounds.maxY - rect.maxY : 0)
            rect = rect.offsetBy(dx: dx, dy: dy)
        }
        rect = Rect(x: rect.minX.rounded(), y: rect.minY.rounded(), width: rect.width, height: rect.height)
        if annotation.staysInside && angle == 0 {
            // Rounding may have pushed a box that touches an edge half a pixel over it.
            if rect.maxX > bounds.maxX { rect.origin.x = max(bounds.minX, bounds.maxX - rect.width) }
            if rect.maxY > bounds.maxY { rect.origin.y = max(bounds.minY, bounds.maxY - rect.height) }
        }
        let text: SceneText
        if angle == 0 {
            text = SceneText(text: content, style: style, size: size, at: rect.center, anchoredBy: .center)
        } else {
            text = SceneText(
                text: content, style: style, size: size,
                anchor: Point(x: size.width / 2, y: size.height / 2), position: rect.center, angle: angle)
        }
        return AnnotationScene(
            identifier: annotation.identifier, text: text, box: annotation.hasBox ? rect : nil, fill: theme.annotationFill,
            border: annotation.hasBox ? theme.annotationBorder.scaled(by: scale) : nil)
    }
}

extension RectAnchor {
    /// The anchor on the opposite side vertically (top ↔ bottom).
    var flippedVertically: RectAnchor {
        switch self {
        case .topLeft: .bottomLeft
        case .top: .bottom
        case .topRight: .bottomRight
        case .bottomLeft: .topLeft
        case .bottom: .top
        case .bottomRight: .topRight
        case .left, .center, .right: self
        }
    }
}
