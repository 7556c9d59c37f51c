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
}
