import BookLookup
import Foundation
import KioskDisplay
import Language

/// doctor's words in Japanese, in the words of TERMS.md (図書の記録, 利用者, 貸出, 先生のページ).
public struct JapaneseDoctorWords: DoctorWords {
    public init() {}
    public var language: Language { .ja }

    public func area(_ area: DoctorCommand.Area) -> String {
        switch area {
        case .config: "設定"
        case .database: "記録"
        case .privacy: "暗号化"
        case .journal: "ジャーナル"
        case .scanners: "スキャナ"
        case .keyboard: "キーボード"
        case .sound: "音"
        case .speech: "音声"
        case .screen: "画面"
        case .kanji: "漢字変換"
        case .web: "先生のページ"
        case .lookup: "書誌の検索"
        }
    }
    public let takesNoWords = "`bookkiosk doctor` には言葉を付けません。付けられるのは --db と --config です"
    public func summary(failed: Int, warned: Int) -> String {
        if failed == 0 {
            return warned == 0 ? "すべての確認が通りました。" : "だめなところはありません。注意が \(warned) 件あります。"
        }
        return "\(failed) 件の確認がだめでした(注意 \(warned) 件)。FAIL の行を直してから、もう一度 `bookkiosk doctor` を実行してください。"
    }

    public func configMissing(_ path: String) -> String { "\(path) はありません — 場所を確かめるか、--config を付けずに既定の設定を使ってください" }
    public func configUnreadable(_ path: String, user: String) -> String {
        "\(path) をユーザー「\(user)」が読めません — 場所を確かめるか、--config を付けずに既定の設定を使ってください"
    }
    public func noConfigFile(_ path: String) -> String { "\(path) にファイルがないので、既定の設定を使います(どの項目も書かなくてかまいません)" }
    public func serviceReadsAnother(_ path: String) -> String { "。キオスクのサービスは \(path) を読みます: --config \(path) でそちらを確かめてください" }
    public func configValid(_ path: String, keys: Int) -> String { "\(path) は正しく書けています(項目 \(keys) 個)" }
    public func configProblem(_ path: String, _ problem: String) -> String {
        "\(path): \(problem) — 直すまでキオスクは動きません(項目を消すと既定の値になります)"
    }

    public func databaseMissing(_ path: String) -> String {
        "\(path) はまだありません。キオスクを初めて動かすときに作ります(別のファイルなら --db で書いてください)"
    }
    public func folderNotWritable(_ folder: String, user: String, needed: String) -> String {
        "\(folder) にユーザー「\(user)」が書きこめないので、図書の記録を作れません — \(needed) をキオスクのユーザーのものとして作るか(インストーラーが作ります)、--db で別の場所を選んでください"
    }
    public func readableByOthers(_ path: String, mode: String) -> String {
        "\(path) はこのコンピューターのほかのユーザーも読めます(モード \(mode))。子どもの名前が入っています — `chmod 600 \(path)`"
    }
    public let restoreAdvice = "キオスクを止めて、バックアップから戻してください(インストールしたキオスクは毎日 /var/lib/bookkiosk/backups に残しています)"
    public func damaged(_ path: String, _ message: String) -> String { "\(path) がこわれています(\(message)) — \(restoreAdvice)" }
    public func emptyDatabase(_ path: String) -> String { "\(path) は空です。キオスクを初めて動かすときに図書の記録にします" }
    public func olderSchema(_ path: String, version: Int, latest: Int) -> String {
        "\(path) は BookKiosk の記録で、スキーマ版 \(version) はこの BookKiosk の \(latest) より古いものです。キオスクを動かすときに新しくします"
    }
    public func currentSchema(_ path: String, version: Int) -> String { "\(path) は BookKiosk の記録です(スキーマ版 \(version)、最新)" }
    public let integrityOK = "SQLite の整合性チェックで、こわれたところは見つかりませんでした"
    public func integrityProblems(_ path: String, count: Int, first: String) -> String {
        "\(path) がこわれています: SQLite の整合性チェックで問題が \(count) 件見つかりました(最初: \(first)) — \(restoreAdvice)"
    }
    public func integrityStopped(_ path: String, _ message: String) -> String {
        "\(path) がこわれています: 整合性チェックが「\(message)」で止まりました — \(restoreAdvice)"
    }
    public func integrityDidNotRun(_ detail: String) -> String { "整合性チェックができませんでした: \(detail)" }
    public func freeSpaceUnreadable(_ folder: String, _ detail: String) -> String { "\(folder) のディスクの空きを読めません(\(detail))" }
    public func freeSpaceCritical(_ free: String, folder: String) -> String {
        "\(folder) のディスクの空きが \(free) しかありません。貸出を書けないことがあります — 古いバックアップやログを消して空けるか、--db で記録を移してください"
    }
    public func freeSpaceLow(_ free: String, folder: String, critical: String) -> String {
        "\(folder) のディスクの空きが \(free) しかありません — 早めに空けてください(古いバックアップやログ)。\(critical) を切ると貸出ができないことがあります"
    }
    public func freeSpace(_ free: String, folder: String) -> String { "\(folder) のディスクの空き \(free)" }
    public func cannotWrite(_ paths: [String], user: String) -> String {
        "ユーザー「\(user)」は \(paths.joined(separator: "、")) に書きこめません — 記録とそのフォルダーをキオスクのユーザーのものにしてください。例: `sudo chown bookkiosk: \(paths.joined(separator: " "))`(キオスクのユーザーで doctor を動かすと、そのユーザーにできることを確かめられます)"
    }
    public func writable(user: String) -> String { "記録のファイルとフォルダーに、ユーザー「\(user)」が書きこめます" }

