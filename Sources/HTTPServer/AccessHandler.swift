import CMicroHTTPD

/// libmicrohttpd's access handler. It is called several times for one request: first with
/// the headers (the `Host` is checked, the head admitted once, and the body's size checked
/// against the limit its admission allows), then once per body chunk (kept;
/// `*upload_data_size = 0` says it was taken), then once with nothing left, when the request
/// is parsed, answered from its admission, and the response queued.
let accessHandler: @convention(c) (
    UnsafeMutableRawPointer?, OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?,
    UnsafePointer<CChar>?, UnsafeMutablePointer<Int>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result = { contextPointer, connection, url, method, _, uploadData, uploadDataSize, state in
    guard let contextPointer, let connection, let state, let uploadDataSize else { return .NO }
    let context = Unmanaged<DaemonContext>.fromOpaque(contextPointer).takeUnretainedValue()
    if state.pointee == nil {
        // Without the URI callback's box (not expected): keep the decoded path.
        let request = RequestInProgress(target: url.map { String(cString: $0) } ?? "/")
        state.pointee = Unmanaged.passRetained(request).toOpaque()
    }
    let request = Unmanaged<RequestInProgress>.fromOpaque(state.pointee!).takeUnretainedValue()

    if !request.headersSeen {
        request.headersSeen = true
        context.headRead(connection)
        let headers = requestHeaders(connection)
        let host = headers["host"] ?? ""
        guard context.acceptsHost(host) else {
            return queue(context.refusalResponse(.unknownHost(host)), on: connection)
        }
        // What the request is (a route, a session) and how much body it may send are decided
        // from its head alone, once, before a byte of the body is read; the answer uses the same.
        let target = RequestTarget(parsing: request.target)
        let head = HTTPRequest(method: method.map { String(cString: $0) } ?? "GET", path: target.path, query: target.query,
                               headers: headers, cookies: headers["cookie"].map(CookieHeader.parse) ?? [:],
                               isSecure: context.isSecure, clientAddress: CMicroHTTPDClientAddress(connection).flatMap(addressText))
        let admitted = context.admit(head)
        request.admitted = admitted
        request.bodyLimit = min(context.maximumBodySize, max(0, admitted.bodyLimit))
        if let length = headers["content-length"].flatMap({ Int($0) }) {
            guard length <= request.bodyLimit else {
                return queue(context.refusalResponse(.bodyTooLarge(limit: request.bodyLimit)), on: connection)
            }
            request.body.reserveCapacity(length)
        }
        return .YES
    }
    if uploadDataSize.pointee > 0 {
        let size = uploadDataSize.pointee
        guard request.body.count + size <= request.bodyLimit else {
            return .NO  // chunked past the limit: close the connection
        }
        if let uploadData {
            uploadData.withMemoryRebound(to: UInt8.self, capacity: size) {
                request.body.append(contentsOf: UnsafeBufferPointer(start: $0, count: size))
            }
        }
        uploadDataSize.pointee = 0
        return .YES
    }

    // Admitted at the head (a head refused there was answered then, and is not called again).
    guard let admitted = request.admitted else { return .NO }
    let headers = requestHeaders(connection)
    let target = RequestTarget(parsing: request.target)
    let form: (fields: [FormField], files: [UploadedFile])
    do throws(FormDecodingError) {
        form = try RequestBody.decode(request.body, contentType: headers["content-type"])
    } catch {
        return queue(context.refusalResponse(.unreadableForm(error)), on: connection)
    }
    let httpRequest = HTTPRequest(
        method: method.map { String(cString: $0) } ?? "GET", path: target.path, query: target.query, headers: headers,
        cookies: headers["cookie"].map(CookieHeader.parse) ?? [:], form: form.fields, files: form.files,
        isSecure: context.isSecure, clientAddress: CMicroHTTPDClientAddress(connection).flatMap(addressText))
    request.heldLargeBody = request.body.capacity >= DaemonContext.largeBody
    request.body = []
    return queue(admitted.respond(httpRequest), on: connection)
}

/// Calls `MHD_lookup_connection_value`.
private func headerValue(_ connection: OpaquePointer, _ name: String) -> String? {
    MHD_lookup_connection_value(connection, .HEADER_KIND, name).map { String(cString: $0) }
}

/// Every request header, names lowercased. Calls `MHD_get_connection_values`.
private func requestHeaders(_ connection: OpaquePointer) -> [String: String] {
    final class Collected { var headers: [String: String] = [:] }
    let collected = Collected()
    withExtendedLifetime(collected) {
        _ = MHD_get_connection_values(connection, .HEADER_KIND, { cls, _, key, value in
            guard let cls, let key else { return .YES }
            let collected = Unmanaged<Collected>.fromOpaque(cls).takeUnretainedValue()
            collected.headers[String(cString: key).lowercased()] = value.map { String(cString: $0) } ?? ""
            return .YES
        }, Unmanaged.passUnretained(collected).toOpaque())
    }
    return collected.headers
}

/// Hands the response to libmicrohttpd, which sends it once the handler returns.
/// Calls `MHD_create_response_from_buffer`, `MHD_add_response_header`, `MHD_queue_response`.
private func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> MHD_Result {
    let created = response.body.withUnsafeBytes { bytes in
        MHD_create_response_from_buffer(bytes.count, UnsafeMutableRawPointer(mutating: bytes.baseAddress), .RESPMEM_MUST_COPY)
    }
    guard let created else { return .NO }
    defer { MHD_destroy_response(created) }
    for (name, value) in response.headers where !HTTPResponse.headersSetByDaemon.contains(name.lowercased()) {
        guard MHD_add_response_header(created, name, value) == .YES else {
            // A header with a line break or a bad name: never send half a response.
            return queueServerError(on: connection)
        }
    }
    return MHD_queue_response(connection, UInt32(response.status), created)
}

private func queueServerError(on connection: OpaquePointer) -> MHD_Result {
    let text = Array("The page made a response that cannot be sent (a bad header).\n".utf8)
    let created = text.withUnsafeBytes {
        MHD_create_response_from_buffer($0.count, UnsafeMutableRawPointer(mutating: $0.baseAddress), .RESPMEM_MUST_COPY)
    }
    guard let created else { return .NO }
    defer { MHD_destroy_response(created) }
    _ = MHD_add_response_header(created, "Content-Type", "text/plain; charset=utf-8")
    return MHD_queue_response(connection, 500, created)
}

extension HTTPResponse {
    /// Headers libmicrohttpd writes itself from the body and the connection.
    static let headersSetByDaemon: Set<String> = ["content-length", "transfer-encoding", "connection", "date"]
}
