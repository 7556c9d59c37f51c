/// Why a voice speaks, or none does, and what keeps one from speaking, in one language: what
/// `doctor`, `say` and the log say of a `SpeechChoice`. Each language is a type of its own, so
/// the compiler checks that none lacks a case.
import Language

public protocol SpeechChoiceWords: Sendable {
    func why(_ why: SpeechChoice.Why) -> String
    func problem(_ problem: SpeechChoice.Problem) -> String
}

public struct EnglishSpeechChoiceWords: SpeechChoiceWords {
    public init() {}

    public func why(_ why: SpeechChoice.Why) -> String {
        switch why {
        case .off:
            "off (\"speech\": true has the messages spoken)"
        case .openJTalk(let asked, let voice):
            "Open JTalk speaks (\(asked ? "\"speech\": {\"engine\": \"openjtalk\"}" : "the default for Japanese, and installed")), with the voice \(voice)"
        case .espeakNG(let because, let voice):
            "espeak-ng speaks (\(Self.because(because))), with the voice “\(voice)”"
        case .silent:
            "silent: no speech engine can speak (the cues still sound)"
        }
    }

    private static func because(_ because: SpeechChoice.Why.EspeakBecause) -> String {
        switch because {
        case .asked: "\"speech\": {\"engine\": \"espeak-ng\"}"
        case .english: "the engine for English"
        case .insteadOfOpenJTalk: "instead of Open JTalk, which cannot speak here"
        }
    }

    public func problem(_ problem: SpeechChoice.Problem) -> String {
        switch problem {
        case .openJTalkSpeaksJapaneseOnly:
            "Open JTalk speaks Japanese only, and \"language\" is \"en\" — espeak-ng speaks English; set \"engine\": \"espeak-ng\" to say so"
        case .espeakNGNotFound:
            "espeak-ng is not found on PATH — install it (`sudo apt install espeak-ng`)"
        case .openJTalkNotFound:
            "Open JTalk (open_jtalk) is not found on PATH — install it (`sudo apt install open-jtalk open-jtalk-mecab-naist-jdic`)"
        case .dictionaryMissing(let dictionary):
            "Open JTalk's dictionary is missing (\(dictionary)/sys.dic) — install it (`sudo apt install open-jtalk-mecab-naist-jdic`)"
        case .voiceFileMissing(let file):
            "the voice file \(file) (\"speech\": {\"voice\"}) does not exist — give the path of an .htsvoice file, or remove \"voice\" to use Mei"
        case .voiceNotFound(let places):
            "the voice \(SpeechChoice.voiceFileName) is not found (looked in \(places.joined(separator: ", "))) — reinstall BookKiosk, or set \"speech\": {\"voice\": PATH}"
        }
    }
}

public struct JapaneseSpeechChoiceWords: SpeechChoiceWords {
    public init() {}

    public func why(_ why: SpeechChoice.Why) -> String {
        switch why {
        case .off:
            "切っています(\"speech\": true で、メッセージを声でも読みます)"
        case .openJTalk(let asked, let voice):
            "Open JTalk が話します(\(asked ? "\"speech\": {\"engine\": \"openjtalk\"}" : "日本語の標準で、入っています"))。声は \(voice)"
        case .espeakNG(let because, let voice):
            "espeak-ng が話します(\(Self.because(because)))。声は「\(voice)」"
        case .silent:
            "無音です: 話せる音声エンジンがありません。合図の音は鳴ります"
        }
    }

    private static func because(_ because: SpeechChoice.Why.EspeakBecause) -> String {
        switch because {
        case .asked: "\"speech\": {\"engine\": \"espeak-ng\"}"
        case .english: "英語のエンジン"
        case .insteadOfOpenJTalk: "ここでは話せない Open JTalk の代わり"
        }
    }

    public func problem(_ problem: SpeechChoice.Problem) -> String {
        switch problem {
        case .openJTalkSpeaksJapaneseOnly:
            "Open JTalk が話すのは日本語だけで、\"language\" は \"en\" です — 英語は espeak-ng が話します。そう書くなら \"engine\": \"espeak-ng\""
        case .espeakNGNotFound:
            "espeak-ng が PATH に見つかりません — 入れてください(`sudo apt install espeak-ng`)"
        case .openJTalkNotFound:
            "Open JTalk(open_jtalk)が PATH に見つかりません — 入れてください(`sudo apt install open-jtalk open-jtalk-mecab-naist-jdic`)"
        case .dictionaryMissing(let dictionary):
            "Open JTalk の辞書がありません(\(dictionary)/sys.dic) — 入れてください(`sudo apt install open-jtalk-mecab-naist-jdic`)"
        case .voiceFileMissing(let file):
            "声のファイル \(file)(\"speech\": {\"voice\"})がありません — .htsvoice ファイルのパスを書くか、\"voice\" を消して Mei を使ってください"
        case .voiceNotFound(let places):
            "声 \(SpeechChoice.voiceFileName) が見つかりません(探したところ: \(places.joined(separator: "、"))) — BookKiosk を入れ直すか、\"speech\": {\"voice\": パス} を書いてください"
        }
    }
}

extension Language {
    /// What this language says of a `SpeechChoice`.
    public var speechWords: any SpeechChoiceWords {
        switch self {
        case .ja: JapaneseSpeechChoiceWords()
        case .en: EnglishSpeechChoiceWords()
        }
    }
}