    public func serverUnreachable(_ url: String, _ detail: String) -> String {
        "\(url): サーバーが答えないか、ログインを断りました(\(detail)) — サーバーが動いているか、ネットワークが届くか、ログインとパスワード(~/.pgpass)が正しいかを確かめてください"
    }
    public func serverRefused(_ url: String, _ detail: String) -> String {
        "\(url): \(detail) — サーバーが動いているか、ネットワークが届くか、ログインとパスワード(~/.pgpass)が正しいかを確かめてください"
    }
    public func serverAnswers(_ url: String, version: String, database: String, login: String) -> String {
        "\(url) が答えました: PostgreSQL \(version)、データベース「\(database)」、ログイン「\(login)」"
    }
    public let encrypted = "接続は暗号化されています(TLS)"
    public let localSocket = "接続は暗号化されていませんが、このコンピューターの中のソケットなので要りません"
    public let notEncrypted = "接続が暗号化されていません — キオスクとサーバーの間のネットワークをほかと共有しているなら、URL に ?sslmode=require(または verify-full)を付けてください"
    public let noSchemaYet = "データベースにはまだ BookKiosk のスキーマがありません。キオスクを初めて動かすときに図書の記録にします"
    public func serverSchemaOlder(_ recorded: Int, latest: Int) -> String {
        "スキーマ版 \(recorded) はこの BookKiosk の \(latest) より古いものです。キオスクを動かすときに新しくします"
    }
    public func serverSchemaNewer(_ recorded: Int, latest: Int) -> String {
        "スキーマ版 \(recorded) はこの BookKiosk が知っている版(\(latest))より新しいものです — このキオスクの BookKiosk を新しくしてください"
    }
    public func serverSchemaCurrent(_ recorded: Int) -> String { "BookKiosk の記録です(スキーマ版 \(recorded)、最新)" }
    public func slowRoundTrip(_ time: String) -> String {
        "往復 \(time): 貸出 1 件におよそ 8 往復かかるので、スキャンが遅く感じられます — サーバーをキオスクの近くに置いてください"
    }
    public func roundTrip(_ time: String) -> String { "往復 \(time)(5 回の中央値)" }

    static let encryptionGuide = "docs/install.md の「Encrypting the library」に方法があります(Debian のインストールで LUKS、鍵は systemd-cryptenroll で TPM に)"
    public func encryptedDisk(_ folder: String, kind: String, device: String) -> String { "\(folder) は暗号化されたディスクにあります(\(kind)、\(device))" }
    public func encryptedDirectory(_ folder: String) -> String { "\(folder) は暗号化されたフォルダーです(fscrypt)" }
    public func notEncryptedAtRest(_ folder: String, device: String, mountPoint: String) -> String {
        "\(folder) は暗号化されていません(\(mountPoint) の \(device))。キオスクを持ち出されると、子どもの名前がすべて読めてしまいます — \(Self.encryptionGuide)"
    }
    public func encryptionUnknown(_ folder: String, why: DataAtRest.Unknown) -> String {
        let because = switch why {
        case .mountInfoUnreadable: "/proc/self/mountinfo を読めません"
        case .notVisible: "それを入れているファイルシステムがここからは見えません。chroot やコンテナの中のように"
        }
        return "\(folder) が暗号化されているかわかりません(\(because)) — \(Self.encryptionGuide)"
    }

