#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H
// Wide-character ncurses: these must be defined before curses.h is included.
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#include <locale.h>
#include <wchar.h>
// Linux (libncurses-dev) puts the wide-character header under ncursesw/; macOS ships one
// curses.h in its SDK, wide-character capable once _XOPEN_SOURCE_EXTENDED is defined.
#if __has_include(<ncursesw/curses.h>)
#include <ncursesw/curses.h>
#else
#include <curses.h>
#endif

/// The C library's column width of a wide character (wcwidth), which Swift's Glibc
/// module does not export (Darwin's does, but one name for both keeps the caller plain).
static inline int ce_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }

/// Draws `n` wide characters at (y, x) with a colour pair and attributes (macros in C).
static inline int ce_put(WINDOW *w, int y, int x, const wchar_t *s, int n, short pair, int bold, int reverse, int dim, int underline) {
    attr_t a = A_NORMAL;
    if (bold) a |= A_BOLD;
    if (reverse) a |= A_REVERSE;
    if (dim) a |= A_DIM;
    if (underline) a |= A_UNDERLINE;
    wattr_set(w, a, pair, NULL);
    int r = mvwaddnwstr(w, y, x, s, n);
    wattr_set(w, A_NORMAL, 0, NULL);
    return r;
}

/// The window's size (getmaxyx is a macro).
static inline void ce_size(WINDOW *w, int *height, int *width) { getmaxyx(w, *height, *width); }

/// The standard screen of the current terminal (stdscr is a global Swift 6 rejects).
static inline WINDOW *stdscr_pointer(void) { return stdscr; }

static inline int ce_key_resize(void) { return KEY_RESIZE; }
static inline int ce_key_code_yes(void) { return KEY_CODE_YES; }

// MARK: Mouse (the button masks are macros)

static inline int ce_key_mouse(void) { return KEY_MOUSE; }
/// Presses only: the left button and the wheel (buttons 4 and 5). No motion reports, so
/// the terminal uses the plain click-tracking mode.
static inline mmask_t ce_mouse_events(void) { return BUTTON1_PRESSED | BUTTON4_PRESSED | BUTTON5_PRESSED; }
static inline int ce_mouse_left(mmask_t s) { return (s & BUTTON1_PRESSED) != 0; }
static inline int ce_mouse_wheel_up(mmask_t s) { return (s & BUTTON4_PRESSED) != 0; }
static inline int ce_mouse_wheel_down(mmask_t s) { return (s & BUTTON5_PRESSED) != 0; }

// MARK: Restoring the terminal from a signal handler
//
// Only async-signal-safe calls: write(2) of a reset sequence prepared in advance,
// tcsetattr(3) of the modes saved before ncurses changed them, dup2/lseek/read/write to
// replay what was written to stderr meanwhile. The state is a function's static, which
// exists once because only the ExplorerUI module calls these.

#include <signal.h>
#include <termios.h>
#include <unistd.h>
#include <string.h>
#include <stdlib.h>
#include <stdio.h>

#define CE_SIGNAL_LIMIT 65

struct ce_restore_state {
    int fd;
    int has_modes;
    struct termios modes;
    char bytes[512];
    size_t length;
    volatile sig_atomic_t done;
    /// stderr while the screen is up: a private file, and the real stderr kept aside.
    int captured_stderr;
    int real_stderr;
    /// What each signal did before (the Swift runtime's crash reporter, usually).
    struct sigaction previous[CE_SIGNAL_LIMIT];
};

/// The one copy of the state (a function's static, which Swift's importer emits with it).
static inline struct ce_restore_state *ce_restore(void) {
    static struct ce_restore_state state = { .fd = -1, .done = 1, .captured_stderr = -1, .real_stderr = -1 };
    return &state;
}

/// Saves the terminal's modes (call before ncurses changes them).
static inline void ce_restore_save_modes(int fd) {
    struct ce_restore_state *s = ce_restore();
    s->fd = fd;
    s->has_modes = tcgetattr(fd, &s->modes) == 0;
}

/// The bytes that put the terminal back (leave the alternate screen, show the cursor, ...).
static inline void ce_restore_set_sequence(const char *bytes, size_t length) {
    struct ce_restore_state *s = ce_restore();
    if (length > sizeof s->bytes) length = sizeof s->bytes;
    memcpy(s->bytes, bytes, length);
    s->length = length;
    s->done = 0;
}

