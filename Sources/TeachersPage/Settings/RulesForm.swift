import Foundation
import Lending

/// The 設定 rules form as typed, checked as the configuration file's keys are.
struct RulesForm: Equatable {
    static let largestLoanLimit = 99
    static let longestLoanDays = 365

    var loanLimit = ""
    var loanDays = ""
    var closedWeekdays: Set<Weekday> = []
    /// One date a line.
    var closedDates = ""
    var blockOnOverdue = false
    var libraryName = ""

    init(_ rules: LibraryRules) {
        loanLimit = String(rules.loanLimit)
        loanDays = String(rules.loanDays)
        closedWeekdays = rules.closedWeekdays
        closedDates = rules.closedDates.sorted().map(\.description).joined(separator: "\n")
        blockOnOverdue = rules.blockOnOverdue
        libraryName = rules.libraryName
    }

    init(fields value: (String) -> String?, values: (String) -> [String]) {
        func field(_ name: String) -> String { (value(name) ?? "").trimmingCharacters(in: .whitespacesAndNewlines) }
        loanLimit = field("loanLimit")
        loanDays = field("loanDays")
        closedWeekdays = Set(values("closedWeekdays").compactMap { Weekday(rawValue: $0) })
        closedDates = value("closedDates") ?? ""
        blockOnOverdue = value("blockOnOverdue") == "1"
        libraryName = field("libraryName")
    }

    var dateLines: [String] {
        closedDates.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The rules, or the problems by field name.
    func rules(_ words: any PageWords) -> Result<LibraryRules, RulesProblems> {
        var problems: [String: String] = [:]
        let limit = Int(loanLimit).flatMap { (0...RulesForm.largestLoanLimit).contains($0) ? $0 : nil }
        if limit == nil { problems["loanLimit"] = words.loanLimitInvalid }
        let days = Int(loanDays).flatMap { (1...RulesForm.longestLoanDays).contains($0) ? $0 : nil }
        if days == nil { problems["loanDays"] = words.loanDaysInvalid }
        if closedWeekdays.count == Weekday.allCases.count { problems["closedWeekdays"] = words.allWeekdaysClosed }
        let bad = dateLines.filter { LocalDate($0) == nil }
        if !bad.isEmpty { problems["closedDates"] = words.badDates(bad) }
        guard problems.isEmpty, let limit, let days else { return .failure(RulesProblems(byField: problems)) }
        return .success(LibraryRules(loanLimit: limit, loanDays: days, closedWeekdays: closedWeekdays,
                                     closedDates: Set(dateLines.compactMap { LocalDate($0) }), blockOnOverdue: blockOnOverdue,
                                     libraryName: libraryName))
    }
}

struct RulesProblems: Error, Equatable {
    var byField: [String: String]
}

extension RulesForm {
    /// The audit log's account of a change of rules: each rule that changed, old → new.
    static func describeChange(from old: LibraryRules, to new: LibraryRules) -> String {
        func days(_ set: Set<Weekday>) -> String { Weekday.allCases.filter(set.contains).map(\.rawValue).joined(separator: ",") }
        func dates(_ set: Set<LocalDate>) -> String { set.sorted().map(\.description).joined(separator: ",") }
        var changes: [String] = []
        if old.loanLimit != new.loanLimit { changes.append("loan limit \(old.loanLimit) → \(new.loanLimit)") }
        if old.loanDays != new.loanDays { changes.append("loan days \(old.loanDays) → \(new.loanDays)") }
        if old.closedWeekdays != new.closedWeekdays { changes.append("closed weekdays \(days(old.closedWeekdays)) → \(days(new.closedWeekdays))") }
        if old.closedDates != new.closedDates { changes.append("closed dates \(dates(old.closedDates)) → \(dates(new.closedDates))") }
        if old.blockOnOverdue != new.blockOnOverdue { changes.append("block on overdue \(old.blockOnOverdue) → \(new.blockOnOverdue)") }
        if old.libraryName != new.libraryName { changes.append("library name 「\(old.libraryName)」 → 「\(new.libraryName)」") }
        return changes.isEmpty ? "saved the rules unchanged" : changes.joined(separator: "; ")
    }
}
