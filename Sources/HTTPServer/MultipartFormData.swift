import Foundation

/// A `multipart/form-data` body (RFC 7578), already read whole, into fields and files.
public enum MultipartFormData {
    /// The most parts a body may have: the page's largest form has a few dozen fields.
    public static let defaultPartLimit = 1_000

    /// Text fields in order, and files. A file input left empty (`filename=""` and no data)
    /// is not a file. Field values are UTF-8 (an invalid sequence becomes U+FFFD).
    ///
    /// Linear in the body: each byte is looked at a bounded number of times (a part's headers
    /// are looked for only inside that part), and a body of more than `partLimit` parts is
    /// refused as soon as the part after the last allowed one begins.
    public static func parse(_ body: [UInt8], boundary: String, partLimit: Int = defaultPartLimit) throws(FormDecodingError) -> (fields: [FormField], files: [UploadedFile]) {
        guard !boundary.isEmpty else { throw .missingBoundary }
        let crlf: [UInt8] = [13, 10]
        let dashBoundary = Array("--\(boundary)".utf8)
        let delimiter = crlf + dashBoundary

        // The first boundary: at the very start, or after a preamble ending in CRLF.
        var position: Int
        if body.starts(with: dashBoundary) {
            position = dashBoundary.count
        } else if let found = body.firstIndex(of: delimiter, from: 0) {
            position = found + delimiter.count
        } else {
            throw .boundaryNotFound
        }

        var fields: [FormField] = []
        var files: [UploadedFile] = []
        var partNumber = 0
        while true {
            // After a boundary: "--" closes the body; otherwise padding, CRLF, then a part.
            if body[position...].starts(with: [UInt8(ascii: "-"), UInt8(ascii: "-")]) { break }
            while position < body.count, body[position] == UInt8(ascii: " ") || body[position] == UInt8(ascii: "\t") {
                position += 1
            }
            guard body[position...].starts(with: crlf) else { throw .truncated }
            position += crlf.count
            partNumber += 1
            guard partNumber <= partLimit else { throw .tooManyParts(limit: partLimit) }

            // The part runs to the next delimiter; its headers end at its first blank line.
            guard let contentEnd = body.firstIndex(of: delimiter, from: position) else {
                let headersEnd = body[position...].starts(with: crlf) || body.firstIndex(of: crlf + crlf, from: position) != nil
                throw headersEnd ? .truncated : .unterminatedPartHeaders(part: partNumber)
            }
            let headersEnd: Int
            if body[position...].starts(with: crlf) {
                headersEnd = position  // a part without headers
            } else if let blank = body.firstIndex(of: crlf + crlf, from: position, before: contentEnd) {
                headersEnd = blank + crlf.count
            } else {
                throw .unterminatedPartHeaders(part: partNumber)
            }
            let headers = partHeaders(body[position..<headersEnd])
            let contentStart = headersEnd + crlf.count
            guard contentStart <= contentEnd else { throw .unterminatedPartHeaders(part: partNumber) }
            let content = Array(body[contentStart..<contentEnd])
            position = contentEnd + delimiter.count

            guard let disposition = headers["content-disposition"].flatMap({ MediaType(parsing: "x/\($0)") }),
                  let name = disposition.parameters["name"] else {
                throw .partWithoutName(part: partNumber)
            }
            let fieldName = unescapeQuotedName(name)
            if let fileName = disposition.parameters["filename"] {
                let baseName = unescapeQuotedName(fileName).split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
                if baseName.isEmpty && content.isEmpty { continue }
                files.append(UploadedFile(field: fieldName, fileName: baseName, contentType: headers["content-type"], data: content))
            } else {
                fields.append(FormField(name: fieldName, value: String(decoding: content, as: UTF8.self)))
            }
        }
        return (fields, files)
    }

    /// Header name (lowercased) → value, from lines ending in CRLF.
    private static func partHeaders(_ bytes: ArraySlice<UInt8>) -> [String: String] {
        var headers: [String: String] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].trimmingWhitespace().lowercased()] = String(line[line.index(after: colon)...].trimmingWhitespace())
        }
        return headers
    }

    /// Browsers write `"`, CR and LF in names and file names as `%22`, `%0D`, `%0A`
    /// (the HTML standard's multipart encoding); every other byte is sent as it is.
    private static func unescapeQuotedName(_ name: String) -> String {
        name.replacingOccurrences(of: "%22", with: "\"").replacingOccurrences(of: "%0D", with: "\r")
            .replacingOccurrences(of: "%0A", with: "\n")
    }
}

extension Array where Element == UInt8 {
    /// The offset of the first occurrence of `pattern` at or after `start`, ending at or
    /// before `end` (the whole array when nil).
    func firstIndex(of pattern: [UInt8], from start: Int, before end: Int? = nil) -> Int? {
        let end = Swift.min(end ?? count, count)
        guard let first = pattern.first, start >= 0, end - start >= pattern.count else { return nil }
        return withUnsafeBufferPointer { haystack in
            pattern.withUnsafeBufferPointer { needle in
                var candidate = start
                let last = end - needle.count
                while candidate <= last {
                    if haystack[candidate] == first,
                       memcmp(haystack.baseAddress! + candidate, needle.baseAddress!, needle.count) == 0 {
                        return candidate
                    }
                    candidate += 1
                }
                return nil
            }
        }
    }
}
