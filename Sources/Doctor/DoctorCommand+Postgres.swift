import Foundation
import LendingPostgres

extension DoctorCommand {
    /// A shared PostgreSQL database: the server answers, the login works, the schema version,
    /// whether the connection is encrypted, and the round-trip time. Reads only: the schema is
    /// not created or upgraded here. The URL is shown without its password.
    func checkPostgres(_ url: PostgresURL) -> [Finding] {
        let area = Area.database
        let connection: PGConnection
        do {
            connection = try PGConnection(url: url)
        } catch let error as PostgresError {
            return [.fail(area, error.faultKind == .databaseUnreachable
                ? say.serverUnreachable(url.redacted, error.message) : say.serverRefused(url.redacted, error.message))]
        } catch {
            return [.fail(area, "\(url.redacted): \(error)")]
        }
        let version = connection.serverVersion
        var findings: [Finding] = [
            .ok(area, say.serverAnswers(url.redacted, version: "\(version / 10_000).\(version % 10_000)",
                                        database: connection.databaseName, login: connection.userName)),
        ]
        if connection.isEncrypted {
            findings.append(.ok(area, say.encrypted))
        } else if url.text.contains("host=/") || url.text.hasPrefix("postgresql:///") || url.text.hasPrefix("postgres:///") {
            findings.append(.ok(area, say.localSocket))
        } else {
            findings.append(.warn(area, say.notEncrypted))
        }
        do {
            let latest = PostgresLendingRepository.latestSchemaVersion
            let recorded = try connection.firstRow(
                "SELECT CASE WHEN to_regclass('bookkiosk_schema') IS NULL THEN 0 ELSE (SELECT coalesce(max(version), 0) FROM bookkiosk_schema) END"
            ) { Int($0.text(0)) ?? 0 } ?? 0
            if recorded == 0 {
                findings.append(.warn(area, say.noSchemaYet))
            } else if recorded < latest {
                findings.append(.warn(area, say.serverSchemaOlder(recorded, latest: latest)))
            } else if recorded > latest {
                findings.append(.fail(area, say.serverSchemaNewer(recorded, latest: latest)))
            } else {
                findings.append(.ok(area, say.serverSchemaCurrent(recorded)))
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
                ? .warn(area, say.slowRoundTrip(text))
                : .ok(area, say.roundTrip(text)))
        } catch {
            findings.append(.fail(area, "\(url.redacted): \(error)"))
        }
        return findings
    }
}
