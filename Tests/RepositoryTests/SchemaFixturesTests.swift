import LendingPostgres
import LendingSQLite
import Testing

@Suite("Saved schema steps")
struct SchemaFixturesTests {
    /// A step shipped without its saved file would leave its version untested.
    @Test("every version of each store has its saved step, with this build's summary")
    func everyVersionSaved() {
        #expect(SchemaFixtures.sqlite.map(\.summary) == Migration.all.map(\.summary))
        #expect(SchemaFixtures.postgres.map(\.summary) == PostgresMigration.all.map(\.summary))
    }
}
