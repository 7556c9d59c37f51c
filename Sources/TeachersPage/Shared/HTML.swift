/// HTML as a tree of plain values. Tags and attribute names are closed enums written in this
/// module; every text and attribute value is escaped when the tree is rendered, so nothing a
/// person typed can become markup. There is no way to put raw HTML into a tree: the one node
/// of bytes, `written`, holds only what an `HTMLWriter` wrote, with the same escaping.
public enum HTML: Sendable, Equatable {
    case element(HTMLTag, [HTMLAttribute], [HTML])
    case text(String)
    /// Several nodes side by side, with no element around them.
    case fragment([HTML])
    /// Markup an `HTMLWriter` wrote straight to bytes (a list's rows), placed as it is.
    case written(HTMLWriter.Written)

    /// An element: `HTML.el(.p, [.class("note")], .text("…"))`.
    public static func el(_ tag: HTMLTag, _ attributes: [HTMLAttribute], _ children: HTML...) -> HTML {
        .element(tag, attributes, children)
    }

    /// An element without attributes.
    public static func el(_ tag: HTMLTag, _ children: HTML...) -> HTML {
        .element(tag, [], children)
    }

    public static func el(_ tag: HTMLTag, _ attributes: [HTMLAttribute] = [], children: [HTML]) -> HTML {
        .element(tag, attributes, children)
    }

    /// Nothing: for a part of a page that is shown only sometimes.
    public static let empty = HTML.fragment([])

    /// The markup, every value escaped.
    public var rendered: String {
        var output: [UInt8] = []
        render(into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the markup as UTF-8 bytes, every value escaped: the response's body is made
    /// here, with no string in between. An `HTMLWriter` writes it, as it writes everything.
    public func render(into output: inout [UInt8]) {
        var writer = HTMLWriter()
        swap(&writer.output, &output)
        writer.write(self)
        swap(&writer.output, &output)
    }

    /// An element's start tag, every attribute value escaped.
    static func open(_ tag: HTMLTag, _ attributes: [HTMLAttribute], into output: inout [UInt8]) {
        output.append(UInt8(ascii: "<"))
        HTML.append(tag.rawValue, to: &output)
        for attribute in attributes {
            output.append(UInt8(ascii: " "))
            HTML.append(attribute.name.rawValue, to: &output)
            if let value = attribute.value {
                output.append(UInt8(ascii: "="))
                output.append(UInt8(ascii: "\""))
                HTML.escape(value, into: &output)
                output.append(UInt8(ascii: "\""))
            }
        }
        output.append(UInt8(ascii: ">"))
    }

    /// An element's end tag.
    static func close(_ tag: HTMLTag, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "<"))
        output.append(UInt8(ascii: "/"))
        HTML.append(tag.rawValue, to: &output)
        output.append(UInt8(ascii: ">"))
    }

    /// A name's bytes in one copy (`append(contentsOf: name.utf8)` went byte by byte).
    private static func append(_ name: String, to output: inout [UInt8]) {
        var name = name
        name.withUTF8 { output.append(contentsOf: $0) }
    }

    /// A whole document: the one fixed doctype, then `root` (an `html` element).
    public static func document(_ root: HTML) -> String {
        String(decoding: documentBytes(root), as: UTF8.self)
    }

    /// The same document as UTF-8 bytes, as the response sends it.
    public static func documentBytes(_ root: HTML) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(16 * 1024)
        output.append(contentsOf: "<!DOCTYPE html>\n".utf8)
        root.render(into: &output)
        return output
    }

    /// Escapes the five characters that matter in text and in double-quoted attribute values
    /// (all ASCII, so each is one byte of UTF-8 and never part of another character's bytes);
    /// a NUL becomes U+FFFD.
    static func escape(_ text: String, into output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var start = 0
            for index in bytes.indices {
                let replacement: StaticString
                switch bytes[index] {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                case UInt8(ascii: "'"): replacement = "&#39;"
                case 0: replacement = "\u{FFFD}"
                default: continue
                }
                output.append(contentsOf: bytes[start..<index])
                replacement.withUTF8Buffer { output.append(contentsOf: $0) }
                start = index + 1
            }
            output.append(contentsOf: bytes[start...])
        }
    }
}

/// The one way HTML is written to bytes: a tree (`HTML.render` and `write(_:)`), or, inside a
/// page value's renderer, a part made of many alike pieces (a list's rows) written straight
/// without building a tree of them first. The same closed tags and attribute names as a tree,
/// every text and attribute value escaped by the same code, and no way to write raw markup.
/// What it wrote goes into a tree as one node.
public struct HTMLWriter {
    fileprivate var output: [UInt8] = []

