#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import POSIX

/// Small POSIX file operations the input code needs, without Foundation.
enum POSIXFile {
    /// The whole contents of the file at `path`.
    static func read(_ path: String) throws(Errno) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw Errno.current }
        defer { close(fd) }
        var contents: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = try chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(Errno) in try retryOnInterrupt { Glibc.read(fd, buffer.baseAddress, buffer.count) } }
            }.get()
            if count == 0 { return contents }
            contents += chunk[0..<count]
        }
    }

    /// The file's text, decoded as UTF-8 (invalid bytes replaced).
    static func readText(_ path: String) throws(Errno) -> String {
        String(decoding: try read(path), as: UTF8.self)
    }

    /// The names in directory `path` (without `.` and `..`), sorted.
    static func directoryEntries(_ path: String) throws(Errno) -> [String] {
        guard let directory = opendir(path) else { throw Errno.current }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(cString: bytes.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// The target of the symbolic link at `path`, resolved to an absolute, canonical path;
    /// nil when `path` does not exist.
    static func resolvedPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }
}

extension POSIXFile {
    static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }
}
