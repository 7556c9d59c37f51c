/// A command line split into words, `--option value` pairs and `--flag`s, checked against what
/// the command accepts, so a mistyped option is reported instead of ignored.
public struct Arguments: Sendable, Equatable {
    public var words: [String] = []
    /// Each option's last value: `--db a --db b` gives `b`.
    public var options: [String: String] = [:]
    /// Every value of each option, in the order given (for options that may be repeated).
    public var allValues: [String: [String]] = [:]
    public var flags: Set<String> = []

    public struct Invalid: Error, Equatable, CustomStringConvertible {
        public var description: String
        public init(description: String) { self.description = description }
    }

    /// Every value given for `--name`, in order; empty when it was not given.
    public func values(for name: String) -> [String] {
        allValues[name] ?? []
    }

    /// Splits `arguments` (without the program name) as `command` declares its options: those
    /// with a value take the next word (or `--name=value`), flags none; any other `--word` is
    /// an error that names the options the command takes.
    public init(_ arguments: [String], for command: CommandConfiguration) throws(Invalid) {
        var valued: Set<String> = []
        var flags: Set<String> = []
        for option in command.options {
            switch option.kind {
            case .value: valued.insert(option.name)
            case .flag: flags.insert(option.name)
            }
        }
        try self.init(arguments, valued: valued, flags: flags)
    }

    /// Splits `arguments` (without the program name). `valued` options take the next word
    /// (or `--name=value`); `flags` take none. Anything else starting with `--` is an error.
    public init(_ arguments: [String], valued: Set<String>, flags allowedFlags: Set<String>) throws(Invalid) {
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
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if index < arguments.count {
                    value = arguments[index]
                    index += 1
                } else {
                    throw Invalid(description: "--\(name) needs a value after it")
                }
                options[name] = value
                allValues[name, default: []].append(value)
            } else if allowedFlags.contains(name), inlineValue == nil {
                flags.insert(name)
            } else {
                let known = (valued.map { "--\($0) VALUE" } + allowedFlags.map { "--\($0)" }).sorted()
                throw Invalid(description: "--\(name) is not an option here" + (known.isEmpty ? "" : "; this command takes \(known.joined(separator: ", "))"))
            }
        }
    }
}
