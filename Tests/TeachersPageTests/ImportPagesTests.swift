import CatalogIO
import Foundation
import HTTPServer
import Lending
import Testing
@testable import TeachersPage

/// 取り込み: preview first, nothing written; then all or nothing, exactly what was shown.
@Suite struct ImportPagesTests {
    static let users = "card,name,reading,class\nU001,はなこ,ハナコ,もも組\n,じろう,じろう,もも組\nU009,さくら,さくら,ばら組\n"

    func csv(_ text: String) -> UploadedFile {
        UploadedFile(field: "csv", fileName: "users.csv", contentType: "text/csv", data: Array(text.utf8))
    }

    @Test func aPreviewShowsEveryChangeAndWritesNothing() throws {
        let fixture = try PageFixture()
        let preview = try CatalogImport(kind: .users).preview(Self.users, in: fixture.repository)
        #expect(preview.added.map(\.line) == [3, 4])
        #expect(preview.updated.map(\.key) == ["U001"])
        #expect(preview.createdClasses == ["もも組", "ばら組"])
        #expect(preview.numbered.map(\.line) == [3])
        #expect(preview.problems.isEmpty)
        #expect(try fixture.repository.transaction { try $0.classes() }.isEmpty)
        #expect(try fixture.repository.transaction { try $0.user(card: "U009") } == nil)
    }

    @Test func uploadPreviewThenImport() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        browser.signIn()
        #expect(browser.get("/import").text.contains("enctype=\"multipart/form-data\""))
        let preview = browser.post("/import", [("kind", "users")], files: [csv(Self.users)])
        #expect(preview.status == 200)
        #expect(preview.text.contains("追加 2 件、更新 1 件"))
        #expect(preview.text.contains("ばら組"))
        #expect(preview.text.contains("取り込む"))
        #expect(try fixture.repository.transaction { try $0.user(card: "U009") } == nil)

