/// A `Content-Type` value: `multipart/form-data; boundary="----abc"`.
public struct MediaType: Sendable, Equatable {
    /// `type/subtype`, lowercased.
    public var essence: String
    /// Parameter names lowercased; values unquoted (`\"` → `"`), case kept.
    public var parameters: [String: String]

    public init(essence: String, parameters: [String: String] = [:]) {
        self.essence = essence
        self.parameters = parameters
    }

    /// Nil when there is no `type/subtype`.
    public init?(parsing text: String) {
        var rest = Substring(text)
        let essenceEnd = rest.firstIndex(of: ";") ?? rest.endIndex
        let essence = rest[..<essenceEnd].trimmingWhitespace().lowercased()
        guard let slash = essence.firstIndex(of: "/"), slash != essence.startIndex,
              essence.index(after: slash) != essence.endIndex else { return nil }
        rest = rest[essenceEnd...]
        var parameters: [String: String] = [:]
        while let semicolon = rest.firstIndex(of: ";") {
            rest = rest[rest.index(after: semicolon)...]
            guard let equals = rest.firstIndex(of: "=") else { break }
            let name = rest[..<equals].trimmingWhitespace().lowercased()
            rest = rest[rest.index(after: equals)...].drop(while: { $0 == " " || $0 == "\t" })
            var value = ""
            if rest.first == "\"" {
                rest = rest.dropFirst()
                var escaped = false
                while let character = rest.first {
                    rest = rest.dropFirst()
                    if escaped {
                        value.append(character)
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "\"" {
                        break
                    } else {
                        value.append(character)
                    }
                }
                rest = rest[(rest.firstIndex(of: ";") ?? rest.endIndex)...]
            } else {
                let end = rest.firstIndex(of: ";") ?? rest.endIndex
                value = String(rest[..<end].trimmingWhitespace())
                rest = rest[end...]
            }
            if !name.isEmpty, parameters[name] == nil { parameters[name] = value }
        }
        self.init(essence: essence, parameters: parameters)
    }
}
