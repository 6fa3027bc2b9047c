import ChartData

/// One command-line option, declared once (`CommandOption+Table.swift`): its name and aliases,
/// the value it takes and how that is read, its help, how a shell completes its value, and
/// where the value goes (a field of `Options`, or a key of the chart spec the data flags
/// describe, `Options.spec`). The table drives parsing (`Options.parse`), `--help`
/// (`HelpText`), `--values` (`valueLists`) and the completion scripts (`CompletionScript`), in
/// the manner of swift-argument-parser's `@Option` and `@Flag`.
struct CommandOption: Sendable {
    /// Where the help lists an option.
    enum Section: Sendable {
        /// "Data:": what is charted and how it is read.
        case data
        /// "Options:": what is done with the chart.
        case options
    }

    /// The name, as the help and messages write it ("--kind").
    let name: String
    /// Other spellings the parser takes ("-o" for "--output").
    let aliases: [String]
    /// The value's name in the help ("KIND", "COL[,COL…]"); nil for a switch, which takes none.
    let valueName: String?
    /// The help's description, its lines as the help shows them (continuation lines without
    /// their indent); nil for an option listed on the line of the one before it, sharing its
    /// description (`--open COLUMN, --high COLUMN, …`). Made when the help is written, so that
    /// a description may name any other option (`--output`'s names `--format`, and back).
    var help: String? { describe() }
    private let describe: @Sendable () -> String?
    /// A few words for a shell's menu ("the chart kind").
    let summary: String
    /// How a shell completes the value.
    let completion: ValueCompletion
    /// The values the option takes, when it takes one of a closed set (kinds, themes): what
    /// `--values NAME` prints; nil for any other.
    let choices: [String]?
    let section: Section
    /// Whether the help, `--values flag` and the completion leave the option out (a tool's
    /// option, like swift-argument-parser's hidden `--generate-completion-script`).
    let isHidden: Bool
    /// Whether the option may be given more than once, each value adding to a list (`--chart`).
    var isRepeatable = false
    /// Reads the value (nil for a switch) into the options; `spelling` is the name or alias
    /// written, for messages.
    let apply: @Sendable (_ options: inout Options, _ value: String?, _ spelling: String) throws(CommandError) -> Void

    /// An option of the given parts (the factories below make them).
    init(
        name: String, aliases: [String], valueName: String?, help: @escaping @Sendable () -> String?, summary: String,
        completion: ValueCompletion, choices: [String]?, section: Section, isHidden: Bool,
        apply: @escaping @Sendable (_ options: inout Options, _ value: String?, _ spelling: String) throws(CommandError) -> Void
    ) {
        self.name = name
        self.aliases = aliases
        self.valueName = valueName
        describe = help
        self.summary = summary
        self.completion = completion
        self.choices = choices
        self.section = section
        self.isHidden = isHidden
        self.apply = apply
    }

    /// Every spelling the parser takes.
    var spellings: [String] { [name] + aliases }

    /// The option as the help's first column writes it: "--kind KIND", "--density".
    var synopsis: String { valueName.map { name + " " + $0 } ?? name }

    /// The name without its dashes ("color-map"): the list `--values` prints its choices under.
    var bareName: String { String(name.drop { $0 == "-" }) }
}

extension CommandOption {
    /// A switch that stores `value` at `key` of the options.
    static func flag<Value: Sendable>(
        _ name: String, aliases: [String] = [], sets key: WritableKeyPath<Options, Value> & Sendable, to value: Value,
        section: Section, help: @autoclosure @escaping @Sendable () -> String, summary: String
    ) -> CommandOption {
        CommandOption(
            name: name, aliases: aliases, valueName: nil, help: { help() }, summary: summary, completion: .none, choices: nil,
            section: section, isHidden: false
        ) { options, _, _ in options[keyPath: key] = value }
    }

    /// A switch of the chart the data flags describe: stores `true` at `key` of `Options.spec`.
    static func flag(
        _ name: String, setsSpec key: WritableKeyPath<ChartSpec, Bool?> & Sendable, help: @autoclosure @escaping @Sendable () -> String,
        summary: String
    ) -> CommandOption {
        CommandOption(
            name: name, aliases: [], valueName: nil, help: { help() }, summary: summary, completion: .none, choices: nil,
            section: .data, isHidden: false
        ) { options, _, _ in options.edit { $0[keyPath: key] = true } }
    }

