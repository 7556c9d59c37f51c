import Foundation
import Lending
@testable import LendingSQLite
import Testing

/// The teachers' page's lists read a page of rows in their order from the indexes, so a page
/// of 貸出中 or 絵本 costs its own rows and not the whole library: SQLite's plan for
/// each sorts nothing.
@Suite("SQLite list plans")
struct SQLiteListPlanTests {
    /// SQLite's plan for `sql` (its `parameters` all NULL), one line a step.
    static func plan(_ sql: String, parameters: Int, on repository: SQLiteLendingRepository) throws -> [String] {
        try repository.connection.rows("EXPLAIN QUERY PLAN " + sql, Array(repeating: .null, count: parameters)) { $0.text(3) }
    }

    @Test("貸出中 reads classes, their Users and each User's open Loans in list order; no temporary b-tree",
          arguments: [(SQLiteLendingTransaction.classedLoanListings, 6), (SQLiteLendingTransaction.unclassedLoanListings, 5)])
    func loanListsSortNothing(sql: String, parameters: Int) throws {
        try withTemporaryDirectory { directory in
            let repository = try SQLiteLendingRepository(path: directory + "/library.sqlite")
            let plan = try Self.plan(sql, parameters: parameters, on: repository)
            #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
            #expect(plan.contains { $0.contains("users_in_list_order") })
            #expect(plan.contains { $0.contains("loans_open_in_list_order") })
        }
    }

    @Test("絵本 reads Books in list order from books_in_list_order, searched or not; no temporary b-tree")
    func bookListSortsNothing() throws {
        try withTemporaryDirectory { directory in
            let repository = try SQLiteLendingRepository(path: directory + "/library.sqlite")
            let plan = try Self.plan(SQLiteLendingTransaction.bookListingsPage, parameters: 3, on: repository)
            #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
            #expect(plan.contains { $0.contains("books_in_list_order") })
        }
    }
}
