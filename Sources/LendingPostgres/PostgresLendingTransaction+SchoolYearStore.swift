import Foundation
import Lending

// The school year's classes (migration 7). None of these reads locks anything; the writes
// touch the class's own rows, which no scan locks.
extension PostgresLendingTransaction: SchoolYearStore {
    func classes() throws -> [SchoolClass] {
        checkOpen()
        return try connection.rows("SELECT name, grade FROM classes", []) { row in
            SchoolClass(name: row.text(0), grade: row.optionalText(1).flatMap { Int($0) })
        }.sortedByGrade()
    }

    func userCountsByClass() throws -> [String: Int] {
        checkOpen()
        let pairs = try connection.rows("SELECT class, count(*) FROM users WHERE class IS NOT NULL GROUP BY class", []) { row in
            (row.text(0), Int(row.text(1)) ?? 0)
        }
        return Dictionary(pairs, uniquingKeysWith: +)
    }

    func save(_ schoolClass: SchoolClass) throws {
        checkOpen()
        _ = try connection.execute("""
            INSERT INTO classes (name, grade) VALUES ($1, $2::integer) ON CONFLICT (name) DO UPDATE SET grade = excluded.grade
            """, [schoolClass.name, schoolClass.grade.map(String.init)])
    }

    func renameClass(_ name: String, to newName: String) throws -> Bool {
        checkOpen()
        guard try connection.firstRow("SELECT 1 FROM classes WHERE name = $1", [name], { _ in true }) != nil else { return false }
        guard name != newName else { return true }
        guard try connection.firstRow("SELECT 1 FROM classes WHERE name = $1", [newName], { _ in true }) == nil else {
            throw LendingStoreError.classExists(name: newName)
        }
        // Its Users follow through ON UPDATE CASCADE; its counts are plain text.
        _ = try connection.execute("UPDATE classes SET name = $1 WHERE name = $2", [newName, name])
        _ = try connection.execute("""
            INSERT INTO lend_counts (book, class, month, lends) SELECT book, $1, month, lends FROM lend_counts WHERE class = $2
            ON CONFLICT (book, class, month) DO UPDATE SET lends = lend_counts.lends + excluded.lends
            """, [newName, name])
        _ = try connection.execute("DELETE FROM lend_counts WHERE class = $1", [name])
        return true
    }

    func removeClass(_ name: String) throws -> Bool {
        checkOpen()
        let members = try connection.firstRow("SELECT count(*) FROM users WHERE class = $1", [name]) { Int($0.text(0)) ?? 0 } ?? 0
        guard members == 0 else { throw LendingStoreError.classHasUsers(name: name, count: members) }
        return try connection.firstRow("DELETE FROM classes WHERE name = $1 RETURNING 1", [name]) { _ in true } != nil
    }
}
