/// One thing the kiosk says, in clauses: the spoken text cut after each `、`, `。`, `！`, `？`
/// (and `,` `.` `!` `?` in English). Each clause is made and kept on its own, so a phrase the
/// kiosk always says (「ありがとう！」) is made once, and a child's name or a title only the
/// first time it is said.
public struct Utterance: Sendable, Hashable {
    /// The clauses, each ending with its punctuation, without the screen's 分かち書き spaces.
    public var clauses: [String]

    /// A clause longer than this many characters (a very long title) is cut.
    public static let longestClause = 48

    public init(clauses: [String]) {
        self.clauses = clauses
    }

    /// The whole text, as it is said.
    public var text: String { clauses.joined(separator: clauses.contains(where: Utterance.isLatin) ? " " : "") }

    /// `text` (a sentence as the screen writes it, with the spoken forms of names and dates)
    /// made ready for an engine: the screen's spaces between Japanese phrases dropped (an
    /// engine hears a space as a pause), quotation brackets dropped, cut into clauses, and
    /// each clause cut to `longestClause` characters.
    public init(speaking text: String) {
        var clauses: [String] = []
        var current = ""
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            if "「」『』“”\"".contains(character) { continue }
            if character == " " || character == "　" {
                let before = current.last
                let after = characters[(index + 1)...].first { $0 != " " && $0 != "　" && !"「」『』“”\"".contains($0) }
                // A space stays between two Latin words ("Very Hungry"); elsewhere it goes.
                if let before, let after, Utterance.isLatinLetter(before), Utterance.isLatinLetter(after) { current.append(" ") }
                continue
            }
            current.append(character)
            if Utterance.ends.contains(character) {
                let next = index + 1 < characters.count ? characters[index + 1] : " "
                // "3.5" and "e.g." are not the end of a clause; "。" always is.
                if Utterance.latinEnds.contains(character), next != " " { continue }
                clauses.append(current)
                current = ""
            }
        }
        if !current.isEmpty { clauses.append(current) }
        self.clauses = clauses.map(Utterance.cut).filter { clause in clause.contains { !Utterance.ends.contains($0) } }
    }

    static let ends: Set<Character> = ["、", "。", "！", "？", "，", "．", ",", ".", "!", "?"]
    static let latinEnds: Set<Character> = [",", ".", "!", "?"]

    static func isLatinLetter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber)
    }

    static func isLatin(_ clause: String) -> Bool {
        clause.contains(where: isLatinLetter)
    }

    /// A clause of at most `longestClause` characters, keeping its closing punctuation.
    static func cut(_ clause: String) -> String {
        guard clause.count > longestClause else { return clause }
        let end = clause.last.flatMap { ends.contains($0) ? String($0) : nil } ?? ""
        return String(clause.prefix(longestClause)) + end
    }
}
