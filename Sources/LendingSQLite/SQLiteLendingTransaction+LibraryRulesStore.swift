import Foundation
import Lending

extension SQLiteLendingTransaction: LibraryRulesStore {
    func libraryRules() throws -> LibraryRules? {
        try checkOpen()
        return try connection.firstRow("""
            SELECT loan_limit, loan_days, closed_weekdays, closed_dates, block_on_overdue, library_name
            FROM library_rules WHERE id = 1
            """, []) { row in
            let weekdaysText = row.text(2), datesText = row.text(3)
            guard let weekdays = LibraryRules.closedWeekdays(fromStored: weekdaysText) else {
                throw LibraryFileError.unreadableValue(path: connection.path, column: "library_rules.closed_weekdays", value: weekdaysText)
            }
            guard let dates = LibraryRules.closedDates(fromStored: datesText) else {
                throw LibraryFileError.unreadableValue(path: connection.path, column: "library_rules.closed_dates", value: datesText)
            }
            return LibraryRules(loanLimit: Int(row.int64(0)), loanDays: Int(row.int64(1)), closedWeekdays: weekdays,
                                closedDates: dates, blockOnOverdue: row.int64(4) != 0, libraryName: row.text(5))
        }
    }

    func save(_ rules: LibraryRules) throws {
        try checkOpen()
        try connection.execute("""
            INSERT INTO library_rules (id, loan_limit, loan_days, closed_weekdays, closed_dates, block_on_overdue, library_name)
            VALUES (1, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (id) DO UPDATE SET
                loan_limit = excluded.loan_limit, loan_days = excluded.loan_days,
                closed_weekdays = excluded.closed_weekdays, closed_dates = excluded.closed_dates,
                block_on_overdue = excluded.block_on_overdue, library_name = excluded.library_name
            """, [SQLiteValue(rules.loanLimit), SQLiteValue(rules.loanDays), .text(rules.closedWeekdaysText),
                  .text(rules.closedDatesText), SQLiteValue(rules.blockOnOverdue), .text(rules.libraryName)])
    }
}