        let applied = browser.post("/import/apply")
        #expect(applied.status == 303)
        #expect(browser.get("/import").text.contains("取り込みました(追加 2 件、更新 1 件)"))
        #expect(try fixture.repository.transaction { try $0.user(card: "U009") }?.className == "ばら組")
        #expect(try fixture.repository.transaction { try $0.user(card: "U001") }?.reading == "はなこ")
        #expect(try fixture.audit().contains { $0.action.kind == .imported && $0.staff == "佐藤" })
        // The file is used up.
        #expect(browser.post("/import/apply").status == 303)
        #expect(browser.get("/import").text.contains("取り込む CSV がありません"))
    }

    @Test func problemsAreShownByLineAndNothingCanBeImported() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        browser.signIn()
        let bad = "card,name,limit\nU010,,\nU011,ゆき,many\n"
        let preview = browser.post("/import", [("kind", "users")], files: [csv(bad)])
        // In the page's language, each with its line.
        #expect(preview.text.contains("2行目: 利用者 U010 に名前がありません"))
        #expect(preview.text.contains("3行目: 貸出上限「many」"))
        #expect(!preview.text.contains("action=\"/import/apply\""))
        #expect(browser.post("/import/apply").status == 400)
        #expect(try fixture.repository.transaction { try $0.allUsers().count } == 2)
    }

    @Test func aLibraryChangedAfterThePreviewIsShownAgainNotImported() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        browser.signIn()
        browser.post("/import", [("kind", "users")], files: [csv(Self.users)])
        try fixture.repository.transaction { try $0.save(User(card: "U009", name: "さくら(先に登録)")) }
        let applied = browser.post("/import/apply")
        #expect(applied.status == 409)
        #expect(applied.text.contains("確認のあとで図書の記録が変わった"))
        #expect(applied.text.contains("追加 1 件、更新 2 件"))
        #expect(try fixture.repository.transaction { try $0.user(card: "U009") }?.name == "さくら(先に登録)")
        #expect(browser.post("/import/apply").status == 303)
        #expect(try fixture.repository.transaction { try $0.user(card: "U009") }?.name == "さくら")
    }

    @Test func aFileThatIsNeitherUTF8NorShiftJISIsRefused() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        browser.signIn()
        let binary = UploadedFile(field: "csv", fileName: "users.csv", contentType: "text/csv", data: [0x63, 0x61, 0x72, 0x64, 0x0A, 0xFF, 0xFE])
        let response = browser.post("/import", [("kind", "users")], files: [binary])
        #expect(response.status == 400)
        #expect(response.text.contains("CSV UTF-8"))
        #expect(browser.post("/import", [("kind", "users")], csrf: .some("wrong"), files: [csv(Self.users)]).status == 403)
    }

    /// ひよこ組 (1) with はなこ in it; the file, in Shift_JIS with the page's Japanese headers,
    /// moves はなこ to うさぎ組 and names ひよこぐみ for a new child.
    @Test func aShiftJISFileIsPreviewedWithOldAndNewValuesAndATypo() throws {
        let fixture = try PageFixture()
        try fixture.repository.transaction { tx in
            try tx.save(SchoolClass(name: "ひよこ組", grade: 1))
            try tx.save(SchoolClass(name: "うさぎ組", grade: 2))
            try tx.save(User(card: "U001", name: "はなこ", className: "ひよこ組"))
        }
        let browser = Browser(fixture)
        browser.signIn()
        // カード番号,名前,組 / U001,はなこ,うさぎ組 / U002,たろう,ひよこぐみ in CP932.
        let text = "カード番号,名前,組\r\nU001,はなこ,うさぎ組\r\nU002,たろう,ひよこぐみ\r\n"
        let bytes = try #require(text.data(using: .shiftJIS))
        #expect(String(data: bytes, encoding: .utf8) == nil)
        let preview = browser.post("/import", [("kind", "users")], files: [UploadedFile(field: "csv", fileName: "users.csv", contentType: "text/csv", data: Array(bytes))])
        #expect(preview.status == 200)
        #expect(preview.text.contains("Shift_JIS"))
        #expect(preview.text.contains("<del>ひよこ組</del> → <ins>うさぎ組</ins>"))
        #expect(preview.text.contains("3行目: 組「ひよこぐみ」はありませんが「ひよこ組」があります"))
        #expect(!preview.text.contains("action=\"/import/apply\""))
    }

    /// A value that was empty before is named, not left blank: 「貸出上限: ルールどおり → 3」,
    /// 「組: なし → うさぎ組」 (an empty limit is the rules' limit).
    @Test func anEmptyValueIsNamedInThePreview() throws {
        let fixture = try PageFixture()
        try fixture.repository.transaction { tx in
            try tx.save(SchoolClass(name: "うさぎ組", grade: 2))
            try tx.save(User(card: "U001", name: "はなこ"))
        }
        let browser = Browser(fixture)
        browser.signIn()
        let preview = browser.post("/import", [("kind", "users")], files: [csv("card,name,class,limit\nU001,はなこ,うさぎ組,3\n")])
        #expect(preview.status == 200)
        #expect(preview.text.contains("<del>ルールどおり</del> → <ins>3</ins>"))
        #expect(preview.text.contains("<del>なし</del> → <ins>うさぎ組</ins>"))
        #expect(!preview.text.contains("<del></del>"))
    }
}

/// A users file without cards, imported twice on the page: the second preview shows updates,
/// not new children, and a name two children share is shown as a warning.
@Suite struct ImportPagesCardlessTests {
    static let users = "名前,よみがな,組\n伊藤 蓮,いとう れん,ほし組\n佐藤 ゆい,さとう ゆい,ほし組\n"

    @Test func theSecondImportOfAFileWithoutCardsUpdatesTheChildren() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        browser.signIn()
        let file = UploadedFile(field: "csv", fileName: "users.csv", contentType: "text/csv", data: Array(Self.users.utf8))
        #expect(browser.post("/import", [("kind", "users")], files: [file]).text.contains("追加 2 件、更新 0 件"))
        #expect(browser.post("/import/apply").status == 303)
        let again = browser.post("/import", [("kind", "users")], files: [file])
        #expect(again.text.contains("追加 0 件、更新 2 件"), "\(again.text)")
        #expect(browser.post("/import/apply").status == 303)
        #expect(try fixture.repository.transaction { try $0.allUsers() }.filter { $0.className == "ほし組" }.count == 2)

        try fixture.repository.transaction { try $0.save(User(card: "10000099", name: "伊藤蓮", className: "ほし組")) }
        let ambiguous = browser.post("/import", [("kind", "users")], files: [file])
        #expect(ambiguous.text.contains("追加 0 件、更新 1 件"), "\(ambiguous.text)")
        #expect(ambiguous.text.contains("図書館には同じ名前の利用者が 2 人います"), "\(ambiguous.text)")
    }
}
