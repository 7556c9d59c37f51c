// A second kiosk for RepositoryTests' race test, in a process of its own.
//
//     lend-race-probe DB scan|add-loan CARD BOOK UNIX-SECONDS
//
// Opens the database, prints `ready`, waits for one line on stdin (the start signal, so two
// probes start together), then lends BOOK to CARD's User and prints one line:
//   scan:      Circulation.scan with CARD's Session open  → `lent ID`, `returned ID`, `refused REASON`
//   add-loan:  LendingTransaction.addLoan directly         → `lent ID` or `alreadyOnLoan`
// A fault of the store prints `fault KIND` (busy, readOnly, …). Exit status 0 when a line was
// printed, 2 for bad arguments.
import Foundation
import Lending
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
    let repository = try SQLiteLendingRepository(path: path)
    guard let user = try repository.transaction({ try $0.user(card: card) }) else {
        say("fault unknownUser")
        exit(0)
    }
    say("ready")
    _ = readLine()

    switch mode {
    case "scan":
        switch try Circulation(policy: policy).scan(book, session: user, at: now, in: repository) {
        case .lent(let loan, _, _, _): say("lent \(loan.id)")
        case .returned(let loan, _, _, _, _): say("returned \(loan.id)")
        case .refused(let refusal, _, _, _): say("refused \(refusal.rawValue)")
        case .greeted: say("greeted")
        }
    default:
        let loan = try repository.transaction { tx in
            try tx.addLoan(book: book, user: card, lentAt: now, due: policy.dueDate(lentAt: now), overrideBy: nil)
        }
        say("lent \(loan.id)")
    }
} catch LendingStoreError.alreadyOnLoan {
    say("alreadyOnLoan")
} catch let fault as any RepositoryFault {
    say("fault \(fault.faultKind.rawValue)")
    FileHandle.standardError.write(Data("\(fault)\n".utf8))
} catch {
    say("fault other")
    FileHandle.standardError.write(Data("\(error)\n".utf8))
}
