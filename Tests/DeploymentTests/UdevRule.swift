/// One rule line of a udev rules file: comma-separated `KEY{attribute} op "value"` terms.
///
/// A checker for the subset of udev(7) syntax these files use: one rule a line, no line
/// continuations, plain double-quoted values without escapes.
struct UdevRule: Equatable {
    struct Term: Equatable {
        var key: String
        var attribute: String?
        var operation: Operation
        var value: String
    }

    enum Operation: String, CaseIterable {
        case equal = "=="
        case notEqual = "!="
        case add = "+="
        case remove = "-="
        case assignFinal = ":="
        case assign = "="

        var isMatch: Bool { self == .equal || self == .notEqual }
    }

    var lineNumber: Int
    var terms: [Term]

    /// The terms with this key (and attribute, when given).
    func terms(_ key: String, _ attribute: String? = nil) -> [Term] {
        terms.filter { $0.key == key && (attribute == nil || $0.attribute == attribute) }
    }

    /// The value of the only term with this key, attribute and operation, or nil.
    func value(_ key: String, _ attribute: String? = nil, _ operation: Operation) -> String? {
        let found = terms(key, attribute).filter { $0.operation == operation }
        return found.count == 1 ? found[0].value : nil
    }
}

struct UdevSyntaxError: Error, Equatable, CustomStringConvertible {
    var lineNumber: Int
    var message: String

    var description: String { "line \(lineNumber): \(message)" }
}

/// The keys of udev(7): which operations each takes, and whether it takes an `{attribute}`.
enum UdevKey {
    enum Attribute { case required, optional, forbidden }

    private static let matchOnly: Set<UdevRule.Operation> = [.equal, .notEqual]
    private static let assignOnly: Set<UdevRule.Operation> = [.assign, .assignFinal]

    static let grammar: [String: (operations: Set<UdevRule.Operation>, attribute: Attribute)] = [
        "ACTION": (matchOnly, .forbidden),
        "DEVPATH": (matchOnly, .forbidden),
        "KERNEL": (matchOnly, .forbidden),
        "KERNELS": (matchOnly, .forbidden),
        "SUBSYSTEM": (matchOnly, .forbidden),
        "SUBSYSTEMS": (matchOnly, .forbidden),
        "DRIVER": (matchOnly, .forbidden),
        "DRIVERS": (matchOnly, .forbidden),
        "TAGS": (matchOnly, .forbidden),
        "PROGRAM": (matchOnly, .forbidden),
        "RESULT": (matchOnly, .forbidden),
        "ATTRS": (matchOnly, .required),
        "CONST": (matchOnly, .required),
        "TEST": (matchOnly, .optional),
        "NAME": (matchOnly.union(assignOnly), .forbidden),
        "SYMLINK": (Set(UdevRule.Operation.allCases), .forbidden),
        "TAG": (Set(UdevRule.Operation.allCases), .forbidden),
        "ATTR": (matchOnly.union(assignOnly), .required),
        "SYSCTL": (matchOnly.union(assignOnly), .required),
        "ENV": (matchOnly.union(assignOnly).union([.add]), .required),
        "OWNER": (assignOnly, .forbidden),
        "GROUP": (assignOnly, .forbidden),
        "MODE": (assignOnly, .forbidden),
        "SECLABEL": (assignOnly.union([.add]), .required),
        "RUN": (assignOnly.union([.add]), .optional),
        "IMPORT": ([.assign], .required),
        "OPTIONS": (assignOnly.union([.add]), .forbidden),
        "LABEL": ([.assign], .forbidden),
        "GOTO": ([.assign], .forbidden),
    ]
}

/// The rules of a udev rules file, in order; comments and blank lines are skipped.
struct UdevRulesFile {
    var rules: [UdevRule]

    init(parsing text: String) throws(UdevSyntaxError) {
        var rules: [UdevRule] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = line.drop { $0 == " " || $0 == "\t" }
            if content.isEmpty || content.hasPrefix("#") { continue }
            rules.append(try Self.parseRule(content, lineNumber: index + 1))
        }
        self.rules = rules
    }

    static func parseRule(_ line: Substring, lineNumber: Int) throws(UdevSyntaxError) -> UdevRule {
        func fail(_ message: String) -> UdevSyntaxError { UdevSyntaxError(lineNumber: lineNumber, message: message) }
        if line.hasSuffix("\\") { throw fail("line continuation: keep each rule on one line") }

        var rest = line[...]
        var terms: [UdevRule.Term] = []
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            let key = String(rest.prefix { $0.isASCII && ($0.isUppercase || $0 == "_") })
            guard !key.isEmpty else { throw fail("expected a key at '\(rest.prefix(20))'") }
            rest = rest.dropFirst(key.count)

            var attribute: String?
            if rest.hasPrefix("{") {
                guard let close = rest.firstIndex(of: "}") else { throw fail("\(key){: no closing brace") }
                attribute = String(rest[rest.index(after: rest.startIndex)..<close])
                rest = rest[rest.index(after: close)...]
                if attribute!.isEmpty || attribute!.contains(where: { $0 == "\"" || $0 == " " }) {
                    throw fail("\(key): bad attribute '\(attribute!)'")
                }
            }

            guard let operation = UdevRule.Operation.allCases.first(where: { rest.hasPrefix($0.rawValue) }) else {
                throw fail("\(key): expected an operator (==, !=, =, +=, -=, :=)")
            }
            rest = rest.dropFirst(operation.rawValue.count)

            guard rest.hasPrefix("\"") else { throw fail("\(key): the value must be in double quotes") }
            rest = rest.dropFirst()
            guard let closingQuote = rest.firstIndex(of: "\"") else { throw fail("\(key): no closing quote") }
            let value = String(rest[..<closingQuote])
            rest = rest[rest.index(after: closingQuote)...]

            guard let grammar = UdevKey.grammar[key] else { throw fail("unknown key \(key)") }
            guard grammar.operations.contains(operation) else {
                throw fail("\(key) does not take the operator \(operation.rawValue)")
            }
            switch (grammar.attribute, attribute) {
            case (.required, nil): throw fail("\(key) needs an {attribute}")
            case (.forbidden, .some): throw fail("\(key) takes no {attribute}")
            default: break
            }
            terms.append(UdevRule.Term(key: key, attribute: attribute, operation: operation, value: value))

            rest = rest.drop { $0 == " " || $0 == "\t" }
            if rest.isEmpty { break }
            guard rest.hasPrefix(",") else { throw fail("expected a comma after \(key), found '\(rest.prefix(20))'") }
            rest = rest.dropFirst()
            if rest.allSatisfy({ $0 == " " || $0 == "\t" }) { throw fail("a comma ends the line") }
        }
        return UdevRule(lineNumber: lineNumber, terms: terms)
    }
}
