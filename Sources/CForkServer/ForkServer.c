// The fork server: a test bundle loaded once, then forked once per test.
//
// cfa-gate starts the test bundle with this library in LD_PRELOAD, CFA_GATE_FORK_SERVER=1 and a SOCK_SEQPACKET
// socket on descriptor 3. The bundle's `_start` calls `__libc_start_main`, which this library defines: by then every
// shared library is loaded, relocated (LD_BIND_NOW) and initialised, but the bundle's `main` has not run. Here the
// process becomes a server instead of running `main`: for every request it forks, and the child runs the bundle's
// `main` with the request's arguments, so each test starts from the same image nothing has run in yet, without
// paying for `execve`, loading and relocation again.
//
// Protocol (one message each way per test; the gate's side is `ForkServer` in the Sandbox module):
//   server -> gate, once:  "ready", or "refused: <why>" (then the server exits and the gate executes the bundle).
//   gate -> server:        the arguments, each ending in a NUL byte, with one or two descriptors attached
//                          (SCM_RIGHTS): the child's standard output and error, and optionally its descriptor 3.
//   server -> gate:        the child's wait status, a 32-bit integer, once it and everything it started have ended.
// The gate closing its end makes the server exit.
//
// The server serves only as the first process of a PID namespace (pid 1): when a test's process ends, everything it
// left running is killed with kill(-1), which from a namespace's init reaches every other process in that namespace
// and nothing outside it — the same clean-up a process of its own namespace gets. Anywhere else it refuses.
// It also refuses when a library constructor has started a thread: only a single-threaded process forks safely.
// The server is not dumpable, so no test can read or write its memory to change what later tests run; each child
// makes itself dumpable again, as an executed process would be.
//
// Any other process that inherits this library (a program a test starts, before the server clears the variables)
// runs exactly as it would without it.
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "ForkServer.h"

typedef int (*BundleMain)(int, char **, char **);
typedef int (*StartMain)(BundleMain, int, char **, void (*)(void), void (*)(void), void (*)(void), void *);

// The gate sends at most `ForkServer.maximumRequest` bytes (192 KiB); longer argument lists are executed instead.
enum { controlDescriptor = 3, maximumRequest = 1 << 18 };

static void sendText(const char *text) {
    (void)send(controlDescriptor, text, strlen(text), MSG_NOSIGNAL);
}

/// 1 when this process has exactly one thread (one entry in /proc/self/task).
static int isSingleThreaded(void) {
    DIR *tasks = opendir("/proc/self/task");
    if (tasks == NULL) return 0;
    int count = 0;
    struct dirent *entry;
    while ((entry = readdir(tasks)) != NULL) {
        if (entry->d_name[0] != '.') count++;
    }
    closedir(tasks);
    return count == 1;
}

/// Reaps every child until `child` has ended; its wait status.
static int awaitChild(pid_t child) {
    for (;;) {
        int status = 0;
        pid_t ended = waitpid(-1, &status, 0);
        if (ended == child) return status;
        if (ended < 0 && errno != EINTR) return 0x7f00;  // no such child: reported as exit code 127
    }
}

/// Kills and reaps everything else in the namespace (what the test's process left running).
static void sweepNamespace(void) {
    (void)kill(-1, SIGKILL);
    for (;;) {
        pid_t ended = waitpid(-1, NULL, 0);
        if (ended < 0 && errno != EINTR) return;
    }
}

