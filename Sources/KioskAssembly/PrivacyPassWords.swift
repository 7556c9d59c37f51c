import Language
import Lending

/// What the daily privacy pass did, as lines of the kiosk's log, in one language. Each
/// language is a type of its own, so the compiler checks that none lacks a line.
public protocol PrivacyPassWords: Sendable {
    /// Every line of `report`: nothing when the pass changed nothing and nothing failed.
    func lines(_ report: PrivacyPass.Report) -> [String]
}

public struct EnglishPrivacyPassWords: PrivacyPassWords {
    public init() {}

    public func lines(_ report: PrivacyPass.Report) -> [String] {
        var lines: [String] = []
        if report.forgottenLoans > 0 {
            lines.append("privacy: \(report.forgottenLoans) Loans returned over \(report.days) days ago no longer name their User")
        }
        if report.forgottenAuditEntries > 0 {
            lines.append("privacy: \(report.forgottenAuditEntries) audit entries over \(report.days) days old no longer name their User")
        }
        return lines + report.failures.map { failure in
            switch failure.half {
            case .loans: "privacy: could not forget old borrowers (will try again tomorrow): \(failure.detail)"
            case .auditEntries: "privacy: could not remove Users from old audit entries (will try again tomorrow): \(failure.detail)"
            }
        }
    }
}

public struct JapanesePrivacyPassWords: PrivacyPassWords {
    public init() {}

    public func lines(_ report: PrivacyPass.Report) -> [String] {
        var lines: [String] = []
        if report.forgottenLoans > 0 {
            lines.append("個人情報: \(report.days) 日より前に返された貸出 \(report.forgottenLoans) 件から、借りた利用者の名前を消しました")
        }
        if report.forgottenAuditEntries > 0 {
            lines.append("個人情報: \(report.days) 日より前の操作の記録 \(report.forgottenAuditEntries) 件から、利用者の名前を消しました")
        }
        return lines + report.failures.map { failure in
            switch failure.half {
            case .loans: "個人情報: 古い貸出から利用者の名前を消せませんでした(明日もう一度試します): \(failure.detail)"
            case .auditEntries: "個人情報: 古い操作の記録から利用者の名前を消せませんでした(明日もう一度試します): \(failure.detail)"
            }
        }
    }
}

/// The words of `language`.
public func privacyPassWords(_ language: Language) -> any PrivacyPassWords {
    switch language {
    case .ja: JapanesePrivacyPassWords()
    case .en: EnglishPrivacyPassWords()
    }
}
