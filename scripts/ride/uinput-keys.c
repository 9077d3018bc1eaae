/* uinput-keys: a virtual keyboard for the VM test bed, made through /dev/uinput with the kernel's own API (no
 * libevdev, so it links statically into the initramfs).
 *
 *     uinput-keys SETTLE_SECONDS CODE[,CODE…] [GAP_SECONDS [HOLD_SECONDS]]
 *
 * Creates a keyboard with the given key codes (decimal, linux/input-event-codes.h), waits SETTLE_SECONDS so a
 * reader rescanning /dev/input opens it, presses and releases each code in order GAP_SECONDS apart (default 1),
 * keeps the device HOLD_SECONDS (default 1) and destroys it. Prints one line per press.
 */
#include <fcntl.h>
#include <linux/uinput.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void pause_seconds(double s) {
    struct timespec t = {(time_t)s, (long)((s - (double)(time_t)s) * 1e9)};
    while (nanosleep(&t, &t) != 0) {
    }
}

static int emit(int fd, unsigned short type, unsigned short code, int value) {
    struct input_event e;
    memset(&e, 0, sizeof e);
    e.type = type;
    e.code = code;
    e.value = value;
    return write(fd, &e, sizeof e) == (ssize_t)sizeof e ? 0 : -1;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: uinput-keys SETTLE_SECONDS CODE[,CODE...] [GAP_SECONDS [HOLD_SECONDS]]\n");
        return 64;
    }
    double settle = atof(argv[1]);
    double gap = argc > 3 ? atof(argv[3]) : 1;
    double hold = argc > 4 ? atof(argv[4]) : 1;
    int codes[64];
    int count = 0;
    for (char *p = strtok(argv[2], ","); p && count < 64; p = strtok(NULL, ",")) codes[count++] = atoi(p);

    int fd = open("/dev/uinput", O_WRONLY | O_NONBLOCK);
    if (fd < 0) {
        perror("uinput-keys: /dev/uinput");
        return 1;
    }
    if (ioctl(fd, UI_SET_EVBIT, EV_KEY) < 0) {
        perror("uinput-keys: UI_SET_EVBIT");
        return 1;
    }
    for (int i = 0; i < count; i++) ioctl(fd, UI_SET_KEYBIT, codes[i]);
    struct uinput_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.id.bustype = BUS_USB;
    setup.id.vendor = 0x1209;
    setup.id.product = 0x0001;
    strcpy(setup.name, "navdisplay test keypad");
    if (ioctl(fd, UI_DEV_SETUP, &setup) < 0 || ioctl(fd, UI_DEV_CREATE) < 0) {
        perror("uinput-keys: UI_DEV_CREATE");
        return 1;
    }
    pause_seconds(settle);
    for (int i = 0; i < count; i++) {
        if (emit(fd, EV_KEY, codes[i], 1) || emit(fd, EV_SYN, SYN_REPORT, 0) || emit(fd, EV_KEY, codes[i], 0) ||
            emit(fd, EV_SYN, SYN_REPORT, 0)) {
            perror("uinput-keys: write");
            return 1;
        }
        printf("uinput-keys: pressed %d\n", codes[i]);
        fflush(stdout);
        if (i + 1 < count) pause_seconds(gap);
    }
    pause_seconds(hold);
    ioctl(fd, UI_DEV_DESTROY);
    close(fd);
    return 0;
}
