import Foundation
import Feedback
import Lending
import ScannerInput
import TextInput

extension KioskMachine.StaffStep {
    /// The Staff member, once the PIN said who it is.
    var staff: String? {
        switch self {
        case .pinEntry: nil
        case .menu(let staff), .lendCard(let staff), .lendBooks(let staff, _), .forceReturn(let staff),
             .extend(let staff), .registerBook(let staff), .registerTitle(let staff, _, _),
             .registerAuthor(let staff, _, _, _), .registerUser(let staff), .registerName(let staff, _, _),
             .withdraw(let staff), .overdue(let staff, _, _):
            staff
        }
    }

    /// The text fields: each step that types text, by what it types.
    enum Field: Hashable {
        case title, author, name
    }

    /// The text field of this step, if it types text.
    var field: Field? {
        switch self {
        case .registerTitle: .title
        case .registerAuthor: .author
        case .registerName: .name
        case .pinEntry, .menu, .lendCard, .lendBooks, .forceReturn, .extend, .registerBook, .registerUser, .withdraw, .overdue: nil
        }
    }

    /// The same text field with `typed` as its text (other steps as they are).
    func with(typed text: String) -> Self {
        switch self {
        case .registerTitle(let staff, let barcode, _): .registerTitle(staff: staff, barcode: barcode, typed: text)
        case .registerAuthor(let staff, let barcode, let title, _): .registerAuthor(staff: staff, barcode: barcode, title: title, typed: text)
        case .registerName(let staff, let card, _): .registerName(staff: staff, card: card, typed: text)
        case .pinEntry, .menu, .lendCard, .lendBooks, .forceReturn, .extend, .registerBook, .registerUser, .withdraw, .overdue: self
        }
    }

    /// The prompt of this step; a text field's carries `composition`, its kana input, and the
    /// menu's and registering's its mode.
    func prompt(_ composition: TextComposer) -> StaffPrompt {
        switch self {
        case .pinEntry(let typed): .pin(typed: typed.count)
        case .menu(let staff): .menu(staff: staff, inputMode: composition.mode)
        case .lendCard: .scanCardToLend
        case .lendBooks(_, let user): .scanBookToLend(user)
        case .forceReturn: .scanBookToReturn
        case .extend: .scanBookToExtend
        case .registerBook: .scanBookToRegister(inputMode: composition.mode)
        case .registerTitle(_, let barcode, let typed): .typeTitle(barcode: barcode, typed: typed, composition: composition)
        case .registerAuthor(_, let barcode, let title, let typed):
            .typeAuthor(barcode: barcode, title: title, typed: typed, composition: composition)
        case .registerUser: .scanCardToRegister(inputMode: composition.mode)
        case .registerName(_, let card, let typed): .typeName(card: card, typed: typed, composition: composition)
        case .withdraw: .scanBookToWithdraw
        case .overdue(_, let loans, let index): .overdue(loans.isEmpty ? nil : loans[index], index: index, count: loans.count)
        }
    }
}
