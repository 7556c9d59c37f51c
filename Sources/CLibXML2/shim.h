#include <libxml/xmlversion.h>

/* Debian builds libxml2 with ICU, and its encoding.h then includes the system's ICU headers,
   which clash with the ICU that Foundation carries inside the same Swift program. BookKiosk never
   touches libxml2's encoding handlers (the only structure whose layout ICU changes), so the
   headers are read without ICU. */
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/tree.h>

/* xmlFree is a macro over a global function pointer, which Swift cannot call: this can. */
static inline void bookkiosk_xml_free(void *pointer) {
    xmlFree(pointer);
}
