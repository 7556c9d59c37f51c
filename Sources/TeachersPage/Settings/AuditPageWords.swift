import Foundation
import Lending

/// The page's words for the audit log (操作の記録) on 設定: every `AuditAction` named and told
/// in the page's language. Each language's `switch`es are exhaustive, so an action added to
/// the enum does not compile until every language has words for it.
public protocol AuditPageWords {
    var auditHeading: String { get }
    /// The 設定 audit list's two views: the changes to the library, and who signed in and out.
    var auditChanges: String { get }
    var auditSignIns: String { get }
    var noAudit: String { get }
    /// The name of an action, for the 操作 column.
    func auditAction(_ kind: AuditAction.Kind) -> String
    /// What the action's values say, for the 内容 column.
    func auditDetail(_ action: AuditAction) -> String
    /// The name of a changed field.
    func auditField(_ field: AuditField) -> String
}

extension AuditPageWords {
    /// The 操作 column for `action`: its name, or for an earlier entry whose name no version
    /// wrote, that name as it was stored.
    public func auditActionName(_ action: AuditAction) -> String {
        if let kind = action.kind { return auditAction(kind) }
        if case .earlier(let name, _) = action { return name }
        return ""
    }
}
