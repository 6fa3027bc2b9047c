/// How a shell completes an option's value (`CompletionScript` writes it into the bash and zsh
/// scripts): from where the candidates come, and what zsh's menu calls the value.
struct ValueCompletion: Sendable, Equatable {
    /// Where the candidates come from.
    enum Source: Sendable, Equatable {
        /// None: a value only the user knows (a query, a column, a title, a number).
        case nothing
        /// The option's own `choices`, asked of the binary at completion time
        /// (`chartview --values NAME`), so that no script keeps a copy.
        case choices
        /// The lists `--values` prints (`CommandOption.valueLists`' names).
        case valueLists
        /// The charts of the data file typed so far (`chartview FILE --list`).
        case charts
        /// Files with one of these extensions (any case), and folders.
        case files([String])
        /// These words.
        case suggestions([String])
    }

    let source: Source
    /// What zsh's menu calls the value ("column", "SQL"); empty for a switch.
    let title: String

    /// A switch's: no value.
    static let none = ValueCompletion(source: .nothing, title: "")
    /// A column's name.
    static let column = ValueCompletion(source: .nothing, title: "column")
    /// A query.
    static let sql = ValueCompletion(source: .nothing, title: "SQL")

    /// A value the shell does not complete, called `title`.
    static func text(_ title: String) -> ValueCompletion { ValueCompletion(source: .nothing, title: title) }

    /// The option's choices, asked of the binary.
    static func choices(_ title: String) -> ValueCompletion { ValueCompletion(source: .choices, title: title) }

    /// Files with these extensions, and folders.
    static func files(_ extensions: [String]) -> ValueCompletion { ValueCompletion(source: .files(extensions), title: "file") }
}
