import Lending

/// The SQLite library on this computer is older than the schema needs (STRICT tables came in
/// 3.37.0). Found when a repository opens, before any SQL could fail in a way that hides why.
public struct UnsupportedSQLiteVersion: RepositoryFault, Equatable, Sendable {
    /// The version found, as `sqlite3_libversion_number()` gives it: 3.31.1 is 3031001.
    public var found: Int32
    /// The oldest version that works, in the same form.
    public var needed: Int32

    public init(found: Int32, needed: Int32) {
        self.found = found
        self.needed = needed
    }

    public var faultKind: RepositoryFaultKind { .other }

    public var description: String {
        "BookKiosk needs SQLite \(Self.dotted(needed)) or later, but this computer's SQLite library is \(Self.dotted(found)); install a newer libsqlite3 (Debian 12 and Ubuntu 22.04 have one)."
    }

    /// 3031001 as "3.31.1".
    static func dotted(_ number: Int32) -> String {
        "\(number / 1_000_000).\(number / 1_000 % 1_000).\(number % 1_000)"
    }
}
