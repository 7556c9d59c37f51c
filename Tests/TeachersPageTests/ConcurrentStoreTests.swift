import Dispatch
import Foundation
import HTTPServer
import Lending
import LendingPostgres
import LendingSQLite
import PageAssembly
import PostgresScratch
import Testing
@testable import TeachersPage

/// Reads in parallel, writes in turn: the page's store as `PageAssembly` builds it on the
/// stores a library really uses. A read held open does not stop another page's read or a
/// write; writes from many threads at once lose nothing.
@Suite struct ConcurrentStoreTests {
    /// How long a step that should not wait for the held transaction may take before the test
    /// gives up and fails (it is never reached when the store is right).
    static let patience = DispatchTimeInterval.seconds(60)

    enum Store: String, CaseIterable, Sendable {
        case sqlite, postgres
    }

    /// The store, and what to remove after.
    static func open(_ kind: Store) throws -> (any LendingRepository, cleanUp: () -> Void) {
        switch kind {
        case .sqlite:
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("page-concurrent-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let repository = try SQLiteLendingRepository(path: folder.appendingPathComponent("library.sqlite").path)
            return (repository, { try? FileManager.default.removeItem(at: folder) })
        case .postgres:
            let server = try ScratchPostgresServer.shared()
            let url = try server.freshDatabase()
            return (try PostgresLendingRepository(url: url), { try? server.dropDatabase(url) })
        }
    }

    static func isAvailable(_ kind: Store) -> Bool {
        kind == .sqlite || ScratchPostgresServer.isInstalled
    }

    @Test(arguments: Store.allCases.filter(isAvailable))
    func aSlowReadDoesNotHoldUpAnotherPagesReadOrAWrite(kind: Store) throws {
        let (repository, cleanUp) = try Self.open(kind)
        defer { cleanUp() }
        let fixture = try PageFixture(repository: repository)
        let browser = Browser(fixture)
        #expect(browser.signIn().status == 303)
        let store = fixture.page.store

        // One request's read, held open until the others are done.
        let inside = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), finished = DispatchSemaphore(value: 0)
        let heldSaw = Locked<Int?>(nil)
        Thread {
            let count = try? store.read { tx -> Int in
                let users = try tx.allUsers().count
                inside.signal()
                release.wait()
                return users
            }
            heldSaw.withLock { $0 = count }
            finished.signal()
        }.start()
        #expect(inside.wait(timeout: .now() + Self.patience) == .success)

        // Another teacher's page, and a change, while that read is still open.
        let others = DispatchSemaphore(value: 0)
        let results = Locked<(books: Int, added: Int)>((0, 0))
        Thread {
            let books = browser.get("/books").status
            let added = browser.post("/users/new", [("card", "U300"), ("name", "あおい")]).status
            results.withLock { $0 = (books, added) }
            others.signal()
        }.start()
        let othersDone = others.wait(timeout: .now() + Self.patience)
        release.signal()
        #expect(finished.wait(timeout: .now() + Self.patience) == .success)
        #expect(othersDone == .success, "the page's read and write waited for another request's read")
        let (books, added) = results.withLock { $0 }
        #expect(books == 200 && added == 303)
        // The held read kept its snapshot: it counted the Users before the new one.
        #expect(heldSaw.withLock { $0 } == 2)
        #expect(try store.read { try $0.user(card: "U300") }?.name == "あおい")
    }

    /// Eight teachers lend eight Books to one child at the same moment: the writes take turns
    /// (SQLite's one writer; PostgreSQL's lock on the User's row), so the loan limit holds.
    @Test(arguments: Store.allCases.filter(isAvailable))
    func lendsFromManyRequestsAtOnceTakeTurnsAndTheLimitHolds(kind: Store) throws {
        let (repository, cleanUp) = try Self.open(kind)
        defer { cleanUp() }
        let fixture = try PageFixture(repository: repository)
        let books = (10..<18).map { "B0\($0)" }
        try repository.transaction { tx in
            for barcode in books { try tx.save(Book(barcode: barcode, title: "えほん \(barcode)")) }
        }
        let group = DispatchGroup()
        let statuses = Locked<[Int]>([])
        for barcode in books {
            let browser = Browser(fixture)
            #expect(browser.signIn().status == 303)
            group.enter()
            Thread {
                defer { group.leave() }
                let status = browser.post("/books/\(barcode)/lend", [("user", "U001")]).status
                statuses.withLock { $0.append(status) }
            }.start()
        }
        #expect(group.wait(timeout: .now() + Self.patience) == .success)
        #expect(statuses.withLock { $0 }.count == books.count)
        let limit = try #require(try fixture.page.store.read { try $0.libraryRules() }).loanLimit
        #expect(try fixture.page.store.read { try $0.openLoans(user: "U001") }.count == limit)
        #expect(fixture.page.store.openCount <= fixture.page.store.capacity)
    }

    @Test func aLibraryInMemoryIsOneConnectionThatRequestsShare() throws {
        let fixture = try PageFixture()
        #expect(fixture.page.store.capacity == 1)
    }
}
