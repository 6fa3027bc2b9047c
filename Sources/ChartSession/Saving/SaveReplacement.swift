/// What saving to a path would do to what is there, as the host's file writer decides
/// (`ChartSessionHost.session(_:replacementAt:)`): the save prompt asks twice before it
/// replaces a file, and refuses at once what may not be replaced.
public enum SaveReplacement: Equatable, Sendable {
    /// Nothing is there: a file is created.
    case createsFile
    /// A file is there (or a symbolic link's target): it is replaced.
    case replacesFile
    /// What is there may not be replaced; `reason` completes a sentence that starts with the
    /// answer ("is read-only; choose another output or make it writable").
    case refused(reason: String)
}
