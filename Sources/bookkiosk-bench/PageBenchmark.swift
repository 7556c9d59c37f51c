import Foundation
import HTTPServer
import Language
import Lending
import LendingSQLite
import POSIX
import PageAssembly
import StaffPIN
import TeachersPage

/// The teachers' page under load: the real `TeachersPage` handler behind the real `HTTPDaemon`
/// on 127.0.0.1, with 5,000 Books, 200 Users, 2,000 open and 20,000 past Loans, a signed-in
/// teacher's session and `clients` threads opening 絵本, 貸出中 and a title search at once.
struct PageFigures {
    struct Page {
        var name: String
        /// The page's own time (its admission of the head, and its answer), on the daemon's threads.
        var server: Latencies
        /// The CPU time of the daemon's thread over the same span (microseconds): what the
        /// page's work costs, which the machine's load changes far less than the wall clock.
        var serverCPU: Latencies
        /// Request sent to last byte read, on one kept-alive loopback connection per client.
        var roundTrip: Latencies
        /// The same bytes served by the same daemon from memory, by as many clients, right after.
        var floor: Latencies
        /// The handler's time and the round trip with one client alone.
        var serverAlone: Latencies
        var roundTripAlone: Latencies
        var bytes: Int
    }

    var pages: [Page] = []
    var clients = 0
    /// The kiosk's scans with the page idle, and while the clients hammer it.
    var scansAlone = ScanPathFigures()
    var scansHammered = ScanPathFigures()
    /// Page requests answered while the hammered scans ran, and over how many seconds.
    var requestsDuringScans = 0
    var hammeredSeconds = 0.0
}

enum PageBenchmark {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    static let staff = "bench"
    /// Digits only, so `PINHash.make` hashes it as the page's passwords are hashed (yescrypt).
    static let password = "20261201"

    static let pages = [
        PageRequest(name: "絵本 /books", target: "/books", floorTarget: "/floor/0"),
        PageRequest(name: "貸出中 /loans", target: "/loans", floorTarget: "/floor/1"),
        PageRequest(name: "title search /books?q=", target: "/books?q=" + LoopbackClient.encoded("えほん 12"), floorTarget: "/floor/2"),
    ]

    /// The list pages alone (絵本, 貸出中).
    static var listPages: [PageRequest] { Array(pages.prefix(2)) }

    /// The bench's Staff account, with a PIN and a page password, in the library at `path`.
    static func addStaff(to path: String) throws {
        let repository = try SQLiteLendingRepository(path: path)
        let (pinHash, passwordHash) = (try PINHash.make("1234"), try PINHash.make(password))
        try repository.transaction { tx in
            try tx.save(StaffAccount(name: staff, pinHash: pinHash))
            guard try tx.setPasswordHash(passwordHash, staff: staff) else { throw Failure(description: "no Staff account \(staff)") }
        }
    }

