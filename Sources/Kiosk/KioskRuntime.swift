import Foundation
import Feedback
import Lending
import ScannerInput

/// Feeds the kiosk machine, carries out its effects against the repository, and hands every
/// KioskEvent to `announce`. One runtime runs on one thread.
public final class KioskRuntime {
    public private(set) var machine: KioskMachine
    private let circulation: Circulation
    private let repository: any LendingRepository
    private let announce: (KioskEvent, Date) -> Void
    private let log: (String) -> Void

    /// - Parameters:
    ///   - announce: called once for each KioskEvent, in order.
    ///   - log: grown-up details (faults, what to do) for the log, never shown to a child.
    public init(policy: Policy, repository: any LendingRepository,
                announce: @escaping (KioskEvent, Date) -> Void,
                log: @escaping (String) -> Void = { _ in }) {
        self.machine = KioskMachine(policy: policy)
        self.circulation = Circulation(policy: policy)
        self.repository = repository
        self.announce = announce
        self.log = log
    }

    /// Hands `input` to the machine and carries out every effect, feeding results back.
    public func feed(_ input: KioskInput) {
        var pending = machine.handle(input)
        while !pending.isEmpty {
            let effect = pending.removeFirst()
            switch effect {
            case .announce(let event, let time):
                announce(event, time)
            case .circulate(let barcode, let session, let time):
                pending.append(contentsOf: machine.handle(circulate(barcode, session: session, at: time)))
            }
        }
    }

    /// Fires the Session timer if it is due at `now`.
    public func advance(to now: Date) {
        while let deadline = machine.nextDeadline, deadline <= now {
            feed(.tick(at: deadline))
        }
    }

    /// Runs the kiosk on `source` until it ends, reading the time from `clock`.
    /// Waits in the source (no busy loop) until the next scan or the next timer.
    public func run(source: any ScanSource, clock: () -> Date = Date.init) throws {
        feed(.started(at: clock()))
        while true {
            let timeout = machine.nextDeadline.map { deadline -> Duration in
                let seconds = max(0, deadline.timeIntervalSince(clock()))
                return .milliseconds(Int64((seconds * 1000).rounded(.up)))
            }
            let event = try source.next(timeout: timeout)
            let now = clock()
            switch event {
            case .scan(let scan):
                advance(to: now)
                feed(.scanned(scan.barcode, at: now))
            case .key(let key):
                advance(to: now)
                feed(.key(key, at: now))
            case .scannerLost(let scanner):
                feed(.scannerLost(scanner, at: now))
            case .scannerBack(let scanner):
                feed(.scannerBack(scanner, at: now))
            case .timedOut:
                advance(to: now)
            case .ended:
                return
            }
        }
    }

    /// Runs the rules in one transaction; a fault of the store becomes a `failed` input, so
    /// the kiosk answers the scan and keeps going.
    private func circulate(_ barcode: String, session: User?, at now: Date) -> KioskInput {
        do {
            let outcome = try circulation.scan(barcode, session: session, at: now, in: repository)
            return .circulated(outcome, at: now)
        } catch {
            let fault = KioskFault(storeError: error)
            log("Could not handle the scan \(barcode): \(fault.detail)")
            return .failed(fault, at: now)
        }
    }
}

extension KioskFault {
    /// Classifies an error thrown by a repository.
    public init(storeError error: any Error) {
        let kind: Kind
        if let fault = error as? any RepositoryFault {
            switch fault.faultKind {
            case .busy: kind = .databaseBusy
            case .full: kind = .databaseFull
            case .readOnly: kind = .databaseReadOnly
            case .notALibrary, .corrupt, .other: kind = .database
            }
        } else {
            kind = .database
        }
        self.init(kind: kind, detail: String(describing: error))
    }
}
