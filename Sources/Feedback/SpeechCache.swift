import Foundation
#if canImport(Glibc)
import Glibc
#endif
import Digest
import POSIX

/// Speech made once and kept: each clause's audio in a file named by the SHA-256 of what it
/// says and how (the text, the engine and its version, the voice, the speed), in a folder
/// under the kiosk's state directory. Bounded: when the files pass `capacityBytes`, the
/// least recently used go. Nothing here is precious: a file that cannot be read is made
/// again, and one that cannot be written (a full disk) is only not kept.
public final class SpeechCache: Sendable {
    /// About 700 clauses of a second and a half at 48 kHz.
    public static let defaultCapacityBytes = 100 * 1024 * 1024

    public let directory: URL
    public let capacityBytes: Int

    public init(directory: URL, capacityBytes: Int = SpeechCache.defaultCapacityBytes) {
        self.directory = directory
        self.capacityBytes = capacityBytes
    }

    /// The file name for a clause: the digest of `key`.
    public static func fileName(forKey key: String) -> String {
        SHA256.hex(Array(key.utf8)) + ".wav"
    }

    /// The kept audio for `key`, or nil. A hit is marked as used now (its modification time),
    /// so eviction takes what has not been said for longest.
    public func audio(forKey key: String) -> SpeechAudio? {
        let url = directory.appendingPathComponent(Self.fileName(forKey: key))
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        guard let audio = try? SpeechAudio(wav: [UInt8](data)) else {
            try? FileManager.default.removeItem(at: url)
            return nil
        }
        utimes(url.path, nil)
        return audio
    }

    /// Whether audio is kept for `key`, without reading it (what is made ahead skips it).
    public func contains(key: String) -> Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent(Self.fileName(forKey: key)).path)
    }

    /// Keeps `audio` for `key` (written aside, then renamed, so a reader never sees half a
    /// file), then evicts the least recently used files past the capacity. Throws when it
    /// cannot be written, leaving nothing half-written behind.
    public func store(_ audio: SpeechAudio, forKey key: String) throws(SpeechFailure) {
        let name = Self.fileName(forKey: key)
        let target = directory.appendingPathComponent(name)
        let aside = directory.appendingPathComponent(".\(name).\(getpid()).\(UUID().uuidString).part")
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            try Data(audio.wav).write(to: aside)
            if rename(aside.path, target.path) != 0 {
                throw SpeechFailure(Errno.current.description)
            }
        } catch {
            try? FileManager.default.removeItem(at: aside)
            let reason = (error as? SpeechFailure)?.description ?? Self.describe(error)
            throw SpeechFailure("speech cache \(directory.path): \(reason)")
        }
        evict()
    }

    /// The kept files' total size in bytes.
    public var totalBytes: Int {
        files().reduce(0) { $0 + $1.size }
    }

    /// Removes the least recently used files until the rest fit in the capacity.
    func evict() {
        var files = files()
        var total = files.reduce(0) { $0 + $1.size }
        guard total > capacityBytes else { return }
        files.sort { $0.used < $1.used }
        for file in files where total > capacityBytes {
            try? FileManager.default.removeItem(at: file.url)
            total -= file.size
        }
    }

    private func files() -> [(url: URL, size: Int, used: Date)] {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        let urls = (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys)) ?? []
        return urls.filter { $0.pathExtension == "wav" }.compactMap { url in
            guard let values = try? url.resourceValues(forKeys: Set(keys)) else { return nil }
            return (url, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast)
        }
    }

    private static func describe(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return Errno(rawValue: Int32(underlying.code)).description
        }
        return nsError.localizedDescription
    }
}
