/// NW-7 (Codabar): each character is 4 bars and 3 spaces, each narrow or wide, with a narrow
/// space between characters. BookKiosk prints digit-only barcodes with start and stop `A`
/// (`A12345678A`), as Japanese libraries do; scanners send or strip the `A`s, and
/// `Barcode.normalize` strips them on the way in.
///
/// The table is the one in ANSI/AIM BC3-1995 (and in every Codabar reference): for each
/// character, which of its seven elements (bar, space, bar, …) are wide.
enum Codabar {
    static let elements: [Character: String] = [
        "0": "0000011", "1": "0000110", "2": "0001001", "3": "1100000", "4": "0010010",
        "5": "1000010", "6": "0100001", "7": "0100100", "8": "0110000", "9": "1001000",
        "-": "0001100", "$": "0011000", ":": "1000101", "/": "1010001", ".": "1010100",
        "+": "0010101", "A": "0011010", "B": "0101001", "C": "0001011", "D": "0001110",
    ]
    /// The start and stop character BookKiosk uses.
    static let guardCharacter: Character = "A"
    /// The characters a Codabar message may hold between its start and stop.
    static let dataCharacters = Set("0123456789-$:/.+")

    /// `barcode` between start and stop `A`, with wide elements `wideRatio` narrow ones wide.
    static func pattern(for barcode: String, wideRatio: Double) -> Result<BarPattern, Unencodable> {
        guard !barcode.isEmpty else {
            return .failure(Unencodable(barcode: barcode, symbology: .nw7, reason: "it is empty"))
        }
        guard barcode.allSatisfy(dataCharacters.contains) else {
            return .failure(Unencodable(barcode: barcode, symbology: .nw7,
                                        reason: "NW-7 holds only digits and - $ : / . +; use Code 128 (--symbology code128)"))
        }
        var widths: [Double] = []
        for character in [guardCharacter] + Array(barcode) + [guardCharacter] {
            if !widths.isEmpty { widths.append(1) } // the narrow gap between characters
            for element in elements[character] ?? "" {
                widths.append(element == "1" ? wideRatio : 1)
            }
        }
        return .success(BarPattern(widths: widths))
    }
}
