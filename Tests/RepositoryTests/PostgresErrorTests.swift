import LendingPostgres
import Testing

/// libpq's text as the log shows it, and which failures are the server being away.
@Suite struct PostgresErrorTests {
    @Test func libpqTextComesOnOneLineWithItsDetail() {
        let text = "connection to server on socket \"/tmp/x/.s.PGSQL.5432\" failed: FATAL:  the database system is not yet accepting connections\nDETAIL:  Consistent recovery state has not been yet reached.\n"
        #expect(PostgresError.oneLine(text)
                == "connection to server on socket \"/tmp/x/.s.PGSQL.5432\" failed: FATAL:  the database system is not yet accepting connections; detail: Consistent recovery state has not been yet reached.")
        #expect(PostgresError.oneLine("server closed the connection unexpectedly\n\tThis probably means the server terminated abnormally\n\tbefore or while processing the request.\n")
                == "server closed the connection unexpectedly This probably means the server terminated abnormally before or while processing the request.")
    }

    @Test(arguments: [
        (PostgresError(sqlState: "08006", message: "connection failure"), true),
        (PostgresError(sqlState: "57P01", message: "terminating connection due to administrator command"), true),
        (PostgresError(sqlState: "57P02", message: "crash shutdown"), true),
        (PostgresError(sqlState: "57P03", message: "cannot connect now"), true),
        (PostgresError(sqlState: nil, message: "server closed the connection unexpectedly", connectionLost: true), true),
        (PostgresError(sqlState: "23505", message: "duplicate key"), false),
        (PostgresError(sqlState: "XX000", message: "internal error"), false),
    ])
    func theServerAwayIsTold(error: PostgresError, isAway: Bool) {
        #expect((error.faultKind == .databaseUnreachable) == isAway)
    }
}
