import CommandCore
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
        try store(password, for: name, in: repository)
        return .success
    }

    /// After `staff add` on a terminal (never from a pipe, which keeps giving only the PIN):
    /// offers to set the page password now. Declining, or a password refused, leaves the new
    /// account as it is and says how to set one later.
    func offerPassword(to name: String, in repository: any LendingRepository) throws {
        guard isatty(STDIN_FILENO) == 1 else { return }
        FileHandle.standardError.write(Data("Also give \(name) a password for the teachers' page now? [y/N] ".utf8))
        let answer = readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        guard ["y", "yes", "はい"].contains(answer) else {
            console.print("No page password yet; set one later with `bookkiosk staff password \(name)`.")
            return
        }
        do {
            try store(try readNewPassword(for: name), for: name, in: repository)
        } catch let failure as CommandFailure {
            console.print("\(failure.description) Set one later with `bookkiosk staff password \(name)`.")
        }
    }

    /// Hashes `password` and, in one transaction, keeps the hash, lifts the account's sign-in
    /// lock and records it in the audit log.
    private func store(_ password: String, for name: String, in repository: any LendingRepository) throws {
        let hash: String
        do {
            hash = try PagePassword.make(password)
        } catch let failure as PagePassword.Failure {
            throw CommandFailure("\(failure.description) Nothing changed.")
        }
        let desk = desk
        let set = try repository.transaction { tx in try desk.setPassword(of: name, passwordHash: hash, in: tx) } == .done
        guard set else { throw CommandFailure("\(name) was removed meanwhile; nothing changed.") }
        console.print("Set the page password of \(name). They sign in to the teachers' page (`bookkiosk serve`) with their name and this password.")
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
