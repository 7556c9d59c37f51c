/// The audit log's names for what was done on the page. Actions the kiosk's staff mode also
/// does (`override`, `forcedReturn`, `extended`, `withdrew`, …) keep the kiosk's names, so the
/// log reads the same whichever way a Staff member did it.
public enum PageAction: String, Sendable, Hashable, CaseIterable {
    case signedIn, signedOut, signInFailed, signInLocked
    case lent, override, forcedReturn, extended
    case registeredBook, editedBook, withdrew
    case registeredUser, editedUser, deactivatedUser, reactivatedUser, removedUser
    case changedRules, addedStaff, setPassword, removedStaff
    // The school year (組): `promoted` is the name `bookkiosk promote` records too.
    case addedClass, setClassGrade, renamedClass, removedClass, promoted
    case printedCards, printedLabels, imported, restored
}
