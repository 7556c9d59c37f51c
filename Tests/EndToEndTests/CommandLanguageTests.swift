import Foundation
import Testing
@testable import CommandCore
@testable import CatalogIO
import BookLookup

/// The commands speak the configuration's language: Japanese with "ja" (the default), English
/// with "en", from per-language types the compiler checks.
@Suite("commands in the configured language")
struct CommandLanguageTests {
    func run(_ arguments: [String], language: String, in folder: TemporaryFolder) throws -> BookKioskBinary.Result {
        let config = try folder.write("config-\(language).json", #"{"timeZone": "UTC", "language": "\#(language)"}"#)
        return try BookKioskBinary.run(arguments + ["--db", folder.path("library.sqlite"), "--config", config], in: folder.url)
    }

    @Test("classes, export, backup, restore and report overdue answer in Japanese and in English")
    func bothLanguages() throws {
        let folder = try TemporaryFolder()
        #expect(try run(["classes"], language: "ja", in: folder).output.contains("組はまだありません"))
        #expect(try run(["classes"], language: "en", in: folder).output.contains("There are no classes yet"))
        #expect(try run(["classes", "add", "ひよこ組", "--grade", "1"], language: "ja", in: folder).output.contains("組「ひよこ組」を作りました(学年 1)"))
        #expect(try run(["classes"], language: "ja", in: folder).output.contains("ひよこ組\t学年 1\t利用者 0 人"))
        #expect(try run(["export", "users"], language: "ja", in: folder).output.hasPrefix("\u{FEFF}カード番号,名前,よみがな,組,貸出上限,利用中\n"))
        #expect(try run(["export", "users"], language: "en", in: folder).output.hasPrefix("\u{FEFF}card,name,reading,class,limit,active\n"))
        #expect(try run(["report", "overdue", "--now", "2026-12-01T09:00:00Z"], language: "ja", in: folder).output
            .contains("2026-12-01 に返却期限を過ぎた貸出はありません。"))
        let restore = try run(["restore", folder.path("nowhere.sqlite")], language: "ja", in: folder)
        #expect(restore.status == 1)
        #expect(restore.errors.contains("ファイル \(folder.path("nowhere.sqlite")) はありません"), "\(restore.errors)")
        let usage = try run(["print"], language: "ja", in: folder)
        #expect(usage.status == 2)
        #expect(usage.errors.contains("何を印刷するか書いてください"), "\(usage.errors)")
    }

    @Test("every language has every word: the import's problems are worded in each, none left empty")
    func everyProblemInEveryLanguage() {
        let problems: [ImportProblem.Reason] = [
            .syntax(.unclosedQuote), .emptyFile(.users), .missingColumns([.name], kind: .users), .tooManyFields(count: 3, header: 2),
            .repeated(key: "C1", firstLine: 2, kind: .users), .missingName(key: "", kind: .books),
            .invalidISBN(.checkDigit("9784834000826", expected: "5")), .invalidISBN(.length(5, in: "12345")), .missingTitleOrISBNColumn,
            .untitledWithoutLookup(isbn: "9784834000825"), .titleNotFound(.notFound(isbn: "9784834000825")),
            .titleNotFound(.unanswered(isbn: "9784834000825", faults: [ServiceFaultAt(service: .ndl, fault: .busy(status: 503))], notFoundAt: [.openBD])),
            .invalidStatus("x"), .invalidReading("漢", kind: .users), .invalidLimit("x"), .invalidActive("x"),
            .conflict(.cardIsABook("B1")), .probableTypo(written: "ひよこぐみ", meant: "ひよこ組"),
        ]
        for words in [JapaneseCatalogWords() as any CatalogWords, EnglishCatalogWords()] {
            for reason in problems {
                let text = words.problem(ImportProblem(line: 4, reason))
                #expect(text.count > 10)
                #expect(text.hasPrefix(words.line(4)))
            }
            for column in CatalogColumn.allCases { #expect(!words.header(column).isEmpty) }
        }
        #expect(JapaneseCommandWords().nothingChanged != EnglishCommandWords().nothingChanged)
        // A lookup's problem in Japanese names the services in Japanese and says what to do.
        let unanswered = JapaneseCatalogWords().problem(ImportProblem(line: 3, .titleNotFound(
            .unanswered(isbn: "9784834000825", faults: [ServiceFaultAt(service: .ndl, fault: .busy(status: 503))], notFoundAt: [.openBD]))))
        #expect(unanswered == "3行目: ISBN 9784834000825 を調べられませんでした(国立国会図書館: 混んでいるか止まっています(HTTP 503)、openBD にはありません)。書名を書くか、あとでもう一度取り込んでください")
        // Out of reach, in the page's words, with no English nested in it.
        let offline = JapaneseCatalogWords().problem(ImportProblem(line: 3, .titleNotFound(
            .unanswered(isbn: "9784834000825", faults: [ServiceFaultAt(service: .ndl, fault: .transfer(.couldNotConnect("Failed to connect to ndlsearch.ndl.go.jp port 443")))],
                        notFoundAt: [.openBD]))))
        #expect(offline == "3行目: ISBN 9784834000825 を調べられませんでした(国立国会図書館: インターネットにつながっていないようです、openBD にはありません)。書名を書くか、あとでもう一度取り込んでください")
    }
}
