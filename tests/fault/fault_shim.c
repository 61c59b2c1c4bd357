/* A fault-injection shim for the save tests: LD_PRELOAD it and, driven by environment variables, it
 * fails (with a chosen errno) or kills the process (SIGKILL) at the Nth call of the file calls a
 * writer makes. Counted calls: open, open64, openat, openat64, creat, fopen, write, pwrite, fsync,
 * fdatasync, close, rename, renameat, renameat2, link, linkat, fchmod, fchown, unlink.
 *
 *   TILELAB_FAULT_AT=N        inject at the Nth counted call (1-based); unset or 0: only count
 *   TILELAB_FAULT_ACTION=fail|kill   (default fail)
 *   TILELAB_FAULT_ERRNO=ENOSPC|EIO|EDQUOT|EACCES|EPERM|EROFS|EINTR|number   (default EIO)
 *   TILELAB_FAULT_MATCH=TEXT  count only calls on paths containing TEXT (and on descriptors opened
 *                             at such paths); unset: every call
 *   TILELAB_FAULT_ONLY=CALL   count only calls of that name (write, rename, fsync, ...)
 *   TILELAB_FAULT_LOG=FILE    appends "inject N CALL PATH" before an injection and "calls N" at exit
 *                             (so a sweep knows how many calls there were and how many it injected)
 *   TILELAB_FAULT_TRACE=1     also appends "call N CALL PATH" for every counted call
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

#define MAX_FD 4096

static atomic_long counted;
static long inject_at;
static int kill_instead;
static int fail_errno = EIO;
static const char* match;
static const char* only;
static const char* log_path;
static int trace_calls;
static atomic_char tracked[MAX_FD]; /* descriptors opened at matching paths */

static void log_line(const char* text) {
    if (!log_path) return;
    /* Raw system calls: never through the wrappers below, and safe right before a SIGKILL. */
    int fd = (int)syscall(SYS_openat, AT_FDCWD, log_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd < 0) return;
    syscall(SYS_write, fd, text, strlen(text));
    syscall(SYS_close, fd);
}

static int parse_errno(const char* name) {
    static const struct { const char* name; int value; } names[] = {
        {"ENOSPC", ENOSPC}, {"EIO", EIO}, {"EDQUOT", EDQUOT}, {"EACCES", EACCES},
        {"EPERM", EPERM},   {"EROFS", EROFS}, {"EINTR", EINTR}, {"EMLINK", EMLINK}, {"EXDEV", EXDEV}};
    for (size_t i = 0; i < sizeof names / sizeof names[0]; ++i)
        if (strcmp(name, names[i].name) == 0) return names[i].value;
    int v = atoi(name);
    return v > 0 ? v : EIO;
}

__attribute__((constructor)) static void init(void) {
    const char* at = getenv("TILELAB_FAULT_AT");
    inject_at = at ? atol(at) : 0;
    const char* action = getenv("TILELAB_FAULT_ACTION");
    kill_instead = action && strcmp(action, "kill") == 0;
    const char* err = getenv("TILELAB_FAULT_ERRNO");
    if (err) fail_errno = parse_errno(err);
    only = getenv("TILELAB_FAULT_ONLY");
    if (only && !*only) only = NULL;
    match = getenv("TILELAB_FAULT_MATCH");
    if (match && !*match) match = NULL;
    log_path = getenv("TILELAB_FAULT_LOG");
    trace_calls = getenv("TILELAB_FAULT_TRACE") != NULL;
}

__attribute__((destructor)) static void finish(void) {
    char line[64];
    snprintf(line, sizeof line, "calls %ld\n", atomic_load(&counted));
    log_line(line);
}

/* A path containing TEXT, or the folder TEXT names ("DIR" for "DIR/": the folder fsync after a rename). */
static int path_matches(const char* path) {
    if (!match) return 1;
    if (!path) return 0;
    if (strstr(path, match)) return 1;
    size_t n = strlen(path);
    return n > 0 && strncmp(match, path, n) == 0 && strcmp(match + n, "/") == 0;
}
static int fd_matches(int fd) { return !match || (fd >= 0 && fd < MAX_FD && atomic_load(&tracked[fd])); }

/* Counts one call; returns 1 when this call must fail (errno set). Kills the process when asked. */
static int fault(const char* call, const char* path) {
    if (only && strcmp(only, call) != 0) return 0;
    long n = atomic_fetch_add(&counted, 1) + 1;
    char line[512];
    if (trace_calls) {
        snprintf(line, sizeof line, "call %ld %s %s\n", n, call, path ? path : "-");
        log_line(line);
    }
    if (inject_at <= 0 || n != inject_at) return 0;
    snprintf(line, sizeof line, "inject %ld %s %s %s\n", n, call, path ? path : "-", kill_instead ? "kill" : "fail");
    log_line(line);
    if (kill_instead) syscall(SYS_kill, getpid(), SIGKILL);
    errno = fail_errno;
    return 1;
}

static char* fd_name(int fd, char* buffer, size_t size) {
    char link[64];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t n = syscall(SYS_readlinkat, AT_FDCWD, link, buffer, size - 1);
    buffer[n > 0 ? n : 0] = 0;
    return buffer;
}

#define NEXT(type, name, args) \
    static type(*next) args;   \
    if (!next) next = (type(*) args)dlsym(RTLD_NEXT, name)

static void track(int fd, const char* path) {
    if (fd >= 0 && fd < MAX_FD) atomic_store(&tracked[fd], (char)(match ? path_matches(path) : 1));
}

