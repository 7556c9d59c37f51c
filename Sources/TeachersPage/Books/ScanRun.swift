import BookLookup
import Foundation
import Lending

/// まとめて登録's list: the copies one teacher's session registered by scanning ISBNs one after
/// another, and the ISBNs found nowhere that wait for a title, kept with the page (not in the
/// library: every copy itself is saved at once, and the list only says which ones this run made,
/// for 取り消し and for printing exactly their labels).
struct ScanRun: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        /// The row's number in this run, for its forms.
        var number: Int
        /// The ISBN-13 scanned.
        var isbn: String
        var state: State
    }

    enum State: Sendable, Equatable {
        /// Registered as `barcode`; `source` is where its record came from (nil: typed here),
        /// `fromCache` whether the library had looked it up before.
        case added(barcode: String, title: String, source: BookRecordSource?, fromCache: Bool)
        /// Found nowhere (or not looked up): waits for its title. `barcode` is the label scanned
        /// with it, if any; `problem` says why nothing was found.
        case needsTitle(barcode: String?, problem: LookupProblem)
        /// Registered, then undone.
        case undone(barcode: String, title: String)
    }

    /// Oldest first.
    private(set) var entries: [Entry] = []
    private var nextNumber = 1

    /// The most rows a run keeps (a school's whole shelf in one afternoon fits).
    static let capacity = 5_000

    mutating func append(isbn: String, _ state: State) {
        entries.append(Entry(number: nextNumber, isbn: isbn, state: state))
        nextNumber += 1
        if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
    }

    func entry(_ number: Int) -> Entry? {
        entries.first { $0.number == number }
    }

    mutating func set(_ number: Int, _ state: State) {
        guard let index = entries.firstIndex(where: { $0.number == number }) else { return }
        entries[index].state = state
    }

    /// The barcodes registered in this run and not undone, in the order they were registered.
    var addedBarcodes: [String] {
        entries.compactMap { if case .added(let barcode, _, _, _) = $0.state { barcode } else { nil } }
    }

    /// The sources the run's records came from (for the credit their terms ask for).
    var sources: Set<BookRecordSource> {
        Set(entries.compactMap { if case .added(_, _, let source?, _) = $0.state { source } else { nil } })
    }
}

/// Every session's run, by session id; the least recently used dropped beyond the session
/// table's capacity.
struct ScanRuns: Sendable {
    private var runs: [String: ScanRun] = [:]
    private var used: [String: Int] = [:]
    private var clock = 0

    subscript(session: String) -> ScanRun {
        get { runs[session] ?? ScanRun() }
        set {
            clock += 1
            runs[session] = newValue
            used[session] = clock
            if runs.count > SessionTable.capacity, let oldest = used.min(by: { $0.value < $1.value })?.key {
                runs[oldest] = nil
                used[oldest] = nil
            }
        }
    }

    mutating func forget(_ session: String) {
        runs[session] = nil
        used[session] = nil
    }
}
