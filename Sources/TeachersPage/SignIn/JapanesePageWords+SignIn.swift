import Foundation
import Lending

extension JapanesePageWords {
    public var signInHeading: String { "先生のページにログイン" }
    public var wrongNameOrPassword: String { "名前かパスワードが違います。もう一度入力してください。" }
    public func nobodyCanSignIn(libraryOptions: String) -> String {
        "まだ誰もログインできません。この図書の記録には、パスワードのある先生がいません。このコンピューターで `bookkiosk staff add 名前\(libraryOptions)` を実行し、パスワードも決めるか聞かれたら y と答えてください。"
    }
    public func tryAgain(inSeconds seconds: Int) -> String {
        "続けて間違えたので、少し間をおいています。\(seconds)秒たってから、もう一度ためしてください。"
    }
    public func locked(until time: String, minutes: Int) -> String {
        "間違いが続いたので、このアカウントは \(time) まで(あと約\(minutes)分)止めています。急ぐときは、ほかの先生に「設定」でパスワードを設定し直してもらうと、すぐに使えます。"
    }
    public var signInFault: String { "いまはログインできません(何も変わっていません)。しばらくしてから、もう一度ためしてください。続くときは、管理している人に伝えてください。" }
    public var signedOut: String { "ログアウトしました。" }
    public var sessionEnded: String { "しばらく操作がなかったので、ログアウトしました。もう一度ログインしてください。" }
}
