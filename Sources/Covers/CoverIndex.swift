#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import POSIX

/// The covers folder as the screen and the page look into it: the folder's file names are read
/// once (those this process may read), and again only when the folder has changed (its
/// modification time), which is looked at no more than once in `recheckAfter`. A frame or a
/// list of fifty Books costs a set lookup per Book, not a dozen `access` or a `stat` each (those
/// were a tenth of a scan's CPU and of 絵本's time). A cover copied into the folder shows a
/// second later. Safe to use from any thread.
public final class CoverIndex: @unchecked Sendable {
    public let folder: CoverFolder
    private let clock: @Sendable () -> UInt64
    private let recheckAfter: UInt64
    private let lock = NSLock()
    private var names: Set<String> = []
    private var readAt: timespec?
    private var checkedAt: UInt64?

    /// - Parameters:
    ///   - clock: monotonic nanoseconds (tests move their own).
    public init(_ folder: CoverFolder, recheckAfterNanoseconds: UInt64 = 1_000_000_000,
                clock: @escaping @Sendable () -> UInt64 = monotonicNanoseconds) {
        self.folder = folder
        self.clock = clock
        recheckAfter = recheckAfterNanoseconds
    }

    /// The cover of the Book with `barcode` (or, failing that, its `isbn`), as `CoverFolder` finds it.
    public func cover(barcode: String, isbn: String?) -> String? {
        let names = currentNames()
        guard !names.isEmpty else { return nil }
        for name in [barcode, isbn].compactMap({ $0 }) where CoverFolder.isPlainName(name) {
            for ext in CoverFolder.extensions where names.contains("\(name).\(ext)") {
                return (folder.path as NSString).appendingPathComponent("\(name).\(ext)")
            }
        }
        return nil
    }

    /// The folder's names, read again when its modification time moved, which is looked at
    /// (`stat`) when `recheckAfter` has passed since the last look.
    private func currentNames() -> Set<String> {
        let now = clock()
        lock.lock()
        defer { lock.unlock() }
        if let checkedAt, now &- checkedAt < recheckAfter { return names }
        checkedAt = now
        var info = stat()
        guard stat(folder.path, &info) == 0 else {
            (names, readAt) = ([], nil)
            return names
        }
        let modified = info.st_mtim
        if let readAt, readAt.tv_sec == modified.tv_sec, readAt.tv_nsec == modified.tv_nsec { return names }
        // Only the files this process may read, as `CoverFolder` asks: a cover copied in that it
        // may not read gives way to the ISBN's file or the page's photo, not to an empty place.
        let listed = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        names = Set(listed.filter { access((folder.path as NSString).appendingPathComponent($0), R_OK) == 0 })
        readAt = modified
        return names
    }
}
