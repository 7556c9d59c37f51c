import Foundation
import Lending
import LendingPostgres
import POSIX
import PostgresScratch

/// Lend latency on PostgreSQL, over the local socket and over TCP to 127.0.0.1, against a
/// scratch server this benchmark starts with `fsync` and `synchronous_commit` on.
///
/// One lend (`Circulation.scan` of a Book barcode with a Session open) takes 8 round trips,
/// each a prepared statement: BEGIN; the barcode as a Card (none); the Book, locked
/// (`FOR UPDATE`); its open Loan; the Session's User, locked (`FOR NO KEY UPDATE`); their open
/// Loans; the INSERT (`ON CONFLICT … DO NOTHING RETURNING`, so a Book already on loan needs no
/// second statement and the foreign keys stand in for existence checks); COMMIT, the one that
/// waits for the WAL flush. The rules run in Swift between the reads,
/// so the reads cannot be folded into one statement without moving the rules to the server;
/// the locks must come before the Loans are read, so the reads cannot be sent ahead.
struct PostgresBenchmark {
    struct Figures {
        var transport: String
        var lend = Latencies()
        var `return` = Latencies()
    }

    var rounds: Int

    func run() throws -> [Figures] {
        let port = try Self.freePort()
        let server = try ScratchPostgresServer(durable: true, tcpPort: port)
        defer { server.stop() }
        let database = try server.freshDatabase()
        let name = ScratchPostgresServer.databaseName(of: database)
        var results: [Figures] = []
        let transports: [(String, PostgresURL?)] = [("socket", database), ("tcp 127.0.0.1", server.tcpURL(database: name))]
        for (transport, url) in transports {
            guard let url else { continue }
            results.append(try measure(url, transport: transport))
        }
        return results
    }

    private func measure(_ url: PostgresURL, transport: String) throws -> Figures {
        let repository = try PostgresLendingRepository(url: url)
        let policy = Policy(timeZone: TimeZone(identifier: "UTC")!)
        let circulation = Circulation(policy: policy)
        let user = User(card: "C9000", name: "bench")
        try repository.transaction { tx in
            try tx.save(user)
            try tx.save(Book(barcode: "B9000", title: "bench"))
        }
        var figures = Figures(transport: transport)
        let now = Date(timeIntervalSince1970: 1_796_115_600)
        for round in 0..<(rounds + 20) {
            let lendStart = monotonicNanoseconds()
            let lent = try circulation.scan("B9000", session: user, at: now, in: repository)
            let lendEnd = monotonicNanoseconds()
            let returned = try circulation.scan("B9000", session: nil, at: now, in: repository)
            let returnEnd = monotonicNanoseconds()
            guard case .lent = lent, case .returned = returned else {
                throw ScratchPostgresServer.Failure(description: "the bench expected a lend and a return, got \(lent), \(returned)")
            }
            if round >= 20 {
                figures.lend.add(microseconds(from: lendStart, to: lendEnd))
                figures.return.add(microseconds(from: lendEnd, to: returnEnd))
            }
        }
        return figures
    }

    /// A TCP port on 127.0.0.1 that nothing listens on now (the kernel's pick).
    static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ScratchPostgresServer.Failure(description: "socket: \(errno)") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { throw ScratchPostgresServer.Failure(description: "cannot find a free port: \(errno)") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
