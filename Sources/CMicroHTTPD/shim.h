#include <sys/types.h>
#include <sys/socket.h>
#include <stdarg.h>
#include <stdint.h>
#include <microhttpd.h>

/* MHD_get_connection_info is variadic, which Swift does not import; the two queries the
   daemon makes take no extra argument. */
static inline const struct sockaddr *CMicroHTTPDClientAddress(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}
