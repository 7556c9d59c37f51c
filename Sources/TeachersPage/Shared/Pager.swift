/// 「前へ」「次へ」 under a long list, keeping its filter.
struct Pager {
    var words: any PageWords
    var path: String
    var query: [(String, String)]
    var page: Int
    var total: Int
    var pageSize: Int

    var pageCount: Int { max(1, (total + pageSize - 1) / pageSize) }

    var html: HTML {
        guard pageCount > 1 else { return .empty }
        func link(_ number: Int, _ title: String, _ rel: String) -> HTML {
            .el(.a, [.class("button quiet"), .href(PagePath.with(path, query + [("page", "\(number)")])), HTMLAttribute(.rel, rel)], .text(title))
        }
        return .el(.nav, [.class("pager"), HTMLAttribute(.ariaLabel, words.pageNumber(page, of: pageCount, total: total))],
            page > 1 ? link(page - 1, words.previousPage, "prev") : .empty,
            .el(.span, .text(words.pageNumber(min(page, pageCount), of: pageCount, total: total))),
            page < pageCount ? link(page + 1, words.nextPage, "next") : .empty)
    }
}
