import Foundation
import HTTPServer
import Language
import Lending
import LendingSQLite
import PageAssembly
@testable import ScenePainter
import StaffPIN
import Testing
@testable import TeachersPage

/// 「表紙の写真」 on a Book's page: a photo from the iPad's camera (or a PC's file) kept upright
/// and small in the library, shown on the page at once; a file that is not a picture refused
/// beside the form, in the page's language; a 12 MB phone photo through the real daemon.
@Suite("Cover photos on the page")
struct CoverPhotoPagesTests {
    static let red: UInt32 = 0xE0_10_10, blue: UInt32 = 0x10_20_E0

    /// What an iPad's camera sends: 40×20 stored, red on the left, EXIF orientation 6 (upright
    /// it is 20×40, red on top).
    static func cameraPhoto() throws -> [UInt8] {
        var values = [UInt32](repeating: 0, count: 40 * 20)
        for y in 0..<20 { for x in 0..<40 { values[y * 40 + x] = x < 20 ? red : blue } }
        let jpeg = try #require(CoverPhoto.encodeJPEG(CoverPixels(width: 40, height: 20, values: values)))
        let tiff: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0]
        let body = Array("Exif".utf8) + [0, 0] + tiff
        return Array(jpeg[0..<2]) + [0xFF, 0xE1, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body + Array(jpeg[2...])
    }

    static func isClose(_ pixel: (red: Int, green: Int, blue: Int), to color: UInt32) -> Bool {
        abs(pixel.red - Int(color >> 16 & 0xFF)) <= 40 && abs(pixel.green - Int(color >> 8 & 0xFF)) <= 40 && abs(pixel.blue - Int(color & 0xFF)) <= 40
    }

    @Test func aBooksPageOffersTheCameraInAFormThatNeedsNoJavaScript() throws {
        let browser = Browser(try PageFixture())
        browser.signIn()
        let page = browser.get("/books/B001").text
        #expect(page.contains("<section id=\"cover-photo\" aria-label=\"表紙の写真\"><h2>表紙の写真</h2>"))
        #expect(page.contains("<form method=\"post\" action=\"/books/B001/cover\" enctype=\"multipart/form-data\""))
        #expect(page.contains("<input type=\"file\" name=\"photo\" id=\"field-cover-photo\" accept=\"image/*\" capture=\"environment\" required>"))
        // No photo yet, no covers folder: no cover shown.
        #expect(!page.contains("/covers/B001"))
    }

    @Test func aPhotoTurnedByItsEXIFIsKeptUprightShownAtOnceAndRecorded() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        browser.signIn()
        browser.get("/books/B001")
        let photo = try Self.cameraPhoto()
        let saved = browser.post("/books/B001/cover", files: [UploadedFile(field: "photo", fileName: "IMG_0001.JPG", contentType: "image/jpeg", data: photo)])
        #expect(saved.status == 303 && saved.header("Location") == "/books/B001#cover-photo")
        let page = browser.get("/books/B001").text
        #expect(page.contains("「ぐりとぐら」の表紙の写真を保存しました(20×40 ピクセル)。"))
        let stamp = Int64((PageFixture.start.timeIntervalSince1970 * 1000).rounded())
        #expect(page.contains("<img src=\"/covers/B001?v=\(stamp)\" alt=\"表紙\" class=\"cover-large\""))
        #expect(browser.get("/books").text.contains("<img src=\"/covers/B001?v=\(stamp)\""))

        let cover = browser.get("/covers/B001?v=\(stamp)")
        #expect(cover.status == 200 && cover.header("Content-Type") == "image/jpeg")
        let kept = try #require(CoverPhoto.decode(cover.body))
        #expect(kept.width == 20 && kept.height == 40)
        #expect(Self.isClose(kept.pixel(x: 10, y: 4), to: Self.red) && Self.isClose(kept.pixel(x: 10, y: 35), to: Self.blue))
        #expect(try fixture.repository.transaction { try $0.cover(barcode: "B001") }?.image == cover.body)

