import Foundation
import POSIX

// The Japanese words of the reports that count, the page password, serve, copy, init, lookup,
// simulate, demo and say.
extension JapaneseCommandWords {
    public var auditLogEmpty: String { "操作の記録はまだありません(先生の操作も、まちがった PIN もありません)。" }
    public var sinceUsage: String { "--since には 2026-04-01 のような日付(または 2026-04 のような月)を書きます" }
    public var topUsage: String { "--top には 1 以上の整数を書きます。例: --top 10" }
    public func lendScope(sinceMonth month: String, className: String?) -> String { "\(month) から" + (className.map { "、\($0)" } ?? "") }
    public func nothingLent(_ scope: String) -> String { "\(scope)、貸し出した絵本はありません。" }
    public func mostLentHeading(_ scope: String) -> String { "よく借りられた絵本(\(scope)):" }
    public func copies(_ count: Int) -> String { "(\(count) 冊)" }
    public func lendsPerClassHeading(_ scope: String) -> String { "組ごと・月ごとの貸出(\(scope)):" }
    public var noClass: String { "(組なし)" }

    public func noSuchStaffForPassword(_ name: String) -> String {
        "\(name) という先生はいません。`bookkiosk staff add \(name)` で登録してください(一覧は `bookkiosk staff list`)。"
    }
    public func offerPassword(_ name: String) -> String { "\(name) の先生のページのパスワードも、いま決めますか? [y/N] " }
    public func noPasswordYet(_ name: String) -> String { "ページのパスワードはまだありません。あとで `bookkiosk staff password \(name)` で決められます。" }
    public func setPasswordLater(_ refusal: String, name: String) -> String { "\(refusal) あとで `bookkiosk staff password \(name)` で決められます。" }
    public func passwordNotKept(_ detail: String) -> String { "パスワードを保存できませんでした(\(detail))。何も変えていません。" }
    public func passwordSet(_ name: String) -> String {
        "\(name) のページのパスワードを決めました。先生のページ(`bookkiosk serve`)には、名前とこのパスワードでログインします。"
    }
    public func passwordPrompt(_ name: String, minimum: Int) -> String { "\(name) のページのパスワード(\(minimum) 文字以上): " }
    public var passwordAgainPrompt: String { "もう一度同じパスワード: " }
    public var noPasswordGiven: String { "パスワードが入力されなかったので、何も変えていません。" }
    public func passwordTooShort(_ count: Int, minimum: Int) -> String {
        "このパスワードは \(count) 文字です。ページのパスワードは \(minimum) 文字以上にしてください。何も変えていません。"
    }
    public var passwordsDiffer: String { "2 回のパスワードが違いました。何も変えていません。" }

