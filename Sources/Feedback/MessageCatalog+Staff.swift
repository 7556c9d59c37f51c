import Lending

extension MessageCatalog {
    /// The status line's text for a staff-mode prompt, with `notice` (why the last step could
    /// not be done) before it. A PIN shows as one ● per digit typed, never the digits.
    public func text(for prompt: StaffPrompt, notice: StaffNotice? = nil) -> String {
        let promptText = language == .ja ? japanese(prompt) : english(prompt)
        guard let notice else { return promptText }
        return (language == .ja ? japanese(notice) : english(notice)) + " — " + promptText
    }

    /// What `notice` says on its own (the screen shows it apart from the prompt).
    public func text(for notice: StaffNotice) -> String {
        language == .ja ? japanese(notice) : english(notice)
    }

    /// The status line while a barcode is typed on the keyboard (the demo).
    public func typingText(_ typed: String) -> String {
        typed.isEmpty ? prompt : typed + "▏"
    }

    // MARK: Japanese

    private func japanese(_ prompt: StaffPrompt) -> String {
        switch prompt {
        case .idle:
            return self.prompt
        case .pin(let typed):
            return "先生モード：PIN \(String(repeating: "●", count: typed))▏ (Enter で決定・Esc でもどる)"
        case .menu(let staff, let mode):
            return "\(staff) 先生：l 特別貸出 · r 強制返却 · e 延長 · b 絵本登録 · u 利用者登録 · w 除籍 · o 返却期限切れ · q おわる\(modeNote(mode))"
        case .scanCardToLend:
            return "特別貸出：利用者カードをスキャン (Esc でもどる)"
        case .scanBookToLend(let user):
            return "特別貸出：\(user.name)さんにかす絵本をスキャン (Esc でもどる)"
        case .scanBookToReturn:
            return "強制返却：絵本をスキャン (Esc でもどる)"
        case .scanBookToExtend:
            return "延長：絵本をスキャン (Esc でもどる)"
        case .scanBookToRegister(let mode):
            return "絵本登録：絵本のバーコードをスキャン (ラベルがなければ n で番号をつける、Esc でもどる)\(modeNote(mode))"
        case .typeTitle(let barcode, let typed, let composition):
            return "絵本登録 \(barcode)：タイトル \(fieldText(typed, composition)) \(fieldHint("Enter で次へ", composition))"
        case .typeAuthor(let barcode, let title, let typed, let composition):
            return "絵本登録 \(barcode)「\(title)」：作者 \(fieldText(typed, composition)) \(fieldHint("なければ Enter", composition))"
        case .scanCardToRegister(let mode):
            return "利用者登録：利用者カードをスキャン (Esc でもどる)\(modeNote(mode))"
        case .typeName(let card, let typed, let composition):
            return "利用者登録 \(card)：なまえ \(fieldText(typed, composition)) \(fieldHint("Enter で登録", composition))"
        case .scanBookToWithdraw:
            return "除籍：絵本をスキャン (Esc でもどる)"
        case .overdue(nil, _, _):
            return "返却期限切れの貸出はありません (Esc でもどる)"
        case .overdue(let entry?, let index, let count):
            let who = entry.user.map { "\($0.name) (\($0.card))" } ?? (entry.loan.user ?? "—")
            let what = entry.book.map { "「\($0.title)」(\($0.barcode))" } ?? entry.loan.book
            return "返却期限切れ \(index + 1)/\(count)：\(who) \(what) 返却期限 \(language.dueDateText(entry.loan.due))、\(entry.days)日すぎ (n つぎ · p まえ · Esc もどる)"
        }
    }

    private func japanese(_ notice: StaffNotice) -> String {
        switch notice {
        case .unknownBarcode(let barcode): "\(barcode) は登録されていません"
        case .notACard(let barcode): "\(barcode) は利用者カードではありません"
        case .notABook(let barcode): "\(barcode) は絵本ではありません"
        case .notOnLoan(let book): "「\(book.title)」は貸出中ではありません"
        case .alreadyWithdrawn(let book): "「\(book.title)」はもう除籍されています"
        case .barcodeTaken(let barcode): "\(barcode) はほかで使われています"
        case .failed: "データベースに書けませんでした。何も変わっていません"
        case .wrongPIN: "PIN がちがいます"
        case .done(let event): message(for: .staff(event))
        case .outcome(let outcome): message(for: .outcome(outcome))
        }
    }

    // MARK: English

    private func english(_ prompt: StaffPrompt) -> String {
        switch prompt {
        case .idle:
            return self.prompt
        case .pin(let typed):
            return "Staff mode: PIN \(String(repeating: "●", count: typed))▏ (Enter to go on, Esc to leave)"
        case .menu(let staff, let mode):
            return "\(staff): l lend (override) · r return · e extend · b add book · u add user · w withdraw · o overdue · q leave\(modeNote(mode))"
        case .scanCardToLend:
            return "Lend with override: scan the library card (Esc: back)"
        case .scanBookToLend(let user):
            return "Lend with override: scan the books for \(user.name) (Esc: back)"
        case .scanBookToReturn:
            return "Force return: scan a book (Esc: back)"
        case .scanBookToExtend:
            return "Extend: scan a book (Esc: back)"
        case .scanBookToRegister(let mode):
            return "Add a book: scan its barcode (no label yet: n gives it a number; Esc: back)\(modeNote(mode))"
        case .typeTitle(let barcode, let typed, let composition):
            return "Add book \(barcode): title \(fieldText(typed, composition)) \(fieldHint("Enter: next", composition))"
        case .typeAuthor(let barcode, let title, let typed, let composition):
            return "Add book \(barcode) “\(title)”: author \(fieldText(typed, composition)) \(fieldHint("Enter: none or done", composition))"
        case .scanCardToRegister(let mode):
            return "Add a user: scan the library card (Esc: back)\(modeNote(mode))"
        case .typeName(let card, let typed, let composition):
            return "Add user \(card): name \(fieldText(typed, composition)) \(fieldHint("Enter: add", composition))"
        case .scanBookToWithdraw:
            return "Withdraw: scan a book (Esc: back)"
        case .overdue(nil, _, _):
            return "No loans are overdue (Esc: back)"
        case .overdue(let entry?, let index, let count):
            let who = entry.user.map { "\($0.name) (\($0.card))" } ?? (entry.loan.user ?? "—")
            let what = entry.book.map { "“\($0.title)” (\($0.barcode))" } ?? entry.loan.book
            let days = entry.days == 1 ? "1 day" : "\(entry.days) days"
            return "Overdue \(index + 1)/\(count): \(who) \(what), due \(language.dueDateText(entry.loan.due)), \(days) late (n next · p back · Esc)"
        }
    }

    private func english(_ notice: StaffNotice) -> String {
        switch notice {
        case .unknownBarcode(let barcode): "\(barcode) is not in the library"
        case .notACard(let barcode): "\(barcode) is not a library card"
        case .notABook(let barcode): "\(barcode) is not a book"
        case .notOnLoan(let book): "“\(book.title)” is not on loan"
        case .alreadyWithdrawn(let book): "“\(book.title)” is already withdrawn"
        case .barcodeTaken(let barcode): "\(barcode) is already used for something else"
        case .failed: "The database could not be written; nothing changed"
        case .wrongPIN: "That PIN is not right"
        case .done(let event): message(for: .staff(event))
        case .outcome(let outcome): message(for: .outcome(outcome))
        }
    }
}
