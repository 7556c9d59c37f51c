import Foundation
import HTTPServer
import Lending

/// 記録: what was read, by month and by class.
struct RecordsSection: PageSection {
    let shared: PageShared

    static let routes: [RouteGroup] = [
        .signedIn([
            .get("/records", .records) { page, _, context in try page.records.records(context) },
        ]),
    ]
}

extension RecordsSection {
    /// Titles 記録 ranks.
    static let popularTop = 20

    /// `GET /records?since=2026-04&class=NAME`: the most borrowed titles (this school year by
    /// default, of one class when asked) and lends per class per month, from the counts that
    /// name nobody.
    func records(_ context: PageContext) throws -> HTTPResponse {
        let typed = (context.request.value("since") ?? "").trimmingCharacters(in: .whitespaces)
        let asked = context.request.value("class") ?? ""
        let valid = Self.month(typed)
        let (library, classes, popular, perClass, since) = try store.read { tx in
            let library = try self.library(tx)
            let yearStart = SchoolYear.start(containing: LocalDate(context.now, in: library.policy.timeZone))
            let since = valid ?? String(format: "%04d-%02d", yearStart.year, yearStart.month)
            let classes = try tx.classes()
            let counts = try tx.lendCounts(fromMonth: since)
            let books = try tx.books(barcodes: Array(Set(counts.map(\.book))))
            let chosen = classes.contains { $0.name == asked } ? asked : nil
            return (library, classes, LendReport.popular(counts, books: books, className: chosen, top: Self.popularTop),
                    LendReport.perClass(counts, classes: classes), since)
        }
        let records = RecordsPage(typed: typed, validMonth: valid, since: since, askedClass: asked, classes: classes,
                                  popular: popular, perClass: perClass)
        return page(context, library, heading: words.records, section: .records, content: records.content(words: words))
    }

    /// "2026-04" as typed (a month input sends it so), or nil.
    static func month(_ text: String) -> String? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count == 4, parts[1].count == 2, let year = Int(parts[0]), let month = Int(parts[1]),
              year >= 1900, (1...12).contains(month) else { return nil }
        return String(format: "%04d-%02d", year, month)
    }
}
