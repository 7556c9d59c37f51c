import Testing
@testable import HTTPServer

@Suite("multipart/form-data bodies")
struct MultipartFormDataTests {
    static let boundary = "----WebKitFormBoundary7MA4YWxkTrZu0gW"

    /// A body as a browser writes it: each part `--boundary CRLF headers CRLF CRLF content CRLF`.
    static func body(_ parts: [(headers: [String], content: [UInt8])], preamble: String = "", closing: Bool = true) -> [UInt8] {
        var bytes = Array(preamble.utf8)
        for part in parts {
            bytes += Array("--\(boundary)\r\n".utf8)
            for header in part.headers { bytes += Array("\(header)\r\n".utf8) }
            bytes += Array("\r\n".utf8) + part.content + Array("\r\n".utf8)
        }
        if closing { bytes += Array("--\(boundary)--\r\n".utf8) }
        return bytes
    }

    @Test("fields and a file, in order, the file's bytes exact")
    func fieldsAndFile() throws {
        // Bytes that look like a line break and a boundary's start, and are not one.
        let image: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 13, 10, 0x2D, 0x2D, 0x2D, 0x2D, 0, 255, 13, 10]
        let body = Self.body([
            (["Content-Disposition: form-data; name=\"csrf\""], Array("t0k3n".utf8)),
            (["Content-Disposition: form-data; name=\"title\""], Array("ぐりとぐら".utf8)),
            (["Content-Disposition: form-data; name=\"cover\"; filename=\"表紙.png\"", "Content-Type: image/png"], image),
            (["Content-Disposition: form-data; name=\"note\""], []),
        ])
        let parsed = try MultipartFormData.parse(body, boundary: Self.boundary)
        #expect(parsed.fields == [FormField(name: "csrf", value: "t0k3n"), FormField(name: "title", value: "ぐりとぐら"), FormField(name: "note", value: "")])
        #expect(parsed.files == [UploadedFile(field: "cover", fileName: "表紙.png", contentType: "image/png", data: image)])
    }

    @Test("a file input left empty is no file; a preamble is skipped; a path in a file name is dropped")
    func emptyFileInput() throws {
        let body = Self.body([
            (["Content-Disposition: form-data; name=\"backup\"; filename=\"\"", "Content-Type: application/octet-stream"], []),
            (["content-disposition: form-data; name=\"list\"; filename=\"C:\\\\Users\\\\t\\\\books.csv\""], Array("a,b\r\n".utf8)),
        ], preamble: "This is a preamble.\r\n")
        let parsed = try MultipartFormData.parse(body, boundary: Self.boundary)
        #expect(parsed.fields.isEmpty)
        #expect(parsed.files == [UploadedFile(field: "list", fileName: "books.csv", contentType: nil, data: Array("a,b\r\n".utf8))])
    }

    @Test("quotes and line breaks in names arrive as the browser escaped them")
    func escapedNames() throws {
        let body = Self.body([(["Content-Disposition: form-data; name=\"say %22hi%22\""], Array("x".utf8))])
        #expect(try MultipartFormData.parse(body, boundary: Self.boundary).fields == [FormField(name: "say \"hi\"", value: "x")])
    }

    @Test("bodies that cannot be read say why", arguments: [
        (body([(["Content-Disposition: form-data; name=\"a\""], Array("1".utf8))], closing: false), FormDecodingError.truncated),
        (Array("no boundary here".utf8), .boundaryNotFound),
        (body([(["Content-Type: text/plain"], Array("1".utf8))]), .partWithoutName(part: 1)),
        (body([(["Content-Disposition: form-data; name=\"a\""], Array("1".utf8)), (["Content-Disposition: attachment"], [])]), .partWithoutName(part: 2)),
        (Array("--\(boundary)\r\nContent-Disposition: form-data; name=\"a\"".utf8), .unterminatedPartHeaders(part: 1)),
        (Array("--\(boundary)".utf8), .truncated),
    ])
    func unreadable(body: [UInt8], error: FormDecodingError) {
        #expect(throws: error) { try MultipartFormData.parse(body, boundary: Self.boundary) }
        #expect(error.description.contains("send"), "says what to do")
    }

    @Test("the closing boundary may end without a line break, and a boundary with transport padding still counts")
    func lenientEnds() throws {
        var body = Array("--\(Self.boundary)  \r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--\(Self.boundary)--".utf8)
        #expect(try MultipartFormData.parse(body, boundary: Self.boundary).fields == [FormField(name: "a", value: "1")])
        body = Array("--\(Self.boundary)--\r\n".utf8)
        #expect(try MultipartFormData.parse(body, boundary: Self.boundary).fields.isEmpty)
    }
}

/// A multipart body made to cost the server: many empty parts, headers that never end.
@Suite struct MultipartCostTests {
    static let boundary = "----cost"

    @Test("more parts than the limit are refused as soon as the limit is passed")
    func tooManyParts() {
        let part = "--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n\r\n"
        let body = Array((String(repeating: part, count: 5_000) + "--\(Self.boundary)--\r\n").utf8)
        #expect(throws: FormDecodingError.tooManyParts(limit: MultipartFormData.defaultPartLimit)) {
            try MultipartFormData.parse(body, boundary: Self.boundary)
        }
        #expect(FormDecodingError.tooManyParts(limit: 1000).description.contains("send the form again"))
    }

    @Test("a part's headers are looked for only inside that part")
    func headersInsideTheirPart() {
        // The first part has no blank line before the next boundary; a blank line comes later.
        let body = Array("--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"a\"\r\n--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"b\"\r\n\r\n2\r\n--\(Self.boundary)--".utf8)
        #expect(throws: FormDecodingError.unterminatedPartHeaders(part: 1)) { try MultipartFormData.parse(body, boundary: Self.boundary) }
    }

    @Test("a limit of parts as asked, and a body at the limit is read whole")
    func atTheLimit() throws {
        let part = "--\(Self.boundary)\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n"
        let body = Array((String(repeating: part, count: 10) + "--\(Self.boundary)--\r\n").utf8)
        #expect(try MultipartFormData.parse(body, boundary: Self.boundary, partLimit: 10).fields.count == 10)
        #expect(throws: FormDecodingError.tooManyParts(limit: 9)) { try MultipartFormData.parse(body, boundary: Self.boundary, partLimit: 9) }
    }
}
