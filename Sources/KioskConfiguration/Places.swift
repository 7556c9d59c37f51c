import Foundation

/// Where the configuration and the database live when the command line does not say.
public struct Places: Sendable, Equatable {
    public var environment: [String: String]

    public init(environment: [String: String]) { self.environment = environment }

    public var home: String { environment["HOME"] ?? NSHomeDirectory() }

    /// `$XDG_CONFIG_HOME/bookkiosk/config.json`, else `~/.config/bookkiosk/config.json`.
    public var defaultConfiguration: String {
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        return base + "/bookkiosk/config.json"
    }

    /// `$XDG_DATA_HOME/bookkiosk/library.sqlite`, else `~/.local/share/bookkiosk/library.sqlite`.
    public var defaultDatabase: String { dataFolder + "/library.sqlite" }

    /// The demo's own database, beside the real one and never the same file.
    public var demoDatabase: String { dataFolder + "/demo.sqlite" }

    /// The kiosk's journal of returns scanned while a shared database server was away:
    /// `$STATE_DIRECTORY/return-journal.sqlite` under systemd's `StateDirectory=`, else beside
    /// the default database.
    public var returnJournal: String {
        stateFolder + "/return-journal.sqlite"
    }

    /// Where spoken clauses are kept (`SpeechCache`): `$STATE_DIRECTORY/speech` under
    /// systemd's `StateDirectory=`, else `speech` beside the default database.
    public var speechCache: String {
        stateFolder + "/speech"
    }

    private var stateFolder: String {
        environment["STATE_DIRECTORY"].flatMap { $0.split(separator: ":").first.map(String.init) } ?? dataFolder
    }

    /// `BOOKKIOSK_LOOKUP_URL`: one base URL that stands for both lookup services (a local
    /// server replaying their answers), for tests, so nothing they run asks the real services.
    /// Lookups that the configuration turned off stay off.
    public var lookupOverride: String? {
        environment["BOOKKIOSK_LOOKUP_URL"].flatMap { $0.isEmpty ? nil : $0 }
    }

    private var dataFolder: String {
        let base = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.local/share"
        return base + "/bookkiosk"
    }
}
