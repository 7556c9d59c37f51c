import CCairo

/// Painting failed: a file could not be written, or cairo refused.
public struct PaintingError: Error, Equatable, CustomStringConvertible {
    public var what: String
    public var detail: String

    public init(what: String, detail: String) {
        self.what = what
        self.detail = detail
    }

    /// Cairo could not make `thing` (a surface, a context): its status, in its own words.
    /// Calls `cairo_status_to_string`.
    init(cairo status: cairo_status_t, making thing: String) {
        self.init(what: "make \(thing)", detail: "cairo says \"\(String(cString: cairo_status_to_string(status)))\"")
    }

    public var description: String { "Could not \(what): \(detail)." }
}
