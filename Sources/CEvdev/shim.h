// libevdev (Debian's libevdev-dev) for keys and touch from /dev/input, its uinput helpers for virtual devices,
// and inotify to see devices come and go. (epoll comes from CLinux: a header belongs to one module only.)
#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>
#include <linux/input.h>
#include <sys/inotify.h>
