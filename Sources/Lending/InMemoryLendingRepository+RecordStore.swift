import Foundation

extension InMemoryLendingRepository.Transaction: RecordStore {
    func record(_ entry: AuditEntry) throws {
        checkOpen()
        var stored = entry
        stored.id = Int64(state.audit.count + 1)
        state.audit.append(stored)
    }

    func auditEntries() throws -> [AuditEntry] {
        checkOpen()
        return state.audit
    }

    func auditEntries(_ filter: AuditFilter, newestFirst offset: Int, limit: Int) throws -> ListingPage<AuditEntry> {
        checkOpen()
        return Self.page(state.audit.reversed().filter(filter.admits), offset: offset, limit: limit)
    }

    func forgetAuditedUsers(recordedBefore cutoff: Date) throws -> Int {
        checkOpen()
        var forgotten = 0
        for index in state.audit.indices where state.audit[index].time < cutoff && state.audit[index].user != nil {
            state.audit[index].user = nil
            forgotten += 1
        }
        return forgotten
    }

    // MARK: Printing

    func printedTimes(_ kind: PrintedKind) throws -> [String: Date] {
        checkOpen()
        return state.printed[kind] ?? [:]
    }

    func recordPrinted(_ kind: PrintedKind, barcodes: [String], at time: Date) throws {
        checkOpen()
        for barcode in barcodes { state.printed[kind, default: [:]][barcode] = time }
    }

    // MARK: Lend counts

    func lendCounts(fromMonth month: String) throws -> [LendCount] {
        checkOpen()
        return state.lendCounts.filter { $0.month >= month }
    }

    func replaceLendCounts(_ counts: [LendCount]) throws {
        checkOpen()
        state.lendCounts = counts
    }
}
