import Testing
import Foundation
import ChartCore

@Suite("Oriented rectangles")
struct OrientedRectTests {
    static let quarterTurn = Double.pi / 4

    static func box(_ width: Double, _ height: Double, at position: Point, anchor: Point = .zero, angle: Double = 0) -> OrientedRect {
        OrientedRect(size: Size(width: width, height: height), anchor: anchor, position: position, angle: angle)
    }

    @Test("Unrotated: the corners are the rectangle's, in drawing order")
    func unrotatedCorners() {
        let r = Self.box(40, 10, at: Point(x: 100, y: 50), anchor: Point(x: 20, y: 5))
        #expect(r.corners == [Point(x: 80, y: 45), Point(x: 120, y: 45), Point(x: 120, y: 55), Point(x: 80, y: 55)])
        #expect(r.boundingBox == Rect(x: 80, y: 45, width: 40, height: 10))
    }

    @Test("Positive angles turn counter-clockwise on screen (y down)")
    func counterClockwise() {
        // A 10×0 bar from the origin, turned 90°: it now points up the screen (negative y).
        let r = Self.box(10, 2, at: .zero, angle: .pi / 2)
        let tip = r.corners[1]
        #expect(isClose(tip.x, 0, tolerance: 1e-12))
        #expect(isClose(tip.y, -10, tolerance: 1e-12))
        // At 45° the right end rises up and to the right.
        let diagonal = Self.box(10, 2, at: .zero, angle: Self.quarterTurn).corners[1]
        #expect(isClose(diagonal.x, 10 / 2.0.squareRoot(), tolerance: 1e-12))
        #expect(isClose(diagonal.y, -10 / 2.0.squareRoot(), tolerance: 1e-12))
    }

    @Test("The anchor stays put when rotating", arguments: [0.0, 0.3, .pi / 4, .pi / 2, 2.5, -.pi / 4])
    func anchorFixed(angle: Double) {
        // Rotating about the anchor: the corner that is the anchor stays on the position.
        let r = Self.box(30, 12, at: Point(x: 7, y: -3), anchor: Point(x: 30, y: 0), angle: angle)
        #expect(isClose(r.corners[1].x, 7, tolerance: 1e-9))
        #expect(isClose(r.corners[1].y, -3, tolerance: 1e-9))
        // Side lengths are kept.
        #expect(isClose(r.corners[0].distance(to: r.corners[1]), 30, tolerance: 1e-9))
        #expect(isClose(r.corners[1].distance(to: r.corners[2]), 12, tolerance: 1e-9))
    }

    @Test("45° boxes side by side do not intersect, though their bounding boxes do", arguments: [18.0, 20, 40, 60])
    func rotatedSideBySide(spacing: Double) {
        // Two 100×10 labels turned 45°, their ends 18+ px apart along x: 18/√2 ≈ 12.7 > 10 px across.
        let a = Self.box(100, 10, at: Point(x: 200, y: 100), anchor: Point(x: 100, y: 5), angle: Self.quarterTurn)
        let b = Self.box(100, 10, at: Point(x: 200 + spacing, y: 100), anchor: Point(x: 100, y: 5), angle: Self.quarterTurn)
        #expect(!a.intersects(b))
        #expect(!b.intersects(a))
        #expect(a.boundingBox.intersects(b.boundingBox))
    }

    @Test("45° boxes closer than their thickness do intersect", arguments: [0.0, 5, 10, 14])
    func rotatedTooClose(spacing: Double) {
        let a = Self.box(100, 10, at: Point(x: 200, y: 100), anchor: Point(x: 100, y: 5), angle: Self.quarterTurn)
        let b = Self.box(100, 10, at: Point(x: 200 + spacing, y: 100), anchor: Point(x: 100, y: 5), angle: Self.quarterTurn)
        #expect(a.intersects(b))
        #expect(b.intersects(a))
    }

    @Test(
        "Level boxes: touching edges do not count, overlapping ones do",
        arguments: [
            (10.0, false), (10.5, false), (9.5, true), (0, true), (-9.5, true), (-10, false)
        ] as [(Double, Bool)])
    func levelBoxes(dx: Double, expected: Bool) {
        let a = Self.box(10, 10, at: .zero)
        let b = Self.box(10, 10, at: Point(x: dx, y: 3))
        #expect(a.intersects(b) == expected)
        #expect(b.intersects(a) == expected)
    }

    @Test("A level box and a turned box: SAT finds the separating axis")
    func mixedAngles() {
        // A diamond (square turned 45°) next to a square whose corner region it does not reach.
        let square = Self.box(10, 10, at: .zero)
        let diamond = Self.box(10, 10, at: Point(x: 17, y: 17), anchor: Point(x: 5, y: 5), angle: Self.quarterTurn)
        #expect(square.boundingBox.intersects(diamond.boundingBox))
        #expect(!square.intersects(diamond))
        let closer = Self.box(10, 10, at: Point(x: 12, y: 12), anchor: Point(x: 5, y: 5), angle: Self.quarterTurn)
        #expect(square.intersects(closer))
    }

    @Test("A box inside another intersects it")
    func containment() {
        let outer = Self.box(100, 100, at: .zero, angle: 0.4)
        let inner = Self.box(2, 2, at: .zero, angle: 1.1)
        #expect(outer.intersects(inner))
        #expect(inner.intersects(outer))
    }

    @Test("The bounding box of a 90° turn swaps width and height")
    func boundingBoxQuarterTurn() {
        let b = Self.box(40, 10, at: Point(x: 50, y: 50), anchor: Point(x: 20, y: 5), angle: .pi / 2).boundingBox
        #expect(isClose(b.width, 10, tolerance: 1e-9))
        #expect(isClose(b.height, 40, tolerance: 1e-9))
        #expect(isClose(b.midX, 50, tolerance: 1e-9) && isClose(b.midY, 50, tolerance: 1e-9))
    }

    @Test("A gap of at least the tolerance counts as separate", arguments: [6.0, 8, 20])
    func toleranceSeparates(gap: Double) {
        let a = Self.box(10, 10, at: .zero)
        let b = Self.box(10, 10, at: Point(x: 10 + gap, y: 0))
        #expect(!a.intersects(b, tolerance: 6))
    }

    @Test("Boxes closer than the tolerance, or overlapping, count as intersecting", arguments: [-3.0, -1, 0, 2, 5.5])
    func toleranceKeepsApart(gap: Double) {
        // Documented: "A gap of at least `tolerance` pixels along some axis counts as separate."
        // AxisLayout relies on it to keep labels `labelGap` (6 px) apart. The code tests
        // `maxA <= minB + tolerance`, which instead lets boxes overlap by up to the tolerance.
        let a = Self.box(10, 10, at: .zero)
        let b = Self.box(10, 10, at: Point(x: 10 + gap, y: 0))
        #expect(a.intersects(b, tolerance: 6), "gap \(gap) is less than the 6 px tolerance")
    }

    @Test("Rotated labels overlapping by less than the tolerance are still reported as overlapping")
    func toleranceRotated() {
        // Two 45° labels 15 px tall whose anchors are 13 px apart along the axis: 9.2 px across, 5.8 px of overlap.
        let a = Self.box(60, 15, at: Point(x: 100, y: 0), anchor: Point(x: 60, y: 7.5), angle: Self.quarterTurn)
        let b = Self.box(60, 15, at: Point(x: 113, y: 0), anchor: Point(x: 60, y: 7.5), angle: Self.quarterTurn)
        #expect(a.intersects(b))
        #expect(a.intersects(b, tolerance: 6))
    }
}
