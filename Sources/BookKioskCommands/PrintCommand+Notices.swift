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
            (try Notice.overdue(in: tx, policy: policy, at: now, className: className),
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
}
