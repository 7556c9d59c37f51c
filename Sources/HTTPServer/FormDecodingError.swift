/// Why a request's form could not be read. The daemon answers 400 with this text, so it says
/// what went wrong in words a teacher can pass on.
public enum FormDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `multipart/form-data` without a `boundary=` parameter.
    case missingBoundary
    /// The body does not start with the boundary the header names.
    case boundaryNotFound
    /// The body ends before the closing boundary: the upload was cut short.
    case truncated
    /// Part number `part` (from 1) has no blank line after its headers.
    case unterminatedPartHeaders(part: Int)
    /// Part number `part` (from 1) has no `Content-Disposition: form-data; name=…`.
    case partWithoutName(part: Int)
    /// More than `limit` parts: no form of the page has that many.
    case tooManyParts(limit: Int)

    public var description: String {
        switch self {
        case .missingBoundary:
            "The form was sent as multipart/form-data without a boundary; send the form again from the page."
        case .boundaryNotFound:
            "The form's body does not start with the boundary its Content-Type names; send the form again from the page."
        case .truncated:
            "The form arrived cut short (no closing boundary); check the network and send it again."
        case .unterminatedPartHeaders(let part):
            "Part \(part) of the form has no end to its headers; send the form again from the page."
        case .partWithoutName(let part):
            "Part \(part) of the form has no field name (Content-Disposition: form-data; name=…); send the form again from the page."
        case .tooManyParts(let limit):
            "The form has more than \(limit) parts, more than any form of the page; send the form again from the page."
        }
    }
}
