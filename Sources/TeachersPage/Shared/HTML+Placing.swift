extension HTML {
    /// This tree with `node` put inside the element whose id is `id`, right after that element's
    /// first heading (or first, when it has none); nil when no element has that id. A notice
    /// about a part of a long page is shown there, where the teacher acted, not at its top.
    func placing(_ node: HTML, inElementWithID id: String) -> HTML? {
        switch self {
        case .text, .written:
            return nil
        case .fragment(let nodes):
            return Self.placing(node, in: nodes, id: id).map(HTML.fragment)
        case .element(let tag, let attributes, let children):
            if attributes.contains(where: { $0.name == .id && $0.value == id }) {
                var placed = children
                let heading = children.firstIndex { child in
                    if case .element(let childTag, _, _) = child { [.h1, .h2, .h3, .legend].contains(childTag) } else { false }
                }
                placed.insert(node, at: heading.map { $0 + 1 } ?? 0)
                return .element(tag, attributes, placed)
            }
            return Self.placing(node, in: children, id: id).map { .element(tag, attributes, $0) }
        }
    }

    /// `nodes` with `node` placed in the first of them that holds the element `id`.
    static func placing(_ node: HTML, in nodes: [HTML], id: String) -> [HTML]? {
        for (index, child) in nodes.enumerated() {
            if let placed = child.placing(node, inElementWithID: id) {
                var copy = nodes
                copy[index] = placed
                return copy
            }
        }
        return nil
    }
}
