import Foundation
import Lending

/// The covers photographed on the teachers' page (「表紙の写真」), kept in the library's database,
/// as files the kiosk's painter reads: each is written once into `folder` under a name made of
/// its Book's barcode and the time it was saved, so a new photo is a new file. The database is
/// asked one small question per Book shown (when was its cover saved), and its answer is kept
/// for `freshFor` of the kiosk's clock, so the frames of one answer (its countdown redraws the
/// scene every second) ask once, and a PostgreSQL kiosk does not ask its server on every frame;
/// a photo taken on the page shows on the Book's frames within that time. The picture itself is
/// read only when its file is not there yet. Used on the kiosk's own thread, outside its
/// transactions; a store that cannot answer now (a server away) is asked again only after
/// `pause`, and meanwhile the Book shows without its photo.
public final class StoredCovers: @unchecked Sendable {
    public let folder: String
    private let repository: any LendingRepository
    private let pause: TimeInterval
    private let freshFor: TimeInterval
    private let lock = NSLock()
    private var askAgainAt: Date?
    /// Each Book's last answer (its file, or none) and when it was asked.
    private var answers: [String: (file: String?, askedAt: Date)] = [:]

    /// A store that failed is asked again after this long.
    public static let defaultPause: TimeInterval = 60
    /// How long a Book's answer is kept (seconds of the kiosk's clock).
    public static let defaultFreshness: TimeInterval = 5
    /// The most Books whose answers are kept (when full, all are let go).
    static let answersKept = 256

    /// - Parameter folder: a folder of the kiosk's own (made here), where the copies are written.
    public init(repository: any LendingRepository, folder: String, pause: TimeInterval = StoredCovers.defaultPause,
                freshFor: TimeInterval = StoredCovers.defaultFreshness) throws {
        self.repository = repository
        self.folder = folder
        self.pause = pause
        self.freshFor = freshFor
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }

    /// A folder for the copies that no other process shares: under the temporary directory
    /// (systemd's PrivateTmp for the installed kiosk), named by the process.
    public static func temporaryFolder() -> String {
        (NSTemporaryDirectory() as NSString).appendingPathComponent("bookkiosk-covers-\(ProcessInfo.processInfo.processIdentifier)")
    }

    /// The file of the Book's stored cover, written now if it is not there yet; nil when it has
    /// none, or the store cannot answer now. An answer given less than `freshFor` before `now`
    /// is given again without asking (a clock set back asks again).
    public func cover(barcode: String, now: Date) -> String? {
        lock.lock()
        defer { lock.unlock() }
        if let kept = answers[barcode], now >= kept.askedAt, now.timeIntervalSince(kept.askedAt) < freshFor {
            return kept.file
        }
        if let askAgainAt, now < askAgainAt { return nil }
        let file: String?
        do {
            file = try ask(barcode: barcode)
            askAgainAt = nil
        } catch {
            askAgainAt = now.addingTimeInterval(pause)
            return nil
        }
        if answers.count >= Self.answersKept { answers.removeAll(keepingCapacity: true) }
        answers[barcode] = (file, now)
        return file
    }

    /// The file of the Book's stored cover, written if it is not there yet, or nil for none;
    /// throws what the store threw.
    private func ask(barcode: String) throws -> String? {
        guard let saved = try read({ try $0.coverTimes(barcodes: [barcode]) })[barcode] else { return nil }
        let stem = Self.fileStem(barcode: barcode)
        let name = "\(stem)-\(BookCovers.version(savedAt: saved))"
        for format in BookCoverFormat.allCases {
            let file = (folder as NSString).appendingPathComponent("\(name).\(format.fileExtension)")
            if FileManager.default.fileExists(atPath: file) { return file }
        }
        guard let cover = try read({ try $0.cover(barcode: barcode) }) else { return nil }
        let file = (folder as NSString).appendingPathComponent("\(name).\(cover.format.fileExtension)")
        try Data(cover.image).write(to: URL(fileURLWithPath: file), options: .atomic)
        // The Book's earlier photos are not shown again.
        for old in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        where old.hasPrefix(stem + "-") && !old.hasPrefix(name + ".") {
            try? FileManager.default.removeItem(atPath: (folder as NSString).appendingPathComponent(old))
        }
        return file
    }

    /// A read without the write lock where the store has one (SQLite's WAL), so a cover never
    /// makes a lend on the page wait.
    private func read<T>(_ body: (any LendingTransaction) throws -> T) throws -> T {
        if let snapshots = repository as? any SnapshotReading { return try snapshots.read(body) }
        return try repository.transaction(body)
    }

    /// A barcode as a file name: its UTF-8 bytes in hexadecimal (a barcode may hold any
    /// character a scanner types).
    static func fileStem(barcode: String) -> String {
        barcode.utf8.map { String(format: "%02x", $0) }.joined()
    }
}