static int do_open(const char* call, int dirfd, const char* path, int flags, mode_t mode, int at) {
    int counted_call = path_matches(path);
    if (counted_call && fault(call, path)) return -1;
    int fd;
    if (at) {
        NEXT(int, "openat", (int, const char*, int, ...));
        fd = next(dirfd, path, flags, mode);
    } else {
        NEXT(int, "open", (const char*, int, ...));
        fd = next(path, flags, mode);
    }
    track(fd, path);
    return fd;
}

static mode_t mode_of(int flags, va_list ap) {
    return (flags & O_CREAT) || (flags & __O_TMPFILE) == __O_TMPFILE ? (mode_t)va_arg(ap, int) : 0;
}

int open(const char* path, int flags, ...) {
    va_list ap;
    va_start(ap, flags);
    mode_t mode = mode_of(flags, ap);
    va_end(ap);
    return do_open("open", AT_FDCWD, path, flags, mode, 0);
}
int open64(const char* path, int flags, ...) {
    va_list ap;
    va_start(ap, flags);
    mode_t mode = mode_of(flags, ap);
    va_end(ap);
    return do_open("open", AT_FDCWD, path, flags, mode, 0);
}
int openat(int dirfd, const char* path, int flags, ...) {
    va_list ap;
    va_start(ap, flags);
    mode_t mode = mode_of(flags, ap);
    va_end(ap);
    return do_open("openat", dirfd, path, flags, mode, 1);
}
int openat64(int dirfd, const char* path, int flags, ...) {
    va_list ap;
    va_start(ap, flags);
    mode_t mode = mode_of(flags, ap);
    va_end(ap);
    return do_open("openat", dirfd, path, flags, mode, 1);
}
FILE* fopen(const char* path, const char* how) {
    NEXT(FILE*, "fopen", (const char*, const char*));
    if (path_matches(path) && fault("fopen", path)) return NULL;
    FILE* f = next(path, how);
    if (f) track(fileno(f), path);
    return f;
}
FILE* fopen64(const char* path, const char* how) {
    NEXT(FILE*, "fopen64", (const char*, const char*));
    if (path_matches(path) && fault("fopen", path)) return NULL;
    FILE* f = next(path, how);
    if (f) track(fileno(f), path);
    return f;
}
int creat(const char* path, mode_t mode) { return do_open("creat", AT_FDCWD, path, O_CREAT | O_WRONLY | O_TRUNC, mode, 0); }

#define FD_CALL(call, fd)                                                        \
    do {                                                                         \
        if (fd_matches(fd)) {                                                    \
            char name_[512];                                                     \
            if (fault(call, match || trace_calls || log_path ? fd_name(fd, name_, sizeof name_) : NULL)) return -1; \
        }                                                                        \
    } while (0)

ssize_t write(int fd, const void* data, size_t size) {
    NEXT(ssize_t, "write", (int, const void*, size_t));
    FD_CALL("write", fd);
    return next(fd, data, size);
}
ssize_t pwrite(int fd, const void* data, size_t size, off_t offset) {
    NEXT(ssize_t, "pwrite", (int, const void*, size_t, off_t));
    FD_CALL("pwrite", fd);
    return next(fd, data, size, offset);
}
int fsync(int fd) {
    NEXT(int, "fsync", (int));
    FD_CALL("fsync", fd);
    return next(fd);
}
int fdatasync(int fd) {
    NEXT(int, "fdatasync", (int));
    FD_CALL("fdatasync", fd);
    return next(fd);
}
int fchmod(int fd, mode_t mode) {
    NEXT(int, "fchmod", (int, mode_t));
    FD_CALL("fchmod", fd);
    return next(fd, mode);
}
int fchown(int fd, uid_t uid, gid_t gid) {
    NEXT(int, "fchown", (int, uid_t, gid_t));
    FD_CALL("fchown", fd);
    return next(fd, uid, gid);
}
int close(int fd) {
    NEXT(int, "close", (int));
    if (fd_matches(fd)) {
        char name[512];
        if (fault("close", match || trace_calls || log_path ? fd_name(fd, name, sizeof name) : NULL)) {
            /* A failed close still releases the descriptor (Linux). */
            if (fd >= 0 && fd < MAX_FD) atomic_store(&tracked[fd], 0);
            int saved = errno;
            next(fd);
            errno = saved;
            return -1;
        }
    }
    if (fd >= 0 && fd < MAX_FD) atomic_store(&tracked[fd], 0);
    return next(fd);
}
int rename(const char* from, const char* to) {
    NEXT(int, "rename", (const char*, const char*));
    if ((path_matches(from) || path_matches(to)) && fault("rename", to)) return -1;
    return next(from, to);
}
int renameat(int fromfd, const char* from, int tofd, const char* to) {
    NEXT(int, "renameat", (int, const char*, int, const char*));
    if ((path_matches(from) || path_matches(to)) && fault("renameat", to)) return -1;
    return next(fromfd, from, tofd, to);
}
int renameat2(int fromfd, const char* from, int tofd, const char* to, unsigned flags) {
    NEXT(int, "renameat2", (int, const char*, int, const char*, unsigned));
    if ((path_matches(from) || path_matches(to)) && fault("renameat2", to)) return -1;
    return next(fromfd, from, tofd, to, flags);
}
int link(const char* from, const char* to) {
    NEXT(int, "link", (const char*, const char*));
    if ((path_matches(from) || path_matches(to)) && fault("link", to)) return -1;
    return next(from, to);
}
int linkat(int fromfd, const char* from, int tofd, const char* to, int flags) {
    NEXT(int, "linkat", (int, const char*, int, const char*, int));
    if ((path_matches(from) || path_matches(to)) && fault("linkat", to)) return -1;
    return next(fromfd, from, tofd, to, flags);
}
int unlink(const char* path) {
    NEXT(int, "unlink", (const char*));
    if (path_matches(path) && fault("unlink", path)) return -1;
    return next(path);
}