    public var serveUsage: String { "`bookkiosk serve` には言葉を付けません。付けられるのは --listen アドレス:ポート、--db、--config です" }
    public func listenUsage(_ error: ListenAddressError) -> String {
        let write = "アドレス:ポート の形で、0.0.0.0:8080(このコンピューターのすべてのアドレス)、127.0.0.1:8080、[::1]:8080 のように書いてください"
        return switch error.problem {
        case .missingPort: "--listen「\(error.text)」にはポートがありません。\(write)"
        case .badPort: "--listen「\(error.text)」のコロンのあとに 0 から 65535 のポート番号がありません。\(write)"
        case .notAnAddress: "--listen「\(error.text)」は IP アドレスでも、このコンピューターの知っている名前でも始まっていません。\(write)"
        case .unclosedBracket: "--listen「\(error.text)」は IPv6 アドレスの [ を閉じていません。[::1]:8080 のように書いてください"
        case .ipv6WithoutBrackets: "--listen「\(error.text)」は IPv6 アドレスのようです。[::1]:8080 のように [ ] で囲んでください"
        }
    }
    public func pageDidNotStart(_ detail: String) -> String { "先生のページを始められませんでした。\(detail)" }
    public func nobodyCanSignIn(database: String, libraryOptions: String) -> String {
        "まだ誰も先生のページにログインできません。この図書の記録(\(database))には、パスワードのある先生がいません。`bookkiosk staff add 名前\(libraryOptions)` を実行し、パスワードも決めるか聞かれたら y と答えてください。"
    }
    public func notACommand(_ name: String) -> String { "「\(name)」という bookkiosk のコマンドはありません。コマンドの一覧は `bookkiosk help` で見られます。" }
    public func pageAt(_ url: String) -> String { "先生のページ: \(url)" }
    public func serving(_ address: String, database: String) -> String {
        "先生のページを \(address) で開いています(図書の記録: \(database))。止めるときは Ctrl-C か SIGTERM。"
    }
    public func pageStopTimedOut(seconds: Int) -> String {
        "止めるよう言われてから \(seconds) 秒のうちに、先生のページの処理が終わりませんでした。終わるのを待たずに止めます。"
    }
    public var pageStopped: String { "先生のページを止めました。" }
    public func certificateUnreadable(_ path: String) -> String {
        "証明書 \(path)(web.certificate)を読めません。場所と、サービスのユーザーが読めるかを確かめてください。HTTPS にしないなら web.certificate と web.key を消してください。"
    }
    public func keyUnreadable(_ path: String) -> String {
        "秘密鍵 \(path)(web.key)を読めません。場所と、サービスのユーザーが読めるかを確かめてください。HTTPS にしないなら web.certificate と web.key を消してください。"
    }

    public var copyUsage: String { "copy には --from library.sqlite と --to postgresql://… が要ります" }
    public func copyTargetUsage(got: String) -> String { "--to には postgresql:// で始まる URL を書きます(書かれていたのは \(got))" }
    public func copied(_ source: String, to target: String, _ counts: CopiedCounts) -> String {
        "\(source) を \(target) にコピーしました: 絵本 \(counts.books) 冊、利用者 \(counts.users) 人、組 \(counts.classes)、貸出 \(counts.loans) 件、先生 \(counts.staff) 人、操作の記録 \(counts.auditEntries) 件、印刷したカードとラベル \(counts.printed) 枚、ISBN で調べた書誌 \(counts.bookRecords) 件、表紙の写真 \(counts.covers) 枚。"
    }

    public func initTakesNoWords(_ word: String) -> String { "init に付けられるのは --db と --config だけです(「\(word)」は付けられません)" }
    public func libraryReady(_ place: String) -> String { "図書の記録は使えます: \(place)" }
    public func madeEmptyLibrary(_ place: String) -> String { "空の図書の記録を作りました: \(place)" }

    public var lookupUsage: String { "ISBN を 1 つ以上書いてください: `bookkiosk lookup 9784834000825`(ハイフンがあってもかまいません)" }
    public var readingLabel: String { "よみがな:" }
    public var authorsLabel: String { "著者:    " }
    public var publisherLabel: String { "出版社:  " }
    public var sourceLabel: String { "出典:    " }
    public var noteLabel: String { "注意:    " }
    public var noneGiven: String { "(なし)" }
    public var fromLookupCache: String { "(図書館に保存済みの結果)" }
    public func differingTitle(source: String, title: String) -> String { "\(source) では書名が「\(title)」です。国立国会図書館の書名を使います" }
    public var notFound: String { "見つかりません" }
    public var notLookedUp: String { "調べられませんでした" }
    public var ndlName: String { "国立国会図書館サーチ" }

