import CAnthy
import Foundation
import TextInput

/// Why anthy cannot convert: the library could not start (most often its dictionary, the
/// Debian package `anthy-common` that `anthy` brings, is missing) or gave no context.
public struct AnthyUnavailable: Error, Sendable, Equatable, CustomStringConvertible {
    public var description: String
}

/// Kana-to-kanji conversion with anthy: kana in, segments (文節) with their candidates out.
/// Owns one anthy context (released in `deinit`), set to UTF-8. Not `Sendable`: use it from
/// one thread, as the kiosk runtime does.
///
/// Nothing is learnt: candidates are never committed back to anthy (`anthy_commit_segment`
/// is not called), so the order stays the dictionary's and anthy writes no history file. Its
/// lock file goes to a private folder (`AnthyLibrary.privateHome`), not the user's home.
public final class AnthyConverter {
    /// The most candidates kept for one segment.
    public static let candidatesKept = 60

    private let context: anthy_context_t

    /// Starts anthy if this process has not yet, and creates a context. Calls `anthy_init`
    /// (once a process), `anthy_create_context` and `anthy_context_set_encoding`.
    public init() throws(AnthyUnavailable) {
        try AnthyLibrary.start()
        guard let context = anthy_create_context() else {
            throw AnthyUnavailable(description: "anthy could not create a conversion context")
        }
        anthy_context_set_encoding(context, ANTHY_UTF8_ENCODING)
        self.context = context
    }

    deinit {
        anthy_release_context(context)
    }

    /// anthy's version, as `anthy_get_version_string` gives it.
    public static var version: String {
        anthy_get_version_string().map { String(cString: $0) } ?? "unknown"
    }

    /// The segments `kana` may become, best candidate first; none when anthy cannot convert
    /// it. Calls `anthy_set_string`, `anthy_get_stat`, `anthy_get_segment_stat` and
    /// `anthy_get_segment`.
    public func convert(_ kana: String) -> [ConversionSegment] {
        guard !kana.isEmpty, anthy_set_string(context, kana) == 0 else { return [] }
        var conversion = anthy_conv_stat()
        guard anthy_get_stat(context, &conversion) == 0 else { return [] }
        var segments: [ConversionSegment] = []
        for index in 0..<max(0, conversion.nr_segment) {
            var segment = anthy_segment_stat()
            guard anthy_get_segment_stat(context, index, &segment) == 0,
                  let reading = text(segment: index, candidate: NTH_UNCONVERTED_CANDIDATE) else { return [] }
            var candidates: [String] = []
            for candidate in 0..<min(max(0, segment.nr_candidate), Int32(Self.candidatesKept)) {
                if let text = text(segment: index, candidate: candidate), !candidates.contains(text) {
                    candidates.append(text)
                }
            }
            guard !candidates.isEmpty else { return [] }
            segments.append(ConversionSegment(reading: reading, candidates: candidates))
        }
        return segments
    }

    /// One candidate's text (`NTH_UNCONVERTED_CANDIDATE`: the segment's kana). Calls
    /// `anthy_get_segment`, first to learn the length, then to copy the text.
    private func text(segment: Int32, candidate: Int32) -> String? {
        let length = anthy_get_segment(context, segment, candidate, nil, 0)
        guard length >= 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(length) + 1)
        let copied = anthy_get_segment(context, segment, candidate, &buffer, Int32(buffer.count))
        guard copied >= 0, Int(copied) < buffer.count else { return nil }
        return String(validating: buffer[..<Int(copied)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// anthy's process-wide start (`anthy_init`), done once.
enum AnthyLibrary {
    /// Where anthy keeps its lock file instead of the user's home: a folder of this user's
    /// own in the temporary directory (`TMPDIR`), made mode 0700.
    static var privateHome: String {
        (NSTemporaryDirectory() as NSString).appendingPathComponent("bookkiosk-anthy-\(getuid())")
    }

    private static let started: Result<Void, AnthyUnavailable> = {
        let home = privateHome
        if ownFolder(at: home) {
            anthy_conf_override("HOME", home)
        }
        guard anthy_init() == 0 else {
            return .failure(AnthyUnavailable(
                description: "anthy could not start (anthy_init failed): its dictionary is missing — install the Debian package anthy (it brings the dictionary, anthy-common)"))
        }
        return .success(())
    }()

    static func start() throws(AnthyUnavailable) {
        if case .failure(let why) = started { throw why }
    }

    /// Makes `path` a folder of this user's, mode 0700; false when it is someone else's or
    /// cannot be made (anthy then uses the home folder, as it does by default).
    private static func ownFolder(at path: String) -> Bool {
        let files = FileManager.default
        do {
            try files.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let attributes = try files.attributesOfItem(atPath: path)
            let owner = (attributes[.ownerAccountID] as? NSNumber)?.uint32Value
            return owner == getuid() && attributes[.type] as? FileAttributeType == .typeDirectory
        } catch {
            return false
        }
    }
}
