/// A request body read whole, turned into form fields and files by its `Content-Type`.
public enum RequestBody {
    /// `application/x-www-form-urlencoded` and `multipart/form-data` give fields (and files);
    /// any other type, or none, gives nothing (the handler sees no form).
    public static func decode(_ body: [UInt8], contentType: String?) throws(FormDecodingError) -> (fields: [FormField], files: [UploadedFile]) {
        guard let type = contentType.flatMap(MediaType.init(parsing:)) else { return ([], []) }
        switch type.essence {
        case "application/x-www-form-urlencoded":
            return (URLEncodedForm.parse(bytes: body), [])
        case "multipart/form-data":
            guard let boundary = type.parameters["boundary"], !boundary.isEmpty else { throw .missingBoundary }
            return try MultipartFormData.parse(body, boundary: boundary)
        default:
            return ([], [])
        }
    }
}
