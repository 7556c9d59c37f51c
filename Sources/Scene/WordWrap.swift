/// Lines broken only between words: the decision behind `TextRun.LineBreaks.betweenWords`,
/// pure, with the width of a piece of text as an argument (the painter measures with pango;
/// tests pass their own).
///
/// A word is a run of characters without a space (ASCII or ideographic) or a line feed; a line
/// feed always ends a line. Lines are filled greedily: a word goes on the current line if the
/// line, with it, fits the width; else it starts the next one. A word wider than the width
/// stands alone on its line (and is wider than the width: the caller shrinks the text).
public enum WordWrap {
    /// `text`'s lines at `width`, each the text of its words and the spaces between them (the
    /// spaces at a break are dropped). `measure` gives the width of a piece of text.
    public static func lines(of text: String, width: Double, measure: (Substring) -> Double) -> [Substring] {
        var lines: [Substring] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let words = self.words(of: paragraph)
            guard var start = words.first?.lowerBound else {
                lines.append(paragraph[paragraph.startIndex..<paragraph.startIndex])
                continue
            }
            var end = words[0].upperBound
            for word in words.dropFirst() {
                if measure(paragraph[start..<word.upperBound]) <= width {
                    end = word.upperBound
                } else {
                    lines.append(paragraph[start..<end])
                    start = word.lowerBound
                    end = word.upperBound
                }
            }
            lines.append(paragraph[start..<end])
        }
        return lines
    }

    /// The ranges of `text`'s words: its runs of characters between spaces.
    public static func words(of text: Substring) -> [Range<String.Index>] {
        var words: [Range<String.Index>] = []
        var start: String.Index?
        var index = text.startIndex
        while index < text.endIndex {
            if isSpace(text[index]) {
                if let wordStart = start { words.append(wordStart..<index) }
                start = nil
            } else if start == nil {
                start = index
            }
            index = text.index(after: index)
        }
        if let wordStart = start { words.append(wordStart..<text.endIndex) }
        return words
    }

    /// The words of `text`, every paragraph's in order: what its lines hold between them.
    public static func words(of text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).flatMap { paragraph in
            words(of: paragraph).map { paragraph[$0] }
        }
    }

    /// A space between words: ASCII or ideographic (全角).
    public static func isSpace(_ character: Character) -> Bool {
        character == " " || character == "\u{3000}"
    }
}
