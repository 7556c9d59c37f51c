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
        let className = arguments[Options.className]
        let repository = try common.openRepository()
        let (notices, libraryName, classes) = try repository.transaction { tx in
            (try Notice.overdue(in: tx, policy: policy, at: now, className: className),
             try tx.libraryRules()?.libraryName, try tx.classes())
        }
        if let className, !classes.contains(where: { $0.name == className }) {
            throw CommandFailure(say.noSuchClassToPrint(className))
        }
        guard !notices.isEmpty else {
            console.error(say.noOverdueNotices(inClass: className, on: LocalDate(now, in: policy.timeZone)))
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
        let message = say.wroteNotices(notices.count, pages: pages.count, to: out == "-" ? nil : out)
        if out == "-" { console.error(message) } else { console.print(message) }
        return .success
    }
}
