import CEvdev
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Watches the input directory (and its `by-id` folder, when there is one) with inotify, so
/// a Scanner plugged back in is noticed without polling. Owns the inotify descriptor.
/// Not `Sendable`: use it from one thread.
public final class InputDirectoryWatcher {
    /// The inotify descriptor, for `poll`; readable when something changed.
    public let fileDescriptor: Int32
    public let directory: String

    /// Node created, attributes changed (udev sets the group after creating), moved in.
    private static let mask = UInt32(IN_CREATE | IN_ATTRIB | IN_MOVED_TO)

    /// Calls `inotify_init1(IN_NONBLOCK | IN_CLOEXEC)` and `inotify_add_watch` for
    /// `directory` and `directory/by-id`.
    public init(directory: String) throws(Errno) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw Errno.current }
        guard inotify_add_watch(fd, directory, Self.mask) >= 0 else {
            let error = Errno.current
            close(fd)
            throw error
        }
        // by-id may not exist yet (no USB input device so far); the main directory's events
        // are enough to notice a device, its by-id link then already exists or follows.
        _ = inotify_add_watch(fd, directory + "/by-id", Self.mask)
        self.fileDescriptor = fd
        self.directory = directory
    }

    deinit {
        close(fileDescriptor)
    }

    /// Reads every pending change and returns the names that changed (empty when none).
    /// Never blocks.
    public func takeChanges() -> [String] {
        var names: [String] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return names }
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
    }
}