        let entry = try #require(try fixture.audit().last)
        #expect(entry.staff == "佐藤")
        #expect(entry.action == .savedCoverPhoto(book: AuditedBook(barcode: "B001", title: "ぐりとぐら"), width: 20, height: 40))

        // A newer photo is a new address: the page shows it at once, no cache in the way.
        fixture.clock.advance(60)
        browser.get("/books/B001")
        browser.post("/books/B001/cover", files: [UploadedFile(field: "photo", fileName: "IMG_0002.JPG", contentType: "image/jpeg", data: photo)])
        #expect(browser.get("/books/B001").text.contains("/covers/B001?v=\(stamp + 60_000)"))
    }

    @Test(arguments: [(Language.ja, "「notes.txt」は写真ではないので保存できません。JPEG か PNG の画像を選ぶか、カメラで撮ってください。"),
                      (.en, "“notes.txt” is not a photo, so it was not saved. Choose a JPEG or PNG picture, or take one with the camera.")])
    func aFileThatIsNotAPictureIsRefusedBesideTheForm(language: Language, message: String) throws {
        let fixture = try PageFixture(language: language)
        let browser = Browser(fixture)
        browser.signIn()
        browser.get("/books/B001")
        let before = try fixture.audit().count
        let refused = browser.post("/books/B001/cover", files: [UploadedFile(field: "photo", fileName: "notes.txt", contentType: "text/plain",
                                                                             data: Array("ぐりとぐら、2冊目\n".utf8))])
        #expect(refused.header("Location") == "/books/B001#cover-photo")
        let page = browser.get("/books/B001").text
        // Inside the cover photo's section, after its heading: where the teacher acted.
        let section = try #require(page.range(of: "<section id=\"cover-photo\""))
        let said = try #require(page.range(of: message))
        #expect(said.lowerBound > section.upperBound)
        #expect(try fixture.repository.transaction { try $0.cover(barcode: "B001") } == nil)
        #expect(try fixture.audit().count == before)
        #expect(browser.get("/covers/B001").status == 404)
    }

    @Test func noFileChosenIsSaidBesideTheForm() throws {
        let browser = Browser(try PageFixture())
        browser.signIn()
        browser.get("/books/B001")
        browser.post("/books/B001/cover")
        #expect(browser.get("/books/B001").text.contains("写真を撮るか、画像のファイルを選んでください。"))
    }

    @Test func theCoversFolderWinsWhereItHasAFile() throws {
        try PageFixture.withCoversFolder { fixture, png in
            let browser = Browser(fixture)
            browser.signIn()
            browser.get("/books/B001")
            browser.post("/books/B001/cover", files: [UploadedFile(field: "photo", fileName: "a.jpg", contentType: "image/jpeg", data: try Self.cameraPhoto())])
            let page = browser.get("/books/B001").text
            #expect(page.contains("表紙のフォルダーにこの絵本の画像があるので、そちらが表示されます。"))
            #expect(page.contains("<img src=\"/covers/B001\" alt=\"表紙\""))
            #expect(browser.get("/covers/B001").body == png)
            // The photo is kept all the same (another kiosk may have no folder).
            #expect(try fixture.repository.transaction { try $0.cover(barcode: "B001") } != nil)
        }
    }

    @Test func onlyASignedInSessionMaySendAPhotosWorthOfBody() throws {
        let fixture = try PageFixture()
        let browser = Browser(fixture)
        browser.signIn()
        var head = HTTPRequest(method: "POST", path: "/books/B001/cover", query: [])
        #expect(fixture.page.bodyLimit(for: head) == HTTPDaemonConfiguration.smallBodySize)
        head.cookies["bookkiosk_session"] = browser.cookie
        #expect(fixture.page.bodyLimit(for: head) == HTTPDaemonConfiguration.defaultMaximumBodySize)
        #expect(HTTPDaemonConfiguration.defaultMaximumBodySize > 12 * 1024 * 1024 + 64 * 1024)
    }

    static let curl = "/usr/bin/curl"

    /// A 12 MB phone photo through the real daemon (libmicrohttpd) and curl, as an iPad's
    /// Safari sends it: signed in, the form's token, a multipart body. The photo is a real JPEG of
    /// 4032×3024 made here, brought to a phone's 12 MB by APP15 segments (a camera's maker notes
    /// and previews do the same), which the decoder skips.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: curl)))
    func aTwelveMegabytePhoneSizedPhotoUploadsThroughTheDaemon() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cover-upload-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let repository = try SQLiteLendingRepository(path: folder + "/library.sqlite")
        try repository.transaction { tx in
            try tx.save(StaffAccount(name: "佐藤", pinHash: PageFixture.passwordHash))
            _ = try tx.setPasswordHash(PageFixture.passwordHash, staff: "佐藤")
            try tx.save(Book(barcode: "B001", title: "ぐりとぐら"))
        }
        let assembly = try PageAssembly(settings: PageSettings(libraryName: "ひまわり文庫", covers: "/nonexistent", listen: .loopback(port: 0),
                                                               threads: 2, drawsQRCode: false),
                                        repository: repository)
        let daemon = try assembly.listen()
        defer { daemon.stop() }
        let base = "http://127.0.0.1:\(daemon.address.port)"

        let width = 4032, height = 3024
        let row = (0..<width).map { $0 < width / 2 ? Self.red : Self.blue }
        var values = [UInt32]()
        values.reserveCapacity(width * height)
        for _ in 0..<height { values.append(contentsOf: row) }
        let jpeg = try #require(CoverPhoto.encodeJPEG(CoverPixels(width: width, height: height, values: values), quality: 90))
        var padding: [UInt8] = []
        let segment = [UInt8](repeating: 0x5A, count: 65_533)
        while jpeg.count + padding.count < 12 * 1024 * 1024 { padding += [0xFF, 0xEF, 0xFF, 0xFF] + segment }
        let photo = Array(jpeg[0..<2]) + padding + Array(jpeg[2...])
        #expect(photo.count >= 12 * 1024 * 1024)
        try Data(photo).write(to: URL(fileURLWithPath: folder + "/IMG_0001.JPG"))

        func curl(_ arguments: [String]) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Self.curl)
            process.arguments = ["--silent", "--show-error", "--max-time", "60", "--cookie", folder + "/cookies", "--cookie-jar", folder + "/cookies",
                                 "-H", "Origin: \(base)"] + arguments
            let output = Pipe()
            process.standardOutput = output
            try process.run()
            let data = output.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
        let signInForm = try curl([base + "/sign-in"])
        let signInToken = try #require(Browser.token(in: signInForm))
        _ = try curl(["--data-urlencode", "name=佐藤", "--data-urlencode", "password=\(PageFixture.password)", "--data-urlencode", "csrf=\(signInToken)",
                      base + "/sign-in"])
        let bookPage = try curl([base + "/books/B001"])
        let token = try #require(Browser.token(in: bookPage))
        let status = try curl(["--output", "/dev/null", "--write-out", "%{http_code}", "-F", "csrf=\(token)",
                               "-F", "photo=@\(folder)/IMG_0001.JPG;type=image/jpeg", base + "/books/B001/cover"])
        #expect(status == "303")
        let cover = try #require(try repository.transaction { try $0.cover(barcode: "B001") })
        let kept = try #require(CoverPhoto.decode(cover.image))
        #expect(kept.width == 800 && kept.height == 600)
        #expect(Self.isClose(kept.pixel(x: 100, y: 300), to: Self.red) && Self.isClose(kept.pixel(x: 700, y: 300), to: Self.blue))
        #expect(try curl([base + "/books/B001"]).contains("「ぐりとぐら」の表紙の写真を保存しました(800×600 ピクセル)。"))
    }
}
