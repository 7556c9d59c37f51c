import Foundation
import Lending

// The rules are one row, written by one statement.
extension PostgresLendingTransaction: LibraryRulesStore {
    func libraryRules() throws -> LibraryRules? {
        checkOpen()
        return try connection.firstRow("""
            SELECT loan_limit, loan_days, closed_weekdays, closed_dates, block_on_overdue, library_name
            FROM library_rules WHERE id = 1
            """, []) { row in
            let weekdaysText = row.text(2), datesText = row.text(3)
            guard let weekdays = LibraryRules.closedWeekdays(fromStored: weekdaysText) else {
                throw PostgresLibraryError.unreadableValue(server: connection.server, column: "library_rules.closed_weekdays",
                                                           value: weekdaysText)
            }
            guard let dates = LibraryRules.closedDates(fromStored: datesText) else {
                throw PostgresLibraryError.unreadableValue(server: connection.server, column: "library_rules.closed_dates",
                                                           value: datesText)
            }
            return LibraryRules(loanLimit: Int(row.text(0)) ?? 0, loanDays: Int(row.text(1)) ?? 0, closedWeekdays: weekdays,
                                closedDates: dates, blockOnOverdue: row.text(4) == "t", libraryName: row.text(5))
        }
    }

    func save(_ rules: LibraryRules) throws {
        checkOpen()
        try connection.execute("""
            INSERT INTO library_rules (id, loan_limit, loan_days, closed_weekdays, closed_dates, block_on_overdue, library_name)
            VALUES (1, $1::integer, $2::integer, $3, $4, $5::boolean, $6)
            ON CONFLICT (id) DO UPDATE SET
                loan_limit = excluded.loan_limit, loan_days = excluded.loan_days,
                closed_weekdays = excluded.closed_weekdays, closed_dates = excluded.closed_dates,
                block_on_overdue = excluded.block_on_overdue, library_name = excluded.library_name
            """, [String(rules.loanLimit), String(rules.loanDays), rules.closedWeekdaysText, rules.closedDatesText,
                  rules.blockOnOverdue ? "true" : "false", rules.libraryName])
    }
}
