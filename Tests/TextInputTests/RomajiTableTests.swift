import Foundation
import Testing
import TextInput

/// The composer against every row of Google Mozc's romaji table (`mozc/romanji-hiragana.tsv`,
/// vendored with its licence): the letters of a row, typed from nothing, give the row's kana
/// and leave the row's waiting letters; and every rule of ours is one of mozc's.
@Suite struct RomajiTableTests {
    /// One row of mozc's table: letters, kana, and the letters left waiting (`kk` → っ, `k`).
    struct Row: Sendable, CustomTestStringConvertible {
        var letters: String
        var kana: String
        var waiting: String
        var testDescription: String { "\(letters) → \(kana)\(waiting.isEmpty ? "" : " + \(waiting)")" }
    }

    static let mozcRows: [Row] = {
        guard let url = Bundle.module.url(forResource: "romanji-hiragana", withExtension: "tsv", subdirectory: "mozc"),
              let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return Row(letters: fields[0], kana: fields.count > 1 ? fields[1] : "", waiting: fields.count > 2 ? fields[2] : "")
        }
    }()

    /// Rows whose letters begin a longer row: the composer waits for the next letter, as mozc
    /// does, so they give their kana only when settled (Enter, a mode switch) or when the next
    /// letter starts no longer row. These are the only rows left different on purpose, and only
    /// in when their kana appear: `n` (`na`, `nn`, `n'`, `nya`…) and `ww` (`www`).
    static func isPrefixOfAnotherRow(_ row: Row) -> Bool {
        mozcRows.contains { $0.letters != row.letters && $0.letters.hasPrefix(row.letters) }
    }

    @Test func theTableIsThere() {
        // 323 rows at the vendored commit; a much shorter table means the resource is missing.
        #expect(Self.mozcRows.count > 300)
    }

    @Test(arguments: mozcRows)
    func everyRowOfMozcGivesItsKana(row: Row) {
        var composer = RomajiComposer()
        var settled = ""
        for letter in row.letters { settled += composer.type(letter) }
        if Self.isPrefixOfAnotherRow(row) {
            #expect(settled == "")
            #expect(composer.pending == row.letters)
            // Settled, the row's kana, then its waiting letters as letters (`ww` → っw).
            #expect(composer.settle() == row.kana + row.waiting)
        } else {
            #expect(settled == row.kana)
            #expect(composer.pending == row.waiting)
        }
    }

    @Test func everyRuleOfOursIsOneOfMozcs() {
        let mozc = Dictionary(Self.mozcRows.map { ($0.letters, RomajiTable.Rule(kana: $0.kana, remainder: $0.waiting)) },
                              uniquingKeysWith: { first, _ in first })
        for (letters, rule) in RomajiTable.standard.rules.sorted(by: { $0.key < $1.key }) {
            #expect(mozc[letters] == rule, "\(letters) → \(rule.kana) is not mozc's")
        }
        #expect(RomajiTable.standard.rules.count == mozc.count)
    }

    @Test(arguments: [("matcha", "まっちゃ"), ("kwu", "くぅ"), ("gwe", "ぐぇ"), ("swi", "すぃ"), ("zwo", "ずぉ"), ("tchi", "っち"),
                            ("wwa", "っわ"), ("wwwa", "wっわ"), ("ww", "っw")])
    func hepburnAndLoanwordSpellingsMissingBefore(romaji: String, kana: String) {
        #expect(Typing.committed(romaji) == kana)
    }
}
