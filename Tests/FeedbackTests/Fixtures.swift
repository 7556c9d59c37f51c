import Feedback
import Foundation
import Lending

/// Users, Books, Loans and instants shared by the tests.
enum Fixtures {
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    static let utc = TimeZone(identifier: "UTC")!
    /// 2026-12-01T09:00:00+09:00, a Tuesday.
    static let morning = Date(timeIntervalSince1970: 1_796_083_200)

    static let haruto = User(card: "C0001", name: "はると")
    static let emma = User(card: "C0002", name: "Emma")
    static let guri = Book(barcode: "B0042", title: "ぐりとぐら")
    static let caterpillar = Book(barcode: "B0043", title: "The Very Hungry Caterpillar")
    static let lost = Book(barcode: "B0044", title: "ぐりとぐら", status: .lost)
    /// Due Thursday 3 December 2026.
    static let due = LocalDate(year: 2026, month: 12, day: 3)
    static let loan = Loan(id: 1, book: "B0042", user: "C0001", lentAt: morning, due: due)
    static let caterpillarLoan = Loan(id: 2, book: "B0043", user: "C0002", lentAt: morning, due: due)

    /// A fresh directory for one test, removed by the caller with `removeItem`.
    static func temporaryDirectory(_ name: String = #function) throws -> URL {
        let safe = name.filter { $0.isLetter || $0.isNumber }
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("FeedbackTests-\(safe)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The full path of `program` on PATH, or nil.
    static func which(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
