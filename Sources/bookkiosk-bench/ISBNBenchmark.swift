import BookLookup
import Foundation
import HTTPServer
import Lending
import LendingSQLite
import LookupReplay
import POSIX
import PageAssembly
import TeachersPage

/// Books by their ISBN, against the recorded NDL Search and openBD answers served on
/// 127.0.0.1 (`LookupReplay`, `Tests/lookup-fixtures`); never the network.
struct ISBNFigures {
    /// まとめて登録: `POST /books/scan` with the answer in the library's lookup cache, the page
    /// handler's own time (request value in, response value out), microseconds.
    var register = Latencies()
    /// The same requests, sent to last byte read on one kept-alive loopback connection.
    var registerRoundTrip = Latencies()
    /// One lookup at the services (the NDL, then openBD, no cache), wall time, microseconds.
    var lookup = Latencies()
    /// The same less the time the replay server spent making its answers: libcurl, loopback
    /// HTTP, XML and JSON reading, the settling, microseconds.
    var overhead = Latencies()
    var books = 0
}

enum ISBNBenchmark {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// The recorded ISBNs (four found, at the NDL or openBD) and one neither has.
    static let recorded = ["9784839931995", "9784344018471", "9784122017955", "9784780802047"]
    static let unknown = "9784834000825"

    /// `Tests/lookup-fixtures` of the checkout this bench was built from.
    static var fixtures: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Tests/lookup-fixtures")
    }

    static func run(folder: String, start: Date, registrations: Int, lookups: Int, progress: (String) -> Void) throws -> ISBNFigures {
        guard FileManager.default.fileExists(atPath: fixtures.appendingPathComponent("README.md").path) else {
            throw Failure(description: "no recorded answers at \(fixtures.path): run the bench from the checkout it was built in")
        }
        let replay = try ReplayServer(recordings: fixtures)
        defer { replay.stop() }
        var settings = LookupSettings()
        settings.ndlSearch = replay.url
        settings.openBD = replay.url
        // The polite pause between two requests to one service is a wait on purpose, not the
        // lookup's cost: left out here.
        settings.pauseSeconds = 0
        settings.userAgent = LookupSettings.userAgent(version: "bench")
        let service = LookupService(settings: settings)
        var figures = ISBNFigures()

        progress("isbn: \(lookups) lookups at the replay server (NDL, then openBD; no cache)")
        let asked = (recorded + [unknown]).map { try! ISBN($0) }
        for round in -10..<lookups {
            let isbn = asked[(round + 10) % asked.count]
            let answeredBefore = replay.answerSeconds
            let before = monotonicNanoseconds()
            let answer = service.lookUp(isbn)
            let spent = microseconds(from: before, to: monotonicNanoseconds())
            if isbn.digits != unknown, answer.record == nil { throw Failure(description: "\(isbn.digits) was not found at the replay server: \(answer)") }
            guard round >= 0 else { continue }
            figures.lookup.add(spent)
            figures.overhead.add(spent - (replay.answerSeconds - answeredBefore) * 1e6)
        }

        let path = folder + "/isbn.sqlite"
        let dataSet = DataSet.page
        progress("isbn: generating \(dataSet.books) Books, \(dataSet.users) Users for まとめて登録")
        try dataSet.generate(at: path, now: start, seed: 61)
        try PageBenchmark.addStaff(to: path)
        figures.books = dataSet.books
        let repository = try SQLiteLendingRepository(path: path)
        let pageSettings = PageSettings(language: .ja, policy: Policy(timeZone: TimeZone(identifier: "UTC")!), lookup: service)
        let page = try PageAssembly(settings: pageSettings, repository: repository, now: { start }).page
        let serverTimes = SharedLatencies()
        let daemon = try HTTPDaemon(HTTPDaemonConfiguration(address: .loopback(port: 0))) { request in
            let before = monotonicNanoseconds()
            let response = page.handle(request)
            if request.method == "POST", request.path == "/books/scan" {
                serverTimes.add("register", microseconds(from: before, to: monotonicNanoseconds()))
            }
            return response
        }
        defer { daemon.stop() }
        let session = try PageBenchmark.signIn(port: daemon.address.port)
        let client = LoopbackClient(port: daemon.address.port)
        client.cookie = session.cookie
        let form = try client.get("/books/scan")
        guard form.status == 200, let token = PageBenchmark.csrf(in: form.text) else {
            throw Failure(description: "まとめて登録 answered \(form.status) without a form")
        }
        func register(_ isbn: String) throws -> Double {
            let before = monotonicNanoseconds()
            let answer = try client.post("/books/scan", form: [("csrf", token), ("isbn", isbn), ("barcode", "")])
            guard answer.status == 303 else { throw Failure(description: "registering \(isbn) answered \(answer.status): \(answer.text.prefix(300))") }
            return microseconds(from: before, to: monotonicNanoseconds())
        }
        // Each recorded ISBN once, so its answer is in the cache; then warm-up rounds.
        for isbn in recorded { _ = try register(isbn) }
        for round in 0..<20 { _ = try register(recorded[round % recorded.count]) }
        _ = serverTimes.take()
        progress("isbn: \(registrations) copies registered through まとめて登録, answers in the cache, on \(dataSet.books) Books")
        for round in 0..<registrations {
            figures.registerRoundTrip.add(try register(recorded[round % recorded.count]))
        }
        figures.register = serverTimes.take()["register"] ?? Latencies()
        let added = try repository.transaction { try $0.allBooks().count } - dataSet.books
        guard added == recorded.count + 20 + registrations else {
            throw Failure(description: "\(added) copies were registered, not \(recorded.count + 20 + registrations)")
        }
        return figures
    }
}
