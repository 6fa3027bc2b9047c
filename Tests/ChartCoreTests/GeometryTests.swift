import Testing
import Foundation
import ChartCore

@Suite("Rect, Size, Point, EdgeInsets")
struct GeometryTests {
    static let r = Rect(x: 10, y: 20, width: 100, height: 50)

    @Test("Edges and derived values")
    func derived() {
        let r = Self.r
        #expect(r.minX == 10 && r.maxX == 110 && r.minY == 20 && r.maxY == 70)
        #expect(r.midX == 60 && r.midY == 45)
        #expect(r.center == Point(x: 60, y: 45))
        #expect(r.array == [10, 20, 100, 50])
        #expect(r.description == "[10.0, 20.0, 100.0, 50.0]")
        #expect(!r.isEmpty)
        #expect(Rect.zero.isEmpty)
        #expect(Rect(x: 0, y: 0, width: 10, height: 0).isEmpty)
        #expect(Rect(x: 0, y: 0, width: -1, height: 5).isEmpty)
    }

    @Test(
        "contains(point): top and left edges in, bottom and right edges out",
        arguments: [
            (Point(x: 10, y: 20), true), (Point(x: 109.999, y: 69.999), true), (Point(x: 110, y: 45), false),
            (Point(x: 60, y: 70), false), (Point(x: 9.999, y: 45), false), (Point(x: 60, y: 19.999), false),
            (Point(x: 60, y: 45), true), (Point(x: 110, y: 70), false), (Point(x: 10, y: 69.5), true)
        ] as [(Point, Bool)])
    func containsPoint(point: Point, expected: Bool) {
        #expect(Self.r.contains(point) == expected)
    }

    @Test("Two rectangles sharing an edge never both contain a point on it")
    func sharedEdgeOwnedOnce() {
        let left = Rect(x: 0, y: 0, width: 50, height: 50)
        let right = Rect(x: 50, y: 0, width: 50, height: 50)
        let below = Rect(x: 0, y: 50, width: 50, height: 50)
        for y in stride(from: 0.0, through: 49.0, by: 7) {
            let p = Point(x: 50, y: y)
            #expect(left.contains(p) != right.contains(p))
        }
        let p = Point(x: 25, y: 50)
        #expect(left.contains(p) != below.contains(p))
    }

    @Test("An empty rectangle contains no point")
    func emptyContainsNothing() {
        let empty = Rect(x: 5, y: 5, width: 0, height: 0)
        #expect(!empty.contains(Point(x: 5, y: 5)))
        #expect(!Rect(x: 0, y: 0, width: 10, height: 0).contains(Point(x: 5, y: 0)))
    }

    @Test(
        "contains(rect): edges included",
        arguments: [
            (Rect(x: 10, y: 20, width: 100, height: 50), true), (Rect(x: 20, y: 30, width: 10, height: 10), true),
            (Rect(x: 10, y: 20, width: 0, height: 0), true), (Rect(x: 110, y: 70, width: 0, height: 0), true),
            (Rect(x: 9, y: 20, width: 10, height: 10), false), (Rect(x: 100, y: 60, width: 11, height: 5), false),
            (Rect(x: 100, y: 60, width: 10, height: 11), false), (Rect(x: 0, y: 0, width: 200, height: 200), false)
        ] as [(Rect, Bool)])
    func containsRect(other: Rect, expected: Bool) {
        #expect(Self.r.contains(other) == expected)
    }

    @Test(
        "intersects: shared interior only; touching edges and corners do not count",
        arguments: [
            (Rect(x: 110, y: 20, width: 10, height: 10), false), (Rect(x: 0, y: 20, width: 10, height: 10), false),
            (Rect(x: 50, y: 70, width: 10, height: 10), false), (Rect(x: 50, y: 10, width: 10, height: 10), false),
            (Rect(x: 110, y: 70, width: 10, height: 10), false), (Rect(x: 109.5, y: 69.5, width: 10, height: 10), true),
            (Rect(x: 0, y: 0, width: 500, height: 500), true), (Rect(x: 50, y: 40, width: 1, height: 1), true),
            (Rect(x: 200, y: 200, width: 5, height: 5), false), (Rect(x: 10, y: 20, width: 100, height: 50), true)
        ] as [(Rect, Bool)])
    func intersects(other: Rect, expected: Bool) {
        #expect(Self.r.intersects(other) == expected)
        #expect(other.intersects(Self.r) == expected, "intersects must be symmetric")
    }

