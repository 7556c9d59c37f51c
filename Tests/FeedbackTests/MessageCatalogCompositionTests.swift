import Feedback
import Testing
import TextInput

/// Text fields on the status line with kana input: the mode, the committed text, and what is
/// being composed.
@Suite struct MessageCatalogCompositionTests {
    let ja = MessageCatalog(language: .ja)
    let en = MessageCatalog(language: .en)

    static let cases: [(TextComposer, String)] = [
        (TextComposer(), "[A] ぐり▏"),
        (TextComposer(mode: .hiragana), "[あ] ぐり▏"),
        (.typed("pan", mode: .katakana), "[カ] ぐり‹パn›▏"),
        (.converting("honwoyomu", into: [ConversionSegment(reading: "ほんを", candidates: ["本を"]),
                                          ConversionSegment(reading: "よむ", candidates: ["読む"])], current: 1),
         "[あ] ぐり‹本を[読む]›▏"),
    ]

    @Test(arguments: cases)
    func theFieldShowsTheModeTheTextAndWhatIsComposed(composition: TextComposer, shown: String) {
        #expect(ja.fieldText("ぐり", composition) == shown)
        #expect(en.fieldText("ぐり", composition) == shown)
    }

    @Test func thePromptsCarryTheComposition() {
        let composing = TextComposer.typed("gura")
        #expect(ja.text(for: .typeTitle(barcode: "B1", typed: "ぐり", composition: composing))
                == "絵本登録 B1：タイトル [あ] ぐり‹ぐら›▏ (Enter で次へ · F2 かな入力 · F3 カタカナ · Space 漢字)")
        #expect(en.text(for: .typeName(card: "C1", typed: "", composition: TextComposer()))
                == "Add user C1: name [A] ▏ (Enter: add · F2 kana input · F3 katakana)")
        let converting = TextComposer.converting("hon", into: [ConversionSegment(reading: "ほん", candidates: ["本"])])
        #expect(en.text(for: .typeAuthor(barcode: "B1", title: "t", typed: "", composition: converting))
                == "Add book B1 “t”: author [あ] ‹[本]›▏ (Space: next candidate · ←→ segment · Enter: commit · Esc: back to kana)")
    }

    @Test func theMenuAndRegisteringShowKanaInputWhileItIsOn() {
        #expect(ja.text(for: .scanBookToRegister(inputMode: .hiragana))
                == "絵本登録：絵本のバーコードをスキャン (ラベルがなければ n で番号をつける、Esc でもどる) · かな入力 [あ]")
        #expect(en.text(for: .scanCardToRegister(inputMode: .katakana)) == "Add a user: scan the library card (Esc: back) · kana input [カ]")
        #expect(en.text(for: .menu(staff: "Mori", inputMode: .direct)).hasSuffix("q leave"))
    }
}
