import Foundation
import Language
import Printing
import HTTPServer
import Lending
import StaffPIN
import PageAssembly
@testable import TeachersPage

/// A clock tests move by hand.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var time: Date

    init(_ time: Date) {
        self.time = time
    }

    var now: Date {
        lock.lock()
        defer { lock.unlock() }
        return time
    }

    func advance(_ seconds: Double) {
        lock.lock()
        time = time.addingTimeInterval(seconds)
        lock.unlock()
    }
}

/// A small library in memory, its page, and a browser's cookie jar.
struct PageFixture {
    /// Runs `body` with a fixture whose covers come from a folder of their own (removed after)
    /// by barcode, where B001 has a PNG (its bytes the second argument) and no other Book has one.
    static func withCoversFolder(_ body: (PageFixture, [UInt8]) throws -> Void) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("covers-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 1, 2, 3]
        try Data(png).write(to: folder.appendingPathComponent("B001.png"))
        let path = folder.path
        let fixture = try PageFixture(cover: { book in
            let file = (path as NSString).appendingPathComponent(book.barcode + ".png")
            return FileManager.default.fileExists(atPath: file) ? file : nil
        })
        try body(fixture, png)
    }

    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    /// 2026-11-24 10:00 in Tokyo, a Tuesday.
    static let start = Date(timeIntervalSince1970: 1_795_482_000)
    static let password = "12345678"
    /// One hash for every fixture: yescrypt is slow on purpose.
    static let passwordHash = try! PagePassword.make(password)

    let repository: any LendingRepository
    let clock = TestClock(PageFixture.start)
    let page: TeachersPage
    var policy: Policy

    init(language: Language = .ja, sessionMinutes: Int = 30, cover: (@Sendable (Book) -> String?)? = nil,
         qrCode: (@Sendable (String) -> String?)? = nil, repository: any LendingRepository = InMemoryLendingRepository(),
         storage: LibraryStorage? = nil, lookup: (any ISBNLookup)? = nil, sheets: [Sheet] = Sheet.builtIn,
         libraryOptions: String = "") throws {
        self.repository = repository
        policy = Policy(timeZone: PageFixture.tokyo)
        let clock = self.clock
        // Assembled as `serve` assembles it; a test's own covers, QR code or storage in its place.
        let settings = PageSettings(language: language, policy: policy, libraryName: "ひまわり文庫", sessionMinutes: sessionMinutes,
                                    covers: "/nonexistent", sheets: sheets, drawsQRCode: false, lookup: lookup)
        page = try PageAssembly(settings: settings, repository: repository, now: { clock.now }) { setup in
            if let cover { setup.cover = cover }
            setup.qrCode = qrCode
            if let storage { setup.storage = storage }
            setup.libraryOptions = libraryOptions
        }.page
        try repository.transaction { tx in
            try tx.save(StaffAccount(name: "佐藤", pinHash: PageFixture.passwordHash))
            _ = try tx.setPasswordHash(PageFixture.passwordHash, staff: "佐藤")
            try tx.save(StaffAccount(name: "田中", pinHash: PageFixture.passwordHash))
            _ = try tx.setPasswordHash(PageFixture.passwordHash, staff: "田中")
            try tx.save(Book(barcode: "B001", title: "ぐりとぐら", author: "なかがわりえこ", isbn: "9784834000825"))
            try tx.save(Book(barcode: "B002", title: "はらぺこあおむし", author: "エリック・カール"))
            try tx.save(Book(barcode: "B003", title: "<img src=x onerror=alert(1)>"))
            try tx.save(User(card: "U001", name: "はなこ"))
            try tx.save(User(card: "U002", name: "たろう"))
        }
    }

    /// Lends `book` to `user` directly in the store, `daysAgo` days before now, due as the Policy says.
    @discardableResult
    func lend(_ book: String, to user: String, daysAgo: Int = 0) throws -> Loan {
        let at = clock.now.addingTimeInterval(-Double(daysAgo) * 86_400)
        return try repository.transaction { try $0.addLoan(book: book, user: user, lentAt: at, due: policy.dueDate(lentAt: at), overrideBy: nil) }
    }

    func audit() throws -> [AuditEntry] {
        try repository.transaction { try $0.auditEntries() }
    }
}

/// A browser: keeps the session cookie and the last CSRF token it saw. Used by one thread at a time.
final class Browser: @unchecked Sendable {
    let fixture: PageFixture
    var cookie: String?
    var csrf: String?
    var host = "kiosk.local:8080"

    init(_ fixture: PageFixture) {
        self.fixture = fixture
    }

    @discardableResult
    func get(_ target: String) -> HTTPResponse {
        send(HTTPRequest(method: "GET", path: "", query: []), target: target)
    }

    /// A POST with the page's token unless `csrf` is given, and an `Origin` of this host unless `origin` is given.
    @discardableResult
    func post(_ target: String, _ fields: [(String, String)] = [], csrf: String?? = nil, origin: String?? = nil,
              files: [UploadedFile] = []) -> HTTPResponse {
        var form = fields.map { FormField(name: $0.0, value: $0.1) }
        if let token = csrf ?? self.csrf { form.append(FormField(name: "csrf", value: token)) }
        var request = HTTPRequest(method: "POST", path: "", form: form, files: files)
        if let value = origin ?? "http://\(host)" { request.headers["origin"] = value }
        return send(request, target: target)
    }

    private func send(_ base: HTTPRequest, target: String) -> HTTPResponse {
        var request = base
        let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
        request.path = parts[0].removingPercentEncoding ?? parts[0]
        if parts.count > 1 {
            request.query = parts[1].split(separator: "&").map { pair in
                let kv = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
                return FormField(name: kv[0], value: kv.count > 1 ? kv[1] : "")
            }
        }
        request.headers["host"] = host
        if let cookie { request.cookies["bookkiosk_session"] = cookie }
        let response = fixture.page.handle(request)
        for header in response.headers(named: "Set-Cookie") {
            let value = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            cookie = value.count > 1 && !value[1].isEmpty ? String(value[1]) : nil
        }
        if let token = Browser.token(in: response.text) { csrf = token }
        return response
    }

    /// Opens the sign-in page and signs in.
    @discardableResult
    func signIn(_ name: String = "佐藤", password: String = PageFixture.password) -> HTTPResponse {
        get("/sign-in")
        let response = post("/sign-in", [("name", name), ("password", password)])
        // A browser follows the redirect, which gives it the new session's token.
        if response.status == 303 { get(response.header("Location") ?? "/") }
        return response
    }

    static func token(in html: String) -> String? {
        guard let range = html.range(of: "name=\"csrf\" value=\"") else { return nil }
        return String(html[range.upperBound...].prefix { $0 != "\"" })
    }
}

extension HTTPResponse {
    var text: String { String(decoding: body, as: UTF8.self) }
}
