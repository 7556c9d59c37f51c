import Foundation
import HTTPServer
import POSIX

/// Latencies recorded from several threads (the daemon's and the clients'), by name.
final class SharedLatencies: @unchecked Sendable {
    private let lock = NSLock()
    private var byName: [String: Latencies] = [:]

    func add(_ name: String, _ microseconds: Double) {
        lock.lock()
        byName[name, default: Latencies()].add(microseconds)
        lock.unlock()
    }

    /// What was recorded since the last call; starts afresh.
    func take() -> [String: Latencies] {
        lock.lock()
        defer { byName = [:]; lock.unlock() }
        return byName
    }
}

/// A flag one thread sets and others read.
final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var stopped = false

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    func set() {
        lock.lock()
        stopped = true
        lock.unlock()
    }
}

/// The floor: the page's own answers, captured once, served again by the same daemon from
/// memory at a path of their own under `/floor/`, so the difference to the page is the page's work.
final class FloorResponses: @unchecked Sendable {
    static let prefix = "/floor/"
    private let lock = NSLock()
    private var byPath: [String: HTTPResponse] = [:]

    func store(_ response: HTTPResponse, at path: String) {
        lock.lock()
        byPath[path] = response
        lock.unlock()
    }

    func response(for path: String) -> HTTPResponse? {
        guard path.hasPrefix(Self.prefix) else { return nil }
        lock.lock()
        defer { lock.unlock() }
        return byPath[path]
    }
}

/// One page a teacher opens, as the bench requests it.
struct PageRequest: Sendable {
    /// The name in the report (絵本, 貸出中, title search).
    var name: String
    /// The path and query, percent-encoded, as a browser sends it.
    var target: String
    /// Where the daemon serves the same bytes from memory (`/floor/N`; no query, nothing to decode).
    var floorTarget: String
}

/// `clients` threads, each with its own kept-alive connection and the session's cookie,
/// requesting pages; the round-trip time of each request recorded by name.
enum PageLoad {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Each client requests every page `rounds` times (the pages themselves, or with `floor` their
    /// copies served from memory); returns the round trips by page name.
    static func measure(port: UInt16, cookie: String, pages: [PageRequest], floor: Bool = false, clients: Int,
                        rounds: Int) throws -> [String: Latencies] {
        let roundTrips = SharedLatencies()
        let failures = SharedFailures()
        let group = DispatchGroup()
        for _ in 0..<clients {
            group.enter()
            Thread {
                defer { group.leave() }
                lowerThisThreadsPriority(to: clientNice)
                let client = LoopbackClient(port: port)
                client.cookie = cookie
                do {
                    for _ in 0..<rounds {
                        for page in pages {
                            roundTrips.add(page.name, try timedGet(client, floor ? page.floorTarget : page.target))
                        }
                    }
                } catch {
                    failures.add("\(error)")
                }
            }.start()
        }
        group.wait()
        if let failure = failures.first { throw Failure(description: failure) }
        return roundTrips.take()
    }

    /// Starts `clients` threads requesting the pages round and round until `stop` is set; the
    /// returned group is left when they have all stopped, and `served` counts their requests.
    static func hammer(port: UInt16, cookie: String, pages: [PageRequest], clients: Int, stop: StopFlag,
                       served: SharedLatencies, failures: SharedFailures) -> DispatchGroup {
        let group = DispatchGroup()
        for _ in 0..<clients {
            group.enter()
            Thread {
                defer { group.leave() }
                lowerThisThreadsPriority(to: clientNice)
                let client = LoopbackClient(port: port)
                client.cookie = cookie
                do {
                    while !stop.isSet {
                        for page in pages { served.add(page.name, try timedGet(client, page.target)) }
                    }
                } catch {
                    failures.add("\(error)")
                }
            }.start()
        }
        return group
    }

    /// Microseconds for one GET that must answer 200.
    static func timedGet(_ client: LoopbackClient, _ target: String) throws -> Double {
        let before = monotonicNanoseconds()
        let answer = try client.get(target)
        let time = microseconds(from: before, to: monotonicNanoseconds())
        guard answer.status == 200 else { throw Failure(description: "GET \(target) answered \(answer.status)") }
        return time
    }
}

/// The clients stand for other devices (iPads, PCs): on a real network their work is not on the
/// kiosk's cores. Here they share them, so they run at the lowest priority, to take what the
/// kiosk and the page leave over rather than stand in for load the kiosk never has.
let clientNice: Int32 = 19

/// Sets the calling thread's nice value: Linux keeps one per thread, and `setpriority` with
/// `PRIO_PROCESS` and 0 sets the calling thread's. Calls `setpriority`.
func lowerThisThreadsPriority(to nice: Int32) {
    _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice)
}

/// Errors from client threads, kept for the main thread to throw.
final class SharedFailures: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String] = []

    func add(_ message: String) {
        lock.lock()
        messages.append(message)
        lock.unlock()
    }

    var first: String? {
        lock.lock()
        defer { lock.unlock() }
        return messages.first
    }
}
