/// An option declared once, with the type its value is read as (swift-argument-parser's
/// `@Option`): a usage line shows its declaration, the command's parser accepts it, and the
/// command reads it back through the same value (`Arguments.value(of:invalid:)`), so its name
/// is spelled in one place and how a word becomes its value beside it.
public struct Option<Value>: DeclaredOption, Sendable {
    public let declaration: CommandOption
    /// The value a word given for it stands for; nil when it stands for none (the command
    /// reading it says why, in its own words).
    let parse: @Sendable (String) -> Value?

    /// `--name PLACEHOLDER`, whose words `parse` reads.
    public init(_ name: String, _ placeholder: String, required: Bool = false, repeats: Bool = false,
                parse: @escaping @Sendable (String) -> Value?) {
        declaration = .value(name, placeholder, required: required, repeats: repeats)
        self.parse = parse
    }

    /// The name without its dashes, as messages quote it.
    public var name: String { declaration.name }
}

extension Option where Value == String {
    /// `--name PLACEHOLDER`, whose word is its value as given.
    public init(_ name: String, _ placeholder: String, required: Bool = false, repeats: Bool = false) {
        self.init(name, placeholder, required: required, repeats: repeats) { $0 }
    }
}

/// An option without a value, declared once: given or not.
public struct Flag: DeclaredOption, Sendable {
    public let declaration: CommandOption

    /// `--name`.
    public init(_ name: String, required: Bool = false) {
        declaration = .flag(name, required: required)
    }

    public var name: String { declaration.name }
}

/// What a usage line lists: an option's declaration, typed or not.
public protocol DeclaredOption: Sendable {
    var declaration: CommandOption { get }
}

extension CommandOption: DeclaredOption {
    public var declaration: CommandOption { self }
}

extension DeclaredOption where Self == CommandOption {
    /// An untyped `--name VALUE` written on a usage line (`CommandOption.value`).
    public static func value(_ name: String, _ placeholder: String, required: Bool = false, repeats: Bool = false) -> CommandOption {
        CommandOption(name, .value(placeholder), isRequired: required, repeats: repeats)
    }

    /// An untyped `--name` written on a usage line (`CommandOption.flag`).
    public static func flag(_ name: String, required: Bool = false) -> CommandOption {
        CommandOption(name, .flag, isRequired: required)
    }
}

extension Arguments {
    /// Whether `flag` was given.
    public subscript(flag: Flag) -> Bool {
        flags.contains(flag.name)
    }

    /// The last word given for `option`, as given; nil when it was not.
    public subscript(option: Option<String>) -> String? {
        options[option.name]
    }

    /// Whether `option` was given at all.
    public func contains<Value>(_ option: Option<Value>) -> Bool {
        options[option.name] != nil
    }

    /// The value of the last word given for `option`; nil when it was not given. A word its
    /// declaration cannot read throws `invalid`, made from that word.
    public func value<Value>(of option: Option<Value>, invalid: (String) -> String) throws(Invalid) -> Value? {
        guard let word = options[option.name] else { return nil }
        guard let value = option.parse(word) else { throw Invalid(description: invalid(word)) }
        return value
    }

    /// The same, for a command whose complaint does not quote the word.
    public func value<Value>(of option: Option<Value>, invalid: @autoclosure () -> String) throws(Invalid) -> Value? {
        try value(of: option) { _ in invalid() }
    }

    /// The values of every word given for `option`, in order; empty when it was not given.
    public func values<Value>(of option: Option<Value>, invalid: @autoclosure () -> String) throws(Invalid) -> [Value] {
        var values: [Value] = []
        for word in allValues[option.name] ?? [] {
            guard let value = option.parse(word) else { throw Invalid(description: invalid()) }
            values.append(value)
        }
        return values
    }
}
