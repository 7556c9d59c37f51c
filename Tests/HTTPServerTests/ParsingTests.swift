import Testing
@testable import HTTPServer

@Suite("Query strings, targets, cookies, media types")
struct ParsingTests {
    @Test("urlencoded text becomes fields in order", arguments: [
        ("a=1&b=2", [FormField(name: "a", value: "1"), FormField(name: "b", value: "2")]),
        ("q=%E3%81%90%E3%82%8A+%E3%81%A8", [FormField(name: "q", value: "ぐり と")]),
        ("a=1&&b=", [FormField(name: "a", value: "1"), FormField(name: "b", value: "")]),
        ("overdue", [FormField(name: "overdue", value: "")]),
        ("x=a%2Bb%3Dc%26d", [FormField(name: "x", value: "a+b=c&d")]),
        ("bad=%G1%4", [FormField(name: "bad", value: "%G1%4")]),
        ("class=1&class=2", [FormField(name: "class", value: "1"), FormField(name: "class", value: "2")]),
        ("=v", [FormField(name: "", value: "v")]),
        ("", []),
        ("closedDates=2026-12-29%0D%0A2026-12-30", [FormField(name: "closedDates", value: "2026-12-29\r\n2026-12-30")]),
    ])
    func urlEncoded(text: String, fields: [FormField]) {
        #expect(URLEncodedForm.parse(text) == fields)
    }

    @Test("a request target splits into a decoded path and the query", arguments: [
        ("/", "/", [FormField]()),
        ("/books?q=%E3%81%90&page=2", "/books", [FormField(name: "q", value: "ぐ"), FormField(name: "page", value: "2")]),
        ("/books/978%2B1", "/books/978+1", []),
        ("/a+b", "/a+b", []),
        ("/loans?overdue=1#top", "/loans", [FormField(name: "overdue", value: "1")]),
        ("http://kiosk.local:8080/users?q=x", "/users", [FormField(name: "q", value: "x")]),
        ("http://kiosk.local:8080", "/", []),
        ("?q=1", "/", [FormField(name: "q", value: "1")]),
    ])
    func target(raw: String, path: String, query: [FormField]) {
        #expect(RequestTarget(parsing: raw) == RequestTarget(path: path, query: query))
    }

    @Test("the Cookie header becomes name → value", arguments: [
        ("bookkiosk_session=ab12", ["bookkiosk_session": "ab12"]),
        ("a=1; b=2;c=3", ["a": "1", "b": "2", "c": "3"]),
        ("  a = 1 ;\tb=\"quoted value\" ", ["a": "1", "b": "quoted value"]),
        ("a=first; a=second", ["a": "first"]),
        ("flag; =x; b=", ["b": ""]),
        ("token=abc==", ["token": "abc=="]),
        ("", [:]),
    ])
    func cookies(header: String, cookies: [String: String]) {
        #expect(CookieHeader.parse(header) == cookies)
    }

    @Test("a Content-Type gives its essence and parameters", arguments: [
        ("text/html", MediaType(essence: "text/html")),
        ("Multipart/Form-Data; Boundary=----WebKitFormBoundaryAbC", MediaType(essence: "multipart/form-data", parameters: ["boundary": "----WebKitFormBoundaryAbC"])),
        ("multipart/form-data; boundary=\"a \\\"b\\\" ;c\"; charset=utf-8",
         MediaType(essence: "multipart/form-data", parameters: ["boundary": "a \"b\" ;c", "charset": "utf-8"])),
        ("application/x-www-form-urlencoded;charset=UTF-8", MediaType(essence: "application/x-www-form-urlencoded", parameters: ["charset": "UTF-8"])),
    ])
    func mediaType(text: String, type: MediaType) {
        #expect(MediaType(parsing: text) == type)
    }

    @Test("a Content-Type without type/subtype is none", arguments: ["", "text", "/html", "text/", "; boundary=x"])
    func notAMediaType(text: String) {
        #expect(MediaType(parsing: text) == nil)
    }

    @Test("a body is decoded by its Content-Type")
    func bodyByType() throws {
        let urlencoded = try RequestBody.decode(Array("name=%E5%85%88%E7%94%9F&password=a+b".utf8), contentType: "application/x-www-form-urlencoded")
        #expect(urlencoded.fields == [FormField(name: "name", value: "先生"), FormField(name: "password", value: "a b")])
        #expect(try RequestBody.decode(Array("{\"a\":1}".utf8), contentType: "application/json").fields.isEmpty)
        #expect(try RequestBody.decode(Array("a=1".utf8), contentType: nil).fields.isEmpty)
        #expect(throws: FormDecodingError.missingBoundary) {
            try RequestBody.decode([], contentType: "multipart/form-data")
        }
    }
}
