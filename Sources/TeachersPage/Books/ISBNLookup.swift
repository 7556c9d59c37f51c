import BookLookup
import Foundation
import Lending

/// Finding a Book's title, reading and authors by its ISBN at the services (NDL Search, then
/// openBD), given to the page as a value when the box may look books up (`PageSettings.lookup`,
/// passed on by `PageAssembly`; nil: lookups are off, and the library's lookup cache alone
/// answers). A lookup is slow (a request to another server, up to its timeout): the page calls
/// it outside every transaction, and never while it holds a connection of its pool.
public protocol ISBNLookup: Sendable {
    /// What the services say of `isbn`. Never touches a repository.
    func lookUp(_ isbn: ISBN) -> LookupAnswer
}

extension LookupService: ISBNLookup {}

/// Looking up and crediting a record, for 絵本 and 取り込み alike.
extension PageSection {
    /// An ISBN as typed or scanned: refused before any request when it is not one; else the
    /// library's lookup cache (a read of its own), then the services (outside every transaction,
    /// when lookups are on), and a record found there kept in the cache (a write of its own).
    /// A cache that cannot be read or written costs only its use.
    func lookUp(_ text: String) -> LookupAnswer {
        let isbn: ISBN
        do {
            isbn = try ISBN(text)
        } catch {
            return .notFound(.invalidISBN(error))
        }
        if let cached = try? store.read({ try $0.bookRecord(isbn: isbn.digits) }) {
            return .found(cached, origin: .cache, differing: nil)
        }
        guard let lookup = setup.lookup else { return .notFound(.lookupsOff(isbn: isbn.digits)) }
        let answer = lookup.lookUp(isbn)
        if let record = answer.record { _ = try? store.write { try $0.save(record) } }
        return answer
    }

    /// The credit a source's terms ask for, where a record from it is shown: 「書誌データ：国立国会図書館サーチ」.
    func attribution(_ source: BookRecordSource) -> HTML {
        Self.attribution(source, words: words)
    }

    static func attribution(_ source: BookRecordSource, words: any PageWords) -> HTML {
        let home = switch source {
        case .ndl: "https://ndlsearch.ndl.go.jp/"
        case .openBD: "https://openbd.jp/"
        }
        return .el(.p, [.class("attribution")], .el(.small, .el(.a, [.href(home), HTMLAttribute(.rel, "noopener")], .text(words.attribution(source)))))
    }
}
