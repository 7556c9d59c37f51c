import Lending
import Testing
@testable import TeachersPage

/// Every audit action of the kiosk, the page and the commands (one closed list,
/// `AuditAction.Kind`) has its own name in each language: a new action without words fails here
/// as well as in the compiler, and no reader shows a raw name such as `passwordSet`.
@Suite struct AuditWordsTests {
    @Test(arguments: AuditAction.Kind.allCases)
    func everyActionIsNamedInBothLanguages(_ kind: AuditAction.Kind) {
        let japanese = JapanesePageWords().auditAction(kind)
        let english = EnglishPageWords().auditAction(kind)
        #expect(!japanese.isEmpty && !english.isEmpty)
        #expect(japanese != kind.rawValue && english != kind.rawValue && japanese != english)
        // The Japanese name is Japanese (a name like 「CSV の取り込み」 may hold a Latin word).
        #expect(japanese.unicodeScalars.contains { $0.value >= 0x3000 }, "\(kind): \(japanese)")
    }

    @Test func noTwoActionsShareAName() {
        for words in [JapanesePageWords() as any PageWords, EnglishPageWords()] {
            let names = AuditAction.Kind.allCases.map(words.auditAction)
            #expect(Set(names).count == names.count, "\(names)")
        }
    }
}
