#include <crypt.h>
#include <stddef.h>

/// sizeof(struct crypt_data), which Swift cannot take of an imported C struct's size portably.
static inline size_t bookkiosk_crypt_data_size(void) { return sizeof(struct crypt_data); }