    public func nothingWaits(_ path: String, exists: Bool) -> String {
        exists ? "データベースサーバーを待っているものはありません(\(path))" : "データベースサーバーを待っているものはありません(\(path) にまだジャーナルはありません)"
    }
    public func journalUnreadable(_ path: String, _ detail: String) -> String {
        "返却のジャーナル \(path) を読めません(\(detail)) — 持ち主とモードを確かめてください(キオスクのユーザー、0600)"
    }
    public func journalWaiting(returns: Int, oldest: String?, scans: Int, capacity: Int) -> String {
        "データベースサーバーにつながらない間に読んだ返却 \(returns) 件\(oldest.map { "(いちばん古いのは \($0))" } ?? "")と、調べるスキャン \(scans) 件が待っています。"
            + "サーバーにつながればキオスクが自分で書くので、動かしたままにしてください。返却は \(capacity) 件まで残せます。それを超えると、子どもに絵本を持っていてもらうよう言います"
    }

    public func noInputDevices(_ path: String) -> String {
        "\(path) がないので、このコンピューターには入力装置がなく、スキャナも見つかりません — スキャナをつないでください(仮想マシンやコンテナでは入力装置を渡す必要があります)。`bookkiosk devices` も見てください"
    }
    public func inputUnreadable(_ path: String, user: String, _ detail: String, group: String) -> String {
        "\(path) をユーザー「\(user)」が読めません(\(detail)) — 「\(group)」グループに入っているキオスクのユーザーで doctor を動かしてください"
    }
    public func noDeviceForScanner(_ name: String?, selector: String) -> String {
        "スキャナ\(name.map { "「\($0)」" } ?? "")(match: \(selector))に合う入力装置がありません — つなぐか、\"match\" を直してください。ここにある装置は `bookkiosk devices` で見られます"
    }
    public func noScannerConfigured(devices: Int) -> String {
        "設定にスキャナがなく、入力装置 \(devices) 台のどれもスキャナに見えません — スキャナをつないでください。つないであるなら \"scanners\" に書いてください(装置の一覧は `bookkiosk devices`)"
    }
    public func scannerOpens(_ scanner: String, configured: Bool) -> String {
        "\(scanner) を開いて、専用にできます\(configured ? "" : "(設定にはありませんが、スキャナに見えるので使います)")"
    }
    public func mayNotOpen(_ device: String, user: String, rule: String, group: String) -> String {
        "ユーザー「\(user)」は \(device) を開けません — udev のルール \(rule) を入れ、キオスクのユーザーを「\(group)」グループに入れてから(kiosk/install.sh が両方します)、スキャナをつなぎ直してください"
    }
    public func grabbedElsewhere(_ device: String) -> String {
        "\(device) はほかのプログラムが専用にしています — それがキオスク自身(`systemctl status bookkiosk`)なら問題ありません。そうでなければ、そのプログラムを止めてください"
    }
    public func cannotOpen(_ device: String, _ detail: String) -> String {
        "\(device) を入力装置として開けません(\(detail)) — 抜いてつなぎ直してください。装置の一覧は `bookkiosk devices`"
    }
    public let noKeyboardConfigured = "設定されていません: 先生のキーは `bookkiosk run` を動かしている端末から読みます(USB キーボードを使うなら \"keyboard\" を書いてください)"
    public func staffKeyboard(selector: String, layout: String) -> String { "先生のキーボード(match: \(selector)、配列: \(layout))" }
    public func keyboardNotPluggedIn(_ keyboard: String, path: String) -> String {
        "\(keyboard)がつながっていません: \(path) がありません — つないでください。つながるとキオスクが開きます。それまでも貸出はできます"
    }
    public func noDeviceForKeyboard(_ keyboard: String, nearby: [String], more: Int) -> String {
        let close = nearby.isEmpty ? "ここには文字を打てる装置がありません"
            : "ここで文字を打てる装置: \(nearby.joined(separator: "; "))\(more > 0 ? "、ほか \(more) 台" : "")"
        return "\(keyboard)に合う入力装置がありません — つなぐか(つながるとキオスクが開きます)、\"match\" を直してください。\(close)"
    }
    public func keyboardOpens(_ device: String, keyboard: String) -> String { "\(device) が\(keyboard)です。開いて、専用にできます" }
    public func keyboardMayNotOpen(_ device: String, keyboard: String, user: String, group: String) -> String {
        "ユーザー「\(user)」は\(keyboard)の \(device) を開けません — スキャナと同じようにキオスクに渡してください: USB ID を付けて `sudo kiosk/install.sh --scanner VVVV:PPPP`、キオスクのユーザーを「\(group)」グループに入れます"
    }

