extension HTML {
    /// One fact of a Book's or a User's page: its name and its value, in the page's `dl`.
    static func fact(_ name: String, _ value: HTML) -> HTML {
        .fragment([.el(.dt, .text(name)), .el(.dd, value)])
    }
}
