// Linux-only system calls the Swift Glibc module does not export: epoll, timerfd, signalfd.
#include <sys/epoll.h>
#include <sys/timerfd.h>
#include <sys/signalfd.h>
#include <sys/resource.h>
#include <signal.h>
#include <time.h>
#include <unistd.h>
