/// What the children love, from the lend counts that name nobody: pure tables for
/// `bookkiosk report popular|classes` and the page's 記録.
public enum LendReport {
    /// One title and how often its copies were lent.
    public struct Title: Sendable, Equatable {
        public var title: String
        /// The ISBN its copies share; nil for a Book without one (then it stands alone).
        public var isbn: String?
        /// The copies' barcodes, in order.
        public var barcodes: [String]
        public var lends: Int
    }

    /// Lends of one class in one month.
    public struct ClassMonth: Sendable, Equatable {
        /// Nil: Users with no class, or not known.
        public var className: String?
        public var month: String
        public var lends: Int

        public init(className: String?, month: String, lends: Int) {
            self.className = className
            self.month = month
            self.lends = lends
        }
    }

    /// Titles ranked by lends (most first, then by title), copies of one ISBN counted together;
    /// only counts of `className` when given; at most `top`. Counts of Books no longer in the
    /// library are left out (nothing is known to show for them).
    public static func popular(_ counts: [LendCount], books: [Book], className: String?, top: Int) -> [Title] {
        let byBarcode = Dictionary(books.map { ($0.barcode, $0) }, uniquingKeysWith: { first, _ in first })
        var titles: [String: Title] = [:]
        for count in counts where className == nil || count.className == className {
            guard let book = byBarcode[count.book] else { continue }
            let key = book.isbn.map { "isbn:" + $0 } ?? "book:" + book.barcode
            var entry = titles[key] ?? Title(title: book.title, isbn: book.isbn, barcodes: [], lends: 0)
            entry.lends += count.lends
            if !entry.barcodes.contains(book.barcode) {
                entry.barcodes.append(book.barcode)
                entry.barcodes.sort()
            }
            titles[key] = entry
        }
        let ranked = titles.values.sorted { a, b in
            a.lends != b.lends ? a.lends > b.lends : (a.title != b.title ? ListingSearch.precedes(a.title, b.title) : a.barcodes.lexicographicallyPrecedes(b.barcodes))
        }
        return Array(ranked.prefix(max(0, top)))
    }

    /// Lends per class per month: classes in `classes` order (youngest first), then classes no
    /// longer there, then no class; months ascending.
    public static func perClass(_ counts: [LendCount], classes: [SchoolClass]) -> [ClassMonth] {
        var totals: [String: [String: Int]] = [:]
        for count in counts { totals[count.className ?? "", default: [:]][count.month, default: 0] += count.lends }
        let known = classes.map(\.name)
        let others = totals.keys.filter { !$0.isEmpty && !known.contains($0) }.sorted(by: ListingSearch.precedes)
        let order = known + others + [""]
        return order.flatMap { name in
            (totals[name] ?? [:]).sorted { $0.key < $1.key }.map { ClassMonth(className: name.isEmpty ? nil : name, month: $0.key, lends: $0.value) }
        }
    }
}
