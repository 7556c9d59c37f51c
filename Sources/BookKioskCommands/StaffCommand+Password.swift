import Foundation
import Lending
import StaffPIN

/// `bookkiosk staff password NAME`: the Staff member's password for the teachers' page.
extension StaffCommand {
    /// Sets the password, lifts the account's sign-in lock and records it in the audit log,
    /// in one transaction; the password itself is kept only as its hash.
    func setPassword(in repository: any LendingRepository) throws -> BookKiosk.Status {
        let name = name!
        let exists = try repository.transaction { tx in try tx.staffAccounts().contains { $0.name == name } }
        guard exists else {
            throw CommandFailure("There is no Staff member named \(name). Add them with `bookkiosk staff add \(name)`; `bookkiosk staff list` shows who there is.")
        }
        let password = try readNewPassword(for: name)
        let hash: String
        do {
            hash = try PagePassword.make(password)
        } catch let failure as PagePassword.Failure {
            throw CommandFailure("\(failure.description) Nothing changed.")
        }
        let entry = AuditEntry(time: Date(), staff: name, action: "passwordSet",
                               detail: "set the teachers' page password; the sign-in lock is lifted")
        let set = try repository.transaction { tx -> Bool in
            guard try tx.setPasswordHash(hash, staff: name) else { return false }
            try tx.save(SignInRecord(), staff: name)
            try tx.record(entry)
            return true
        }
        guard set else { throw CommandFailure("\(name) was removed meanwhile; nothing changed.") }
        console.print("Set the page password of \(name). They sign in to the teachers' page (`bookkiosk serve`) with their name and this password.")
        return .success
    }

    /// Asks for the password twice on a terminal; reads it once from a pipe.
    private func readNewPassword(for name: String) throws -> String {
        let minimum = PagePassword.minimumLength
        guard let password = SecretInput.read(prompt: "Page password for \(name) (at least \(minimum) characters): ",
                                              console: console, trimmingWhitespace: false),
              !password.isEmpty else {
            throw CommandFailure("No password was given; nothing changed.")
        }
        guard PagePassword.isAcceptable(password) else {
            throw CommandFailure("That password has \(password.count) characters; a page password needs at least \(minimum). Nothing changed.")
        }
        if isatty(STDIN_FILENO) == 1 {
            let again = SecretInput.read(prompt: "The same password again: ", console: console, trimmingWhitespace: false)
            guard again == password else { throw CommandFailure("The two passwords were not the same; nothing changed.") }
        }
        return password
    }
}
