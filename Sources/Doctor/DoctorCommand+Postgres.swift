import Foundation
import LendingPostgres

extension DoctorCommand {
    /// A shared PostgreSQL database: the server answers, the login works, the schema version,
    /// whether the connection is encrypted, and the round-trip time. Reads only: the schema is
    /// not created or upgraded here. The URL is shown without its password.
    func checkPostgres(_ url: PostgresURL) -> [Finding] {
        let area = "database"
        let connection: PGConnection
        do {
            connection = try PGConnection(url: url)
        } catch let error as PostgresError {
            let what = error.faultKind == .databaseUnreachable
                ? "the server does not answer or refused the login (\(error.message))"
                : error.message
            return [.fail(area, "\(url.redacted): \(what) — check that the server runs, the network reaches it, and the login and password (in ~/.pgpass) are right")]
        } catch {
            return [.fail(area, "\(url.redacted): \(error)")]
        }
        let version = connection.serverVersion
        var findings: [Finding] = [
            .ok(area, "\(url.redacted) answers: PostgreSQL \(version / 10_000).\(version % 10_000), database “\(connection.databaseName)”, login “\(connection.userName)”"),
        ]
        if connection.isEncrypted {
            findings.append(.ok(area, "the connection is encrypted (TLS)"))
        } else if url.text.contains("host=/") || url.text.hasPrefix("postgresql:///") || url.text.hasPrefix("postgres:///") {
            findings.append(.ok(area, "the connection is not encrypted; it is a local socket, which needs none"))
        } else {
            findings.append(.warn(area, "the connection is not encrypted — add ?sslmode=require (or verify-full) to the URL when the network between kiosk and server is shared"))
        }
        do {
            let latest = PostgresLendingRepository.latestSchemaVersion
            let recorded = try connection.firstRow(
                "SELECT CASE WHEN to_regclass('bookkiosk_schema') IS NULL THEN 0 ELSE (SELECT coalesce(max(version), 0) FROM bookkiosk_schema) END"
            ) { Int($0.text(0)) ?? 0 } ?? 0
            if recorded == 0 {
                findings.append(.warn(area, "the database holds no BookKiosk schema yet; the kiosk makes it a library when it first starts"))
            } else if recorded < latest {
                findings.append(.warn(area, "schema version \(recorded), older than this BookKiosk's \(latest); it will be upgraded when a kiosk starts"))
            } else if recorded > latest {
                findings.append(.fail(area, "schema version \(recorded), newer than this BookKiosk knows (\(latest)) — update BookKiosk on this kiosk"))
            } else {
                findings.append(.ok(area, "a BookKiosk database, schema version \(recorded) (current)"))
            }
            let clock = ContinuousClock()
            var times: [Duration] = []
            for _ in 0..<5 {
                let start = clock.now
                try connection.execute("SELECT 1")
                times.append(clock.now - start)
            }
            let median = times.sorted()[times.count / 2]
            let milliseconds = Double(median.components.attoseconds) / 1e15 + Double(median.components.seconds) * 1000
            let text = String(format: "%.2f ms", milliseconds)
            findings.append(milliseconds > 20
                ? .warn(area, "round trip \(text): a lend takes about eight of them, so scans will feel slow — put the server nearer the kiosks")
                : .ok(area, "round trip \(text) (median of 5)"))
        } catch {
            findings.append(.fail(area, "\(url.redacted): \(error)"))
        }
        return findings
    }
}
