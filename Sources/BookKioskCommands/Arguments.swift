/// A command line split into words, `--option value` pairs and `--flag`s, checked against what
/// the command accepts, so a mistyped option is reported instead of ignored.
struct Arguments: Equatable {
    var words: [String] = []
    var options: [String: String] = [:]
    var flags: Set<String> = []

    struct Invalid: Error, Equatable, CustomStringConvertible {
        var description: String
    }

    /// Splits `arguments` (without the program name). `valued` options take the next word
    /// (or `--name=value`); `flags` take none. Anything else starting with `--` is an error.
    init(_ arguments: [String], valued: Set<String>, flags allowedFlags: Set<String>) throws(Invalid) {
        var index = 0
        while index < arguments.count {
            let word = arguments[index]
            index += 1
            guard word.hasPrefix("--"), word.count > 2 else {
                words.append(word)
                continue
            }
            var name = String(word.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if valued.contains(name) {
                if let inlineValue {
                    options[name] = inlineValue
                } else if index < arguments.count {
                    options[name] = arguments[index]
                    index += 1
                } else {
                    throw Invalid(description: "--\(name) needs a value after it")
                }
            } else if allowedFlags.contains(name), inlineValue == nil {
                flags.insert(name)
            } else {
                let known = (valued.map { "--\($0) VALUE" } + allowedFlags.map { "--\($0)" }).sorted()
                throw Invalid(description: "--\(name) is not an option here" + (known.isEmpty ? "" : "; this command takes \(known.joined(separator: ", "))"))
            }
        }
    }
}
