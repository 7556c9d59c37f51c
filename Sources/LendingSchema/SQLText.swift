/// A piece of SQL written once for both dialects (a check, an index's condition or key), in
/// which a column is written `\(column: "user")` where its name differs by dialect.
public struct SQLText: Sendable, Hashable, ExpressibleByStringInterpolation {
    enum Piece: Sendable, Hashable {
        case sql(String)
        case column(String)
    }

    var pieces: [Piece]

    public init(stringLiteral value: String) {
        pieces = [.sql(value)]
    }

    public init(stringInterpolation: StringInterpolation) {
        pieces = stringInterpolation.pieces
    }

    /// The text in `dialect`, each column under its name there.
    public func rendered(for dialect: SQLDialect) -> String {
        pieces.map { piece in
            switch piece {
            case .sql(let text): text
            case .column(let name): dialect.columnName(name)
            }
        }.joined()
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var pieces: [Piece] = []

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) {
            pieces.append(.sql(literal))
        }

        /// A column, named as `SQLDialect.columnName` names it.
        public mutating func appendInterpolation(column name: String) {
            pieces.append(.column(name))
        }
    }
}
