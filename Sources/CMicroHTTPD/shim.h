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

/* The connection's socket, for closing one that overstays its time from outside the daemon. */
static inline int CMicroHTTPDConnectionDescriptor(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info == NULL ? -1 : info->connect_fd;
}

/* The pointer the connection-notify callback set for this socket (not the request's con_cls). */
static inline void *CMicroHTTPDSocketContext(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info == NULL ? NULL : info->socket_context;
}

#include <malloc.h>

/* glibc's malloc_trim(0): gives the freed memory of every arena back to the system (a large
   request body is freed on the thread that read it, into that thread's arena). */
static inline int CMicroHTTPDReturnFreeMemory(void) { return malloc_trim(0); }
