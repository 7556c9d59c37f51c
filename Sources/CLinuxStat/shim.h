// statx(2)'s file attributes, which glibc declares only with _GNU_SOURCE (Swift's Glibc module is
// built without it): the kernel's own header for struct statx, and the system call made here.
#include <fcntl.h>
#include <linux/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

/// The attributes statx reports for `path` and which of them this file system knows
/// (STATX_ATTR_ENCRYPTED: an fscrypt-encrypted file or directory). Returns 0, or -1 with errno.
static inline int bookkiosk_statx_attributes(const char *path, unsigned long long *attributes, unsigned long long *mask) {
    struct statx info;
    if (syscall(SYS_statx, AT_FDCWD, path, 0, STATX_BASIC_STATS, &info) != 0) return -1;
    *attributes = info.stx_attributes;
    *mask = info.stx_attributes_mask;
    return 0;
}

static const unsigned long long bookkiosk_statx_attr_encrypted = STATX_ATTR_ENCRYPTED;
