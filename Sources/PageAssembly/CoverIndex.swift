#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation
import KioskPresenter

/// The covers folder as the page looks into it: the folder's file names are read once, and
/// again only when the folder has changed (its modification time), so a list of fifty Books
/// costs one `stat` of the folder per Book rather than a dozen failed looks for files each.
/// A cover a teacher adds shows on the next page drawn. Safe to use from the daemon's threads.
final class CoverIndex: @unchecked Sendable {
    let folder: CoverFolder
    private let lock = NSLock()
    private var names: Set<String> = []
    private var readAt: timespec?

    init(_ folder: CoverFolder) {
        self.folder = folder
    }

    /// The cover of the Book with `barcode` (or, failing that, its `isbn`), as `CoverFolder` finds it.
    func cover(barcode: String, isbn: String?) -> String? {
        let names = currentNames()
        guard !names.isEmpty else { return nil }
        for name in [barcode, isbn].compactMap({ $0 }) where CoverFolder.isPlainName(name) {
            for ext in CoverFolder.extensions where names.contains("\(name).\(ext)") {
                return (folder.path as NSString).appendingPathComponent("\(name).\(ext)")
            }
        }
        return nil
    }

    /// The folder's names, read again when its modification time moved. Calls `stat`.
    private func currentNames() -> Set<String> {
        var info = stat()
        guard stat(folder.path, &info) == 0 else { return [] }
        let modified = info.st_mtim
        lock.lock()
        defer { lock.unlock() }
        if let readAt, readAt.tv_sec == modified.tv_sec, readAt.tv_nsec == modified.tv_nsec { return names }
        names = Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        readAt = modified
        return names
    }
}