    public func simulateTakesNoWords(got: String) -> String { "simulate はスキャンを標準入力から読むので、言葉を付けません(付いていたのは \(got))" }
    public func simulateOnCopy(_ place: String) -> String {
        "simulate: \(place) のコピーで動かします。図書館そのものは変わりません(図書館に貸出・返却を書き込むときは --write)"
    }
    public func simulateOnEmptyLibrary(_ place: String) -> String {
        "simulate: \(place) にはまだ図書館がないので、残らない空の図書館で動かします(そこに作るときは --write)"
    }
    public func simulateWrites(_ place: String) -> String { "simulate: 図書館 \(place) そのものに貸出・返却を書き込みます(--write)" }
    public func simulateRefusedOnSharedLibrary(_ place: String) -> String {
        "simulate: \(place) はキオスクたちが使っている共有の PostgreSQL の図書館なので、--write を付けたときだけ貸出・返却を書き込みます。"
            + "ここではコピーを作れません。図書館に触れずに試すなら、--db で SQLite のファイルを指定してください"
    }
    public func kioskNotStarted(_ detail: String) -> String { "キオスクを始められませんでした: \(detail)" }
    public func lineSkipped(_ number: Int, problem: String) -> String { "\(number)行目: \(problem)。この行はとばしました" }
    public func speechFolderNotMade(_ folder: String, _ detail: String) -> String { "--speech \(folder) のフォルダーを作れませんでした(\(detail))。場所を確かめてください。" }
    public func speechNotWritten(_ name: String, text: String, _ detail: String) -> String {
        "bookkiosk: 音声 \(name)(「\(text)」)を書けませんでした: \(detail)"
    }
    public func speechFolderNotWritable(_ folder: String, _ detail: String) -> String { "--speech \(folder) に書けません: \(detail)" }

    public var demoTakesNoWords: String { "`bookkiosk demo` には言葉を付けません" }
    public var languageUsage: String { "--language は ja か en です" }
    public func screenSizeUsage(got: String) -> String {
        "--screen-size には 幅x高さ をピクセルで、320x200 以上、1024x600 のように書きます(書かれていたのは \(got))"
    }
    public var demoNoDesktop: String { "画面: デスクトップがない($DISPLAY も $WAYLAND_DISPLAY もない)ので、デモは端末で動きます" }
    public func demoWindow(_ size: String) -> String { "画面: \(size) のウィンドウです。バーコードはそこで打ってください" }
    public func demoWindowFailed(_ detail: String) -> String { "画面: \(detail)。デモは端末で動きます" }
    public var demoWindowTitle: String { "BookKiosk デモ" }
    public var inactiveMark: String { "（おやすみ中）" }
    public func demoTyping(interactive: Bool) -> String {
        interactive ? "バーコードのかわりに、キーボードで打って Enter を押してください。" : "標準入力の各行をスキャンとして読みます。"
    }
    public func demoInstructions(database: String, typing: String, cards: [String], books: [String], pin: String) -> String {
        """
        BookKiosk デモ — サンプルの図書館（データは \(database)、起動のたびに作り直します）
        \(typing)

        利用者カード:
        \(cards.joined(separator: "\n"))
        絵本:
        \(books.joined(separator: "\n"))

        ためしてみよう: カード C0001 → 絵本 B0001 でかりる、もう一度 B0001 でかえす。
        C0002 のめいさんは返却期限切れの絵本があるので、かりられません。
        先生モード: F12 を押して PIN \(pin) と Enter（Esc でもどる）。
        おわるときは Ctrl+C。
        """
    }

    public var sayUsage: String { "何を話すか書いてください: `bookkiosk say こんにちは --out hello.wav`" }
    public func notSpoken(_ text: String, _ detail: String) -> String { "「\(text)」を話せませんでした: \(detail)" }
    public func wavNotWritten(_ path: String, _ detail: String) -> String {
        "\(path) に書けませんでした(\(detail))。フォルダーがあって書きこめるか確かめてください。"
    }
    public func wroteWAV(_ path: String, seconds: Double) -> String { "bookkiosk: \(path) に書きました(\(String(format: "%.1f", seconds)) 秒)" }
    public var playerIsNone: String { "\"player\": \"none\" でキオスクの音を消しています。--out F.wav を付けるか、player を決めてください" }
    public func noSpeechEngine(_ problems: [String]) -> String { "ここでは話せる音声エンジンがありません: " + problems.joined(separator: "; ") }
}