    /// `pageNice`: the nice value the daemon's threads run at (0 as the service ships; 10 is
    /// what `Nice=10` in bookkiosk-web.service would give).
    /// `pageThreads`: the daemon's threads (as `bookkiosk serve` starts it unless told otherwise).
    static func run(folder: String, start: Date, clients: Int, rounds: Int, scanRounds: Int, pageNice: Int32 = 0,
                    pageThreads: Int = HTTPDaemonConfiguration.defaultThreadCount,
                    progress: (String) -> Void) throws -> PageFigures {
        let path = folder + "/page.sqlite"
        let dataSet = DataSet.page
        progress("page: generating \(dataSet.books) Books, \(dataSet.users) Users, \(dataSet.pastLoans) past and \(DataSet.pageOpenLoans) open Loans")
        try dataSet.generate(at: path, now: start, seed: 21)
        try dataSet.addOpenLoans(DataSet.pageOpenLoans, at: path, now: start, seed: 22)
        try addStaff(to: path)
        let repository = try SQLiteLendingRepository(path: path)

        // The page's clock stands at the data set's `start`, so its overdue marks match the data.
        let settings = PageSettings(language: .ja, policy: Policy(timeZone: TimeZone(identifier: "UTC")!), threads: pageThreads)
        let page = try PageAssembly(settings: settings, repository: repository, now: { start }).page
        let serverTimes = SharedLatencies()
        let serverCPUTimes = SharedLatencies()
        let floor = FloorResponses()
        let daemon = try HTTPDaemon(HTTPDaemonConfiguration(address: .loopback(port: 0), threadCount: pageThreads),
                                    responder: PageBenchResponder(page: page, floor: floor, pageNice: pageNice,
                                                                  serverTimes: serverTimes, serverCPUTimes: serverCPUTimes))
        defer { daemon.stop() }
        let port = daemon.address.port

        let session = try signIn(port: port)
        // The floor: each page's response value, made once by the page for this session.
        var sizes: [String: Int] = [:]
        for request in pages {
            let (path, query) = parsed(request.target)
            let response = page.handle(HTTPRequest(method: "GET", path: path, query: query,
                                                   cookies: [PageSecurity.cookieName: session.id]))
            guard response.status == 200 else { throw Failure(description: "\(request.target) answered \(response.status)") }
            floor.store(response, at: request.floorTarget)
            sizes[request.name] = response.body.count
        }

        progress("page: \(clients) clients, \(rounds) rounds of \(pages.count) pages, then the same from memory; then 1 client")
        _ = try PageLoad.measure(port: port, cookie: session.cookie, pages: pages, clients: clients, rounds: max(2, rounds / 10))
        _ = serverTimes.take()
        _ = serverCPUTimes.take()
        let roundTrips = try PageLoad.measure(port: port, cookie: session.cookie, pages: pages, clients: clients, rounds: rounds)
        let server = serverTimes.take()
        let serverCPU = serverCPUTimes.take()
        let floorTrips = try PageLoad.measure(port: port, cookie: session.cookie, pages: pages, floor: true, clients: clients, rounds: rounds)
        // One client alone: the page's own work, with nobody ahead of it at the repository.
        let alone = try PageLoad.measure(port: port, cookie: session.cookie, pages: pages, clients: 1, rounds: rounds)
        let serverAlone = serverTimes.take()
        var figures = PageFigures(clients: clients)
        for request in pages {
            figures.pages.append(PageFigures.Page(name: request.name, server: server[request.name] ?? Latencies(),
                                                  serverCPU: serverCPU[request.name] ?? Latencies(),
                                                  roundTrip: roundTrips[request.name] ?? Latencies(),
                                                  floor: floorTrips[request.name] ?? Latencies(),
                                                  serverAlone: serverAlone[request.name] ?? Latencies(),
                                                  roundTripAlone: alone[request.name] ?? Latencies(), bytes: sizes[request.name] ?? 0))
        }

        // The kiosk beside it: its own repository on the same file, as the kiosk process would have.
        guard scanRounds > 0 else { return figures }
        progress("page: \(scanRounds) kiosk scan rounds with the page idle, then with \(clients) clients hammering it")
        figures.scansAlone = try ScanPathBenchmark.run(databasePath: path, dataSet: .pageScanning, iterations: scanRounds,
                                                      warmUp: 20, start: start, seed: 31)
        let stop = StopFlag()
        let served = SharedLatencies()
        let failures = SharedFailures()
        let hammering = PageLoad.hammer(port: port, cookie: session.cookie, pages: pages, clients: clients, stop: stop,
                                        served: served, failures: failures)
        let (scans, seconds) = try timed {
            try ScanPathBenchmark.run(databasePath: path, dataSet: .pageScanning, iterations: scanRounds,
                                      warmUp: 20, start: start.addingTimeInterval(86_400), seed: 32)
        }
        stop.set()
        hammering.wait()
        if let failure = failures.first { throw Failure(description: "a client failed while the kiosk scanned: \(failure)") }
        figures.scansHammered = scans
        figures.requestsDuringScans = served.take().values.reduce(0) { $0 + $1.count }
        figures.hammeredSeconds = seconds
        return figures
    }

    /// The calling thread's CPU time in nanoseconds. Calls `clock_gettime(CLOCK_THREAD_CPUTIME_ID)`.
    static func threadCPUNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// The name a request is reported under: the page it opens.
    static func name(of request: HTTPRequest) -> String {
        pages.first { page in parsed(page.target) == (request.path, request.query) }?.name ?? request.path
    }

    /// A target's path and query parameters, decoded as the daemon decodes them.
    static func parsed(_ target: String) -> (String, [FormField]) {
        let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
        let query = (parts.count > 1 ? parts[1].split(separator: "&") : []).map { pair in
            let field = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
            return FormField(name: field[0], value: field.count > 1 ? field[1] : "")
        }
        return (parts[0], query)
    }

    /// Signs in as a browser does: the form (which starts a session for its token), then the
    /// POST; the new session's id and the `Cookie` header that carries it.
    static func signIn(port: UInt16) throws -> (id: String, cookie: String) {
        let client = LoopbackClient(port: port)
        let form = try client.get("/sign-in")
        guard let first = sessionID(form), let token = csrf(in: form.text) else {
            throw Failure(description: "the sign-in form set no session or carried no token (\(form.status))")
        }
        client.cookie = "\(PageSecurity.cookieName)=\(first)"
        let answer = try client.post("/sign-in", form: [("csrf", token), ("name", staff), ("password", password)])
        guard answer.status == 303, let id = sessionID(answer) else {
            throw Failure(description: "signing in answered \(answer.status): \(answer.text.prefix(300))")
        }
        return (id, "\(PageSecurity.cookieName)=\(id)")
    }

    static func sessionID(_ answer: LoopbackClient.Answer) -> String? {
        let cookies = (answer.headers["set-cookie"] ?? "").split(separator: "\n")
        let prefix = PageSecurity.cookieName + "="
        guard let cookie = cookies.first(where: { $0.hasPrefix(prefix) }) else { return nil }
        let value = cookie.dropFirst(prefix.count).prefix { $0 != ";" }
        return value.isEmpty ? nil : String(value)
    }

    /// The value of the form's hidden `csrf` field.
    static func csrf(in html: String) -> String? {
        guard let field = html.range(of: #"name="csrf""#) else { return nil }
        let tag = html[..<field.lowerBound].lastIndex(of: "<").map { html[$0...] } ?? html[field.lowerBound...]
        guard let end = tag.firstIndex(of: ">"), let value = tag[..<end].range(of: #"value=""#) else { return nil }
        return String(tag[value.upperBound...].prefix { $0 != "\"" })
    }
}
