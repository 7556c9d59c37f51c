internal import CCurl
import Foundation

/// One HTTP answer: the status, the `Retry-After` header if any, and the body.
public struct HTTPReply: Sendable, Equatable {
    public var status: Int
    /// `Retry-After` in seconds, when the server sent it as a number.
    public var retryAfterSeconds: Double?
    public var body: Data
}

/// Why no HTTP answer came, worded for the person waiting for it.
public enum TransferFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// DNS did not know the host (or there is no network to ask).
    case hostNotFound(String)
    /// Nothing listens there, or the network is unreachable.
    case couldNotConnect(String)
    /// No full answer within the timeout.
    case timedOut(seconds: Double)
    /// The answer was larger than a book's record can be.
    case tooLarge(bytes: Int)
    /// Anything else libcurl reports (TLS, a broken connection): its own words.
    case other(String)

    public var description: String {
        switch self {
        case .hostNotFound(let host): "the name \(host) could not be found (no network, or DNS is not answering)"
        case .couldNotConnect(let detail): "it could not be reached (\(detail))"
        case .timedOut(let seconds): "it did not answer within \(seconds.formatted(.number.precision(.fractionLength(0...1)))) s"
        case .tooLarge(let bytes): "its answer was larger than \(bytes / 1024) KiB, far more than one book's record"
        case .other(let detail): "the connection failed (\(detail))"
        }
    }
}

/// A libcurl easy handle, kept for one service so its connection is reused between requests.
/// Owns the handle (`curl_easy_init`, freed with `curl_easy_cleanup`); not `Sendable`: one
/// thread at a time (`LookupService` holds it under its service's lock).
final class CurlSession {
    private let handle: UnsafeMutableRawPointer
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)
    /// The most bytes one answer may have.
    static let largestAnswer = 4 * 1024 * 1024

    private static let globalInit: Void = {
        curl_global_init(Int(CURL_GLOBAL_ALL))
    }()

    /// Calls `curl_global_init` once per process, then `curl_easy_init`.
    init() {
        _ = CurlSession.globalInit
        guard let handle = curl_easy_init() else { fatalError("curl_easy_init returned NULL (out of memory)") }
        self.handle = handle
    }

    deinit {
        curl_easy_cleanup(handle)
        errorBuffer.deallocate()
    }

    /// One `GET`. Calls `curl_easy_setopt` (through the shim) and `curl_easy_perform`.
    func get(_ url: String, userAgent: String, timeoutSeconds: Double) -> Result<HTTPReply, TransferFailure> {
        let received = Received()
        let context = Unmanaged.passUnretained(received).toOpaque()
        let milliseconds = max(1, Int(timeoutSeconds * 1000))
        bookkiosk_curl_set_string(handle, CURLOPT_URL, url)
        bookkiosk_curl_set_string(handle, CURLOPT_USERAGENT, userAgent)
        bookkiosk_curl_set_long(handle, CURLOPT_HTTPGET, 1)
        bookkiosk_curl_set_long(handle, CURLOPT_NOSIGNAL, 1)
        bookkiosk_curl_open_sockets_close_on_exec(handle)
        bookkiosk_curl_set_long(handle, CURLOPT_TIMEOUT_MS, milliseconds)
        bookkiosk_curl_set_long(handle, CURLOPT_CONNECTTIMEOUT_MS, milliseconds)
        bookkiosk_curl_set_long(handle, CURLOPT_FOLLOWLOCATION, 1)
        bookkiosk_curl_set_long(handle, CURLOPT_MAXREDIRS, 3)
        bookkiosk_curl_set_string(handle, CURLOPT_PROTOCOLS_STR, "http,https")
        bookkiosk_curl_set_string(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        bookkiosk_curl_set_string(handle, CURLOPT_ACCEPT_ENCODING, "")
        errorBuffer[0] = 0
        bookkiosk_curl_set_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer)
        bookkiosk_curl_set_pointer(handle, CURLOPT_WRITEDATA, context)
        bookkiosk_curl_set_write_function(handle) { data, size, count, context in
            let received = Unmanaged<Received>.fromOpaque(context!).takeUnretainedValue()
            let length = size * count
            guard received.body.count + length <= CurlSession.largestAnswer else {
                received.overflowed = true
                return 0
            }
            if let data { received.body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: length) }
            return length
        }
        bookkiosk_curl_set_pointer(handle, CURLOPT_HEADERDATA, context)
        bookkiosk_curl_set_header_function(handle) { data, size, count, context in
            let received = Unmanaged<Received>.fromOpaque(context!).takeUnretainedValue()
            let length = size * count
            if let data {
                let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
                if line.lowercased().hasPrefix("retry-after:") {
                    received.retryAfter = Double(line.dropFirst("retry-after:".count).trimmingCharacters(in: .whitespacesAndNewlines))
                }
            }
            return length
        }
        let code = withExtendedLifetime(received) { curl_easy_perform(handle) }
        let detail = String(cString: errorBuffer)
        let words = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
        switch code {
        case CURLE_OK:
            var status = 0
            bookkiosk_curl_response_code(handle, &status)
            return .success(HTTPReply(status: status, retryAfterSeconds: received.retryAfter, body: received.body))
        case CURLE_COULDNT_RESOLVE_HOST:
            return .failure(.hostNotFound(URLComponents(string: url)?.host ?? url))
        case CURLE_COULDNT_CONNECT:
            return .failure(.couldNotConnect(words))
        case CURLE_OPERATION_TIMEDOUT:
            return .failure(.timedOut(seconds: timeoutSeconds))
        case CURLE_WRITE_ERROR where received.overflowed:
            return .failure(.tooLarge(bytes: CurlSession.largestAnswer))
        default:
            return .failure(.other(words))
        }
    }

    /// What the callbacks collect during one transfer.
    private final class Received {
        var body = Data()
        var retryAfter: Double?
        var overflowed = false
    }
}
