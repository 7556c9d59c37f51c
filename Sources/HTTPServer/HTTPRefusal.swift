/// A request the daemon answers itself, before any handler: a value, not an error.
public enum HTTPRefusal: Sendable, Equatable {
    /// The body is larger than `limit` bytes (413 Content Too Large).
    case bodyTooLarge(limit: Int)
    /// The form could not be read (400 Bad Request).
    case unreadableForm(FormDecodingError)
    /// The `Host` header names another server (421 Misdirected Request): a page on another
    /// site that made a browser's name for it lead here (DNS rebinding).
    case unknownHost(String)

    public var status: Int {
        switch self {
        case .bodyTooLarge: 413
        case .unreadableForm: 400
        case .unknownHost: 421
        }
    }

    /// What went wrong and what to do, in Japanese and English (the daemon knows no language
    /// setting; the page may pass its own `refusalResponse`).
    public var message: String {
        switch self {
        case .bodyTooLarge(let limit):
            let size = Self.megabytes(limit)
            return "送信できるのは \(size) までです。小さいファイルを選んでください。\n"
                + "The upload is too large: at most \(size) may be sent. Choose a smaller file and send it again.\n"
        case .unreadableForm(let error):
            return "フォームを読めませんでした。ページを開き直して、もう一度送ってください。\n\(error.description)\n"
        case .unknownHost:
            return "このサーバーの名前かアドレスで開いてください。\n"
                + "Open the page by this server's own address or name (web.hostNames in the configuration lists the names it answers to).\n"
        }
    }

    /// `message` as `text/plain; charset=utf-8`, with the status.
    @Sendable public static func plainTextResponse(_ refusal: HTTPRefusal) -> HTTPResponse {
        HTTPResponse(status: refusal.status,
                     headers: [("Content-Type", "text/plain; charset=utf-8"), ("X-Content-Type-Options", "nosniff")],
                     body: Array(refusal.message.utf8))
    }

    /// "16 MB" for whole mebibytes, else the bytes.
    static func megabytes(_ bytes: Int) -> String {
        let mebibyte = 1024 * 1024
        return bytes >= mebibyte && bytes % mebibyte == 0 ? "\(bytes / mebibyte) MB" : "\(bytes) bytes"
    }
}
