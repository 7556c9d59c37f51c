import Foundation
import LendingPostgres
import PostgresScratch
import Testing

/// The scratch server the PostgreSQL cases run on, and what PostgreSQL-only code does.
@Suite("PostgreSQL scratch server and repository")
struct PostgresServerTests {
    @Test("PostgreSQL is installed, so the contract suite runs against it too",
          .enabled(if: ScratchPostgresServer.isInstalled, Comment(rawValue: ScratchPostgresServer.missingMessage)))
    func serverRuns() throws {
        let server = try ScratchPostgresServer.shared()
        let connection = try PGConnection(url: server.socketURL(database: "postgres"))
        #expect(connection.isConnected)
        #expect(connection.serverVersion >= 150_000)
        #expect(connection.userName == ScratchPostgresServer.login)
        // Unix socket only.
        #expect(server.directory.utf8.count + "/.s.PGSQL.5432".utf8.count < 100)
    }
}
