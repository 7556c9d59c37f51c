/// The two databases a library lives in: one file on the kiosk, or one server many kiosks share.
public enum SQLDialect: Sendable, Hashable, CaseIterable {
    case sqlite
    case postgres

    /// A column's name in this dialect. `user` is a reserved word in PostgreSQL, so there the
    /// column that names a User is `user_card`; every other name is the same in both.
    public func columnName(_ name: String) -> String {
        switch self {
        case .sqlite: name
        case .postgres: name == "user" ? "user_card" : name
        }
    }
}
