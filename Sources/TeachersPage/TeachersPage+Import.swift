import Foundation
import HTTPServer

// 取り込み is not done yet: its routes answer 「見つかりません」 (404) until it is.
extension TeachersPage {
    func importForm(_ context: PageContext) throws -> HTTPResponse { try notFound(context) }
    func previewImport(_ context: PageContext) throws -> HTTPResponse { try notFound(context) }
    func applyImport(_ context: PageContext) throws -> HTTPResponse { try notFound(context) }
}
