/// Code 128 with subsets B (printable ASCII) and C (digit pairs): starts in C for a barcode
/// that begins with four or more digits, switches to C for a run of six or more digits (four at
/// the end), and back to B after it; a modulo-103 check character before the stop.
///
/// The table is ISO/IEC 15417's: for each symbol value 0–106, the widths of its bars and spaces
/// in modules (six elements of 11 modules; the stop has seven, 13 modules).
enum Code128 {
    static let patterns: [String] = [
        "212222", "222122", "222221", "121223", "121322", "131222", "122213", "122312", "132212", "221213",
        "221312", "231212", "112232", "122132", "122231", "113222", "123122", "123221", "223211", "221132",
        "221231", "213212", "223112", "312131", "311222", "321122", "321221", "312212", "322112", "322211",
        "212123", "212321", "232121", "111323", "131123", "131321", "112313", "132113", "132311", "211313",
        "231113", "231311", "112133", "112331", "132131", "113123", "113321", "133121", "313121", "211331",
        "231131", "213113", "213311", "213131", "311123", "311321", "331121", "312113", "312311", "332111",
        "314111", "221411", "431111", "111224", "111422", "121124", "121421", "141122", "141221", "112214",
        "112412", "122114", "122411", "142112", "142211", "241211", "221114", "413111", "241112", "134111",
        "111242", "121142", "121241", "114212", "124112", "124211", "411212", "421112", "421211", "212141",
        "214121", "412121", "111143", "111341", "131141", "114113", "114311", "411113", "411311", "113141",
        "114131", "311141", "411131", "211412", "211214", "211232", "2331112",
    ]
    static let codeC = 99
    static let codeB = 100
    static let startB = 104
    static let startC = 105
    static let stop = 106

    /// The symbol values of `barcode`: start, data, check character, stop.
    static func values(for barcode: String) -> Result<[Int], Unencodable> {
        let characters = Array(barcode.unicodeScalars)
        guard !characters.isEmpty else {
            return .failure(Unencodable(barcode: barcode, symbology: .code128, reason: "it is empty"))
        }
        if let bad = characters.first(where: { $0.value < 32 || $0.value > 126 }) {
            return .failure(Unencodable(barcode: barcode, symbology: .code128,
                                        reason: "Code 128 here holds letters, digits and ASCII signs, not \"\(bad)\""))
        }
        func isDigit(_ index: Int) -> Bool { index < characters.count && ("0"..."9").contains(characters[index]) }
        func digitRun(from index: Int) -> Int {
            var end = index
            while isDigit(end) { end += 1 }
            return end - index
        }
        var values: [Int] = []
        var inC = digitRun(from: 0) >= 4 || (characters.count == 2 && digitRun(from: 0) == 2)
        values.append(inC ? startC : startB)
        var index = 0
        while index < characters.count {
            if inC {
                if digitRun(from: index) >= 2 {
                    values.append(Int(String(characters[index])+String(characters[index + 1]))!)
                    index += 2
                } else {
                    values.append(codeB)
                    inC = false
                }
                continue
            }
            let run = digitRun(from: index)
            let reachesEnd = index + run == characters.count
            if run >= 6 || (run >= 4 && reachesEnd) {
                // An odd run leaves its first digit in B, so C takes whole pairs.
                if !run.isMultiple(of: 2) {
                    values.append(Int(characters[index].value) - 32)
                    index += 1
                }
                values.append(codeC)
                inC = true
                continue
            }
            values.append(Int(characters[index].value) - 32)
            index += 1
        }
        values.append(checkValue(values))
        values.append(stop)
        return .success(values)
    }

    /// The check character: the start value plus each later value times its position, mod 103.
    static func checkValue(_ valuesFromStart: [Int]) -> Int {
        var sum = valuesFromStart[0]
        for (position, value) in valuesFromStart.enumerated().dropFirst() {
            sum += position * value
        }
        return sum % 103
    }

    static func pattern(for barcode: String) -> Result<BarPattern, Unencodable> {
        values(for: barcode).map { values in
            BarPattern(widths: values.flatMap { patterns[$0].compactMap { $0.wholeNumberValue.map(Double.init) } })
        }
    }
}