    @Test("A rectangle intersects itself unless it is empty")
    func selfIntersection() {
        #expect(Self.r.intersects(Self.r))
        #expect(!Rect.zero.intersects(Rect.zero))
    }

    @Test("A rectangle without area shares no interior with anything")
    func emptyRectIntersectsNothing() {
        let point = Rect(x: 50, y: 40, width: 0, height: 0)
        let line = Rect(x: 20, y: 40, width: 50, height: 0)
        #expect(!Self.r.intersects(point))
        #expect(!Self.r.intersects(line))
    }

    @Test("standardized turns negative sizes positive")
    func standardized() {
        let flipped = Rect(x: 110, y: 70, width: -100, height: -50)
        #expect(flipped.standardized == Self.r)
        #expect(Self.r.standardized == Self.r)
    }

    @Test("inset(by:) moves edges inwards and never goes negative")
    func insetByInsets() {
        let inset = Self.r.inset(by: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4))
        #expect(inset == Rect(x: 12, y: 21, width: 94, height: 46))
        #expect(Self.r.inset(by: .zero) == Self.r)
        let collapsed = Self.r.inset(by: EdgeInsets(all: 80))
        #expect(collapsed.width == 0 && collapsed.height == 0)
        #expect(Self.r.inset(by: EdgeInsets(all: -5)) == Rect(x: 5, y: 15, width: 110, height: 60))
    }

    @Test("insetBy(dx:dy:): positive shrinks, negative grows (as CGRect.insetBy)")
    func insetByDelta() {
        // The doc comment says the opposite ("grown by amount"); HitTester relies on this
        // behaviour (insetBy(dx: -2, dy: -2) grows a legend entry), so the comment is what is wrong.
        #expect(Self.r.insetBy(dx: 5, dy: 5) == Rect(x: 15, y: 25, width: 90, height: 40))
        #expect(Self.r.insetBy(dx: -2, dy: -2) == Rect(x: 8, y: 18, width: 104, height: 54))
        let collapsed = Self.r.insetBy(dx: 60, dy: 30)
        #expect(collapsed.width == 0 && collapsed.height == 0)
    }

    @Test("union, offsetBy")
    func unionAndOffset() {
        let other = Rect(x: -5, y: 60, width: 10, height: 40)
        #expect(Self.r.union(other) == Rect(x: -5, y: 20, width: 115, height: 80))
        #expect(other.union(Self.r) == Self.r.union(other))
        #expect(Self.r.union(Self.r) == Self.r)
        #expect(Self.r.offsetBy(dx: -10, dy: 5) == Rect(x: 0, y: 25, width: 100, height: 50))
    }

    @Test("Point distance, Size orientation, EdgeInsets scaling")
    func smallTypes() {
        #expect(Point(x: 0, y: 0).distance(to: Point(x: 3, y: 4)) == 5)
        #expect(Point(x: 1, y: 1).distance(to: Point(x: 1, y: 1)) == 0)
        #expect(Size(width: 2, height: 1).isLandscape)
        #expect(!Size(width: 1, height: 1).isLandscape)
        #expect(!Size(width: 1, height: 2).isLandscape)
        #expect(Size(width: 1200, height: 600).description == "1200.0x600.0")
        #expect(EdgeInsets(all: 3).scaled(by: 2) == EdgeInsets(top: 6, left: 6, bottom: 6, right: 6))
        #expect(EdgeInsets.zero == EdgeInsets(all: 0))
    }

    @Test("RectAnchor names the nine points of a rectangle", arguments: RectAnchor.allCases)
    func rectAnchor(anchor: RectAnchor) {
        let p = anchor.point(in: Self.r)
        #expect(p.x == Self.r.minX + Self.r.width * anchor.fraction.x)
        #expect(p.y == Self.r.minY + Self.r.height * anchor.fraction.y)
        #expect(p.x >= Self.r.minX && p.x <= Self.r.maxX && p.y >= Self.r.minY && p.y <= Self.r.maxY)
        #expect(RectAnchor.center.point(in: Self.r) == Self.r.center)
    }
}
