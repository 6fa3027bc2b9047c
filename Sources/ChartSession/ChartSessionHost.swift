import ChartCore

/// What a chart session asks of the host that shows it (a window): the few things that need
/// its surface, its files' formats or its desktop. The session decides when and where; the host
/// does it and says how it went. Called on the session's thread.
public protocol ChartSessionHost: AnyObject {
    /// The session shows `session.interaction` in place of `old` (a chart shown, loaded,
    /// reloaded, another period): the host lets go of `old` (its scene), shows the new graph's
    /// title, and plays the show animation with its first frame when `animates`.
    func session(_ session: ChartSession, didReplace old: ChartInteraction, animates: Bool)

    /// What writing the chart to `path` would do to what is there, by the host's file policy:
    /// the save prompt asks twice before replacing a file and refuses what may not be replaced.
    func session(_ session: ChartSession, replacementAt path: String) -> SaveReplacement

    /// Writes the chart as shown (with its selection, without the help, the status line or
    /// the prompt) to `path`, in the format its extension names (one of
    /// `ChartSession.Options.saveExtensions`). Called once the host's picture shows the
    /// current state (`ChartSession.wantsSave`, `ChartSession.save()`).
    func session(_ session: ChartSession, save path: String) throws(SaveFailure)

    /// Puts `text` on the host's clipboard; returns how many of its bytes went there (fewer when
    /// the clipboard holds less; 0 when it could not be taken).
    func session(_ session: ChartSession, copy text: String) -> Int
}
