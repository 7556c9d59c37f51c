import CommandCore
import Feedback
import Foundation
import KioskConfiguration
import HTTPServer
import KioskPresenter
import Lending
import QRCode
import TeachersPage

/// `bookkiosk serve [--listen ADDRESS:PORT] [--db D] [--config F]`: the teachers' page, on the
/// kiosk's own database (SQLite: the same file, WAL and a busy timeout, so the kiosk sees a change
/// on its next scan; PostgreSQL: the same URL), until SIGTERM or SIGINT.
struct ServeCommand {
    var options: CommonOptions
    var listen: ListenAddress
    var console: Console

    init(_ words: [String], places: Places, console: Console) throws {
        let arguments = try Arguments(words, valued: CommonOptions.valued.union(["listen"]), flags: [])
        guard arguments.words.isEmpty else {
            throw Arguments.Invalid(description: "`bookkiosk serve` takes no words, only --listen ADDRESS:PORT, --db and --config")
        }
        options = try CommonOptions(arguments, places: places)
        if let text = arguments.options["listen"] {
            do throws(ListenAddressError) {
                listen = try ListenAddress(parsing: text)
            } catch {
                throw Arguments.Invalid(description: "--listen \(text): \(error.description); write an address and a port, like 0.0.0.0:8080")
            }
        } else {
            listen = options.configuration.web.listen
        }
        self.console = console
    }

    func run() throws -> BookKiosk.Status {
        let configuration = options.configuration
        let repository = try options.openRepository()
        try seedRules(configuration, into: repository)
        let tls = try credentials(configuration.web)
        let covers = CoverFolder(path: configuration.screen.covers)
        var setup = TeachersPage.Setup(
            language: Language(rawValue: configuration.language) ?? .default,
            policy: configuration.policy,
            libraryName: configuration.libraryName,
            sessionMinutes: configuration.web.sessionMinutes,
            cover: { covers.cover(barcode: $0.barcode, isbn: $0.isbn) },
            qrCode: { text in try? QRCode(text: text).svg() },
            publicAddresses: listen.port == 0 ? [] : listen.reachableURLs(secure: tls != nil, interfaces: InterfaceAddress.current()))
        setup.storage = options.postgresURL.map { .postgres(url: $0.redacted.replacingOccurrences(of: ":***@", with: "@")) } ?? .sqlite(path: options.databasePath)
        setup.sheets = configuration.allSheets
        setup.cardNumbering = configuration.cardNumbering
        setup.bookNumbering = configuration.bookNumbering
        let page = TeachersPage(repository: repository, setup: setup)

        // The daemon's threads start with SIGINT and SIGTERM blocked, so this thread's sigwait
        // takes them and stops the daemon in order.
        var stopSignals = sigset_t()
        sigemptyset(&stopSignals)
        for signalNumber in [SIGINT, SIGTERM] { sigaddset(&stopSignals, signalNumber) }
        pthread_sigmask(SIG_BLOCK, &stopSignals, nil)
        signal(SIGPIPE, SIG_IGN)

        let daemon: HTTPDaemon
        do {
            daemon = try HTTPDaemon(HTTPDaemonConfiguration(address: listen, tls: tls, refusalResponse: { PageSecurity.secured(HTTPRefusal.plainTextResponse($0)) }),
                                  handler: page.handler)
        } catch {
            // The daemon's error already says what is wrong and what to do: say it once.
            throw CommandFailure("The teachers' page did not start. \(error.description)")
        }
        let addresses = daemon.address.reachableURLs(secure: daemon.isSecure, interfaces: InterfaceAddress.current())
        for url in addresses.isEmpty ? [daemon.url] : addresses {
            console.print("先生のページ: \(url)")
        }
        console.print("Serving the teachers' page on \(daemon.address) (database \(options.databaseForPeople)); stop with Ctrl-C or SIGTERM.")
        var received: Int32 = 0
        sigwait(&stopSignals, &received)
        daemon.stop()
        console.print("The teachers' page has stopped.")
        return .success
    }

    /// The library's rules live in the database; the configuration seeds them once, when the
    /// database has none. Afterwards the database wins (change them on the page's 設定).
    func seedRules(_ configuration: Configuration, into repository: any LendingRepository) throws {
        try repository.transaction { tx in
            if try tx.libraryRules() == nil {
                try tx.save(LibraryRules(configuration.policy, libraryName: configuration.libraryName))
            }
        }
    }

    /// The PEM certificate and key for HTTPS, when the configuration names them.
    func credentials(_ web: WebConfiguration) throws -> TLSCredentials? {
        guard let certificatePath = web.certificate, let keyPath = web.key else { return nil }
        guard let certificate = FileManager.default.contents(atPath: certificatePath) else {
            throw CommandFailure("The certificate \(certificatePath) (web.certificate) cannot be read. Check the path and that the service's user may read it, or remove web.certificate and web.key to serve plain HTTP.")
        }
        guard let key = FileManager.default.contents(atPath: keyPath) else {
            throw CommandFailure("The private key \(keyPath) (web.key) cannot be read. Check the path and that the service's user may read it, or remove web.certificate and web.key to serve plain HTTP.")
        }
        return TLSCredentials(certificatePEM: Array(certificate), privateKeyPEM: Array(key))
    }
}
