import Lending
import TextInput

/// What the status line asks of the Staff member at each step of staff mode. Prompts go to the
/// status line only, never to the event stream, and a PIN is never more than its length.
public enum StaffPrompt: Sendable, Equatable {
    /// Staff mode is over: back to the children's idle prompt.
    case idle
    /// Type the PIN; `typed` characters so far, shown masked.
    case pin(typed: Int)
    /// The menu, for the Staff member `staff`. `inputMode` is kana input's mode, which lasts
    /// the whole staff session (F2 and F3 switch it here and while registering).
    case menu(staff: String, inputMode: TextInputMode = .direct)
    /// Lend with override: scan the Card.
    case scanCardToLend
    /// Lend with override: scan Books for `user`.
    case scanBookToLend(User)
    case scanBookToReturn
    case scanBookToExtend
    /// Register a Book: scan its label; `inputMode` is kana input's, for the title to come.
    case scanBookToRegister(inputMode: TextInputMode = .direct)
    /// The text-typing steps: `typed` is the committed text; `composition` is the field's kana
    /// input: its mode and what is being composed after `typed` (nothing, in direct mode).
    case typeTitle(barcode: String, typed: String, composition: TextComposer = TextComposer())
    case typeAuthor(barcode: String, title: String, typed: String, composition: TextComposer = TextComposer())
    /// Register a User: scan the Card; `inputMode` is kana input's, for the name to come.
    case scanCardToRegister(inputMode: TextInputMode = .direct)
    case typeName(card: String, typed: String, composition: TextComposer = TextComposer())
    case scanBookToWithdraw
    /// One overdue Loan a page: `index` of `count` (0-based); nil entry when there are none.
    case overdue(OverdueLoan?, index: Int, count: Int)
}

extension StaffPrompt {
    /// Kana input's mode, on the prompts that show it: the menu, registering and text fields.
    public var inputMode: TextInputMode? {
        switch self {
        case .menu(_, let mode), .scanBookToRegister(let mode), .scanCardToRegister(let mode): mode
        case .typeTitle(_, _, let composition), .typeAuthor(_, _, _, let composition), .typeName(_, _, let composition):
            composition.mode
        case .idle, .pin, .scanCardToLend, .scanBookToLend, .scanBookToReturn, .scanBookToExtend, .scanBookToWithdraw, .overdue: nil
        }
    }
}

/// Why a staff step could not be done; shown to the Staff member above the step's prompt.
public enum StaffNotice: Sendable, Equatable {
    case unknownBarcode(String)
    /// A Card was expected.
    case notACard(String)
    /// A Book was expected.
    case notABook(String)
    case notOnLoan(Book)
    case alreadyWithdrawn(Book)
    /// The barcode is a Card's, so it cannot be a Book's (or the reverse).
    case barcodeTaken(String)
    /// The database could not do it; nothing changed.
    case failed(KioskFault)
    /// The PIN typed belongs to nobody.
    case wrongPIN
    /// The last action was done (shown before the next prompt, so it stays in view).
    case done(StaffEvent)
    /// The rules answered the last scan with this Outcome instead.
    case outcome(Outcome)
}
