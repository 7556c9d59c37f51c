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
        let say = commandWords(common.language)
        let exists = try repository.transaction { tx in try tx.staffAccounts().contains { $0.name == name } }
        guard exists else {
            throw CommandFailure(say.noSuchStaffForPassword(name))
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
        let say = commandWords(common.language)
        FileHandle.standardError.write(Data(say.offerPassword(name).utf8))
        let answer = readLine(strippingNewline: true)?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        guard ["y", "yes", "はい"].contains(answer) else {
            console.print(say.noPasswordYet(name))
            return
        }
        do {
            try store(try readNewPassword(for: name), for: name, in: repository)
        } catch let failure as CommandFailure {
            console.print(say.setPasswordLater(failure.description, name: name))
        }
    }

    /// Hashes `password` and, in one transaction, keeps the hash, lifts the account's sign-in
    /// lock and records it in the audit log.
    private func store(_ password: String, for name: String, in repository: any LendingRepository) throws {
        let say = commandWords(common.language)
        let hash: String
        do {
            hash = try PagePassword.make(password)
        } catch let failure as PagePassword.Failure {
            switch failure {
            case .tooShort: throw CommandFailure(say.passwordTooShort(password.count, minimum: PagePassword.minimumLength))
            case .unavailable(let detail): throw CommandFailure(say.passwordNotKept(detail))
            }
        }
        let desk = desk
        let set = try repository.transaction { tx in try desk.setPassword(of: name, passwordHash: hash, in: tx) } == .done
        guard set else { throw CommandFailure(say.staffRemovedMeanwhile(name)) }
        console.print(say.passwordSet(name))
    }

    /// Asks for the password twice on a terminal; reads it once from a pipe.
    private func readNewPassword(for name: String) throws -> String {
        let minimum = PagePassword.minimumLength
        let say = commandWords(common.language)
        guard let password = SecretInput.read(prompt: say.passwordPrompt(name, minimum: minimum),
                                              console: console, trimmingWhitespace: false),
              !password.isEmpty else {
            throw CommandFailure(say.noPasswordGiven)
        }
        guard PagePassword.isAcceptable(password) else {
            throw CommandFailure(say.passwordTooShort(password.count, minimum: minimum))
        }
        if isatty(STDIN_FILENO) == 1 {
            let again = SecretInput.read(prompt: say.passwordAgainPrompt, console: console, trimmingWhitespace: false)
            guard again == password else { throw CommandFailure(say.passwordsDiffer) }
        }
        return password
    }
}
