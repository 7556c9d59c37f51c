import Foundation
import Lending

/// 設定 as it is shown, with nothing of HTML in it: the rules form as it was sent (with what
/// was wrong), the Staff accounts, the backup's part, and a page of the audit log.
struct SettingsPage {
    var state: SettingsSection.SettingsState
    var form: RulesForm
    var rulesProblems: [String: String]
    var staffProblems: [String: String]
    /// The name typed into 「先生を追加」 when it was refused.
    var typedStaffName: String
    var auditPage: Int
    /// Who is signed in: their own account has no 「削除」.
    var signedInStaff: String
    /// When the page is shown: an account is marked paused until its lock ends.
    var now: Date
    var storage: LibraryStorage
}

extension SettingsPage {
    /// The page's content under its heading. Pure: the same value renders the same.
    func content(words: any PageWords, csrf: String) -> [HTML] {
        [
            SettingsSection.rulesSection(form, problems: rulesProblems, csrf: csrf, words: words),
            SettingsSection.staffSection(state, problems: staffProblems, typedName: typedStaffName, signedInStaff: signedInStaff,
                                         now: now, csrf: csrf, words: words),
            TransferSection.backupSection(storage, csrf: csrf, words: words),
            SettingsSection.auditSection(state, page: auditPage, words: words),
        ]
    }
}
