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

// malloc's tuning (mallopt) is not in the Swift Glibc module. Blocks from 128 KiB up (frames, mosaics) always get
// their own mapping, returned to the system when freed, instead of glibc raising that threshold after the first
// free and keeping freed frames in the heap; and one arena, so the tile worker's frees go back to the same heap.
#include <malloc.h>
static inline int navdisplay_keep_heap_small(void) {
    return mallopt(M_MMAP_THRESHOLD, 128 * 1024) == 1 && mallopt(M_ARENA_MAX, 1) == 1;
}
