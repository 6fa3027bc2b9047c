/// The views a user went through, for back and forward (matplotlib's toolbar arrows): a list
/// with a current position. A new view drops the views ahead of the current one. The first
/// entry is the fitted view. Bounded: the oldest views go past `capacity`.
public struct ViewHistory: Hashable, Sendable {
    /// The views in order, oldest first.
    public private(set) var views: [GraphView] = [.fitted]
    /// The index of the view shown in `views`.
    public private(set) var position = 0
    /// The most views kept.
    public static let capacity = 200

    /// A history of the fitted view alone.
    public init() {}

    /// The view shown.
    public var current: GraphView { views[position] }
    /// Whether there is a view before the current one.
    public var canGoBack: Bool { position > 0 }
    /// Whether there is a view after the current one.
    public var canGoForward: Bool { position < views.count - 1 }

    /// Records `view` as the next one: after the current, dropping those ahead. With
    /// `replacing`, it takes the current one's place instead (the rest of a drag or of a wheel
    /// burst, which back undoes as one step). O(1) amortized.
    public mutating func push(_ view: GraphView, replacing: Bool = false) {
        if replacing && position > 0 {
            views.removeSubrange((position + 1)...)
            views[position] = view
            return
        }
        guard view != current else { return }
        views.removeSubrange((position + 1)...)
        views.append(view)
        if views.count > Self.capacity { views.removeFirst(views.count - Self.capacity) }
        position = views.count - 1
    }

    /// Steps back (or forward, with `by: 1`) and returns the view there; nil at the end.
    public mutating func step(by offset: Int) -> GraphView? {
        let next = position + offset
        guard views.indices.contains(next) else { return nil }
        position = next
        return views[next]
    }
}
