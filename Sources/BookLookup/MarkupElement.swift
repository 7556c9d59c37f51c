/// One XML element as a plain value: its namespace and local name, attributes, child elements
/// and its own text. `XMLDocument.parse` builds the tree and frees libxml2's at once, so nothing
/// outside that wrapper holds a C pointer.
public struct MarkupElement: Sendable, Equatable {
    /// The namespace URI; nil for an element in none.
    public var namespace: String?
    /// The local name, without its prefix.
    public var name: String
    /// Attributes by `namespace URI + " " + local name` (just the local name when in none).
    public var attributes: [String: String]
    public var children: [MarkupElement]
    /// The text directly inside this element (not inside its children), entities resolved.
    public var text: String

    public init(namespace: String?, name: String, attributes: [String: String] = [:], children: [MarkupElement] = [], text: String = "") {
        self.namespace = namespace
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
    }

    /// Whether this is the element `name` in `namespace`.
    public func isNamed(_ name: String, in namespace: String?) -> Bool {
        self.name == name && self.namespace == namespace
    }

    /// The child elements named `name` in `namespace`, in document order.
    public func children(_ name: String, in namespace: String?) -> [MarkupElement] {
        children.filter { $0.isNamed(name, in: namespace) }
    }

    /// The first child element named `name` in `namespace`.
    public func child(_ name: String, in namespace: String?) -> MarkupElement? {
        children.first { $0.isNamed(name, in: namespace) }
    }

    /// The first element named `name` in `namespace` at any depth below this one, depth first.
    public func descendant(_ name: String, in namespace: String?) -> MarkupElement? {
        for child in children {
            if child.isNamed(name, in: namespace) { return child }
            if let found = child.descendant(name, in: namespace) { return found }
        }
        return nil
    }

    /// The attribute `name` in `namespace`.
    public func attribute(_ name: String, in namespace: String?) -> String? {
        attributes[namespace.map { $0 + " " + name } ?? name]
    }

    /// The text with white space trimmed at both ends; nil when that leaves nothing.
    public var trimmedText: String? {
        let trimmed = text.trimmingWhiteSpace
        return trimmed.isEmpty ? nil : trimmed
    }
}
