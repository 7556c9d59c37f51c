import Foundation
import POSIX

/// Where `bookkiosk import` reads its CSV from: a file, `-` (standard input), or anything
/// readable that cannot seek (a pipe, a FIFO, `/dev/stdin`, a shell's `<(…)`). It is read
/// once, whole, before anything is parsed, so the import stays all or nothing.
public struct ImportSource {
    /// The word given on the command line.
    public let argument: String

    /// Why the source cannot be imported, worded for the person who ran the import.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    public init(argument: String) { self.argument = argument }

    /// What messages call it.
    public var name: String { argument == "-" ? "standard input" : argument }

    /// The whole contents. Calls `open(2)` (not for `-`) and `read(2)` until end of file.
    public func read() throws -> Data {
        if argument == "-" { return try Self.readAll(STDIN_FILENO, name: name) }
        let descriptor = open(argument, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let error = Errno.current
            switch error {
            case .noSuchFileOrDirectory:
                throw Failure("\(argument) does not exist. Check the file name; nothing was imported.")
            case .permissionDenied, .operationNotPermitted:
                throw Failure("\(argument) cannot be read: you may not read it. Check its permissions; nothing was imported.")
            default:
                throw Failure("\(argument) cannot be read (\(error)). Check the file name and that you may read it; nothing was imported.")
            }
        }
        defer { close(descriptor) }
        return try Self.readAll(descriptor, name: name)
    }

    private static func readAll(_ descriptor: Int32, name: String) throws -> Data {
        var contents = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count: Int
            do throws(Errno) {
                count = try retryOnInterrupt { chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) } }
            } catch {
                let hint = error == .isDirectory ? "it is a folder; name the CSV file in it" : error.description
                throw Failure("\(name) cannot be read (\(hint)); nothing was imported.")
            }
            if count == 0 { return contents }
            contents.append(contentsOf: chunk[0..<count])
        }
    }

    /// The text of `data`: UTF-8 (a byte-order mark is left for the CSV reader, which skips
    /// it). Anything else is refused, naming Shift_JIS when it reads as Shift_JIS (what
    /// Excel's plain "CSV" gives on a Japanese Windows), so the person knows how to save it.
    public func text(of data: Data) throws -> String {
        if let text = String(data: data, encoding: .utf8) { return text }
        if String(data: data, encoding: .shiftJIS) != nil {
            throw Failure("\(name) is Shift_JIS text (Excel's plain \"CSV\"), not UTF-8. In Excel choose \"CSV UTF-8\" when saving, or convert it with `iconv -f SHIFT_JIS -t UTF-8`, and import it again; nothing was imported.")
        }
        throw Failure("\(name) is not UTF-8 text. Save it as \"CSV UTF-8\" and import it again; nothing was imported.")
    }
}
