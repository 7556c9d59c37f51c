import CommandCore
import Foundation
import Lending

/// `bookkiosk report popular [--since DATE] [--class NAME] [--top N]` and `report classes
/// [--since DATE]`: from the lend counts that name nobody; without `--since`, the current
/// school year (from 1 April).
extension ReportCommand {
    static let defaultTop = 20

    func countsReport() throws -> BookKiosk.Status {
        let say = commandWords(common.language)
        let policy = common.configuration.policy
        let now = try currentTime(arguments, timeZone: policy.timeZone)
        let since = try arguments.value(of: Options.since, invalid: say.sinceUsage)
            ?? SchoolYear.start(containing: LocalDate(now, in: policy.timeZone))
        let top = try arguments.value(of: Options.top, invalid: say.topUsage) ?? Self.defaultTop
        let className = arguments[Options.className]
        let repository = try common.openRepository()
        let (counts, books, classes) = try repository.transaction { tx in
            (try tx.lendCounts(fromMonth: LendCount.month(of: since)), try tx.allBooks(), try tx.classes())
        }
        if let className, !classes.contains(where: { $0.name == className }) {
            throw CommandFailure(say.noSuchClass(className))
        }
        let scope = say.lendScope(sinceMonth: LendCount.month(of: since), className: className)
        if arguments.words == ["popular"] {
            let titles = LendReport.popular(counts, books: books, className: className, top: top)
            guard !titles.isEmpty else {
                console.print(say.nothingLent(scope))
                return .success
            }
            console.print(say.mostLentHeading(scope))
            for (rank, title) in titles.enumerated() {
                let copies = title.barcodes.count > 1 ? say.copies(title.barcodes.count) : ""
                console.print("\(String(rank + 1).leftPadded(to: 3)). \(title.title)\(copies)\t\(title.lends)")
            }
        } else {
            let table = LendReport.perClass(counts, classes: classes)
            guard !table.isEmpty else {
                console.print(say.nothingLent(scope))
                return .success
            }
            console.print(say.lendsPerClassHeading(scope))
            for row in table {
                console.print("\(row.className ?? say.noClass)\t\(row.month)\t\(row.lends)")
            }
        }
        return .success
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
