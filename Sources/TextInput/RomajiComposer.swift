/// Turns romaji letters into hiragana as they are typed, longest match first, with a
/// `RomajiTable`. A pure value: it holds only the letters that may still become kana.
///
/// `type` returns what is settled by the letter (kana, or letters no rule takes); the letters
/// that may still grow into a longer rule wait in `pending`: `k` waits for its vowel, `n`
/// waits because `na`…`no` and `nn` exist, and becomes ん when the next letter starts no rule
/// with it (`nk`) or at `settle()`. Letters are matched without regard to case.
public struct RomajiComposer: Sendable, Equatable {
    /// Letters typed that are not kana yet.
    public private(set) var pending = ""

    public init() {}

    public static func == (lhs: RomajiComposer, rhs: RomajiComposer) -> Bool {
        lhs.pending == rhs.pending
    }

    /// Types one character; returns the text it settles (often empty while a kana is half typed).
    public mutating func type(_ character: Character, table: RomajiTable = .standard) -> String {
        // Only ASCII letters have capitals that mean the same romaji.
        let letter = character.isASCII ? character.lowercased() : String(character)
        var settled = ""
        var candidate = pending + letter
        while true {
            if table.isPrefix(candidate) {
                pending = candidate
                return settled
            }
            if let rule = table.rule(for: candidate) {
                pending = rule.remainder
                return settled + rule.kana
            }
            if pending.isEmpty {
                // Nothing waits and no rule starts with this character: it stays itself.
                return settled + candidate
            }
            // The waiting letters cannot grow with this one: settle them (a rule's letters left
            // waiting, the `w` of `ww`, may still start a kana with it), then start again.
            settled += settleOnce(table: table)
            candidate = pending + letter
        }
    }

    /// Settles the waiting letters the way an input method does at Enter or a mode switch: a
    /// complete rule (a lone `n`) becomes its kana; other letters stay letters.
    public mutating func settle(table: RomajiTable = .standard) -> String {
        var settled = ""
        while !pending.isEmpty { settled += settleOnce(table: table) }
        return settled
    }

    /// One step of settling: the rule the waiting letters make becomes its kana and leaves
    /// its letters waiting (every rule leaves fewer than it takes); letters no rule takes
    /// stay letters.
    private mutating func settleOnce(table: RomajiTable) -> String {
        guard let rule = table.rule(for: pending) else {
            defer { pending = "" }
            return pending
        }
        pending = rule.remainder
        return rule.kana
    }

    /// Takes the last waiting letter off; false when none was waiting.
    public mutating func deleteLast() -> Bool {
        guard !pending.isEmpty else { return false }
        pending.removeLast()
        return true
    }
}
