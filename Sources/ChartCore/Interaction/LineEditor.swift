/// A one-line text field's text and cursor, edited with the keys of a shell's line editor
/// (readline's defaults): a value, with no keys of its own, so that a window maps its keys to
/// `Edit`s and anything can test it. The cursor counts characters (grapheme clusters) from
/// the start, 0 to `text.count`.
public struct LineEditor: Hashable, Sendable {
    /// What a key asks of the line.
    public enum Edit: Hashable, Sendable {
        /// Type `text` at the cursor.
        case insert(String)
        /// The character before the cursor (Backspace), after it (Delete).
        case deleteBackward, deleteForward
        /// From the start to the cursor (Ctrl+U), from the cursor to the end (Ctrl+K).
        case deleteToStart, deleteToEnd
        /// The word before the cursor (Ctrl+W, Ctrl+Backspace): back over spaces and slashes,
        /// then over the word, so that a path loses one component at a time.
        case deleteWordBackward
        /// One character (←, →, Ctrl+B, Ctrl+F), a word (Ctrl+←, Ctrl+→), the line's ends
        /// (Home, End, Ctrl+A, Ctrl+E).
        case moveLeft, moveRight, moveWordLeft, moveWordRight, moveToStart, moveToEnd
    }

    /// What the line holds.
    public private(set) var text: String
    /// Characters before the cursor, from 0 to `text.count`.
    public private(set) var cursor: Int

    /// A line holding `text`, with the cursor at `cursor` (the end when nil).
    public init(_ text: String = "", cursor: Int? = nil) {
        self.text = text
        self.cursor = min(max(cursor ?? text.count, 0), text.count)
    }

    /// The text before the cursor.
    public var beforeCursor: Substring { text.prefix(cursor) }

    /// Does `edit`. O(length of the line).
    public mutating func apply(_ edit: Edit) {
        var characters = Array(text)
        switch edit {
        case .insert(let typed):
            // Control characters have no place in a file name or a line.
            let clean = typed.filter { !($0.asciiValue.map { $0 < 0x20 || $0 == 0x7f } ?? false) }
            characters.insert(contentsOf: clean, at: cursor)
            cursor += clean.count
        case .deleteBackward:
            guard cursor > 0 else { return }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .deleteForward:
            guard cursor < characters.count else { return }
            characters.remove(at: cursor)
        case .deleteToStart:
            characters.removeSubrange(0..<cursor)
            cursor = 0
        case .deleteToEnd:
            characters.removeSubrange(cursor...)
        case .deleteWordBackward:
            let start = Self.wordStart(before: cursor, in: characters)
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .moveLeft: cursor = max(0, cursor - 1)
        case .moveRight: cursor = min(characters.count, cursor + 1)
        case .moveWordLeft: cursor = Self.wordStart(before: cursor, in: characters)
        case .moveWordRight:
            var index = cursor
            while index < characters.count, Self.separates(characters[index]) { index += 1 }
            while index < characters.count, !Self.separates(characters[index]) { index += 1 }
            cursor = index
        case .moveToStart: cursor = 0
        case .moveToEnd: cursor = characters.count
        }
        text = String(characters)
    }

    /// Where the word before `index` starts: back over separators, then over the word.
    private static func wordStart(before index: Int, in characters: [Character]) -> Int {
        var start = index
        while start > 0, separates(characters[start - 1]) { start -= 1 }
        while start > 0, !separates(characters[start - 1]) { start -= 1 }
        return start
    }

    /// What ends a word: white space, a slash, a dot, a dash or an underscore (a file name's parts).
    private static func separates(_ character: Character) -> Bool {
        character.isWhitespace || "/._-".contains(character)
    }
}
