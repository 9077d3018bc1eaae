// libgps 3.22 (API 11): the client side of gpsd's socket protocol.
#include <gps.h>
#include <math.h>

// `set` bits are 64-bit macros in gps.h that Swift cannot import: re-export the ones we read.
static inline unsigned long long cgps_online_set(void) { return ONLINE_SET; }
static inline unsigned long long cgps_time_set(void) { return TIME_SET; }
static inline unsigned long long cgps_latlon_set(void) { return LATLON_SET; }
static inline unsigned long long cgps_altitude_set(void) { return ALTITUDE_SET; }
static inline unsigned long long cgps_speed_set(void) { return SPEED_SET; }
static inline unsigned long long cgps_track_set(void) { return TRACK_SET; }
static inline unsigned long long cgps_mode_set(void) { return MODE_SET; }
static inline unsigned long long cgps_status_set(void) { return STATUS_SET; }
static inline unsigned long long cgps_satellite_set(void) { return SATELLITE_SET; }
static inline unsigned long long cgps_herr_set(void) { return HERR_SET; }
static inline unsigned long long cgps_verr_set(void) { return VERR_SET; }
static inline unsigned long long cgps_device_set(void) { return DEVICE_SET; }
static inline unsigned long long cgps_devicelist_set(void) { return DEVICELIST_SET; }
static inline unsigned long long cgps_version_set(void) { return VERSION_SET; }
static inline unsigned int cgps_watch_enable_json(void) { return WATCH_ENABLE | WATCH_JSON; }
static inline unsigned int cgps_watch_disable(void) { return WATCH_DISABLE; }
static inline unsigned long long cgps_speederr_set(void) { return SPEEDERR_SET; }
static inline unsigned long long cgps_trackerr_set(void) { return TRACKERR_SET; }
static inline unsigned long long cgps_error_set(void) { return ERROR_SET; }
static inline int cgps_max_user_devices(void) { return MAXUSERDEVS; }
static inline unsigned long long cgps_attitude_set(void) { return ATTITUDE_SET; }
static inline unsigned long long cgps_magnetic_track_set(void) { return MAGNETIC_TRACK_SET; }
