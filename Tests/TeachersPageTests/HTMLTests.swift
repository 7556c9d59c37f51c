import Testing
@testable import TeachersPage

@Suite struct HTMLTests {
    @Test(arguments: [
        ("<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;"),
        ("Tom & Jerry", "Tom &amp; Jerry"),
        ("\"quoted\" and 'single'", "&quot;quoted&quot; and &#39;single&#39;"),
        ("ぐりとぐら", "ぐりとぐら"),
        ("</p><script>x</script>", "&lt;/p&gt;&lt;script&gt;x&lt;/script&gt;"),
        ("&amp;", "&amp;amp;"),
    ])
    func textIsEscaped(input: String, expected: String) {
        #expect(HTML.el(.p, .text(input)).rendered == "<p>\(expected)</p>")
    }

    @Test(arguments: [
        ("\" onmouseover=\"alert(1)", "&quot; onmouseover=&quot;alert(1)"),
        ("a&b", "a&amp;b"),
        ("it's", "it&#39;s"),
        ("<x>", "&lt;x&gt;"),
    ])
    func attributeValuesAreEscaped(input: String, expected: String) {
        #expect(HTML.el(.input, [.value(input)]).rendered == "<input value=\"\(expected)\">")
    }

    @Test func voidElementsHaveNoEndTagAndFlagsNoValue() {
        #expect(HTML.el(.input, [.type("checkbox"), .flag(.checked)]).rendered == "<input type=\"checkbox\" checked>")
        #expect(HTML.el(.br).rendered == "<br>")
    }

    @Test func aDocumentStartsWithTheOneDoctype() {
        let document = HTML.document(.el(.html, [HTMLAttribute(.lang, "ja")], .el(.body, .text("<"))))
        #expect(document == "<!DOCTYPE html>\n<html lang=\"ja\"><body>&lt;</body></html>")
    }

    @Test func fragmentsAndEmptyRenderTheirChildrenOnly() {
        #expect(HTML.fragment([.text("a"), .empty, .el(.em, .text("b"))]).rendered == "a<em>b</em>")
    }

    @Test func aWriterWritesWhatATreeRenders() {
        let tree: HTML = .el(.tr, [.class("a&b")],
            .el(.td, [HTMLAttribute(.title, "\"x\"")], .el(.a, [.href("/b?x=1&y=2")], .text("<ぐり>"))),
            .el(.td, .el(.input, [.type("hidden"), .value("it's")])),
            .el(.td, .text("")))
        var writer = HTMLWriter()
        writer.element(.tr, [.class("a&b")]) { row in
            row.element(.td, [HTMLAttribute(.title, "\"x\"")]) { $0.element(.a, [.href("/b?x=1&y=2")], text: "<ぐり>") }
            row.element(.td) { cell in
                cell.element(.input, [.type("hidden"), .value("it's")]) { _ in Issue.record("a void element was given content") }
            }
            row.element(.td, text: "")
        }
        let expected = "<tr class=\"a&amp;b\"><td title=\"&quot;x&quot;\"><a href=\"/b?x=1&amp;y=2\">&lt;ぐり&gt;</a></td>"
            + "<td><input type=\"hidden\" value=\"it&#39;s\"></td><td></td></tr>"
        #expect(tree.rendered == expected)
        #expect(writer.html.rendered == expected)
        // Placed in a tree, the written bytes stand as they are, among the tree's own nodes.
        var rows = HTMLWriter()
        rows.write(.el(.td, .text("&")))
        rows.text("<")
        #expect(HTML.el(.tbody, .text(">"), rows.html).rendered == "<tbody>&gt;<td>&amp;</td>&lt;</tbody>")
    }

    /// A piece written once (a row's form fields) is the same bytes each time it is written again.
    @Test func aWrittenPieceIsWrittenAgainAsItWas() {
        var piece = HTMLWriter()
        piece.element(.button, [.class("x&y")], text: "<延長>")
        var rows = HTMLWriter()
        for number in 1...2 {
            rows.element(.form, [.value("\(number)")]) { $0.write(piece.written) }
        }
        let form = { (number: Int) in "<form value=\"\(number)\"><button class=\"x&amp;y\">&lt;延長&gt;</button></form>" }
        #expect(rows.html.rendered == form(1) + form(2))
        #expect(piece.written == piece.written && piece.written != rows.written)
    }
}
