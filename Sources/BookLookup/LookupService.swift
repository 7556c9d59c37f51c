import Foundation
import Lending

/// Where found records are kept between lookups (the library's database; defined here, beside
/// the lookup that uses it). Not `Sendable`: used on the thread that looks up.
public protocol LookupCache: AnyObject {
    /// The record kept for this ISBN-13, if any.
    func cachedRecord(isbn: String) throws -> BookRecord?
    /// Keeps a record found now (replacing an older one for its ISBN).
    func keep(_ record: BookRecord) throws
}

/// The clock a lookup waits by: real time at run time; tests that need no pause set it to 0.
public protocol LookupClock: Sendable {
    func now() -> Date
    /// Waits out the polite pause before a request to a service.
    func pause(seconds: Double)
}

/// The system's clock.
public struct SystemLookupClock: LookupClock {
    public init() {}
    public func now() -> Date { Date() }
    public func pause(seconds: Double) { if seconds > 0 { Thread.sleep(forTimeInterval: seconds) } }
}

/// Looks ISBNs up at NDL Search, then openBD, over HTTP (libcurl). Safe to share between
/// threads: each service has one line, and at most one request is on a line at a time, a
/// polite pause apart, resting after a busy answer or a failed connection (`ServiceSchedule`).
/// It never touches a repository: callers look in the cache, and keep what is found, in
/// transactions of their own, never around a lookup.
public final class LookupService: Sendable {
    public let settings: LookupSettings
    private let clock: any LookupClock
    private let lines: [BookService: ServiceLine]

    public init(settings: LookupSettings, clock: any LookupClock = SystemLookupClock()) {
        self.settings = settings
        self.clock = clock
        var schedule = ServiceSchedule()
        schedule.pause = settings.pauseSeconds
        lines = Dictionary(uniqueKeysWithValues: BookService.allCases.map { ($0, ServiceLine(schedule: schedule)) })
    }

    /// Asks every service (the NDL first, then openBD) and settles on one record: the NDL's when
    /// it has one (with openBD's as `differing` when its title is another), else openBD's.
    public func lookUp(_ isbn: ISBN) -> LookupAnswer {
        var records: [BookService: BookRecord] = [:]
        var faults: [ServiceFaultAt] = []
        var notFoundAt: [BookService] = []
        for service in BookService.allCases {
            switch ask(service, about: isbn) {
            case .success(.found(let record)): records[service] = record
            case .success(.notFound): notFoundAt.append(service)
            case .success(.unreadable(let detail)): faults.append(ServiceFaultAt(service: service, fault: .unreadable(detail)))
            case .failure(let fault): faults.append(ServiceFaultAt(service: service, fault: fault))
            }
        }
        return LookupService.settle(records, faults: faults, notFoundAt: notFoundAt, isbn: isbn)
    }

    /// The answer made of what each service said (pure).
    static func settle(_ records: [BookService: BookRecord], faults: [ServiceFaultAt], notFoundAt: [BookService], isbn: ISBN) -> LookupAnswer {
        if var ndl = records[.ndl] {
            let other = records[.openBD]
            let agree = other.map { TitleComparison.same($0.title, ndl.title) } ?? true
            if agree, ndl.reading == nil, let reading = other?.reading { ndl.reading = reading }
            return .found(ndl, origin: .service(.ndl), differing: agree ? nil : other)
        }
        if let openBD = records[.openBD] {
            return .found(openBD, origin: .service(.openBD), differing: nil)
        }
        if faults.isEmpty { return .notFound(.notFound(isbn: isbn.digits)) }
        return .notFound(.unanswered(isbn: isbn.digits, faults: faults, notFoundAt: notFoundAt))
    }

    /// One service's answer for one ISBN: a reading of its body, or why there is none.
    public func ask(_ service: BookService, about isbn: ISBN) -> Result<SourceReading, ServiceFault> {
        let url = service.url(for: isbn, base: service.base(in: settings))
        return lines[service]!.send(url, settings: settings, clock: clock).map { body in
            service.read(body, isbn: isbn, at: clock.now())
        }
    }

    /// Whether a service answers now: one small request (the lookup of a well-known ISBN), for
    /// `doctor`. Returns how long it took in seconds.
    public func probe(_ service: BookService) -> Result<Double, ServiceFault> {
        let started = clock.now()
        switch ask(service, about: LookupService.probeISBN) {
        case .success(.unreadable(let detail)): return .failure(.unreadable(detail))
        case .success: return .success(clock.now().timeIntervalSince(started))
        case .failure(let fault): return .failure(fault)
        }
    }

    /// ぐりとぐら (福音館書店), in every catalogue.
    static let probeISBN = try! ISBN("9784834000825")
}

extension LookupService {
    /// An ISBN as typed or scanned, looked up in `cache` first, then (when lookups are on) at the
    /// services; a record found at a service is kept in `cache`. A cache that cannot be read or
    /// written costs only its use: the lookup goes on without it.
    public static func lookUp(_ text: String, service: LookupService?, cache: (any LookupCache)?) -> LookupAnswer {
        let isbn: ISBN
        do {
            isbn = try ISBN(text)
        } catch {
            return .notFound(.invalidISBN(error))
        }
        if let cached = ((try? cache?.cachedRecord(isbn: isbn.digits)) as BookRecord??) ?? nil {
            return .found(cached, origin: .cache, differing: nil)
        }
        guard let service else { return .notFound(.lookupsOff(isbn: isbn.digits)) }
        let answer = service.lookUp(isbn)
        if let record = answer.record { try? cache?.keep(record) }
        return answer
    }
}

/// One service's line: its schedule and its libcurl handle, behind one lock held for the whole
/// request, so at most one request to the service is under way at a time.
private final class ServiceLine: @unchecked Sendable {
    private let lock = NSLock()
    private var schedule: ServiceSchedule
    private var session: CurlSession?

    init(schedule: ServiceSchedule) {
        self.schedule = schedule
    }

    /// Waits for the schedule's pause, sends, and records how it ended. The body of a 2xx answer,
    /// or why there is none.
    func send(_ url: String, settings: LookupSettings, clock: any LookupClock) -> Result<Data, ServiceFault> {
        lock.lock()
        defer { lock.unlock() }
        switch schedule.admission(at: clock.now()) {
        case .resting(let until, let reason):
            return .failure(.resting(until: until, reason: reason))
        case .sendAfter(let seconds):
            clock.pause(seconds: seconds)
        case .sendNow:
            break
        }
        let session = self.session ?? CurlSession()
        self.session = session
        let result = session.get(url, userAgent: settings.userAgent, timeoutSeconds: settings.timeoutSeconds)
        let now = clock.now()
        switch result {
        case .failure(let failure):
            // A handle that failed may hold a broken connection: the next request starts afresh.
            self.session = nil
            schedule.finished(at: now, .unreachable(failure))
            return .failure(.transfer(failure))
        case .success(let reply) where reply.status == 429 || (500...599).contains(reply.status):
            schedule.finished(at: now, .busy(status: reply.status, retryAfter: reply.retryAfterSeconds))
            return .failure(.busy(status: reply.status))
        case .success(let reply):
            schedule.finished(at: now, .answered)
            return (200...299).contains(reply.status) ? .success(reply.body) : .failure(.status(reply.status))
        }
    }
}

/// Whether two titles name the same book: equal once spaces, width and case are set aside.
enum TitleComparison {
    static func same(_ a: String, _ b: String) -> Bool {
        key(a) == key(b)
    }

    static func key(_ title: String) -> String {
        title.precomposedStringWithCompatibilityMapping.lowercased().filter { !$0.isWhitespace }
    }
}
