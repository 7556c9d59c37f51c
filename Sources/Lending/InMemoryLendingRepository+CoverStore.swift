import Foundation

extension InMemoryLendingRepository.Transaction: CoverStore {
    func coverTimes(barcodes: [String]) throws -> [String: Date] {
        checkOpen()
        return Dictionary(barcodes.compactMap { barcode in state.covers[barcode].map { (barcode, $0.savedAt) } }, uniquingKeysWith: { first, _ in first })
    }

    func cover(barcode: String) throws -> BookCover? {
        checkOpen()
        return state.covers[barcode]
    }

    func save(_ cover: BookCover) throws {
        checkOpen()
        state.covers[cover.barcode] = cover
    }

    func coveredBarcodes() throws -> [String] {
        checkOpen()
        return state.covers.keys.sorted()
    }
}
