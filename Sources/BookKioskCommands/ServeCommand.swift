import CommandCore
import Feedback
import Foundation
import KioskConfiguration
import HTTPServer
import Lending
import PageAssembly
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
        var settings = PageSettings(
            language: Language(rawValue: configuration.language) ?? .default, policy: configuration.policy,
            libraryName: configuration.libraryName, sessionMinutes: configuration.web.sessionMinutes,
            covers: configuration.screen.covers, sheets: configuration.allSheets, listen: listen,
            tls: try credentials(configuration.web), busyTimeout: options.busyTimeout)
        settings.cardNumbering = configuration.cardNumbering
        settings.bookNumbering = configuration.bookNumbering
        let assembly = try PageAssembly(settings: settings, repository: repository, publicAddresses: PageAssembly.publicAddresses(settings))

        // Blocked before the daemon's threads start, so this thread's wait takes them and stops the daemon in order.
        let stopSignals = StopSignals()
        let daemon: HTTPDaemon
        do {
            daemon = try assembly.listen()
        } catch {
            // The daemon's error already says what is wrong and what to do: say it once.
            throw CommandFailure("The teachers' page did not start. \(error)")
        }
        let addresses = daemon.address.reachableURLs(secure: daemon.isSecure, interfaces: InterfaceAddress.current())
        for url in addresses.isEmpty ? [daemon.url] : addresses {
            console.print("先生のページ: \(url)")
        }
        console.print("Serving the teachers' page on \(daemon.address) (database \(options.databaseForPeople)); stop with Ctrl-C or SIGTERM.")
        stopSignals.wait()
        daemon.stop()
        console.print("The teachers' page has stopped.")
        return .success
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
