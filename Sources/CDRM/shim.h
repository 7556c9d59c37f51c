#include <stdint.h>
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>

/* DRM_FORMAT_XRGB8888 is a function-like macro, which Swift does not import. */
static const uint32_t cdrm_format_xrgb8888 = DRM_FORMAT_XRGB8888;
