import ChartCore
import Testing

@Suite("Line editor")
struct LineEditorTests {
    func edited(_ text: String, cursor: Int? = nil, _ edits: [LineEditor.Edit]) -> (String, Int) {
        var line = LineEditor(text, cursor: cursor)
        for edit in edits { line.apply(edit) }
        return (line.text, line.cursor)
    }

    @Test("Typing, deleting and moving, by character, word and line")
    func edits() {
        #expect(edited("chart.png", cursor: 5, [.deleteToStart, .insert("mine")]) == ("mine.png", 4))
        #expect(edited("chart.png", [.deleteBackward, .deleteBackward, .deleteBackward, .insert("svg")]) == ("chart.svg", 9))
        #expect(edited("a/b/chart.png", [.deleteWordBackward]) == ("a/b/chart.", 10))
        #expect(edited("a/b/chart.png", [.deleteWordBackward, .deleteWordBackward]) == ("a/b/", 4))
        #expect(edited("abc", [.moveToStart, .deleteForward, .moveToEnd, .insert("d")]) == ("bcd", 3))
        #expect(edited("abc", [.moveToStart, .moveRight, .deleteToEnd]) == ("a", 1))
        #expect(edited("one two", [.moveWordLeft, .insert("x")]) == ("one xtwo", 5))
        #expect(edited("one two", cursor: 0, [.moveWordRight]) == ("one two", 3))
        // At the ends, edits that have nothing to do do nothing.
        #expect(edited("", [.deleteBackward, .deleteForward, .moveLeft, .moveRight, .deleteWordBackward]) == ("", 0))
        #expect(edited("é气", [.moveLeft, .insert("ü")]) == ("éü气", 2))
        // Control characters are not typed.
        #expect(edited("a", [.insert("\tb\u{7f}\n")]) == ("ab", 2))
        #expect(LineEditor("abc", cursor: 99).cursor == 3)
    }
}
