import Testing
@testable import TeachersPage

/// The route table is the composition of the sections' routes: each route declared by one
/// section, with its options on it.
@Suite struct PageSectionRoutesTests {
    static let sections: [[RouteGroup]] = [
        TeachersPage.routes, SignInSection.routes, HomeSection.routes, LoansSection.routes, BooksSection.routes,
        UsersSection.routes, SettingsSection.routes, ClassesSection.routes, RecordsSection.routes,
        PrintingSection.routes, TransferSection.routes, GuideSection.routes,
    ]

    @Test func theTableIsTheSectionsRoutesEachRouteInOneSection() {
        let names = Self.sections.map { Set($0.flatMap { $0.endpoints.map(\.name) }) }
        #expect(names.reduce(0) { $0 + $1.count } == PageRoute.Name.allCases.count)
        #expect(names.reduce(Set()) { $0.union($1) } == Set(PageRoute.Name.allCases))
        #expect(PageRoutes.groups.flatMap { $0.endpoints.map(\.name) } == Self.sections.flatMap { $0.flatMap { $0.endpoints.map(\.name) } })
    }

    @Test func anUploadIsDeclaredOnItsRouteAndOnlyThere() {
        #expect(Set(PageRoute.Name.allCases.filter(\.takesUpload)) == [.previewRestore, .previewImport, .saveCoverPhoto])
        #expect(BooksSection.routes.flatMap(\.endpoints).filter(\.takesUpload).map(\.name) == [.saveCoverPhoto])
        #expect(Set(TransferSection.routes.flatMap(\.endpoints).filter(\.takesUpload).map(\.name)) == [.previewImport, .previewRestore])
    }
}
