import Foundation
import Lending

// The school year's classes (migration 7).
extension SQLiteLendingTransaction: SchoolYearStore {
    func classes() throws -> [SchoolClass] {
        try checkOpen()
        return try connection.rows("SELECT name, grade FROM classes", []) { row in
            SchoolClass(name: row.text(0), grade: row.optionalInt64(1).map(Int.init))
        }.sortedByGrade()
    }

    func userCountsByClass() throws -> [String: Int] {
        try checkOpen()
        let pairs = try connection.rows("SELECT class, count(*) FROM users WHERE class IS NOT NULL GROUP BY class", []) { row in
            (row.text(0), Int(row.int64(1)))
        }
        return Dictionary(pairs, uniquingKeysWith: +)
    }

    func save(_ schoolClass: SchoolClass) throws {
        try checkOpen()
        try connection.execute("INSERT INTO classes (name, grade) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET grade = excluded.grade",
                               [.text(schoolClass.name), SQLiteValue(schoolClass.grade)])
    }

    func renameClass(_ name: String, to newName: String) throws -> Bool {
        try checkOpen()
        guard try connection.firstRow("SELECT 1 FROM classes WHERE name = ?", [.text(name)], { _ in true }) != nil else { return false }
        guard name != newName else { return true }
        guard try connection.firstRow("SELECT 1 FROM classes WHERE name = ?", [.text(newName)], { _ in true }) == nil else {
            throw LendingStoreError.classExists(name: newName)
        }
        // Its Users follow through ON UPDATE CASCADE; its counts are plain text.
        try connection.execute("UPDATE classes SET name = ? WHERE name = ?", [.text(newName), .text(name)])
        try connection.execute("""
            INSERT INTO lend_counts (book, class, month, lends) SELECT book, ?, month, lends FROM lend_counts WHERE class = ?
            ON CONFLICT (book, class, month) DO UPDATE SET lends = lend_counts.lends + excluded.lends
            """, [.text(newName), .text(name)])
        try connection.execute("DELETE FROM lend_counts WHERE class = ?", [.text(name)])
        return true
    }

    func removeClass(_ name: String) throws -> Bool {
        try checkOpen()
        let members = try connection.firstRow("SELECT count(*) FROM users WHERE class = ?", [.text(name)]) { Int($0.int64(0)) } ?? 0
        guard members == 0 else { throw LendingStoreError.classHasUsers(name: name, count: members) }
        try connection.execute("DELETE FROM classes WHERE name = ?", [.text(name)])
        return connection.changes > 0
    }
}
