// Linux-only system calls the Swift Glibc module does not export: epoll, timerfd, signalfd, the VT's ioctls.
#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <linux/vt.h>
#include <sys/resource.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>
#include <stdio.h>

// `stdout` is a C global variable, which Swift 6 refuses to read from nonisolated code; these wrap it once.
static inline void navdisplay_line_buffer_stdout(void) { setvbuf(stdout, NULL, _IOLBF, 0); }