    public let soundOff = "切っています(\"sound\": false): 合図の音は鳴りません"
    public func muted(speech: Bool) -> String { "消音です(\"player\": \"none\"): 合図の音\(speech ? "も声も" : "は")鳴りません" }
    public func playerNamesNothing(_ command: String) -> String {
        "\"player\": \"\(command)\" にプログラムの名前がありません — \"aplay -q\" のようなコマンドか、消音なら \"none\" を書いてください"
    }
    public func playerNotFound(_ program: String, command: String) -> String {
        "音を鳴らすプログラム「\(program)」(\"player\": \"\(command)\")が PATH にありません — インストールするか\(program == "aplay" ? "(alsa-utils パッケージに入っています)" : "")、\"player\" をインストールしてあるコマンドにするか、消音なら \"none\" にしてください"
    }
    public func player(_ command: String, at path: String, cues: Bool) -> String {
        "音を鳴らすのは「\(command)」(\(path))で、\(cues ? "合図の音を鳴らします" : "声を鳴らします(合図の音は切っています)")"
    }
    public func noSoundCard(_ path: String, exists: Bool) -> String {
        "サウンドカードが見つかりません(\(path) \(exists ? "に一枚もありません" : "がありません")) — スピーカーか USB のサウンドカードをつないでください。それまで合図の音はだれにも聞こえません"
    }
    public func soundCards(_ first: String, count: Int) -> String { count == 1 ? "サウンドカード: \(first)" : "サウンドカード \(count) 枚、1 枚目: \(first)" }
    public let speechOff = "切っています(\"speech\": true で、メッセージを声でも読みます)"
    public func noSpeech(_ reason: String, problems: [String]) -> String { "声を出せません(\(reason)) — " + problems.joined(separator: "; ") }
    public func openJTalkSpeaks(_ reason: String, dictionary: String, trial: String, seconds: Double) -> String {
        "\(reason)。辞書 \(dictionary)。「\(trial)」を \(String(format: "%.1f", seconds)) 秒で話しました"
    }
    public func openJTalkFails(voice: String, dictionary: String, _ detail: String) -> String {
        "Open JTalk が声 \(voice) と辞書 \(dictionary) で話せません: \(detail) — open-jtalk と open-jtalk-mecab-naist-jdic を入れ直すか、\"speech\": {\"voice\"} を使える .htsvoice にしてください"
    }
    public func espeakLacksVoice(_ voice: String, fromVoiceKey: Bool) -> String {
        "espeak-ng に声「\(voice)」(\(fromVoiceKey ? "\"voice\"" : "その言語の声"))がありません — \"voice\" を `espeak-ng --voices` の一覧にあるものにするか、消してその言語の声を使ってください"
    }
    public func espeakSpeaks(_ reason: String, program: String) -> String { "\(reason)(\(program))" }
    public let speechMuted = "声は出す設定ですが、\"player\": \"none\" で消音になっています — player を決めるか、\"speech\": false にしてください"

    public let screenOff = "切っています(\"screen\": {\"output\": \"none\"}): キオスクは状態の行を出し、合図の音を鳴らします"
    public let screenWindow = "デスクトップのウィンドウです(\"output\": \"window\")"
    public func displayProblem(_ error: DisplayError) -> String {
        switch error.problem {
        case .noDeviceDirectory(let folder):
            "\(folder) がありません。画面を出せるグラフィックドライバー(KMS)が読み込まれていないので、キオスクには画面がありません — コンピューターに画面をつなぎ、グラフィックドライバーが読み込まれているか確かめてください(`ls /dev/dri`)。仮想マシンには画面の装置が要ります(qemu: -vga std)"
        case .noDevice(let path, let others) where others.isEmpty:
            "\(path) がありません — グラフィックカードがひとつもありません。グラフィックドライバーを確かめてください(`ls /dev/dri`)"
        case .noDevice(let path, let others):
            "\(path) がありません — ここにあるカードは \(others.joined(separator: "、")) です。設定に \"screen\": {\"device\": \"\(others[0])\"} と書いてください"
        case .permissionDenied(let path, let user):
            "ユーザー「\(user)」は \(path) を開けません — キオスクのユーザーは「\(DisplayError.group)」グループに入っている必要があります(`sudo usermod -aG \(DisplayError.group) \(user)`)。サービス \(DisplayError.unit) は SupplementaryGroups=\(DisplayError.group) と DeviceAllow=char-drm rw でそれを得ます(kiosk/install.sh がそのユニットを入れます)"
        case .notModeSetting(let path, let error):
            "\(path) は画面のモードを設定できません(\(error)) — 画面のカードではありません。\"screen\": {\"device\": …} をモニターをつないだカードにしてください(`ls /dev/dri`)"
        case .noConnectedConnector(let path, let connectors):
            "\(path) に画面がつながっていません(\(connectors.isEmpty ? "コネクターがありません" : "コネクター: " + connectors.joined(separator: "、"))) — モニターをつないで電源を入れ、キオスクを再起動してください(`sudo systemctl restart bookkiosk`)"
        case .noController(let path, let connector):
            "\(path) には \(connector) に使える表示コントローラーが空いていません — グラフィックカードのほかの端子か、\"screen\": {\"device\": …} でほかのカードを使ってください"
        case .noMaster(let path, let error):
            "ほかのプログラムが \(path) に画面を出しているので、キオスクは画面を使えません(\(error)) — デスクトップかほかのキオスクを止めるか(`systemctl status display-manager`)、\"screen\": {\"output\": \"none\"} にしてください"
        case .failed(let path, let error):
            "画面 \(path) でエラーになりました: \(error)"
        }
    }
    public func displayNeeded(_ detail: String) -> String { "\(detail)(\"output\": \"drm\" には画面が要ります)" }
    public func noScreen(_ detail: String) -> String { "画面がありません: \(detail)。それまでキオスクは状態の行を出し、合図の音を鳴らします" }
    public func displayOpens(_ device: String, connector: String, mode: String) -> String {
        "\(device) を開けます。\(connector) に画面がつながっていて、推奨モードは \(mode) です"
    }
    public func fontMissing(_ family: String, instead: String?, install: String) -> String {
        "fontconfig にフォント「\(family)」がないので、画面は\(instead.map { "代わりに \($0) で" } ?? "フォントなしで")描かれます — \(install)"
    }
    public func fontLacksJapanese(_ family: String, file: String, install: String) -> String {
        "フォント「\(family)」(\(file))は日本語を描けないので、かなは代わりのフォントで描かれます — \(install)"
    }
    public func fontDrawsJapanese(_ family: String, file: String?) -> String { "フォント「\(family)」は \(file ?? "入っていて")、日本語を描けます" }
    public func installFont(package: String, family: String) -> String {
        "インストールするか(`sudo apt install \(package) fonts-noto-cjk`、ファミリー名は「\(family)」)、\"screen\": {\"font\": …} を `fc-list :lang=ja family` の一覧にあるファミリーにしてください"
    }
    public func noCoversFolder(_ folder: String) -> String {
        "表紙のフォルダー \(folder) はありません。絵本は表紙なしで出ます(<バーコード>.png か .jpg、または <ISBN>.png か .jpg を置くと出ます)"
    }
    public func coversIsAFile(_ folder: String) -> String {
        "\(folder) はフォルダーではなくファイルなので、表紙は出ません — \"screen\": {\"covers\": …} を表紙の画像のフォルダーにしてください"
    }
    public func coversUnreadable(_ folder: String, user: String) -> String {
        "ユーザー「\(user)」が \(folder) を読めないので、表紙は出ません — `sudo chmod -R a+rX \(folder)`"
    }
    public func covers(_ count: Int, in folder: String) -> String { "\(folder) に表紙が \(count) 枚あります" }

    static let kanjiAdvice = "漢字変換は使えません(かなの入力はできます。スペースでひらがなとカタカナだけ選べます) — Debian の anthy パッケージを入れてください(`sudo apt install anthy`、辞書もいっしょに入ります)"
    public func anthyUnavailable(_ detail: String) -> String { "\(detail)。\(Self.kanjiAdvice)" }
    public func anthyDoesNotConvert(version: String) -> String {
        "anthy \(version) は動きましたが、ほん を 本 に変換しませんでした(辞書がこわれているかもしれません)。\(Self.kanjiAdvice)"
    }
    public func anthyConverts(version: String, candidates: [String]) -> String {
        "anthy \(version) でかなを漢字に変換できます(ほん → \(candidates.joined(separator: " ")) …)"
    }

    public func pageAnswers(_ urls: [String], secure: Bool) -> String {
        "動いています(\(secure ? "HTTPS" : "暗号化なしの HTTP"))。先生たちは \(urls.joined(separator: " か ")) で開けます"
    }
    public func pageAnswersOnlyHere(_ url: String, secure: Bool) -> String {
        "先生のページはこのコンピューターの \(url) で答えました(\(secure ? "HTTPS" : "暗号化なしの HTTP"))が、このコンピューターには先生たちが開けるネットワークのアドレスがありません。"
            + "園のネットワークにつなぐか、web.hostNames に名前を書いてください"
    }
    public func pageNotRunning(_ target: String, listen: String) -> String {
        "\(target)(web.listen \(listen))でだれも答えません。先生のページは動いていません — `bookkiosk serve` で始めるか、サービスにするなら `install.sh --web`(そのあと `systemctl status bookkiosk-web`)"
    }
    public func noHostNames(_ listen: String) -> String {
        "web.listen \(listen) はすべてのネットワークで待っていて、web.hostNames が空です。このページはこのコンピューターのアドレスと localhost にだけ答えます。先生たちが名前(toshokan.local など)で開くなら web.hostNames に書き、ほかのネットワークから見えないようにするなら web.listen を園のネットワークのアドレスにしてください"
    }

    public let lookupsOff = "ISBN での書誌の検索は切っています(\"lookup\": false): 先生のページも取り込みも国立国会図書館や openBD にたずねません。書名は手で書きます"
    public let ndlName = "国立国会図書館サーチ"
    public func lookupAnswers(_ service: String, at base: String, milliseconds: Int) -> String { "\(service) が \(base) で答えました(\(milliseconds) ms)" }
    public func pageServiceMayLookUp(_ dropIn: String) -> String {
        "先生のページのサービスは書誌の検索先に届きます(\(dropIn)。install.sh --lookups がその時のアドレスで書いたもの)"
    }
    public func pageServiceCannotLookUp(_ dropIn: String) -> String {
        "先生のページのサービスはインターネットに出られません(bookkiosk-web.service の IPAddressDeny=any)。この点検で検索先が答えても、ページの「調べる」と「まとめて登録」は届かないと言います — `sudo kiosk/install.sh --lookups` で検索先のアドレスを開けてください(bookkiosk-web.service.d/\(dropIn) を書きます。使わないなら \"lookup\": false)"
    }
    public func pageServiceLookupMoved(_ hosts: [String], _ dropIn: String) -> String {
        "\(hosts.joined(separator: " と ")) のアドレスが変わり、\(dropIn) が先生のページに開けたアドレスのどれでもありません。そこへの検索は失敗します — `sudo kiosk/install.sh --lookups` をもう一度実行してください"
    }
    public func lookupFault(_ fault: ServiceFault) -> String {
        switch fault {
        case .transfer(.hostNotFound(let host)): "名前 \(host) が見つかりません(ネットワークがないか、DNS が答えていません)"
        case .transfer(.couldNotConnect(let detail)): "つながりませんでした(\(detail))"
        case .transfer(.timedOut(let seconds)): "\(seconds.formatted(.number.precision(.fractionLength(0...1)))) 秒のうちに答えませんでした"
        case .transfer(.tooLarge(let bytes)): "答えが \(bytes / 1024) KiB より大きく、1冊の書誌には大きすぎます"
        case .transfer(.other(let detail)): "接続に失敗しました(\(detail))"
        case .busy(let status): "\(status) を返しました。いまは混み合っているか止まっています。BookKiosk は少し待ってからまたたずねます"
        case .status(let status): "書誌ではなく HTTP \(status) を返しました"
        case .resting(let until, _):
            // The reason is the earlier fault in the lookup module's English: not repeated here.
            "たずねていません: 少し前にうまく答えなかったので、\(until.formatted(date: .omitted, time: .standard)) まで待ってからまたたずねます"
        case .unreadable(let detail): "読めない答えでした(\(detail))"
        }
    }
    public func lookupDoesNotAnswer(_ service: String, at base: String, _ detail: String) -> String {
        "\(service)(\(base))が答えません: \(detail) — 答えるまで、ページの「調べる」と取り込みはここから書名を入れられません(このコンピューターから HTTPS で届く必要があります。たずねないなら \"lookup\": false)"
    }
}
