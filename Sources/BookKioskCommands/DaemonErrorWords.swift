import HTTPServer
import Language
import POSIX

/// Why the teachers' page could not listen (`HTTPDaemonError`), and what to do, in one
/// language: `serve` says it in the configuration's. Each language is a type of its own, so
/// the compiler checks that none lacks a case.
protocol DaemonErrorWords: Sendable {
    func reason(_ error: HTTPDaemonError) -> String
}

struct EnglishDaemonErrorWords: DaemonErrorWords {
    /// The error's own description is English.
    func reason(_ error: HTTPDaemonError) -> String { error.description }
}

struct JapaneseDaemonErrorWords: DaemonErrorWords {
    func reason(_ error: HTTPDaemonError) -> String {
        switch error {
        case .addressInUse(let address):
            "\(address) では、ほかのプログラムがもう待っています(ポート \(address.port) は使用中です)。そのプログラムを止めるか"
                + "(どれかは `ss -ltnp 'sport = :\(address.port)'` でわかります)、--listen ADDRESS:PORT で別のポートにしてください。"
        case .permissionDenied(let address):
            "\(address) で待つ権限がありません。1024 より小さいポートには特別な権限が要ります。1024 以上のポート"
                + "(たとえば \(address.host.contains(":") ? "[\(address.host)]" : address.host):8080)を --listen ADDRESS:PORT で指定してください。"
        case .addressNotAvailable(let address):
            "\(address.host) はこのコンピューターのアドレスではないので、\(address) では待てません。0.0.0.0(すべてのアドレス)、"
                + "127.0.0.1(このコンピューターだけ)、または `ip address` に出るアドレスにしてください。"
        case .systemCallFailed(let call, let address, let error):
            "\(address) で待てませんでした: \(call) が失敗しました(\(error))。"
        case .tlsCredentialsRefused(let address):
            "\(address) で HTTPS を始められませんでした。証明書か秘密鍵が受け付けられません。どちらも PEM ファイル"
                + "(-----BEGIN CERTIFICATE----- と -----BEGIN PRIVATE KEY-----)で、鍵がその証明書のものか確かめてください。"
        case .daemonDidNotStart(let address):
            "\(address) で Web サーバーを始められませんでした(libmicrohttpd が断りました)。理由はすぐ上のログにあります。"
        }
    }
}

/// The words of `language`.
func daemonErrorWords(_ language: Language) -> any DaemonErrorWords {
    switch language {
    case .ja: JapaneseDaemonErrorWords()
    case .en: EnglishDaemonErrorWords()
    }
}
