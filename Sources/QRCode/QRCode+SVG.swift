extension QRCode {
    /// Light modules around the symbol, as the standard asks, so a reader finds its edges.
    public static let quietZone = 4

    /// A standalone `image/svg+xml` document: one unit per module, the quiet zone included,
    /// a white square under one black path (a rectangle per run of dark modules in a row),
    /// `shape-rendering="crispEdges"` so no edge is blurred. `modulePixels` sets the default
    /// width and height; the picture scales without loss.
    public func svg(modulePixels: Int = 8) -> String {
        let side = size + 2 * Self.quietZone
        var path = ""
        for row in 0..<size {
            var column = 0
            while column < size {
                guard isDark(row: row, column: column) else {
                    column += 1
                    continue
                }
                let start = column
                while column < size && isDark(row: row, column: column) { column += 1 }
                path += "M\(start + Self.quietZone) \(row + Self.quietZone)h\(column - start)v1h-\(column - start)z"
            }
        }
        let pixels = side * modulePixels
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 \(side) \(side)" \
            width="\(pixels)" height="\(pixels)" shape-rendering="crispEdges">
            <rect width="\(side)" height="\(side)" fill="#ffffff"/>
            <path fill="#000000" d="\(path)"/>
            </svg>

            """
    }
}