    public init() {}

    /// An element with `content` written inside it (nothing for a void element).
    public mutating func element(_ tag: HTMLTag, _ attributes: [HTMLAttribute] = [], _ content: (inout HTMLWriter) -> Void = { _ in }) {
        HTML.open(tag, attributes, into: &output)
        guard !tag.isVoid else { return }
        content(&self)
        HTML.close(tag, into: &output)
    }

    /// An element holding only `text`.
    public mutating func element(_ tag: HTMLTag, _ attributes: [HTMLAttribute] = [], text: String) {
        element(tag, attributes) { $0.text(text) }
    }

    /// Text, escaped.
    public mutating func text(_ text: String) {
        HTML.escape(text, into: &output)
    }

    /// A tree (a page, a form, a state's label) written in place.
    public mutating func write(_ node: HTML) {
        switch node {
        case .text(let text):
            HTML.escape(text, into: &output)
        case .fragment(let nodes):
            for node in nodes { write(node) }
        case .written(let written):
            output.append(contentsOf: written.bytes)
        case .element(let tag, let attributes, let children):
            HTML.open(tag, attributes, into: &output)
            guard !tag.isVoid else { return }
            for child in children { write(child) }
            HTML.close(tag, into: &output)
        }
    }

    /// A piece a writer wrote before, written again (a list's rows share their forms' fields).
    public mutating func write(_ piece: Written) {
        output.append(contentsOf: piece.bytes)
    }

    /// What was written, as a node of a tree.
    public var html: HTML { .written(written) }

    /// What was written, to be written again by any writer.
    public var written: Written { Written(bytes: output) }

    /// Bytes only a writer makes: `HTML.written` cannot hold anything else.
    public struct Written: Sendable, Equatable {
        fileprivate let bytes: [UInt8]
    }
}

/// The elements the page uses.
public enum HTMLTag: String, Sendable, Hashable, CaseIterable {
    case html, head, body, title, meta, link, header, nav, main, footer, section, div, span, p, a, h1, h2, h3
    case ul, ol, li, dl, dt, dd, table, thead, tbody, tr, th, td, caption
    case form, label, input, button, select, option, textarea, fieldset, legend
    case img, strong, em, small, time, br, mark, del, ins
    case pre, code

    /// Elements with no content and no end tag.
    var isVoid: Bool {
        switch self {
        case .meta, .link, .input, .img, .br: true
        default: false
        }
    }
}

/// One attribute: a fixed name and a value that is escaped when rendered (nil: a boolean
/// attribute such as `required`).
public struct HTMLAttribute: Sendable, Equatable {
    public enum Name: String, Sendable, Hashable, CaseIterable {
        case `class`, id, href, src, alt, rel, type, name, value, action, method, `for`, lang, charset
        case content, checked, selected, required, placeholder, autocomplete, inputmode, rows, min, max
        case width, height, role, scope, maxlength, autofocus, disabled, title, datetime
        case ariaLabel = "aria-label"
        case ariaCurrent = "aria-current"
        case ariaDescribedby = "aria-describedby"
        case ariaLive = "aria-live"
        case ariaHidden = "aria-hidden"
        case loading, decoding, enterkeyhint, autocapitalize, spellcheck, media, readonly
        case enctype, accept, download, capture
        case tabindex, formnovalidate
    }

    public var name: Name
    public var value: String?

    public init(_ name: Name, _ value: String?) {
        self.name = name
        self.value = value
    }

    public static func `class`(_ value: String) -> HTMLAttribute { HTMLAttribute(.class, value) }
    public static func id(_ value: String) -> HTMLAttribute { HTMLAttribute(.id, value) }
    public static func href(_ value: String) -> HTMLAttribute { HTMLAttribute(.href, value) }
    public static func name(_ value: String) -> HTMLAttribute { HTMLAttribute(.name, value) }
    public static func value(_ value: String) -> HTMLAttribute { HTMLAttribute(.value, value) }
    public static func type(_ value: String) -> HTMLAttribute { HTMLAttribute(.type, value) }
    public static func `for`(_ value: String) -> HTMLAttribute { HTMLAttribute(.for, value) }
    public static func flag(_ name: Name) -> HTMLAttribute { HTMLAttribute(name, nil) }
}
