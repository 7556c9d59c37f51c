internal import CLibXML2
import Foundation

/// An XML text parsed with libxml2 into a `MarkupElement` tree. Owns the `xmlDoc` only while it
/// is read, and frees it (`xmlFreeDoc`) before `parse` returns. No network, no DTD, no external
/// entities: a response is read as the bytes it is.
public final class XMLDocument {
    private let document: xmlDocPtr

    /// Why a text is not XML: libxml2's message and the line it stopped on.
    public struct Malformed: Error, Sendable, Equatable, CustomStringConvertible {
        public var message: String
        public var line: Int
        public var description: String { "it is not XML (line \(line): \(message))" }
    }

    /// Calls `xmlReadMemory` with `XML_PARSE_NONET`, errors and warnings kept off stderr.
    private init(_ data: Data) throws(Malformed) {
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue
                            | XML_PARSE_NOCDATA.rawValue)
        let parsed = data.withUnsafeBytes { bytes -> xmlDocPtr? in
            guard let base = bytes.baseAddress, bytes.count > 0 else { return nil }
            return xmlReadMemory(base.assumingMemoryBound(to: CChar.self), Int32(clamping: bytes.count), "response.xml", nil, options)
        }
        guard let parsed else {
            if let error = xmlGetLastError() {
                let message = error.pointee.message.map { String(cString: $0).trimmingWhiteSpace } ?? "unreadable"
                let line = Int(error.pointee.line)
                xmlResetLastError()
                throw Malformed(message: message, line: line)
            }
            throw Malformed(message: data.isEmpty ? "the text is empty" : "unreadable", line: 1)
        }
        document = parsed
    }

    deinit { xmlFreeDoc(document) }

    /// The root element of `data` as a value tree. Calls `xmlReadMemory`, then walks the nodes
    /// and frees the document with `xmlFreeDoc`.
    public static func parse(_ data: Data) throws(Malformed) -> MarkupElement {
        let document = try XMLDocument(data)
        guard let root = xmlDocGetRootElement(document.document) else {
            throw Malformed(message: "there is no element", line: 1)
        }
        return withExtendedLifetime(document) { element(root) }
    }

    /// Reads the text. Calls `xmlReadMemory` on its UTF-8 bytes.
    public static func parse(_ text: String) throws(Malformed) -> MarkupElement {
        try parse(Data(text.utf8))
    }

    private static func element(_ node: xmlNodePtr) -> MarkupElement {
        var result = MarkupElement(namespace: node.pointee.ns.flatMap { string($0.pointee.href) }, name: string(node.pointee.name) ?? "")
        var attribute = node.pointee.properties
        while let current = attribute {
            let name = string(current.pointee.name) ?? ""
            let namespace = current.pointee.ns.flatMap { string($0.pointee.href) }
            if let value = xmlNodeListGetString(node.pointee.doc, current.pointee.children, 1) {
                result.attributes[namespace.map { $0 + " " + name } ?? name] = String(cString: value)
                bookkiosk_xml_free(value)
            }
            attribute = current.pointee.next
        }
        var child = node.pointee.children
        while let current = child {
            switch current.pointee.type {
            case XML_ELEMENT_NODE:
                result.children.append(element(current))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = string(current.pointee.content) { result.text += content }
            default:
                break
            }
            child = current.pointee.next
        }
        return result
    }

    private static func string(_ pointer: UnsafePointer<xmlChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    private static func string(_ pointer: UnsafeMutablePointer<xmlChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }
}