/// In the child: the request's descriptors in place, every other one closed, and the new argument vector.
static char **prepareChild(char *payload, size_t length, int output, int fourth, char *program, int *count) {
    (void)prctl(PR_SET_DUMPABLE, 1, 0, 0, 0);
    if (dup2(output, 1) < 0 || dup2(output, 2) < 0) _exit(127);
    if (fourth >= 0) {
        if (dup2(fourth, 3) < 0) _exit(127);
    } else {
        (void)close(3);
    }
    int first = fourth >= 0 ? 4 : 3;
    if (syscall(436 /* close_range */, (unsigned)first, ~0U, 0) != 0) {
        for (int descriptor = first; descriptor < 1024; descriptor++) (void)close(descriptor);
    }
    int arguments = 0;
    for (size_t index = 0; index < length; index++) {
        if (payload[index] == '\0') arguments++;
    }
    char **vector = calloc((size_t)arguments + 2, sizeof(char *));
    if (vector == NULL) _exit(127);
    vector[0] = program;
    char *cursor = payload;
    for (int index = 1; index <= arguments; index++) {
        vector[index] = cursor;
        cursor += strlen(cursor) + 1;
    }
    *count = arguments + 1;
    // The Swift runtime reads `CommandLine.arguments` from its own copy, taken before `main`; point it at these.
    void (*override)(char **, int) = (void (*)(char **, int))dlsym(RTLD_DEFAULT, "_swift_stdlib_overrideUnsafeArgvArgc");
    if (override != NULL) override(vector, *count);
    return vector;
}

/// Serves requests until the gate closes its end. Returns only in a child, with its arguments.
static char **serve(char *program, int *count) {
    if (getpid() != 1) {
        sendText("refused: not the first process of a PID namespace");
        _exit(0);
    }
    if (!isSingleThreaded()) {
        sendText("refused: a library of the test bundle started a thread before main");
        _exit(0);
    }
    (void)prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
    (void)fcntl(controlDescriptor, F_SETFD, FD_CLOEXEC);
    sendText("ready");
    static char payload[maximumRequest];
    for (;;) {
        char control[CMSG_SPACE(2 * sizeof(int))];
        struct iovec vector = {.iov_base = payload, .iov_len = sizeof payload};
        struct msghdr message = {
            .msg_iov = &vector, .msg_iovlen = 1, .msg_control = control, .msg_controllen = sizeof control};
        ssize_t received = recvmsg(controlDescriptor, &message, MSG_CMSG_CLOEXEC);
        if (received < 0 && errno == EINTR) continue;
        if (received <= 0) _exit(0);
        int descriptors[2] = {-1, -1};
        for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header != NULL; header = CMSG_NXTHDR(&message, header)) {
            if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
            size_t attached = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
            memcpy(descriptors, CMSG_DATA(header), (attached > 2 ? 2 : attached) * sizeof(int));
        }
        int32_t status = 0x7f00;
        int wellFormed = descriptors[0] >= 0 && (message.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) == 0
            && payload[received - 1] == '\0';
        if (wellFormed) {
            pid_t child = fork();
            if (child == 0) {
                return prepareChild(payload, (size_t)received, descriptors[0], descriptors[1], program, count);
            }
            if (child > 0) {
                if (descriptors[0] >= 0) (void)close(descriptors[0]);
                if (descriptors[1] >= 0) (void)close(descriptors[1]);
                status = awaitChild(child);
                sweepNamespace();
            }
        }
        if (descriptors[0] >= 0 && !wellFormed) (void)close(descriptors[0]);
        if (descriptors[1] >= 0 && !wellFormed) (void)close(descriptors[1]);
        if (send(controlDescriptor, &status, sizeof status, MSG_NOSIGNAL) != (ssize_t)sizeof status) _exit(0);
    }
}

int __libc_start_main(
    BundleMain main, int argc, char **argv, void (*init)(void), void (*fini)(void), void (*finish)(void), void *stackEnd) {
    StartMain start = (StartMain)dlsym(RTLD_NEXT, "__libc_start_main");
    if (start == NULL) _exit(127);
    const char *role = getenv(CFA_FORK_SERVER_VARIABLE);
    if (role == NULL || strcmp(role, "1") != 0) return start(main, argc, argv, init, fini, finish, stackEnd);
    // Nothing the tests start may see these: their programs load and run as they would without the server.
    (void)unsetenv(CFA_FORK_SERVER_VARIABLE);
    (void)unsetenv("LD_PRELOAD");
    (void)unsetenv("LD_BIND_NOW");
    int count = 0;
    char **arguments = serve(argv[0], &count);
    return start(main, count, arguments, init, fini, finish, stackEnd);
}
