import Foundation
import Lending
import LendingPostgres
import LendingSQLite
import PostgresScratch
import Testing

/// The repositories the contract suite runs against.
enum RepositoryKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case inMemory
    case sqlite
    /// A fresh database on this test process's scratch server; left out of `allCases` where
    /// PostgreSQL is not installed (`PostgresServerTests` then says which package to install).
    case postgres

    static var allCases: [RepositoryKind] {
        ScratchPostgresServer.isInstalled ? [.inMemory, .sqlite, .postgres] : [.inMemory, .sqlite]
    }

    var testDescription: String { rawValue }

    /// Runs `body` with a fresh, empty repository of this kind; an SQLite one lives in a
    /// per-test directory that is removed afterwards.
    func withRepository(_ body: (any LendingRepository) throws -> Void) throws {
        switch self {
        case .inMemory:
            try body(InMemoryLendingRepository())
        case .sqlite:
            try withTemporaryDirectory { directory in
                try body(SQLiteLendingRepository(path: directory + "/library.sqlite"))
            }
        case .postgres:
            try withPostgresDatabase { url in
                try body(PostgresLendingRepository(url: url))
            }
        }
    }

    /// `withRepository`, seeded with `Fixture`'s Books and Users.
    func withSeededRepository(_ body: (any LendingRepository) throws -> Void) throws {
        try withRepository { repository in
            try Fixture.seed(repository)
            try body(repository)
        }
    }
}

/// Runs `body` with the URL of a new, empty database on the process's scratch server, and
/// drops it afterwards.
func withPostgresDatabase<T>(_ body: (PostgresURL) throws -> T) throws -> T {
    let server = try ScratchPostgresServer.shared()
    let url = try server.freshDatabase()
    defer { try? server.dropDatabase(url) }
    return try body(url)
}

/// Runs `body` with the path of a new, empty directory, and removes it afterwards.
func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
    let directory = FileManager.default.temporaryDirectory
        .appendingPathComponent("BookKioskTests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    return try body(directory)
}

/// The little library every test starts from.
enum Fixture {
    static let utc = TimeZone(identifier: "UTC")!
    static let policy = Policy(timeZone: utc)
    static let circulation = Circulation(policy: policy)

    /// 2026-12-01T09:00:00Z, a Tuesday; a Loan made then is due Tuesday 2026-12-08.
    static let t0 = Date(timeIntervalSince1970: 1_796_115_600)
    static let dueFromT0 = LocalDate(year: 2026, month: 12, day: 8)

    /// ぐりとぐら, printed with this ISBN; the library has two copies.
    static let isbn = "9784834000825"

    static let guri1 = Book(barcode: "B0001", title: "ぐりとぐら", author: "なかがわ りえこ", isbn: isbn)
    static let guri2 = Book(barcode: "B0002", title: "ぐりとぐら", author: "なかがわ りえこ", isbn: isbn)
    static let caterpillar = Book(barcode: "B0003", title: "はらぺこあおむし")
    static let withdrawn = Book(barcode: "B0004", title: "ちぎれたほん", status: .withdrawn)
    static let moon = Book(barcode: "B0005", title: "おつきさまこんばんは")

    static let haruto = User(card: "C0001", name: "はると")
    /// Her own loan limit is 1.
    static let yui = User(card: "C0002", name: "ゆい", loanLimit: 1)
    static let inactive = User(card: "C0003", name: "そら", isActive: false)

    static let books = [guri1, guri2, caterpillar, withdrawn, moon]
    static let users = [haruto, yui, inactive]

    static func seed(_ repository: any LendingRepository) throws {
        try repository.transaction { tx in
            for book in books { try tx.save(book) }
            for user in users { try tx.save(user) }
        }
    }

    static func days(_ count: Int) -> TimeInterval { TimeInterval(count * 24 * 60 * 60) }
}

extension LendingRepository {
    /// Reads something in a transaction of its own.
    func read<T>(_ body: (any LendingTransaction) throws -> T) throws -> T {
        try transaction(body)
    }
}

/// Whether `error` is a repository fault of `kind`.
func isFault(_ error: any Error, _ kind: RepositoryFaultKind) -> Bool {
    (error as? any RepositoryFault)?.faultKind == kind
}

/// A library file at `path` as a BookKiosk of schema `version` left it: this build's first
/// `version` migrations, then `rows` (SQL that fills it).
func makeLibrary(at path: String, version: Int, rows: String) throws {
    let old = try SQLiteConnection(path: path, mode: .readWriteCreate)
    try old.execute("PRAGMA application_id = \(SQLiteLendingRepository.applicationID)")
    for migration in Migration.all.prefix(version) { try old.executeScript(migration.sql) }
    try old.execute("PRAGMA user_version = \(version)")
    try old.executeScript(rows)
}
