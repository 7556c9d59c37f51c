/// The pieces forms are built from: every input with its label, every POST with its token.
enum Form {
    /// A POST form to `action` with the session's CSRF token, `fields`, and one button.
    static func post(_ action: String, csrf: String, button: String, style: String = "", fields: [HTML]) -> HTML {
        .el(.form, postAttributes(action, style: style), children: [hidden(PageSecurity.csrfField, csrf)] + fields + [submit(button, style: style)])
    }

    /// The same form written straight into a list's rows, its fields all hidden: `fields` is
    /// what `postFields` wrote once for the list (with the same `style`), the same on every row.
    static func post(_ action: String, style: String = "", fields: HTMLWriter.Written, into writer: inout HTMLWriter) {
        writer.element(.form, postAttributes(action, style: style)) { $0.write(fields) }
    }

    /// The inside of a row's form: the session's token, the hidden `fields` and the button.
    static func postFields(csrf: String, button: String, style: String = "", hidden fields: [(String, String)]) -> HTMLWriter.Written {
        var writer = HTMLWriter()
        writer.write(hidden(PageSecurity.csrfField, csrf))
        for (name, value) in fields { writer.write(hidden(name, value)) }
        writer.write(submit(button, style: style))
        return writer.written
    }

    private static func postAttributes(_ action: String, style: String) -> [HTMLAttribute] {
        [HTMLAttribute(.method, "post"), HTMLAttribute(.action, action), .class("inline " + style)]
    }

    static func hidden(_ name: String, _ value: String) -> HTML {
        .el(.input, [.type("hidden"), .name(name), .value(value)])
    }

    static func submit(_ title: String, style: String = "") -> HTML {
        .el(.button, [.type("submit"), .class("button " + style)], .text(title))
    }

    /// A labelled text input; `hint` and `error` are tied to it for screen readers.
    static func text(_ name: String, label: String, value: String = "", type: String = "text", required: Bool = false,
                     hint: String? = nil, error: String? = nil, extra: [HTMLAttribute] = []) -> HTML {
        let id = "field-" + name
        var attributes: [HTMLAttribute] = [.type(type), .name(name), .id(id), .value(value)] + extra
        if required { attributes.append(.flag(.required)) }
        let described = [hint.map { _ in id + "-hint" }, error.map { _ in id + "-error" }].compactMap { $0 }
        if !described.isEmpty { attributes.append(HTMLAttribute(.ariaDescribedby, described.joined(separator: " "))) }
        return .el(.div, [.class(error == nil ? "field" : "field invalid")],
            .el(.label, [.for(id)], .text(label)),
            hint.map { .el(.p, [.class("hint"), .id(id + "-hint")], .text($0)) } ?? .empty,
            error.map { .el(.p, [.class("error"), .id(id + "-error")], .text($0)) } ?? .empty,
            .el(.input, attributes))
    }

    /// A checkbox with its label after it.
    static func checkbox(_ name: String, label: String, value: String = "1", checked: Bool, id: String? = nil) -> HTML {
        let id = id ?? "field-" + name
        var attributes: [HTMLAttribute] = [.type("checkbox"), .name(name), .id(id), .value(value)]
        if checked { attributes.append(.flag(.checked)) }
        return .el(.div, [.class("check")], .el(.input, attributes), .el(.label, [.for(id)], .text(label)))
    }

    /// A GET search form: a labelled search box and, after it, `extra` and the button.
    static func search(_ action: String, name: String = "q", label: String, value: String, button: String, extra: [HTML] = []) -> HTML {
        .el(.form, [HTMLAttribute(.method, "get"), HTMLAttribute(.action, action), .class("search"), HTMLAttribute(.role, "search")],
            children: [Form.text(name, label: label, value: value, type: "search")] + extra + [submit(button)])
    }

    /// The problems a form was refused for, above it.
    static func problems(_ lines: [String]) -> HTML {
        guard !lines.isEmpty else { return .empty }
        return .el(.div, [.class("problems"), HTMLAttribute(.role, "alert")],
                   .el(.ul, children: lines.map { .el(.li, .text($0)) }))
    }
}
