import Foundation
import Feedback
import KioskScreen
import Lending
import Scene

/// Fixtures for the screen's tests: a morning at the kiosk in Tokyo.
enum S {
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    static let policy = Policy(timeZone: tokyo)
    /// Tuesday 1 December 2026, 09:00 in Tokyo.
    static let morning = Date(timeIntervalSince1970: 1_796_083_200)
    static let haruto = User(card: "C0001", name: "はると")
    static let guri = Book(barcode: "B0001", title: "ぐりとぐら", isbn: "9784834000825")
    static let aomushi = Book(barcode: "B0002", title: "はらぺこあおむし")
    static let due = LocalDate(year: 2026, month: 12, day: 8)

    static func loan(_ book: Book, id: Int64 = 1) -> Loan {
        Loan(id: id, book: book.barcode, user: haruto.card, lentAt: morning, due: due)
    }

    static func entry(_ book: Book) -> UserLoans.Entry {
        UserLoans.Entry(book: book.barcode, title: book.title, isbn: book.isbn, due: due)
    }

    static func model(_ events: [KioskEvent], at time: Date = morning) -> ScreenModel {
        var model = ScreenModel(policy: policy, now: time)
        for event in events { model.apply(event, at: time) }
        return model
    }

    static let greeted = KioskEvent.outcome(.greeted(haruto, loans: UserLoans(loans: [], remaining: 2)))
    static let lentGuri = KioskEvent.outcome(.lent(loan(guri), book: guri, user: haruto,
                                                   loans: UserLoans(loans: [entry(guri)], remaining: 1)))
    static let lentBoth = KioskEvent.outcome(.lent(loan(aomushi, id: 2), book: aomushi, user: haruto,
                                                   loans: UserLoans(loans: [entry(guri), entry(aomushi)], remaining: 0)))
}

extension Scene {
    /// Every item, groups opened, depth first.
    var flatItems: [SceneItem] {
        func flatten(_ items: [SceneItem]) -> [SceneItem] {
            items.flatMap { item -> [SceneItem] in
                if case .group(_, _, let inner) = item { return [item] + flatten(inner) }
                return [item]
            }
        }
        return flatten(items)
    }
}

extension SceneItem {
    /// The names of the groups directly inside this group.
    var childGroupNames: [String] {
        guard case .group(_, _, let items) = self else { return [] }
        return items.compactMap { if case .group(let name, _, _) = $0 { return name } else { return nil } }
    }

    var flatItems: [SceneItem] {
        guard case .group(_, _, let items) = self else { return [self] }
        return [self] + items.flatMap(\.flatItems)
    }
}
