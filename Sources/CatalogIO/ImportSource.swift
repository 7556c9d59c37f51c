import Foundation
import POSIX

/// Where `bookkiosk import` reads its CSV from: a file, `-` (standard input), or anything
/// readable that cannot seek (a pipe, a FIFO, `/dev/stdin`, a shell's `<(…)`). It is read
/// once, whole, before anything is parsed, so the import stays all or nothing.
public struct ImportSource {
    /// The word given on the command line.
    public let argument: String

    /// Why the source cannot be imported, as data (`CatalogWords.source(_:)` words it).
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public enum Reason: Sendable, Equatable {
            case missing
            case notPermitted
            case isFolder
            case unreadable(String)
            /// Neither UTF-8 nor Shift_JIS.
            case notText
        }

        /// What messages call the source.
        public var name: String
        public var reason: Reason

        public var description: String { EnglishCatalogWords().source(self) }
    }

    public init(argument: String) { self.argument = argument }

    /// What messages call it.
    public var name: String { argument == "-" ? "standard input" : argument }

    /// The whole contents. Calls `open(2)` (not for `-`) and `read(2)` until end of file.
    public func read() throws(Failure) -> Data {
        if argument == "-" { return try Self.readAll(STDIN_FILENO, name: name) }
        let descriptor = open(argument, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let error = Errno.current
            switch error {
            case .noSuchFileOrDirectory: throw Failure(name: name, reason: .missing)
            case .permissionDenied, .operationNotPermitted: throw Failure(name: name, reason: .notPermitted)
            default: throw Failure(name: name, reason: .unreadable(error.description))
            }
        }
        defer { close(descriptor) }
        return try Self.readAll(descriptor, name: name)
    }

    private static func readAll(_ descriptor: Int32, name: String) throws(Failure) -> Data {
        var contents = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count: Int
            do throws(Errno) {
                count = try retryOnInterrupt { chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) } }
            } catch {
                throw Failure(name: name, reason: error == .isDirectory ? .isFolder : .unreadable(error.description))
            }
            if count == 0 { return contents }
            contents.append(contentsOf: chunk[0..<count])
        }
    }

    /// The text of `data` and the encoding it was read in (see `CSVText`).
    public func text(of data: Data) throws(Failure) -> CSVText {
        guard let text = CSVText(decoding: data) else { throw Failure(name: name, reason: .notText) }
        return text
    }
}
