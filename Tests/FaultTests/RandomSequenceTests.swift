import Feedback
import Foundation
import Kiosk
import Lending
import Testing

/// A reference model of the kiosk's circulation desk, written from DESIGN.md §2–3 without the
/// production code: Sessions, debounce, timeouts, returns, the loan limit, overdue blocking,
/// due dates past closed weekdays. No ISBNs and no staff mode (overrides need a PIN).
struct ReferenceKiosk {
    struct Person { var active: Bool; var limit: Int? }
    struct OpenLoan: Equatable { var user: String; var due: Int } // due: days since 1970, UTC

    let loanLimit = 2, loanDays = 7
    let debounce = 2.0, sessionTimeout = 30.0
    var users: [String: Person]
    var books: [String: Bool] // barcode → lendable
    var loans: [String: OpenLoan] = [:]
    var session: (card: String, last: Double)?
    var lastRead: [String: Double] = [:]

    static func day(_ time: Double) -> Int { Int((time / 86_400).rounded(.down)) }
    /// 1970-01-01 was a Thursday; 0 is Monday … 5 Saturday, 6 Sunday.
    static func weekday(_ day: Int) -> Int { (day + 3) % 7 }

    func dueDay(lentAt time: Double) -> Int {
        var day = Self.day(time) + loanDays
        while Self.weekday(day) >= 5 { day += 1 }
        return day
    }

    /// Ends the Session when its time is up.
    mutating func expire(at time: Double) -> [String] {
        guard let open = session, time >= open.last + sessionTimeout else { return [] }
        session = nil
        return ["sessionEnded \(open.card)"]
    }

    /// Closes the open Session: the barcode just scanned may be another child's Card.
    mutating func close() -> [String] {
        guard let open = session else { return [] }
        session = nil
        return ["sessionClosed \(open.card)"]
    }

    mutating func scan(_ barcode: String, at time: Double) -> [String] {
        var said = expire(at: time)
        let duplicate = lastRead[barcode].map { time - $0 < debounce } ?? false
        lastRead[barcode] = time
        if session != nil { session!.last = time }
        if duplicate { return said + ["duplicate \(barcode)"] }
        if let person = users[barcode] {
            guard person.active else { return said + close() + ["refused userInactive \(barcode)"] }
            session = (barcode, time)
            return said + ["greeted \(barcode)"]
        }
        // Unknown, and of neither numbering (Cards 1…, Books 2…, eight digits): it may be a Card.
        guard let lendable = books[barcode] else { return said + close() + ["refused unknownBarcode \(barcode)"] }
        if let loan = loans.removeValue(forKey: barcode) { return said + ["returned \(barcode) \(loan.user)"] }
        guard let card = session?.card, let person = users[card] else {
            return said + ["refused \(lendable ? "cardFirst" : "bookNotLendable") \(barcode)"]
        }
        let mine = loans.values.filter { $0.user == card }
        if !lendable {
            said.append("refused bookNotLendable \(barcode)")
        } else if mine.contains(where: { Self.day(time) > $0.due }) {
            said.append("refused hasOverdue \(barcode)")
        } else if mine.count >= (person.limit ?? loanLimit) {
            said.append("refused limitReached \(barcode)")
        } else {
            loans[barcode] = OpenLoan(user: card, due: dueDay(lentAt: time))
            said.append("lent \(barcode) \(card)")
        }
        return said
    }
}

/// The same words for what the real kiosk announced.
func describe(_ event: KioskEvent) -> String {
    switch event {
    case .outcome(.greeted(let user, _)): "greeted \(user.card)"
    case .outcome(.lent(_, let book, let user, _)): "lent \(book.barcode) \(user.card)"
    case .outcome(.returned(let loan, let book, let user, _, _)): "returned \(book.barcode) \(user?.card ?? loan.user ?? "?")"
    case .outcome(.refused(let refusal, let barcode, _, _)): "refused \(refusal.rawValue) \(barcode)"
    case .duplicate(let barcode): "duplicate \(barcode)"
    case .sessionEnded(let user): "sessionEnded \(user.card)"
    case .sessionClosed(let user, _): "sessionClosed \(user.card)"
    default: "other \(EventStream.name(of: event))"
    }
}

