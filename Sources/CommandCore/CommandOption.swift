/// An option a command declares once, on the usage line it belongs to: the command's parser
/// accepts it and its usage line shows it, as swift-argument-parser derives help from the
/// options a command declares. `--db` and `--config` are every command's (see `CommonOptions`).
public struct CommandOption: Sendable, Hashable {
    /// What follows the option's name on the command line.
    public enum Kind: Sendable, Hashable {
        /// A value, shown by its placeholder (`DIR`, `ja|en`, `FROM=TO`).
        case value(String)
        /// No value.
        case flag
    }

    /// The name without its dashes (`screens`).
    public var name: String
    public var kind: Kind
    /// Shown without brackets: the usage line does not work without it.
    public var isRequired: Bool
    /// May be given more than once (shown with `…`).
    public var repeats: Bool

    public init(_ name: String, _ kind: Kind, isRequired: Bool = false, repeats: Bool = false) {
        self.name = name
        self.kind = kind
        self.isRequired = isRequired
        self.repeats = repeats
    }

    /// `--name VALUE`, which the usage line shows in brackets unless `required`.
    public static func value(_ name: String, _ placeholder: String, required: Bool = false, repeats: Bool = false) -> CommandOption {
        CommandOption(name, .value(placeholder), isRequired: required, repeats: repeats)
    }

    /// `--name` with no value.
    public static func flag(_ name: String, required: Bool = false) -> CommandOption {
        CommandOption(name, .flag, isRequired: required)
    }

    /// How the usage line writes it: `--out F.pdf`, `[--now T]`, `[--json]`, `[--map FROM=TO]…`.
    public var synopsis: String {
        let written = switch kind {
        case .value(let placeholder): "--\(name) \(placeholder)"
        case .flag: "--\(name)"
        }
        return (isRequired ? written : "[\(written)]") + (repeats ? "…" : "")
    }
}
