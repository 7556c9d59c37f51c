/// The sign-in form as it is shown, with nothing of HTML in it: the form's token, the name as
/// typed, what to say above it, and whether to say that nobody can sign in yet.
struct SignInPage {
    var token: String
    var name: String
    var message: String?
    /// Whether the message is a refusal (said as an alert) rather than a notice.
    var isProblem: Bool
    var nobodyCanSignIn: Bool
    /// The options that name this library to a command, for the command the note quotes.
    var libraryOptions: String
}

extension SignInPage {
    /// The page's content under its heading. Pure: the same value renders the same.
    func content(words: any PageWords) -> [HTML] {
        let form: HTML = .el(.form, [HTMLAttribute(.method, "post"), HTMLAttribute(.action, PagePath.signIn), .class("sign-in")],
            Form.hidden(PageSecurity.csrfField, token),
            Form.text("name", label: words.name, value: name, required: true,
                      extra: [HTMLAttribute(.autocomplete, "username"), HTMLAttribute(.autocapitalize, "off"), HTMLAttribute(.spellcheck, "false")]),
            Form.text("password", label: words.password, type: "password", required: true,
                      extra: [HTMLAttribute(.autocomplete, "current-password")]),
            Form.submit(words.signIn, style: "primary"))
        let messageNode: HTML = message.map { .el(.p, [.class(isProblem ? "problems" : "notice"), HTMLAttribute(.role, isProblem ? "alert" : "status")], .text($0)) } ?? .empty
        let note: HTML = nobodyCanSignIn ? .el(.p, [.class("notice"), HTMLAttribute(.role, "status"), .id("nobody-can-sign-in")],
                                               .text(words.nobodyCanSignIn(libraryOptions: libraryOptions))) : .empty
        return [messageNode, note, form]
    }
}
