import Foundation
import POSIX

// The English words of the reports that count, the page password, serve, copy, init, lookup,
// simulate, demo and say.
extension EnglishCommandWords {
    public var auditLogEmpty: String { "The audit log is empty: no staff actions and no wrong PINs yet." }
    public var sinceUsage: String { "--since needs a date like 2026-04-01 (or a month, 2026-04)" }
    public var topUsage: String { "--top needs a whole number from 1, like --top 10" }
    public func lendScope(sinceMonth month: String, className: String?) -> String { "since \(month)" + (className.map { ", \($0)" } ?? "") }
    public func nothingLent(_ scope: String) -> String { "No Book was lent \(scope)." }
    public func mostLentHeading(_ scope: String) -> String { "Most lent \(scope):" }
    public func copies(_ count: Int) -> String { " (\(count) copies)" }
    public func lendsPerClassHeading(_ scope: String) -> String { "Lends per class per month \(scope):" }
    public var noClass: String { "(no class)" }

    public func noSuchStaffForPassword(_ name: String) -> String {
        "There is no Staff member named \(name). Add them with `bookkiosk staff add \(name)`; `bookkiosk staff list` shows who there is."
    }
    public func offerPassword(_ name: String) -> String { "Also give \(name) a password for the teachers' page now? [y/N] " }
    public func noPasswordYet(_ name: String) -> String { "No page password yet; set one later with `bookkiosk staff password \(name)`." }
    public func setPasswordLater(_ refusal: String, name: String) -> String { "\(refusal) Set one later with `bookkiosk staff password \(name)`." }
    public func passwordNotKept(_ detail: String) -> String { "The password could not be kept: \(detail). Nothing changed." }
    public func passwordSet(_ name: String) -> String {
        "Set the page password of \(name). They sign in to the teachers' page (`bookkiosk serve`) with their name and this password."
    }
    public func passwordPrompt(_ name: String, minimum: Int) -> String { "Page password for \(name) (at least \(minimum) characters): " }
    public var passwordAgainPrompt: String { "The same password again: " }
    public var noPasswordGiven: String { "No password was given; nothing changed." }
    public func passwordTooShort(_ count: Int, minimum: Int) -> String {
        "That password has \(count) characters; a page password needs at least \(minimum). Nothing changed."
    }
    public var passwordsDiffer: String { "The two passwords were not the same; nothing changed." }

    public var serveUsage: String { "`bookkiosk serve` takes no words, only --listen ADDRESS:PORT, --db and --config" }
    public func listenUsage(_ error: ListenAddressError) -> String { "--listen: \(error.description)" }
    public func pageDidNotStart(_ detail: String) -> String { "The teachers' page did not start. \(detail)" }
    public func nobodyCanSignIn(database: String, libraryOptions: String) -> String {
        "Nobody can sign in to the teachers' page yet: this library (\(database)) has no Staff member with a page password. Run `bookkiosk staff add NAME\(libraryOptions)` and answer y when it offers to set the password."
    }
    public func notACommand(_ name: String) -> String { "\"\(name)\" is not a bookkiosk command. Run `bookkiosk help` to see the commands." }
    public func pageAt(_ url: String) -> String { "Teachers' page: \(url)" }
    public func serving(_ address: String, database: String) -> String {
        "Serving the teachers' page on \(address) (database \(database)); stop with Ctrl-C or SIGTERM."
    }
    public func pageStopTimedOut(seconds: Int) -> String {
        "The teachers' page did not finish its requests within \(seconds) s of being told to stop; it stops without them."
    }
    public var pageStopped: String { "The teachers' page has stopped." }
    public func certificateUnreadable(_ path: String) -> String {
        "The certificate \(path) (web.certificate) cannot be read. Check the path and that the service's user may read it, or remove web.certificate and web.key to serve plain HTTP."
    }
    public func keyUnreadable(_ path: String) -> String {
        "The private key \(path) (web.key) cannot be read. Check the path and that the service's user may read it, or remove web.certificate and web.key to serve plain HTTP."
    }

    public var copyUsage: String { "copy needs --from library.sqlite and --to postgresql://…" }
    public func copyTargetUsage(got: String) -> String { "--to must be a postgresql:// URL (got \(got))" }
    public func copied(_ source: String, to target: String, _ counts: CopiedCounts) -> String {
        "Copied \(source) to \(target): \(counts.books) books, \(counts.users) users, \(counts.classes) classes, \(counts.loans) loans, \(counts.staff) staff accounts, \(counts.auditEntries) audit entries, \(counts.printed) printed cards and labels, \(counts.bookRecords) records found by ISBN, \(counts.covers) cover photos."
    }

    public func initTakesNoWords(_ word: String) -> String { "init takes only --db and --config, not \"\(word)\"" }
    public func libraryReady(_ place: String) -> String { "The library is ready: \(place)" }
    public func madeEmptyLibrary(_ place: String) -> String { "Made an empty library: \(place)" }