/// Sends stderr to a private file while the screen is up, so a message (Swift's "Fatal
/// error: ...") is not painted over the screen and lost, but shown once the terminal is back.
static inline void ce_stderr_capture_begin(void) {
    struct ce_restore_state *s = ce_restore();
    if (s->captured_stderr >= 0) return;
    char name[] = "/tmp/codable-explorer-stderr-XXXXXX";
    int file = mkstemp(name);
    if (file < 0) return;
    unlink(name);
    fflush(stderr);
    s->real_stderr = dup(STDERR_FILENO);
    if (s->real_stderr < 0) { close(file); return; }
    dup2(file, STDERR_FILENO);
    s->captured_stderr = file;
}

/// Puts stderr back and writes out what was captured.
static inline void ce_stderr_capture_end(void) {
    struct ce_restore_state *s = ce_restore();
    if (s->captured_stderr < 0) return;
    dup2(s->real_stderr, STDERR_FILENO);
    char buffer[4096];
    lseek(s->captured_stderr, 0, SEEK_SET);
    for (;;) {
        ssize_t n = read(s->captured_stderr, buffer, sizeof buffer);
        if (n <= 0) break;
        ssize_t written = write(STDERR_FILENO, buffer, (size_t)n);
        if (written <= 0) break;
    }
    close(s->captured_stderr);
    close(s->real_stderr);
    s->captured_stderr = -1;
    s->real_stderr = -1;
}

// MARK: Removing private temporary files from a signal handler
//
// A path registered here (a copy of standard input's payload, a merged model) is removed when a
// signal ends the process, by the same handlers that put the terminal back: unlink(2), and rmdir(2)
// for a folder, newest first so a folder goes after what it holds. A fixed table of copies made
// when registering, so the handler neither allocates nor sees a half-grown table.

#define CE_CLEANUP_LIMIT 4096

struct ce_cleanup_table {
    char *paths[CE_CLEANUP_LIMIT];
    volatile sig_atomic_t count;
};

static inline struct ce_cleanup_table *ce_cleanup(void) {
    static struct ce_cleanup_table table;
    return &table;
}

/// Registers `path` for removal on a fatal signal; 0 when the table is full.
static inline int ce_cleanup_add(const char *path) {
    struct ce_cleanup_table *t = ce_cleanup();
    if (t->count >= CE_CLEANUP_LIMIT) return 0;
    char *copy = strdup(path);
    if (copy == NULL) return 0;
    t->paths[t->count] = copy;
    t->count = t->count + 1;
    return 1;
}

/// Removes every registered path, newest first (async-signal-safe: only unlink and rmdir).
static inline void ce_cleanup_now(void) {
    struct ce_cleanup_table *t = ce_cleanup();
    for (sig_atomic_t k = t->count; k > 0; k--) {
        const char *path = t->paths[k - 1];
        if (path != NULL && unlink(path) != 0) rmdir(path);
    }
}

/// Puts the terminal back, once.
static inline void ce_restore_now(void) {
    struct ce_restore_state *s = ce_restore();
    if (s->done || s->fd < 0) return;
    s->done = 1;
    if (s->length > 0) {
        ssize_t written = write(s->fd, s->bytes, s->length);
        (void)written;
    }
    if (s->has_modes) tcsetattr(s->fd, TCSANOW, &s->modes);
}

/// The signals a fault raises (Swift traps are SIGILL or SIGTRAP on Linux): they go on to
/// Swift's crash report. An alarm or a closed pipe also has a positive `si_code`, but is not one.
static inline int ce_is_crash(int sig) {
    return sig == SIGSEGV || sig == SIGBUS || sig == SIGILL || sig == SIGTRAP || sig == SIGFPE;
}

