/* memfb.so: an fbdev device in memory, for measuring navdisplay's real fbdev display path on a machine without
 * a screen (LD_PRELOAD=memfb.so). Opening MEMFB_PATH (default /dev/fb-memory) gives a memfd of the screen's size;
 * FBIOGET_VSCREENINFO and FBIOGET_FSCREENINFO describe it as XRGB8888 MEMFB_WIDTH x MEMFB_HEIGHT (default
 * 800x480). Everything else, mmap included, is the kernel's own: the display writes into shared memory exactly
 * as it writes into /dev/fb0. Every other path and descriptor goes straight to libc.
 *
 * With MEMFB_WATCH_DIR set, a thread polls the screen every 2 ms for MEMFB_WATCH_S seconds (default 3) and writes
 * each new picture to DIR/frame-NNNNNN.raw (NNNNNN = microseconds since the library was loaded, i.e. just after
 * exec), for the first-frame-with-the-map-complete figure. It costs CPU, so measured runs leave it off. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>
#include <fcntl.h>
#include <linux/fb.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

static int memfb_fd = -1;
static struct timespec loaded_at;

__attribute__((constructor)) static void memfb_loaded(void) { clock_gettime(CLOCK_MONOTONIC, &loaded_at); }

static long long micros_since_load(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (now.tv_sec - loaded_at.tv_sec) * 1000000LL + (now.tv_nsec - loaded_at.tv_nsec) / 1000;
}

struct watch { int fd; size_t bytes; const char *dir; double seconds; };

static void *watch_screen(void *arg) {
    struct watch *w = arg;
    const uint64_t *screen = mmap(NULL, w->bytes, PROT_READ, MAP_SHARED, w->fd, 0);
    if (screen == MAP_FAILED) return NULL;
    uint64_t last = 0;
    while (micros_since_load() < (long long)(w->seconds * 1e6)) {
        uint64_t h = 1469598103934665603ULL;
        for (size_t i = 0; i < w->bytes / 8; i++) h = (h ^ screen[i]) * 1099511628211ULL;
        if (h != last) {
            last = h;
            char path[4096];
            snprintf(path, sizeof path, "%s/frame-%09lld.raw", w->dir, micros_since_load());
            FILE *f = fopen(path, "wb");
            if (f) { fwrite(screen, 1, w->bytes, f); fclose(f); }
        }
        struct timespec pause = {0, 2000000};
        nanosleep(&pause, NULL);
    }
    return NULL;
}

static int env_int(const char *name, int fallback) {
    const char *v = getenv(name);
    return v && atoi(v) > 0 ? atoi(v) : fallback;
}

static const char *memfb_path(void) {
    const char *p = getenv("MEMFB_PATH");
    return p ? p : "/dev/fb-memory";
}

static int open_memfb(void) {
    int w = env_int("MEMFB_WIDTH", 800), h = env_int("MEMFB_HEIGHT", 480);
    int fd = memfd_create("memfb", MFD_CLOEXEC);
    if (fd < 0) return -1;
    if (ftruncate(fd, (off_t)w * h * 4) != 0) { close(fd); return -1; }
    memfb_fd = fd;
    const char *dir = getenv("MEMFB_WATCH_DIR");
    if (dir) {
        static struct watch watch;
        const char *s = getenv("MEMFB_WATCH_S");
        watch = (struct watch){fd, (size_t)w * h * 4, dir, s ? atof(s) : 3.0};
        pthread_t t;
        pthread_create(&t, NULL, watch_screen, &watch);
        pthread_detach(t);
    }
    return fd;
}

#define PASS_OPEN(real_name, ...)                                                                    \
    static int (*real)(const char *, int, ...);                                                      \
    if (!real) real = (int (*)(const char *, int, ...))dlsym(RTLD_NEXT, real_name);                 \
    return real(__VA_ARGS__);

int open(const char *path, int flags, ...) {
    va_list ap; va_start(ap, flags); mode_t mode = va_arg(ap, mode_t); va_end(ap);
    if (path && strcmp(path, memfb_path()) == 0) return open_memfb();
    PASS_OPEN("open", path, flags, mode)
}

int open64(const char *path, int flags, ...) {
    va_list ap; va_start(ap, flags); mode_t mode = va_arg(ap, mode_t); va_end(ap);
    if (path && strcmp(path, memfb_path()) == 0) return open_memfb();
    PASS_OPEN("open64", path, flags, mode)
}

int ioctl(int fd, unsigned long request, ...) {
    va_list ap; va_start(ap, request); void *arg = va_arg(ap, void *); va_end(ap);
    if (fd >= 0 && fd == memfb_fd) {
        int w = env_int("MEMFB_WIDTH", 800), h = env_int("MEMFB_HEIGHT", 480);
        if (request == FBIOGET_VSCREENINFO) {
            struct fb_var_screeninfo *v = arg;
            memset(v, 0, sizeof *v);
            v->xres = v->xres_virtual = w;
            v->yres = v->yres_virtual = h;
            v->bits_per_pixel = 32;
            v->red = (struct fb_bitfield){16, 8, 0};
            v->green = (struct fb_bitfield){8, 8, 0};
            v->blue = (struct fb_bitfield){0, 8, 0};
            return 0;
        }
        if (request == FBIOGET_FSCREENINFO) {
            struct fb_fix_screeninfo *f = arg;
            memset(f, 0, sizeof *f);
            strncpy(f->id, "memfb", sizeof f->id);
            f->smem_len = (unsigned)(w * h * 4);
            f->line_length = (unsigned)(w * 4);
            f->visual = FB_VISUAL_TRUECOLOR;
            return 0;
        }
    }
    static int (*real)(int, unsigned long, ...);
    if (!real) real = (int (*)(int, unsigned long, ...))dlsym(RTLD_NEXT, "ioctl");
    return real(fd, request, arg);
}
