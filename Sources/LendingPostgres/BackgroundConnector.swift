import Foundation

/// A kiosk's connections, made off its scan path: one attempt at a time on a thread
/// of its own, so a server that is starting up, refusing, or silent behind a lost network
/// (libpq waits up to `connect_timeout` for that) never holds a scan for longer than the
/// caller chooses to wait. A connection made after the caller stopped waiting is kept here for
/// the next transaction to take.
final class BackgroundConnector: @unchecked Sendable {
    private let url: PostgresURL
    private let limits: PostgresSessionLimits
    private let condition = NSCondition()
    private var attempting = false
    private var made: Handed?
    private var failure: (any Error)?

    /// A made connection on its way from the connecting thread to the scan path, which owns it
    /// from then on.
    private final class Handed: @unchecked Sendable {
        let connection: PGConnection
        init(_ connection: PGConnection) { self.connection = connection }
    }

    init(url: PostgresURL, limits: PostgresSessionLimits) {
        self.url = url
        self.limits = limits
    }

    /// A connection made for the caller: one ready already, else one from an attempt started
    /// now (when none is under way) waited for at most `wait`. Throws the attempt's failure, or
    /// a `databaseUnreachable` fault when it is still under way.
    func connection(waitingAtMost wait: Duration) throws -> PGConnection {
        condition.lock()
        defer { condition.unlock() }
        if let made {
            self.made = nil
            return made.connection
        }
        if !attempting {
            attempting = true
            failure = nil
            let url = url, limits = limits
            Thread.detachNewThread { [self] in
                let result: Result<Handed, any Error>
                do {
                    result = .success(Handed(try PostgresLendingRepository.connect(url: url, limits: limits)))
                } catch {
                    result = .failure(error)
                }
                finish(result)
            }
        }
        let seconds = Double(wait.components.seconds) + Double(wait.components.attoseconds) / 1e18
        let deadline = Date().addingTimeInterval(seconds)
        while attempting, condition.wait(until: deadline) {}
        if let made {
            self.made = nil
            return made.connection
        }
        if !attempting, let failure {
            self.failure = nil
            throw failure
        }
        throw PostgresError(sqlState: nil, message: "connecting to the server: no answer yet (still trying)", connectionLost: true,
                            server: url.redacted)
    }

    private func finish(_ result: Result<Handed, any Error>) {
        condition.lock()
        defer { condition.unlock() }
        attempting = false
        switch result {
        case .success(let handed): made = handed
        case .failure(let error): failure = error
        }
        condition.broadcast()
    }
}
