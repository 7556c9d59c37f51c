// Linux calls that glibc declares only with _GNU_SOURCE (Swift's Glibc module is built without
// it), made here by their system call: statx(2)'s file attributes, with the kernel's own header
// for struct statx, and sched_setaffinity(2) for the benchmark's slow core.
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

/// Pins the calling thread to processor `processor` alone, or to every processor for -1
/// (sched_setaffinity(2), which glibc also declares only with _GNU_SOURCE): the benchmark's
/// slow core. Returns 0, or -1 with errno.
static inline int bookkiosk_pin_this_thread(int processor) {
    unsigned long mask[16];
    for (int index = 0; index < 16; index++) mask[index] = processor < 0 ? ~0UL : 0;
    if (processor >= 0) {
        if (processor >= 16 * 64) return -1;
        mask[processor / 64] = 1UL << (processor % 64);
    }
    return (int)syscall(SYS_sched_setaffinity, 0, sizeof(mask), mask);
}
