import CatalogIO
import Testing

/// Cells that a spreadsheet would run as a formula are written with a `'` before them, the
/// full-width starters that Excel reads as formulas under Japanese input too.
@Suite struct ExportGuardTests {
    @Test("a cell that starts like a formula is guarded, and the guard comes off on import",
          arguments: ["=SUM(A1)", "+1", "-1", "@x", "\tx", "\rx", "＝SUM(A1)", "＋1", "－1", "＠x"])
    func guarded(_ cell: String) {
        #expect(CSV.guarded(cell) == "'" + cell)
        #expect(CSV.unguarded(CSV.guarded(cell)) == cell)
    }

    @Test("other cells are written as they are", arguments: ["ぐりとぐら", "1 + 1", "a=b", "'quoted", ""])
    func leftAlone(_ cell: String) {
        #expect(CSV.guarded(cell) == cell)
    }
}
