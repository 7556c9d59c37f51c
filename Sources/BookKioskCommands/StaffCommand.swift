import CommandCore
import KioskConfiguration
import Foundation
import Language
import Lending
import StaffPIN
import TeachersPage

/// `bookkiosk staff add|pin|password|list|remove`: the Staff accounts that may enter staff
/// mode and sign in to the teachers' page. PINs and passwords are stored only as yescrypt hashes.
struct StaffCommand {
    enum Action: String {
        case add, pin, password, list, remove
    }

    let action: Action
    let name: String?
    let common: CommonOptions
    let console: Console
    let environment: [String: String]

    /// The person at the terminal, as the audit log names them.
    var desk: LibraryDesk { LibraryDesk(commandUserIn: environment, at: Date()) }

    init(_ words: [String], places: Places, console: Console) throws {
        environment = places.environment
        let arguments = try Arguments(words, for: Self.configuration)
        common = try CommonOptions(arguments, places: places)
        let say = commandWords(common.language)
        guard let first = arguments.words.first, let action = Action(rawValue: first) else {
            throw Arguments.Invalid(description: say.staffUsage)
        }
        let rest = arguments.words.dropFirst().joined(separator: " ").trimmingCharacters(in: .whitespaces)
        switch action {
        case .list:
            guard rest.isEmpty else { throw Arguments.Invalid(description: say.staffListTakesNoName) }
            name = nil
        case .add, .pin, .password, .remove:
            guard !rest.isEmpty else { throw Arguments.Invalid(description: say.staffNeedsName(action.rawValue)) }
            name = rest
        }
        self.action = action
        self.console = console
    }

    private var say: any CommandWords { commandWords(common.language) }

    func run() throws -> BookKiosk.Status {
        let repository = try common.openRepository()
        switch action {
        case .list:
            let accounts = try repository.transaction { try $0.staffAccounts() }
            if accounts.isEmpty {
                console.print(say.noStaffYet)
            }
            for account in accounts { console.print(account.name) }
            return .success
        case .remove:
            let desk = desk
            let removed = try repository.transaction { try desk.removeStaff(name!, in: $0) } == .done
            guard removed else { throw CommandFailure(say.noSuchStaff(name!)) }
            console.print(say.staffRemoved(name!))
            return .success
        case .password:
            return try setPassword(in: repository)
        case .add, .pin:
            let exists = try repository.transaction { tx in try tx.staffAccounts().contains { $0.name == name! } }
            if action == .add, exists {
                throw CommandFailure(say.staffHasPIN(name!))
            }
            if action == .pin, !exists {
                throw CommandFailure(say.noSuchStaffToChange(name!))
            }
            let pin = try readNewPIN()
            let hash = try PINHash.make(pin)
            let others = try repository.transaction { tx in try tx.staffAccounts().filter { $0.name != name! } }
            if PINHash.isTaken(pin, byAnyOf: others.map(\.pinHash)) {
                throw CommandFailure(say.pinTaken)
            }
            let desk = desk
            let saved = try repository.transaction { tx in
                action == .add ? try desk.addStaff(name!, pinHash: hash, passwordHash: nil, in: tx)
                               : try desk.changePIN(of: name!, pinHash: hash, in: tx)
            }
            switch saved {
            case .done: break
            case .nameTaken: throw CommandFailure(say.staffAddedMeanwhile(name!))
            case .missing: throw CommandFailure(say.staffRemovedMeanwhile(name!))
            }
            console.print(action == .add ? say.staffAdded(name!) : say.pinChanged(name!))
            if action == .add { try offerPassword(to: name!, in: repository) }
            return .success
        }
    }

    /// Asks for the PIN twice on a terminal; reads it once from a pipe.
    private func readNewPIN() throws -> String {
        guard let pin = SecretInput.read(prompt: say.pinPrompt(name!), console: console), !pin.isEmpty else {
            throw CommandFailure(say.noPINGiven)
        }
        guard PINHash.isAcceptable(pin) else { throw CommandFailure(say.pinShape) }
        if isatty(STDIN_FILENO) == 1 {
            let again = SecretInput.read(prompt: say.pinAgainPrompt, console: console)
            guard again == pin else { throw CommandFailure(say.pinsDiffer) }
        }
        return pin
    }
}

/// `bookkiosk report audit`: every staff action and failed PIN, oldest first, in the words of
/// the teachers' page's 操作の記録 (`AuditPageWords`) in the configured language.
struct AuditReport {
    let common: CommonOptions
    let console: Console

    func run() throws -> BookKiosk.Status {
        let entries = try common.openRepository().transaction { try $0.auditEntries() }
        let timeZone = common.configuration.policy.timeZone
        guard !entries.isEmpty else {
            console.print(commandWords(common.language).auditLogEmpty)
            return .success
        }
        let words = (Language(rawValue: common.configuration.language) ?? .ja).pageWords
        for entry in entries {
            let user = entry.user.map { user in " — \(user.card)" + (user.name.map { " \($0)" } ?? "") } ?? ""
            let detail = words.auditDetail(entry.action)
            console.print("\(timestamp(entry.time, timeZone))  \(entry.staff ?? "-")  \(words.auditActionName(entry.action))"
                          + (detail.isEmpty ? "" : ": \(detail)") + user)
        }
        return .success
    }
}
