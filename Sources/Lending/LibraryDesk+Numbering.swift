import Foundation

// The one way new numbers are given, for the kiosk's `n`, the page's forms and scans, and an
// import: after the highest in use, clear of every Book's and Card's barcode.
extension LibraryDesk {
    /// Every barcode in use, which no new number may be: each Book's and each Card's.
    public static func barcodesInUse(in tx: any LendingTransaction) throws -> Set<String> {
        Set(try tx.allBooks().map(\.barcode)).union(try tx.allUsers().map(\.card))
    }

    /// `count` new barcodes of `numbering`, in order, for the library `tx` reads (see
    /// `BarcodeNumbering.next(_:avoiding:)`). Throws `BarcodeNumbering.Exhausted` when they ran out.
    public static func nextNumbers(_ count: Int, of numbering: BarcodeNumbering, in tx: any LendingTransaction) throws -> [String] {
        guard count > 0 else { return [] }
        return try numbering.next(count, avoiding: barcodesInUse(in: tx))
    }
}
