import BookLookup
import CommandCore
import Foundation
import KioskConfiguration
import HTTPServer
import Language
import Lending
import LendingPostgres
import LendingSQLite
import PageAssembly
import TeachersPage
import POSIX

/// `bookkiosk serve [--listen ADDRESS:PORT] [--db D] [--config F]`: the teachers' page, on the
/// kiosk's own database (SQLite: the same file, WAL and a busy timeout, so the kiosk sees a change
/// on its next scan; PostgreSQL: the same URL), until SIGTERM or SIGINT.
struct ServeCommand {
    var options: CommonOptions
    var listen: ListenAddress
    var console: Console

    /// The journal of the kiosk on this computer, for ホーム.
    var journalPath: String
    /// ` --config F --db D` as given (empty for the defaults): what a command needs to reach
    /// the same library, for the one that adds a teacher while nobody can sign in.
    var libraryOptions: String

    init(_ words: [String], places: Places, console: Console) throws {
        journalPath = places.returnJournal
        let arguments = try Arguments(words, for: Self.configuration)
        options = try CommonOptions(arguments, places: places)
        libraryOptions = Self.libraryOptions(config: arguments[CommonOptions.configurationOption], database: arguments[CommonOptions.databaseOption])
        let say = commandWords(options.language)
        guard arguments.words.isEmpty else { throw Arguments.Invalid(description: say.serveUsage) }
        if let text = arguments[Options.listen] {
            do throws(ListenAddressError) {
                listen = try ListenAddress(parsing: text)
            } catch {
                throw Arguments.Invalid(description: say.listenUsage(error))
            }
        } else {
            listen = options.configuration.web.listen
        }
        self.console = console
    }

    func run() throws -> BookKiosk.Status {
        let say = commandWords(options.language)
        let configuration = options.configuration
        let repository = try options.openRepository()
        let settings = PageSettings(
            language: Language(rawValue: configuration.language) ?? .default, policy: configuration.policy,
            libraryName: configuration.libraryName, sessionMinutes: configuration.web.sessionMinutes,
            covers: configuration.screen.covers, sheets: configuration.allSheets, listen: listen,
            tls: try credentials(configuration.web), busyTimeout: options.sqliteBusyTimeout,
            lookup: options.lookupService(version: BookKiosk.programVersion))
        var pageSettings = settings
        pageSettings.hostNames = configuration.web.hostNames
        pageSettings.cardNumbering = configuration.cardNumbering
        pageSettings.bookNumbering = configuration.bookNumbering
        // On a shared server, ホーム shows the returns the kiosk on this computer (the same state
        // folder) holds in its journal, not yet applied.
        let journal = options.postgresURL == nil ? nil : journalPath
        let libraryOptions = libraryOptions
        // Read before the page starts: the demo's teacher, say, is in demo.sqlite, not here.
        let anyoneCanSignIn = try repository.transaction { tx in
            try tx.staffAccounts().contains { try tx.passwordHash(staff: $0.name) != nil }
        }
        let assembly = try PageAssembly(settings: pageSettings, repository: repository, publicAddresses: PageAssembly.publicAddresses(pageSettings),
                                        adjusting: { setup in
                                            if let journal { setup.unsentReturns = { (try? ReturnJournalSummary.read(journal))??.returnsOwed } }
                                            setup.libraryOptions = libraryOptions
                                        })

        // Blocked before the daemon's threads start, so this thread's wait takes them and stops the daemon in order.
        let stopSignals = StopSignals()
        Self.raiseDescriptorLimit()
        let daemon: HTTPDaemon
        do {
            daemon = try assembly.listen()
        } catch {
            // The daemon's error already says what is wrong and what to do: say it once.
            throw CommandFailure(say.pageDidNotStart(daemonErrorWords(options.language).reason(error)))
        }
        let addresses = daemon.address.teacherURLs(secure: daemon.isSecure, hostNames: pageSettings.hostNames, interfaces: InterfaceAddress.current())
        for url in addresses.isEmpty ? [daemon.url] : addresses {
            console.print(say.pageAt(url))
        }
        if !anyoneCanSignIn {
            console.print(say.nobodyCanSignIn(database: options.databaseForPeople, libraryOptions: libraryOptions))
        }
        console.print(say.serving("\(daemon.address)", database: options.databaseForPeople))
        stopSignals.wait()
        // Whatever its clients or a request under way do, the page is gone in stopSeconds: the
        // repository's transactions are SQLite's or PostgreSQL's, whole or not at all.
        let stopped = DispatchSemaphore(value: 0)
        let deadline = DispatchTime.now() + .seconds(Self.stopSeconds)
        Thread.detachNewThread {
            if stopped.wait(timeout: deadline) == .timedOut {
                FileHandle.standardError.write(Data((say.pageStopTimedOut(seconds: Self.stopSeconds) + "\n").utf8))
                _exit(0)
            }
        }
        daemon.stop()
        stopped.signal()
        console.print(say.pageStopped)
        return .success
    }

    /// ` --config F --db D` for the options given, each path quoted when the shell would split it;
    /// a PostgreSQL URL without its password (the line is shown, and the page may show it).
    static func libraryOptions(config: String?, database: String?) -> String {
        func word(_ text: String) -> String {
            let plain = text.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "/._-+:@,=".unicodeScalars.contains($0) }
            return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        let shown = database.map { PostgresURL($0)?.redacted ?? $0 }
        return [config.map { " --config " + word($0) }, shown.map { " --db " + word($0) }].compactMap { $0 }.joined()
    }

    /// How long `serve` waits for the requests under way once told to stop (systemd's own
    /// limit is 90 s; the issue asks for 10).
    static let stopSeconds = 8

    /// Lets the process open as many sockets as its hard limit allows (up to 4096), so the
    /// daemon's `connectionLimit` is not cut short by the usual soft limit of 1024 descriptors.
    /// Calls `getrlimit` and `setrlimit`.
    static func raiseDescriptorLimit() {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
        let wanted = min(limit.rlim_max, 4096)
        guard limit.rlim_cur < wanted else { return }
        limit.rlim_cur = wanted
        _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }

    /// The PEM certificate and key for HTTPS, when the configuration names them.
    func credentials(_ web: WebConfiguration) throws -> TLSCredentials? {
        guard let certificatePath = web.certificate, let keyPath = web.key else { return nil }
        guard let certificate = FileManager.default.contents(atPath: certificatePath) else {
            throw CommandFailure(commandWords(options.language).certificateUnreadable(certificatePath))
        }
        guard let key = FileManager.default.contents(atPath: keyPath) else {
            throw CommandFailure(commandWords(options.language).keyUnreadable(keyPath))
        }
        return TLSCredentials(certificatePEM: Array(certificate), privateKeyPEM: Array(key))
    }
}
