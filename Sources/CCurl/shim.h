#include <sys/socket.h>
#include <curl/curl.h>

/* curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: these take one
   argument of a known type each. */

static inline CURLcode bookkiosk_curl_set_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode bookkiosk_curl_set_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

static inline CURLcode bookkiosk_curl_set_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

typedef size_t (*bookkiosk_curl_write_function)(char *data, size_t size, size_t count, void *context);

static inline CURLcode bookkiosk_curl_set_write_function(CURL *handle, bookkiosk_curl_write_function function) {
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, function);
}

static inline CURLcode bookkiosk_curl_set_header_function(CURL *handle, bookkiosk_curl_write_function function) {
    return curl_easy_setopt(handle, CURLOPT_HEADERFUNCTION, function);
}

static inline CURLcode bookkiosk_curl_response_code(CURL *handle, long *code) {
    return curl_easy_getinfo(handle, CURLINFO_RESPONSE_CODE, code);
}

/* libcurl's sockets are opened close-on-exec, so a sound player or any other child the program
   starts never inherits a connection to a lookup service. */
static curl_socket_t bookkiosk_curl_open_socket(void *context, curlsocktype purpose, struct curl_sockaddr *address) {
    (void)context;
    (void)purpose;
    return socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
}

static inline CURLcode bookkiosk_curl_open_sockets_close_on_exec(CURL *handle) {
    return curl_easy_setopt(handle, CURLOPT_OPENSOCKETFUNCTION, bookkiosk_curl_open_socket);
}