/// Restores the terminal, then lets the signal go on so the exit status says which signal
/// ended the process. A fault the CPU raised goes to what handled it before (Swift's crash
/// report) and happens again when this returns; a signal sent by kill(2) or raise(3), which
/// would not happen again, is sent again with the default action.
static inline void ce_restore_and_reraise(int sig, siginfo_t *info, void *context) {
    (void)context;
    struct ce_restore_state *s = ce_restore();
    ce_restore_now();
    ce_stderr_capture_end();
    ce_cleanup_now();
    int fault = info != NULL && info->si_code > 0 && ce_is_crash(sig);
    int chained = fault && sig > 0 && sig < CE_SIGNAL_LIMIT
        && ((s->previous[sig].sa_flags & SA_SIGINFO)
            || (s->previous[sig].sa_handler != SIG_DFL && s->previous[sig].sa_handler != SIG_IGN));
    if (chained) {
        sigaction(sig, &s->previous[sig], NULL);
        return;
    }
    signal(sig, SIG_DFL);
    if (!fault) raise(sig);
}

/// Restores the terminal on `sig`, unless the process was started with it ignored (`nohup`, a
/// parent ignoring SIGPIPE): an ignored signal stays ignored, not made fatal by this handler.
static inline void ce_restore_install_one(int sig) {
    struct ce_restore_state *s = ce_restore();
    if (sig <= 0 || sig >= CE_SIGNAL_LIMIT) return;
    struct sigaction current;
    if (sigaction(sig, NULL, &current) != 0) return;
    int isDefault = !(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_DFL;
    int isIgnored = !(current.sa_flags & SA_SIGINFO) && current.sa_handler == SIG_IGN;
    if (isIgnored) return;
    // Someone else's handler (not the crash report's): it decides what the signal does.
    // SIGQUIT too: the Swift runtime takes it for its interactive backtrace, which would wait for
    // a key on the alternate screen; restored here, it then quits as its default action says.
    if (!isDefault && !ce_is_crash(sig) && sig != SIGABRT && sig != SIGQUIT) return;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = ce_restore_and_reraise;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_ONSTACK | SA_SIGINFO;
    sigaction(sig, &action, &s->previous[sig]);
}

/// Handlers for the signals that end a process: crashes (Swift traps are SIGILL or SIGTRAP
/// on Linux), aborts and the terminating ones. They run on their own stack, so even a stack
/// overflow restores the terminal.
static inline void ce_restore_install(void) {
    struct ce_restore_state *s = ce_restore();
    static int installed = 0;
    if (installed) return;  // a second time, "previous" would be these handlers themselves
    installed = 1;
    static char *alternate = NULL;
    if (alternate == NULL) {
        size_t size = 64 * 1024;
        alternate = malloc(size);
        if (alternate != NULL) {
            stack_t stack;
            stack.ss_sp = alternate;
            stack.ss_size = size;
            stack.ss_flags = 0;
            sigaltstack(&stack, NULL);
        }
    }
    // Every signal whose default action ends the process (signal(7)): a kill -USR1, an alarm,
    // a closed pipe must not leave the alternate screen and mouse reporting on either.
    int signals[] = {
        SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE, SIGTERM, SIGHUP, SIGINT, SIGQUIT,
        SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGSYS,
#ifdef SIGSTKFLT
        SIGSTKFLT,
#endif
#ifdef SIGPWR
        SIGPWR,
#endif
#if defined(SIGPOLL) && !defined(__APPLE__)
        SIGPOLL,
#endif
    };
    for (size_t k = 0; k < sizeof signals / sizeof signals[0]; k++) ce_restore_install_one(signals[k]);
#if defined(SIGRTMIN) && defined(SIGRTMAX)
    // Linux's real-time signals end the process by default too.
    for (int sig = SIGRTMIN; sig <= SIGRTMAX && sig < CE_SIGNAL_LIMIT; sig++) ce_restore_install_one(sig);
#endif
}

/// The terminal was given back normally: nothing left to restore.
static inline void ce_restore_disarm(void) { ce_restore()->done = 1; }

/// Stops the process as a terminal's own Ctrl-Z would (the whole job, default action), and
/// returns once the shell resumes it; ncurses' own SIGTSTP handler is put back afterwards.
static inline void ce_stop_job(void) {
    struct sigaction stop, previous;
    memset(&stop, 0, sizeof stop);
    stop.sa_handler = SIG_DFL;
    sigemptyset(&stop.sa_mask);
    sigaction(SIGTSTP, &stop, &previous);
    kill(0, SIGTSTP);
    sigaction(SIGTSTP, &previous, NULL);
}
#endif