    public var lookupUsage: String { "give one or more ISBNs: `bookkiosk lookup 9784834000825` (hyphens allowed)" }
    public var readingLabel: String { "reading:  " }
    public var authorsLabel: String { "authors:  " }
    public var publisherLabel: String { "publisher:" }
    public var sourceLabel: String { "source:   " }
    public var noteLabel: String { "note:     " }
    public var noneGiven: String { "(none given)" }
    public var fromLookupCache: String { ", from the library's lookup cache" }
    public func differingTitle(source: String, title: String) -> String { "\(source) gives the title as 「\(title)」; the NDL's is used" }
    public var notFound: String { "not found" }
    public var notLookedUp: String { "could not be looked up" }
    public var ndlName: String { "NDL Search (国立国会図書館サーチ)" }

    public func simulateTakesNoWords(got: String) -> String { "simulate reads its scans from standard input and takes no words (got \(got))" }
    public func simulateOnCopy(_ place: String) -> String {
        "simulate: on a copy of \(place); the library itself stays as it was (--write to lend and return in it)"
    }
    public func simulateOnEmptyLibrary(_ place: String) -> String {
        "simulate: there is no library at \(place) yet, so on an empty one that is not kept (--write to make it there)"
    }
    public func simulateWrites(_ place: String) -> String { "simulate: lends and returns in the library \(place) itself (--write)" }
    public func simulateRefusedOnSharedLibrary(_ place: String) -> String {
        "simulate: \(place) is a shared PostgreSQL library, which the kiosks use: simulate lends and returns in it only with --write. "
            + "No copy of it can be made here; to try scans without it, run simulate with --db on a SQLite file"
    }
    public func kioskNotStarted(_ detail: String) -> String { "The kiosk could not be started: \(detail)" }
    public func lineSkipped(_ number: Int, problem: String) -> String { "line \(number): \(problem); the line was skipped" }
    public func speechFolderNotMade(_ folder: String, _ detail: String) -> String { "--speech \(folder) could not be made (\(detail)). Check the path." }
    public func speechNotWritten(_ name: String, text: String, _ detail: String) -> String {
        "bookkiosk: speech \(name) (“\(text)”) was not written: \(detail)"
    }
    public func speechFolderNotWritable(_ folder: String, _ detail: String) -> String { "--speech \(folder) cannot be written: \(detail)" }

    public var demoTakesNoWords: String { "`bookkiosk demo` takes no words" }
    public var languageUsage: String { "--language must be ja or en" }
    public func screenSizeUsage(got: String) -> String {
        "--screen-size must be WIDTHxHEIGHT in pixels, at least 320x200, like 1024x600 (got \(got))"
    }
    public var demoNoDesktop: String { "screen: no desktop ($DISPLAY and $WAYLAND_DISPLAY are not set), so the demo runs in the terminal" }
    public func demoWindow(_ size: String) -> String { "screen: a window of \(size); type barcodes there" }
    public func demoWindowFailed(_ detail: String) -> String { "screen: \(detail); the demo runs in the terminal" }
    public var demoWindowTitle: String { "BookKiosk demo" }
    public var inactiveMark: String { " (inactive)" }
    public func demoTyping(interactive: Bool) -> String {
        interactive ? "Type a barcode on the keyboard and press Enter, as a scanner would." : "Each line of standard input is read as a scan."
    }
    public func demoInstructions(database: String, typing: String, cards: [String], books: [String], pin: String) -> String {
        """
        BookKiosk demo — a sample library (its data is in \(database), made afresh each start)
        \(typing)

        Library cards:
        \(cards.joined(separator: "\n"))
        Books:
        \(books.joined(separator: "\n"))

        Try: card C0001, then book B0001 to borrow it; B0001 again to bring it back.
        Mei (C0002) has an overdue book, so she is asked to bring it back first.
        Staff mode: press F12, type the PIN \(pin) and Enter (Esc goes back).
        To stop: Ctrl+C.
        """
    }

    public var sayUsage: String { "say what? `bookkiosk say こんにちは --out hello.wav`" }
    public func notSpoken(_ text: String, _ detail: String) -> String { "“\(text)” could not be spoken: \(detail)" }
    public func wavNotWritten(_ path: String, _ detail: String) -> String {
        "\(path) could not be written (\(detail)). Check the folder exists and may be written."
    }
    public func wroteWAV(_ path: String, seconds: Double) -> String { "bookkiosk: wrote \(path) (\(String(format: "%.1f", seconds)) s)" }
    public var playerIsNone: String { "\"player\": \"none\" mutes the kiosk: give --out F.wav, or set a player" }
    public func noSpeechEngine(_ problems: [String]) -> String { "No speech engine can speak here: " + problems.joined(separator: "; ") }
}
