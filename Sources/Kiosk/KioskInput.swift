import Foundation
import Feedback
import Lending
import ScannerInput
import TextInput

/// What happens to the kiosk: a scan, a key, a timer, a result coming back from the runtime.
/// Time always arrives inside the event; the machine never reads a clock.
public enum KioskInput: Sendable, Equatable {
    /// The kiosk has started.
    case started(at: Date)
    /// A barcode was read (raw, as the Scanner typed it).
    case scanned(String, at: Date)
    /// A key was pressed on the staff keyboard.
    case key(KeyPress, at: Date)
    /// Time has passed with nothing else happening (the runtime's timer).
    case tick(at: Date)
    /// The runtime carried out a `circulate` effect; `scan` is the id the scan was noted under
    /// in the journal (nil with no journal, or where it could not be noted).
    case circulated(Outcome, scan: String? = nil, at: Date)
    /// The runtime could not carry out a `circulate` effect for `barcode`. `isCard` says whether
    /// `barcode` is a Card, where the store could still be read; nil where it could not. `scan`
    /// is the id the scan was noted under in the journal, as for `circulated`.
    case failed(KioskFault, barcode: String, isCard: Bool? = nil, scan: String? = nil, at: Date)
    /// The runtime tried the database server again (a `retryServer` effect).
    case retried(ServerRetry, at: Date)
    /// The runtime carried out a `keepInJournal` effect: whether the return is kept (false at
    /// the journal's bound, or with no journal).
    case journalled(barcode: String, kept: Bool, at: Date)
    /// The kiosk started with scans in its journal (kept before a restart or a kill): they are
    /// looked up and applied now, as when the server comes back.
    case journalFound(at: Date)
    /// The runtime checked a PIN: the Staff member it belongs to, or nil.
    case pinChecked(staff: String?, at: Date)
    /// The runtime carried out a `staffRequest` effect.
    case staffDone(StaffResult, at: Date)
    /// The runtime carried out a `convert` effect: the segments `kana` may become (none where
    /// there is no dictionary).
    case converted(kana: String, [ConversionSegment], at: Date)
    case scannerLost(String, at: Date)
    case scannerBack(String, at: Date)
}
