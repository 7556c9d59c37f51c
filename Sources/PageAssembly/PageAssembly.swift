#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Covers
import Foundation
import HTTPServer
import Lending
import LendingPostgres
import LendingSQLite
import QRCode
import TeachersPage

/// The one place the teachers' page is put together (STYLE.md, "One composition root"), as
/// `KioskAssembly` is the kiosk's: from settings and an opened library, the library's rules
/// seeded, a pool of connections for reads side by side, covers, the QR code, backup and
/// restore as a value, and the daemon with the page's refusals. `serve`, `bookkiosk-bench` and
/// the page's tests all build the page here, so what is measured and tested is what ships.
public final class PageAssembly: Sendable {
    public let settings: PageSettings
    /// The library's connections: one per daemon thread at most.
    public let store: RepositoryPool
    public let page: TeachersPage

    /// Assembles the page on `repository`, opened (and its schema brought up to date) by the
    /// caller. A SQLite file or a PostgreSQL server gets more connections like it, as requests
    /// need them; any other store (in memory) is shared as one.
    /// - Parameters:
    ///   - now: the page's clock (tests move their own).
    ///   - adjusting: a last change to what the page is given (a test's own covers or QR code).
    public init(settings: PageSettings, repository: any LendingRepository, publicAddresses: [String] = [],
                now: @escaping @Sendable () -> Date = { Date() }, adjusting: (inout TeachersPage.Setup) -> Void = { _ in }) throws {
        self.settings = settings
        _ = try LibraryRules.seeded(LibraryRules(settings.policy, libraryName: settings.libraryName), in: repository)
        let connections = max(1, settings.threads)
        let storage: LibraryStorage
        switch repository {
        case let sqlite as SQLiteLendingRepository:
            let path = sqlite.path, busyTimeout = settings.busyTimeout
            store = RepositoryPool(first: sqlite, capacity: connections) { try SQLiteLendingRepository(path: path, busyTimeout: busyTimeout) }
            storage = .file(.sqlite(path: path))
        case let postgres as PostgresLendingRepository:
            let url = postgres.url
            store = RepositoryPool(first: postgres, capacity: connections) { try PostgresLendingRepository(url: url) }
            storage = .postgres(url: url.redacted.replacingOccurrences(of: ":***@", with: "@"))
        default:
            store = RepositoryPool(sharing: repository)
            storage = .elsewhere
        }
        let covers = BookCovers(folderPath: settings.covers)
        let qrCode: (@Sendable (String) -> String?)? = settings.drawsQRCode ? Self.qrCode : nil
        var setup = TeachersPage.Setup(
            language: settings.language, policy: settings.policy, libraryName: settings.libraryName,
            sessionMinutes: settings.sessionMinutes,
            cover: covers.folderFile(for:),
            qrCode: qrCode, publicAddresses: publicAddresses)
        setup.storage = storage
        setup.sheets = settings.sheets
        setup.cardNumbering = settings.cardNumbering
        setup.bookNumbering = settings.bookNumbering
        setup.lookup = settings.lookup
        // The running program as the kernel names it (argv[0] is only "bookkiosk" when found on the PATH).
        let program = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        setup.guide = TeachersGuide.find(in: TeachersGuide.places(program: URL(fileURLWithPath: program).standardizedFileURL))
        adjusting(&setup)
        page = TeachersPage(store: store, setup: setup, now: now)
    }

    /// The SVG of the QR code of `text` (the page's address), nil when it cannot be made.
    @Sendable static func qrCode(_ text: String) -> String? {
        try? QRCode(text: text).svg()
    }

    /// The addresses other devices can open the page at, for `settings.listen` (none for port 0,
    /// which is only known once listening).
    public static func publicAddresses(_ settings: PageSettings) -> [String] {
        settings.listen.port == 0 ? [] : settings.listen.reachableURLs(secure: settings.tls != nil, interfaces: InterfaceAddress.current())
    }

    /// The daemon answering with the page on `settings.listen`: as many threads as the store
    /// has connections, and the daemon's own refusals with the page's security headers.
    /// Each request's route and session are resolved once, at its head (`PageAdmission`), which
    /// lets large bodies go only to signed-in uploads; a `Host` that names neither this computer
    /// nor `settings.hostNames` is refused.
    public func listen() throws(HTTPDaemonError) -> HTTPDaemon {
        let page = self.page
        let hosts = HostCheck(names: settings.hostNames)
        let listening = HostCheck.normalized(settings.listen.host)
        let ownAddresses = OwnAddresses()
        return try HTTPDaemon(HTTPDaemonConfiguration(
            address: settings.listen, tls: settings.tls,
            acceptsHost: { header in hosts.accepts(header) { $0 == listening || ownAddresses.contains($0) } },
            threadCount: max(1, settings.threads),
            refusalResponse: { PageSecurity.secured(HTTPRefusal.plainTextResponse($0)) }),
            responder: page)
    }
}

extension LibraryBackup {
    /// Backup and restore of the SQLite library at `path`, each on the connection of the page's
    /// pool it is given (a connection opened and closed beside the pool's could, closing, take
    /// itself for the file's last and remove its shared memory under the others).
    public static func sqlite(path: String) -> LibraryBackup {
        LibraryBackup(
            copy: { repository, destination in try sqlite(repository).backup(to: destination) },
            snapshot: { repository in try sqlite(repository).snapshot() },
            inspect: { file in try SQLiteLendingRepository.snapshot(ofBackupAt: file) },
            restore: { repository, file, time in
                // The copy of the library as it was gets a name no other restore has taken.
                switch try sqlite(repository).restore(fromBackupAt: file, at: time) {
                case .done(let result): .done((result.snapshot, result.keptAt))
                case .refused(let refusal): .refused(refusal)
                }
            })
    }

    private static func sqlite(_ repository: any LendingRepository) throws -> SQLiteLendingRepository {
        guard let sqlite = repository as? SQLiteLendingRepository else { throw NotSQLite() }
        return sqlite
    }
}

/// The page's library was assembled as a SQLite file, but a connection it was given is another store.
struct NotSQLite: Error, CustomStringConvertible {
    var description: String { "the page's library is not a SQLite file, though it was assembled as one" }
}

/// SIGINT and SIGTERM, taken by one thread with `sigwait` so a server stops in order: blocked
/// here before any other thread starts (threads inherit the mask), so none of them is
/// interrupted; SIGPIPE ignored (a browser that went away is the daemon's to notice).
public struct StopSignals: Sendable {
    private let signals: [Int32]

    /// Blocks the stop signals in this thread and every thread it starts after. Calls
    /// `pthread_sigmask` and `signal`.
    public init(_ signals: [Int32] = [SIGINT, SIGTERM]) {
        self.signals = signals
        var set = Self.set(of: signals)
        pthread_sigmask(SIG_BLOCK, &set, nil)
        signal(SIGPIPE, SIG_IGN)
    }

    /// Waits for one of them; returns it. Calls `sigwait`.
    @discardableResult
    public func wait() -> Int32 {
        var set = Self.set(of: signals)
        var received: Int32 = 0
        sigwait(&set, &received)
        return received
    }

    private static func set(of signals: [Int32]) -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signalNumber in signals { sigaddset(&set, signalNumber) }
        return set
    }
}
