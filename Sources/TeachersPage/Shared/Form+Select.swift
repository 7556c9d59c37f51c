import Lending

/// Choosing from a list: classes, Users, a promotion's target.
extension Form {
    /// A labelled select; `options` are (value, shown text); the one equal to `selected` is chosen.
    static func select(_ name: String, label: String, options: [(value: String, text: String)], selected: String?,
                       id: String? = nil, hint: String? = nil, error: String? = nil, required: Bool = false) -> HTML {
        let id = id ?? "field-" + name
        var attributes: [HTMLAttribute] = [.name(name), .id(id)]
        if required { attributes.append(.flag(.required)) }
        let described = [hint.map { _ in id + "-hint" }, error.map { _ in id + "-error" }].compactMap { $0 }
        if !described.isEmpty { attributes.append(HTMLAttribute(.ariaDescribedby, described.joined(separator: " "))) }
        let choices: [HTML] = options.map { option in
            var optionAttributes: [HTMLAttribute] = [.value(option.value)]
            if option.value == selected { optionAttributes.append(.flag(.selected)) }
            return .el(.option, optionAttributes, .text(option.text))
        }
        return .el(.div, [.class(error == nil ? "field" : "field invalid")],
            .el(.label, [.for(id)], .text(label)),
            hint.map { .el(.p, [.class("hint"), .id(id + "-hint")], .text($0)) } ?? .empty,
            error.map { .el(.p, [.class("error"), .id(id + "-error")], .text($0)) } ?? .empty,
            .el(.select, attributes, children: choices))
    }

    /// The class select of a filter: every class (youngest first), with 「すべての組」 first.
    static func classFilter(_ classes: [SchoolClass], selected: String?, words: any PageWords, id: String? = nil) -> HTML {
        select("class", label: words.schoolClass, options: [("", words.allClasses)] + classes.map { ($0.name, $0.name) },
               selected: selected ?? "", id: id)
    }
}
