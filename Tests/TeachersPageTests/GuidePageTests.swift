import Foundation
import HTTPServer
import Testing
@testable import TeachersPage

/// 「使い方」: the teachers' guide (docs/ja/teachers.md) served by the page itself, with its
/// screenshots, so it opens on a school network without the internet.
@Suite struct GuidePageTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func theMarkdownIsLaidOutAsThePagesOwnHTML() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("guide-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("ja"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: folder.appendingPathComponent("home.png"))
        let guide = TeachersGuide(markdown: """
            # 使い方

            ## はじめに：ページを開く
            一行目と
            二行目 **大事** `code` <script>

            1. ひとつめ
               つづき
            2. [ふたつめ](#はじめにページを開く)、[ほかの手引き](setup.md)

            | ボタン | できること |
            |---|---|
            | ホーム | 今日の数 |

            ![ホームの画面](../home.png)
            ![ない画面](../missing.png)
            """, folder: folder.appendingPathComponent("ja"))
        #expect(guide.title == "使い方")
        #expect(guide.pictures == ["home.png": folder.appendingPathComponent("home.png").standardizedFileURL])
        let html = HTML.document(.fragment(guide.content))
        #expect(html.contains("<h2 id=\"はじめにページを開く\">はじめに：ページを開く</h2>"))
        #expect(html.contains("<p>一行目と二行目 <strong>大事</strong> <code>code</code> &lt;script&gt;</p>"))
        #expect(html.contains("<ol><li>ひとつめつづき</li><li><a href=\"#はじめにページを開く\">ふたつめ</a>、ほかの手引き</li></ol>"))
        #expect(html.contains("<th scope=\"col\">ボタン</th>") && html.contains("<td>今日の数</td>") && !html.contains("---"))
        #expect(html.contains("<img src=\"/guide/home.png\" alt=\"ホームの画面\""))
        #expect(!html.contains("missing"))
    }

    @Test func theGuideIsFoundInTheCheckoutAndWhereThePackagePutsIt() throws {
        let program = Self.repository.appendingPathComponent(".build/debug/bookkiosk")
        let places = TeachersGuide.places(program: program)
        #expect(places.first?.path == "/usr/share/bookkiosk/guide")
        #expect(places.contains(Self.repository.appendingPathComponent("docs")))
        let guide = try #require(TeachersGuide.find(in: [Self.repository.appendingPathComponent("docs")]))
        #expect(guide.title == "先生のページの使い方")
        // Every picture the guide shows is there, and every link to one of its headings has it.
        let markdown = try String(contentsOf: Self.repository.appendingPathComponent("docs/ja/teachers.md"), encoding: .utf8)
        let shown = markdown.components(separatedBy: "\n").filter { $0.hasPrefix("![") }
        #expect(guide.pictures.count == shown.count && shown.count >= 5)
        let html = HTML.document(.fragment(guide.content))
        for piece in html.components(separatedBy: "href=\"#").dropFirst() {
            let anchor = String(piece.prefix { $0 != "\"" })
            #expect(html.contains("id=\"\(anchor)\""), "\(anchor)")
        }
    }

    @Test func theNavigationLeadsToTheGuideAndItsPicturesAreServed() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        #expect(browser.get("/guide").status == 303, "signed out: to the sign-in page")
        browser.signIn()
        let home = browser.get("/").text
        #expect(home.contains("<a href=\"/guide\">使い方</a>"))
        let page = browser.get("/guide")
        #expect(page.status == 200)
        #expect(page.text.contains("<a href=\"/guide\" aria-current=\"page\">使い方</a>"))
        #expect(page.text.contains("<h1>先生のページの使い方</h1>"))
        #expect(page.text.contains("まとめて登録"))
        let picture = browser.get("/guide/page-ja-1024x768-books-scan.png")
        #expect(picture.status == 200)
        #expect(picture.header("Content-Type") == "image/png")
        #expect(picture.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(browser.get("/guide/..%2F..%2Fetc%2Fpasswd").status == 404)
        #expect(browser.get("/guide/README.md").status == 404)
    }

    @Test func inEnglishThePageSaysTheGuideIsInJapanese() throws {
        let fixture = try PageFixture(language: .en)
        let browser = Browser(fixture)
        browser.signIn()
        let page = browser.get("/guide").text
        #expect(page.contains(">Guide</a>"))
        #expect(page.contains("written in Japanese"))
        #expect(page.contains("<section class=\"guide\" lang=\"ja\">"))
    }
}