    /// An option whose value, read by `value`, is stored at `key` of the options.
    static func option<Value>(
        _ name: String, _ valueName: String, aliases: [String] = [], value: OptionValue<Value>,
        into key: WritableKeyPath<Options, Value> & Sendable, section: Section, help: @autoclosure @escaping @Sendable () -> String?, summary: String,
        completion: ValueCompletion, isHidden: Bool = false
    ) -> CommandOption {
        CommandOption(
            name: name, aliases: aliases, valueName: valueName, help: help, summary: summary, completion: completion,
            choices: value.choices, section: section, isHidden: isHidden
        ) { (options, text, spelling) throws(CommandError) in
            options[keyPath: key] = try value.read(text ?? "", spelling)
        }
    }

    /// An option whose value, read by `value`, is stored at `key` of the options, which is nil
    /// until it is given.
    static func option<Value>(
        _ name: String, _ valueName: String, aliases: [String] = [], value: OptionValue<Value>,
        into key: WritableKeyPath<Options, Value?> & Sendable, section: Section, help: @autoclosure @escaping @Sendable () -> String?, summary: String,
        completion: ValueCompletion, isHidden: Bool = false
    ) -> CommandOption {
        let optional = OptionValue<Value?>(choices: value.choices) { (text, spelling) throws(CommandError) in try value.read(text, spelling) }
        return option(
            name, valueName, aliases: aliases, value: optional, into: key, section: section, help: help(), summary: summary,
            completion: completion, isHidden: isHidden)
    }

    /// An option that may be given more than once: each value, read by `value`, is appended to
    /// the list at `key` of the options.
    static func option<Value>(
        _ name: String, _ valueName: String, value: OptionValue<Value>, appendingTo key: WritableKeyPath<Options, [Value]> & Sendable,
        section: Section, help: @autoclosure @escaping @Sendable () -> String?, summary: String, completion: ValueCompletion
    ) -> CommandOption {
        var option = CommandOption(
            name: name, aliases: [], valueName: valueName, help: help, summary: summary, completion: completion,
            choices: value.choices, section: section, isHidden: false
        ) { (options, text, spelling) throws(CommandError) in
            options[keyPath: key].append(try value.read(text ?? "", spelling))
        }
        option.isRepeatable = true
        return option
    }

    /// A data option: its value, read by `value`, set on the chart the data flags describe
    /// (`Options.spec`) by `set` (`spec[keyPath:]` for a key of the spec).
    static func spec<Value: Sendable>(
        _ name: String, _ valueName: String, value: OptionValue<Value>, help: @autoclosure @escaping @Sendable () -> String?, summary: String,
        completion: ValueCompletion, set: @escaping @Sendable (inout ChartSpec, Value) -> Void
    ) -> CommandOption {
        CommandOption(
            name: name, aliases: [], valueName: valueName, help: help, summary: summary, completion: completion,
            choices: value.choices, section: .data, isHidden: false
        ) { (options, text, spelling) throws(CommandError) in
            let read = try value.read(text ?? "", spelling)
            options.edit { set(&$0, read) }
        }
    }

    /// A data option whose value, read by `value`, is stored at `key` of the chart spec.
    static func spec<Value: Sendable>(
        _ name: String, _ valueName: String, value: OptionValue<Value>, key: WritableKeyPath<ChartSpec, Value?> & Sendable,
        help: @autoclosure @escaping @Sendable () -> String?, summary: String, completion: ValueCompletion
    ) -> CommandOption {
        spec(name, valueName, value: value, help: help(), summary: summary, completion: completion) { $0[keyPath: key] = $1 }
    }
}

extension Options {
    /// Makes `edit` on the chart the data flags describe, and keeps it for a spec file's charts.
    mutating func edit(_ edit: @escaping @Sendable (inout ChartSpec) -> Void) {
        edit(&spec)
        specEdits.append(edit)
    }
}
