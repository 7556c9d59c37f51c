import CEvdev
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import POSIX

/// Watches the input directory (and its `by-id` folder, when there is one) with inotify, so
/// a Scanner plugged back in is noticed without polling. Where the input directory does not
/// exist yet (no input device since boot, or the `evdev` module not loaded yet), its parent
/// is watched until it appears, then the directory itself. Owns the inotify descriptor.
/// Not `Sendable`: use it from one thread.
public final class InputDirectoryWatcher {
    /// The inotify descriptor, for `poll`; readable when something changed.
    public let fileDescriptor: Int32
    public let directory: String
    /// The parent's watch while the directory is waited for; nil once it is watched.
    private var parentWatch: Int32?
    /// Whether `directory/by-id` is watched (it appears with the first USB input device).
    private var watchesByID = false

    /// Node created, attributes changed (udev sets the group after creating), moved in.
    private static let mask = UInt32(IN_CREATE | IN_ATTRIB | IN_MOVED_TO)

    /// Whether the directory itself is watched (false while only its parent is, waiting for
    /// it to be created).
    public var watchesDirectory: Bool { parentWatch == nil }

    /// Calls `inotify_init1(IN_NONBLOCK | IN_CLOEXEC)` and `inotify_add_watch` for
    /// `directory` and `directory/by-id`; when `directory` does not exist, for its parent.
    /// Throws when neither `directory` nor its parent can be watched.
    public init(directory: String) throws(Errno) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw Errno.current }
        self.fileDescriptor = fd
        self.directory = directory
        if inotify_add_watch(fd, directory, Self.mask) >= 0 {
            watchByID()
            return
        }
        let error = Errno.current
        guard error == .noSuchFileOrDirectory else {
            close(fd)
            throw error
        }
        let parent = Self.parent(of: directory)
        let watch = inotify_add_watch(fd, parent, UInt32(IN_CREATE | IN_MOVED_TO))
        guard watch >= 0 else {
            let parentError = Errno.current
            close(fd)
            throw parentError
        }
        parentWatch = watch
        // Created between the two calls: watch it now.
        startWatchingDirectoryIfCreated()
    }

    deinit {
        close(fileDescriptor)
    }

    /// Reads every pending change and returns the names that changed (empty when none).
    /// When the directory was waited for and has appeared, it is watched from now on and its
    /// own name is among the changes. Never blocks.
    public func takeChanges() -> [String] {
        var names: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = (try? retryOnInterrupt { buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) } }) ?? 0
            guard count > 0 else { break }
            var offset = 0
            let headerSize = MemoryLayout<inotify_event>.size
            while offset + headerSize <= count {
                let nameLength = buffer.withUnsafeBytes { bytes in
                    Int(bytes.loadUnaligned(fromByteOffset: offset, as: inotify_event.self).len)
                }
                let nameStart = offset + headerSize
                let nameBytes = buffer[nameStart..<min(nameStart + nameLength, count)].prefix { $0 != 0 }
                if !nameBytes.isEmpty { names.append(String(decoding: nameBytes, as: UTF8.self)) }
                offset = nameStart + nameLength
            }
        }
        if startWatchingDirectoryIfCreated() {
            names.append(Self.lastComponent(of: directory))
        } else if watchesDirectory && !watchesByID && names.contains("by-id") {
            watchByID()
        }
        return names
    }

    /// While waiting for the directory: watches it if it exists now, and stops watching the
    /// parent (whose other changes would wake the kiosk for nothing). True when it started now.
    @discardableResult
    private func startWatchingDirectoryIfCreated() -> Bool {
        guard let parentWatch, inotify_add_watch(fileDescriptor, directory, Self.mask) >= 0 else { return false }
        inotify_rm_watch(fileDescriptor, parentWatch)
        self.parentWatch = nil
        watchByID()
        return true
    }

    /// by-id may not exist yet (no USB input device so far); the main directory's events
    /// are enough to notice a device, and by-id is watched once it is created.
    private func watchByID() {
        watchesByID = inotify_add_watch(fileDescriptor, directory + "/by-id", Self.mask) >= 0
    }

    static func parent(of path: String) -> String {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard let slash = trimmed.lastIndex(of: "/") else { return "." }
        let parent = String(trimmed[..<slash])
        return parent.isEmpty ? "/" : parent
    }

    static func lastComponent(of path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }
}
