// libdrm: the KMS API (xf86drmMode.h) and the core ioctls (xf86drm.h), plus the fourcc codes.
#include <xf86drm.h>
#include <xf86drmMode.h>
#include <drm_fourcc.h>
