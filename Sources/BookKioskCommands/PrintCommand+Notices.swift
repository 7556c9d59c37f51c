import CommandCore
import Foundation
import Lending
import Printing
import ScenePainter

/// `bookkiosk print notices --out F.pdf [--class NAME] [--now T]`: a gentle slip for parents
/// (えほんの へんきゃくの おねがい) for each User with an overdue Book, graduates included;
/// several slips to an A4 page with cut lines; nothing for Users with nothing overdue.
extension PrintCommand {
    func printNotices(to out: String) throws -> BookKiosk.Status {
        let configuration = common.configuration
        let policy = configuration.policy
        let now = try currentTime(arguments, timeZone: policy.timeZone)
        let className = arguments.options["class"]
        let repository = try common.openRepository()
        let (notices, libraryName, classes) = try repository.transaction { tx in
            (try Self.notices(in: tx, policy: policy, at: now, className: className),
             try tx.libraryRules()?.libraryName, try tx.classes())
        }
        if let className, !classes.contains(where: { $0.name == className }) {
            throw CommandFailure("There is no class \(className); `bookkiosk classes` lists them. Nothing was printed.")
        }
        guard !notices.isEmpty else {
            console.error("No User\(className.map { " of \($0)" } ?? "") has a Book overdue on \(LocalDate(now, in: policy.timeZone)): there are no notices to print.")
            return .success
        }
        let layout = NoticeLayout(words: .forLanguage(configuration.language),
                                  libraryName: libraryName.flatMap { $0.isEmpty ? nil : $0 } ?? configuration.libraryName,
                                  today: LocalDate(now, in: policy.timeZone))
        let pages = layout.pages(notices)
        let painter = ScenePainter()
        let written = Result { () throws(PaintingError) in
            if out == "-" { console.write(bytes: try painter.pdfData(pages)) } else { try painter.writePDF(pages, to: out) }
        }
        if case .failure(let failure) = written { throw CommandFailure(failure.description) }
        let message = "Wrote \(notices.count) notice\(notices.count == 1 ? "" : "s") on \(pages.count) A4 page\(pages.count == 1 ? "" : "s") to \(out == "-" ? "standard output" : out); cut along the dashed lines."
        if out == "-" { console.error(message) } else { console.print(message) }
        return .success
    }

    /// One notice per User with an overdue Loan (of `className` when given), in list order.
    static func notices(in tx: any LendingTransaction, policy: Policy, at now: Date, className: String?) throws -> [Notice] {
        let overdue = try tx.openLoans().filter { policy.isOverdue($0, at: now) }
        var byUser: [String: [Loan]] = [:]
        for loan in overdue { if let card = loan.user { byUser[card, default: []].append(loan) } }
        let users = try byUser.keys.compactMap { try tx.user(card: $0) }
            .filter { className == nil || $0.className == className }
            .sortedForLists(classes: try tx.classes())
        return try users.map { user in
            let loans = (byUser[user.card] ?? []).sorted { $0.due < $1.due }
            let titles = Dictionary(try tx.books(barcodes: loans.map(\.book)).map { ($0.barcode, $0.title) }, uniquingKeysWith: { a, _ in a })
            return Notice(userName: user.name, className: user.className,
                          items: loans.map { Notice.Item(title: titles[$0.book] ?? $0.book, due: $0.due) })
        }
    }
}