@Suite("Random sequences against a reference model")
struct RandomSequenceTests {
    static let users: [String: ReferenceKiosk.Person] = [
        "C0001": .init(active: true, limit: nil), "C0002": .init(active: true, limit: nil),
        "C0003": .init(active: true, limit: 1), "C0004": .init(active: false, limit: nil),
    ]
    static let books: [String: Bool] = ["B0001": true, "B0002": true, "B0003": true, "B0004": true, "B0005": true, "B0006": false]
    /// Pauses between steps: inside and past the debounce, past the Session timeout, and days
    /// (so Loans fall due and overdue across weekends).
    static let pauses: [Double] = [0.5, 1, 1.9, 2, 2.5, 10, 29.9, 30, 31, 3600, 86_400, 3 * 86_400, 8 * 86_400]

    @Test("thousands of seeded sequences: the same Outcomes as the model, and the invariants hold")
    func sequences() throws {
        let sequences = 3000, steps = 40
        let policy = Policy(timeZone: TimeZone(identifier: "UTC")!)
        let barcodes = Self.users.keys.sorted() + Self.books.keys.sorted() + ["X9999"]
        var counts: [String: Int] = [:]
        var checkedSteps = 0
        for sequence in 0..<sequences {
            var random = SplitMix64(seed: UInt64(sequence) &* 7919 &+ 1)
            let repository = InMemoryLendingRepository()
            try repository.transaction { tx in
                for (card, person) in Self.users { try tx.save(User(card: card, name: card, loanLimit: person.limit, isActive: person.active)) }
                for (barcode, lendable) in Self.books {
                    try tx.save(Book(barcode: barcode, title: barcode, status: lendable ? .available : .withdrawn))
                }
            }
            var announced: [String] = []
            let runtime = KioskRuntime(policy: policy, repository: repository, announce: { event, _ in announced.append(describe(event)) })
            var model = ReferenceKiosk(users: Self.users, books: Self.books)
            // 2026-12-01 (a Tuesday), at a random hour.
            var time = 1_796_083_200.0 + Double(random.next() % 86_400)
            runtime.feed(.started(at: Date(timeIntervalSince1970: time)))
            announced.removeAll()
            var history: [String] = []
            for _ in 0..<steps {
                time += Self.pauses[Int(random.next() % UInt64(Self.pauses.count))]
                // Recently scanned barcodes come back often, as on a real desk.
                let barcode = barcodes[Int(random.next() % UInt64(barcodes.count))]
                history.append("+\(barcode)")
                let now = Date(timeIntervalSince1970: time)
                runtime.advance(to: now)
                runtime.feed(.scanned(barcode, at: now))
                var expected = model.expire(at: time)
                expected += model.scan(barcode, at: time)
                #expect(announced == expected, "sequence \(sequence): \(history.joined(separator: " "))")
                if announced != expected { return }
                for line in announced { counts[String(line.split(separator: " ")[0]) + (line.hasPrefix("refused") ? " " + line.split(separator: " ")[1] : ""), default: 0] += 1 }
                announced.removeAll()
                checkedSteps += 1

                // Invariants of the store itself.
                let open = try repository.transaction { try $0.openLoans() }
                #expect(Set(open.map(\.book)).count == open.count, "two open Loans for one Book: \(open)")
                for (card, person) in Self.users {
                    #expect(open.filter { $0.user == card }.count <= person.limit ?? policy.loanLimit, "\(card) past the limit: \(open)")
                }
                #expect(Dictionary(uniqueKeysWithValues: open.map { ($0.book, $0.user ?? "") }) == model.loans.mapValues(\.user))
            }
        }
        let summary = counts.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        report("random sequences: \(sequences) sequences, \(checkedSteps) steps agreed with the model; outcomes: \(summary)")
        #expect(checkedSteps == sequences * steps)
        // The sequences reached every Outcome the model knows, or they prove little.
        for kind in ["greeted", "lent", "returned", "duplicate", "sessionEnded", "sessionClosed", "refused cardFirst", "refused limitReached",
                     "refused hasOverdue", "refused bookNotLendable", "refused userInactive", "refused unknownBarcode"] {
            #expect(counts[kind, default: 0] > 0, "no \(kind) in any sequence")
        }
    }
}
