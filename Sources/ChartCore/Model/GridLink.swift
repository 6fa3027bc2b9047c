/// Which axes a grid's cells share (`GraphGrid.link`, `--link`): none (each cell its own
/// view), x (a zoom or pan of x in one moves every cell's x; each y fits what it shows), or x
/// and y (every cell shows one x range and one y range, the union of their data's).
public enum GridLink: String, CaseIterable, Sendable {
    /// Each cell is navigated alone.
    case none
    /// The cells show one x range.
    case x
    /// The cells show one x range and one y range.
    case xy
}
