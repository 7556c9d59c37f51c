// A second kiosk for RepositoryTests' race test, in a process of its own.
//
//     lend-race-probe DB scan|add-loan CARD BOOK UNIX-SECONDS
//
// DB is an SQLite file or a postgresql:// URL. Opens the database, prints `ready`, then for
// each line on stdin (the start signal, so two probes start together) lends BOOK to CARD's
// User and prints one line, until stdin ends (one line: one round):
//   scan:      Circulation.scan with CARD's Session open  → `lent ID`, `returned ID`, `refused REASON`
//   add-loan:  LendingTransaction.addLoan directly         → `lent ID` or `alreadyOnLoan`
// A fault of the store prints `fault KIND` (busy, readOnly, …). Exit status 0 when a line was
// printed, 2 for bad arguments.
import Foundation
import Lending
import LendingPostgres
import LendingSQLite

/// Writes one line to stdout at once (no buffering), for the test reading it.
func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

let arguments = CommandLine.arguments
guard arguments.count == 6, ["scan", "add-loan"].contains(arguments[2]),
      let seconds = Double(arguments[5])
else {
    FileHandle.standardError.write(Data("usage: lend-race-probe DB scan|add-loan CARD BOOK UNIX-SECONDS\n".utf8))
    exit(2)
}
let (path, mode, card, book) = (arguments[1], arguments[2], arguments[3], arguments[4])
let now = Date(timeIntervalSince1970: seconds)
let policy = Policy(timeZone: TimeZone(identifier: "UTC")!)

do {
    let repository: any LendingRepository = try PostgresURL(path).map { try PostgresLendingRepository(url: $0) }
        ?? SQLiteLendingRepository(path: path)
    guard let user = try repository.transaction({ try $0.user(card: card) }) else {
        say("fault unknownUser")
        exit(0)
    }
    say("ready")
    while readLine() != nil {
        say(try round(repository, user: user))
    }
} catch let fault as any RepositoryFault {
    say("fault \(fault.faultKind.rawValue)")
    FileHandle.standardError.write(Data("\(fault)\n".utf8))
} catch {
    say("fault other")
    FileHandle.standardError.write(Data("\(error)\n".utf8))
}

/// One lend attempt, as the line to print.
func round(_ repository: any LendingRepository, user: User) throws -> String {
    do {
        switch mode {
        case "scan":
            switch try Circulation(policy: policy).scan(book, session: user, at: now, in: repository) {
            case .lent(let loan, _, _, _): return "lent \(loan.id)"
            case .returned(let loan, _, _, _, _): return "returned \(loan.id)"
            case .refused(let refusal, _, _, _): return "refused \(refusal.rawValue)"
            case .greeted: return "greeted"
            }
        default:
            let loan = try repository.transaction { tx in
                try tx.addLoan(book: book, user: card, lentAt: now, due: policy.dueDate(lentAt: now), overrideBy: nil)
            }
            return "lent \(loan.id)"
        }
    } catch LendingStoreError.alreadyOnLoan {
        return "alreadyOnLoan"
    }
}
