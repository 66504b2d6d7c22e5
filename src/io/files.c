/* files.c -- outputs written atomically, folders, and processes started
 * without a shell (cwb_files.h says why). */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cwb_files.h"

/* The temporaries open in this process, for a signal handler to unlink
 * (cwb_output_remove_temporaries). A slot is claimed with a compare and
 * swap (free -> filling), its name and owner written, then armed by an
 * atomic store, which orders the name's bytes before it: the handler reads
 * only armed slots and so never half a name. The state is a lock-free
 * atomic, an object a signal handler may read (C11 7.14.1.1). */
enum { TEMP_FREE = 0, TEMP_FILLING, TEMP_ARMED, TEMP_SLOTS = 64 };
static struct {
    atomic_int state;
    pid_t owner;
    char name[sizeof((cwb_output *)0)->tmp];
} temps[TEMP_SLOTS];

static int temp_register(const char *name)
{
    for (int i = 0; i < TEMP_SLOTS; i++) {
        int expect = TEMP_FREE;
        if (atomic_compare_exchange_strong(&temps[i].state, &expect, TEMP_FILLING)) {
            temps[i].owner = getpid();
            snprintf(temps[i].name, sizeof temps[i].name, "%s", name);
            atomic_store(&temps[i].state, TEMP_ARMED);
            return i;
        }
    }
    return -1;
}

static void temp_forget(cwb_output *o)
{
    if (o->slot >= 0)
        atomic_store(&temps[o->slot].state, TEMP_FREE);
    o->slot = -1;
}

void cwb_output_remove_temporaries(void)
{
    pid_t self = getpid();
    for (int i = 0; i < TEMP_SLOTS; i++)
        if (atomic_load(&temps[i].state) == TEMP_ARMED && temps[i].owner == self)
            unlink(temps[i].name);
}

/* mkstemp and the registry with the signals that end cwb blocked: no
 * moment where the temporary exists and a handler would not know it. */
static int make_temporary(cwb_output *o)
{
    sigset_t block, old;
    sigemptyset(&block);
    sigaddset(&block, SIGINT);
    sigaddset(&block, SIGTERM);
    sigaddset(&block, SIGHUP);
    sigprocmask(SIG_BLOCK, &block, &old);
    int fd = mkstemp(o->tmp);
    if (fd >= 0 && (o->slot = temp_register(o->tmp)) < 0) {
        unlink(o->tmp);
        close(fd);
        fd = -2;
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
    return fd;
}

/* The inputs noted, each file once (a batch loads its case per sample). */
static struct {
    pthread_mutex_t lock;
    int on;
    size_t count, room;
    struct input_file {
        dev_t dev;
        ino_t ino;
        char path[CWB_TEXT + 64];
    } * file;
} inputs = {.lock = PTHREAD_MUTEX_INITIALIZER};

void cwb_inputs_guard(void)
{
    pthread_mutex_lock(&inputs.lock);
    inputs.on = 1;
    pthread_mutex_unlock(&inputs.lock);
}

static struct input_file *input_find(const struct stat *st)
{
    for (size_t i = 0; i < inputs.count; i++)
        if (inputs.file[i].dev == st->st_dev && inputs.file[i].ino == st->st_ino)
            return &inputs.file[i];
    return NULL;
}

void cwb_input_note(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISREG(st.st_mode))
        return;
    pthread_mutex_lock(&inputs.lock);
    if (inputs.on && !input_find(&st)) {
        if (inputs.count == inputs.room) {
            size_t room = inputs.room ? 2 * inputs.room : 16;
            struct input_file *grown = realloc(inputs.file, room * sizeof *grown);
            if (grown) {
                inputs.file = grown;
                inputs.room = room;
            }
        }
        if (inputs.count < inputs.room) {
            struct input_file *f = &inputs.file[inputs.count++];
            f->dev = st.st_dev;
            f->ino = st.st_ino;
            snprintf(f->path, sizeof f->path, "%s", path);
        }
    }
    pthread_mutex_unlock(&inputs.lock);
}

int cwb_is_input(const char *path)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return 0;
    pthread_mutex_lock(&inputs.lock);
    int found = input_find(&st) != NULL;
    pthread_mutex_unlock(&inputs.lock);
    return found;
}

/* CWB_EINPUT when path names a file the command reads. */
static int not_an_input(const char *path, char *msg, size_t n)
{
    struct stat st;
    if (stat(path, &st) != 0)
        return CWB_OK; /* a new file */
    pthread_mutex_lock(&inputs.lock);
    const struct input_file *f = input_find(&st);
    char input[sizeof f->path];
    if (f)
        snprintf(input, sizeof input, "%s", f->path);
    pthread_mutex_unlock(&inputs.lock);
    if (!f)
        return CWB_OK;
    return cwb_fail(msg, n, CWB_EINPUT,
                    "cannot write %s: it is %s, an input of this command (nothing was written: "
                    "give --out another folder)",
                    path, input);
}

int cwb_output_open(cwb_output *o, const char *path, char *msg, size_t n)
{
    memset(o, 0, sizeof *o);
    o->slot = -1;
    if (strlen(path) >= sizeof o->path)
        return cwb_fail(msg, n, CWB_EINPUT, "%s: path too long", path);
    int rc = not_an_input(path, msg, n);
    if (rc != CWB_OK)
        return rc;
    snprintf(o->path, sizeof o->path, "%s", path);
    const char *slash = strrchr(path, '/');
    int dirlen = slash ? (int)(slash - path + 1) : 0;
    snprintf(o->tmp, sizeof o->tmp, "%.*s.%s.XXXXXX", dirlen, path, slash ? slash + 1 : path);
    int fd = make_temporary(o);
    if (fd < 0) {
        o->tmp[0] = '\0';
        return cwb_fail(msg, n, CWB_EFAIL, "cannot write %s: %s", path,
                        fd == -2 ? "more than 64 outputs open at once" : strerror(errno));
    }
    /* mkstemp makes the file 0600; an output is as readable as any other. */
    mode_t mask = umask(0);
    umask(mask);
    (void)fchmod(fd, 0666 & ~mask);
    o->f = fdopen(fd, "w");
    if (!o->f) {
        close(fd);
        cwb_output_abort(o);
        return cwb_fail(msg, n, CWB_EFAIL, "cannot write %s: %s", path, strerror(errno));
    }
    return CWB_OK;
}

int cwb_output_discard(cwb_output *o, const char *name, char *msg, size_t n)
{
    memset(o, 0, sizeof *o);
    o->slot = -1; /* no temporary: tmp stays "" */
    snprintf(o->path, sizeof o->path, "%s", name);
    if (!(o->f = fopen("/dev/null", "w")))
        return cwb_fail(msg, n, CWB_EFAIL, "cannot open /dev/null: %s", strerror(errno));
    return CWB_OK;
}

/* Commit a discarded output (no temporary): its writes checked, its stream
 * closed. */
static int commit_discarded(cwb_output *o, char *msg, size_t n)
{
    int bad = fflush(o->f) != 0 || ferror(o->f);
    bad |= fclose(o->f) != 0;
    o->f = NULL;
    return bad ? cwb_fail(msg, n, CWB_EFAIL, "cannot write %s: %s", o->path, strerror(errno))
               : CWB_OK;
}

int cwb_output_flush(cwb_output *o, char *msg, size_t n)
{
    if (o->f && !o->tmp[0]) /* discarded */
        return fflush(o->f) != 0 || ferror(o->f)
                   ? cwb_fail(msg, n, CWB_EFAIL, "cannot write %s", o->path)
                   : CWB_OK;
    if (!o->f || fflush(o->f) != 0 || ferror(o->f) || fsync(fileno(o->f)) != 0)
        return cwb_fail(msg, n, CWB_EFAIL, "cannot write %s: %s", o->path, strerror(errno));
    return CWB_OK;
}

/* The kind of a line of an output's opening '#' block in its record of when
 * it was made (src/io/record.c): 1 the "# cwb VERSION (commit ...)" line, 2
 * the "# date:" line right after it, 0 any other line. `prev`: the kind of
 * the line before. */
static int when_kind(const char *line, int prev)
{
    static const char cwb_line[] = "# cwb " CWB_VERSION " (commit ";
    if (strncmp(line, cwb_line, sizeof cwb_line - 1) == 0)
        return 1;
    return prev == 1 && strncmp(line, "# date: ", 8) == 0 ? 2 : 0;
}

/* The existing output at path, opened for reading when it is a regular file
 * (not a fifo, whose open would wait for a writer, nor a link or a device:
 * those are replaced by the rename as before); NULL otherwise. */
static FILE *open_regular(const char *path)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC);
    struct stat st;
    if (fd < 0)
        return NULL;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        return NULL;
    }
    FILE *f = fdopen(fd, "r");
    if (!f)
        close(fd);
    return f;
}

/* A "# made:" line of an output's opening '#' block (a reference table's
 * record of when, where and how it was made, src/io/record.c): read as
 * absent, so that a table regenerated with the same content keeps its file,
 * and one written before tables had the line keeps its text. */
static ssize_t next_line(char **l, size_t *n, FILE *f, int *opening)
{
    ssize_t r;
    while ((r = getline(l, n, f)) >= 0) {
        *opening = *opening && (*l)[0] == '#';
        if (!*opening || strncmp(*l, "# made: ", 8) != 0)
            break;
    }
    return r;
}

/* Whether the finished temporary says what the existing file says, apart
 * from the commit and the date it was made and its "# made:" line: then the
 * existing file is kept, and regenerating a set of committed outputs
 * changes only the files whose content changed (its record still names a
 * build and a time that made exactly this content). Any read failure (a
 * line too long for memory included: getline's ENOMEM sets no error flag)
 * counts as a difference. */
static int same_but_when(const char *tmp, const char *path)
{
    FILE *a = fopen(tmp, "r"), *b = a ? open_regular(path) : NULL;
    char *la = NULL, *lb = NULL;
    size_t na = 0, nb = 0;
    int same = b != NULL, opening = 1, ka = 0, kb = 0, open_a = 1, open_b = 1;
    while (same) {
        ssize_t ra = next_line(&la, &na, a, &open_a), rb = next_line(&lb, &nb, b, &open_b);
        if (ra < 0 || rb < 0) {
            same = ra < 0 && rb < 0 && feof(a) && feof(b) && !ferror(a) && !ferror(b);
            break;
        }
        opening = opening && la[0] == '#' && lb[0] == '#';
        ka = opening ? when_kind(la, ka) : 0;
        kb = opening ? when_kind(lb, kb) : 0;
        same = (ka && ka == kb) || (ra == rb && memcmp(la, lb, (size_t)ra) == 0);
    }
    free(la);
    free(lb);
    if (a)
        fclose(a);
    if (b)
        fclose(b);
    return same;
}

int cwb_output_commit(cwb_output *o, char *msg, size_t n)
{
    if (!o->f)
        return cwb_fail(msg, n, CWB_EFAIL, "cannot write %s", o->path);
    if (!o->tmp[0])
        return commit_discarded(o, msg, n);
    /* fsync: a power loss after the rename must not leave a name that
     * points at data still in the page cache (a truncated "complete" file) */
    int bad = fflush(o->f) != 0 || ferror(o->f) || fsync(fileno(o->f)) != 0;
    int err = errno;
    if (fclose(o->f) != 0 && !bad) {
        bad = 1;
        err = errno;
    }
    o->f = NULL;
    if (!bad && same_but_when(o->tmp, o->path)) {
        /* kept, but made now: a rule that compares times sees it fresh */
        utimensat(AT_FDCWD, o->path, NULL, 0);
        unlink(o->tmp);
        o->tmp[0] = '\0';
        temp_forget(o);
        return CWB_OK;
    }
    if (!bad && rename(o->tmp, o->path) != 0) {
        bad = 1;
        err = errno;
    }
    if (bad) {
        unlink(o->tmp);
        o->tmp[0] = '\0';
        temp_forget(o);
        return cwb_fail(msg, n, CWB_EFAIL,
                        "cannot write %s: %s (an earlier file of that name "
                        "is left as it was)",
                        o->path, strerror(err));
    }
    o->tmp[0] = '\0';
    temp_forget(o);
    return CWB_OK;
}

void cwb_output_abort(cwb_output *o)
{
    if (o->f)
        fclose(o->f);
    o->f = NULL;
    if (o->tmp[0])
        unlink(o->tmp);
    o->tmp[0] = '\0';
    temp_forget(o);
}

/* link(2) fails with these where the file system has no hard links. */
static int no_hard_links(int err)
{
    return err == EPERM || err == ENOSYS || err == EOPNOTSUPP || err == EMLINK;
}

int cwb_output_publish_new(cwb_output *o, int *fd, int *exists, char *msg, size_t n)
{
    *fd = -1;
    *exists = 0;
    int rc = cwb_output_flush(o, msg, n);
    if (rc != CWB_OK) {
        cwb_output_abort(o);
        return rc;
    }
    struct stat st;
    int err = link(o->tmp, o->path) == 0 ? 0 : errno;
    if (err && no_hard_links(err))
        err = lstat(o->path, &st) == 0 ? EEXIST : rename(o->tmp, o->path) == 0 ? 0 : errno;
    else if (!err)
        unlink(o->tmp);
    if (err) {
        *exists = err == EEXIST;
        cwb_output_abort(o);
        return *exists ? CWB_OK
                       : cwb_fail(msg, n, CWB_EFAIL, "cannot write %s: %s", o->path, strerror(err));
    }
    o->tmp[0] = '\0';
    temp_forget(o);
    *fd = dup(fileno(o->f));
    err = errno;
    fclose(o->f);
    o->f = NULL;
    if (*fd < 0)
        return cwb_fail(msg, n, CWB_EFAIL, "cannot write %s: %s", o->path, strerror(err));
    return CWB_OK;
}

int cwb_make_dirs(const char *path, char *msg, size_t n)
{
    char tmp[CWB_TEXT + 64];
    if (!path[0] || strlen(path) >= sizeof tmp)
        return cwb_fail(msg, n, CWB_EINPUT, "'%s': not a usable folder name", path);
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char *p = tmp + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            if (mkdir(tmp, 0777) != 0 && errno != EEXIST)
                return cwb_fail(msg, n, CWB_EFAIL, "cannot create folder %s: %s", tmp,
                                strerror(errno));
            *p = '/';
        }
    if (mkdir(tmp, 0777) != 0 && errno != EEXIST)
        return cwb_fail(msg, n, CWB_EFAIL, "cannot create folder %s: %s", path, strerror(errno));
    struct stat st;
    if (stat(path, &st) != 0 || !S_ISDIR(st.st_mode))
        return cwb_fail(msg, n, CWB_EFAIL, "%s exists and is not a folder", path);
    return CWB_OK;
}

int cwb_on_path(const char *name, char *full, size_t n)
{
    const char *path = getenv("PATH");
    if (!path || strchr(name, '/'))
        return 0;
    while (*path) {
        const char *end = strchr(path, ':');
        size_t len = end ? (size_t)(end - path) : strlen(path);
        snprintf(full, n, "%.*s/%s", (int)(len ? len : 1), len ? path : ".", name);
        if (access(full, X_OK) == 0)
            return 1;
        path += len + (end ? 1 : 0);
    }
    return 0;
}

/* In the child: go to cwd, send both output streams to log, close stdin,
 * and replace the process. Only async-signal-safe calls after fork. */
static void exec_child(char *const argv[], const char *cwd, const char *log)
{
    int in = open("/dev/null", O_RDONLY);
    int out = open(log ? log : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0666);
    if (in < 0 || out < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(out, 2) < 0)
        _exit(127);
    if (cwd && chdir(cwd) != 0)
        _exit(127);
    /* cwb ignores SIGXFSZ (a write past `ulimit -f` then fails with a
     * message); an ignored signal stays ignored across exec, so the tool
     * gets the default back */
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(SIGXFSZ, &dfl, NULL);
    /* the tool gets nothing of cwb's but its three streams (no output a
     * crash could leave half-written, no descriptor it could keep open) */
    long max = sysconf(_SC_OPEN_MAX);
    for (int fd = 3; fd < (max > 0 && max < 65536 ? max : 1024); fd++)
        close(fd);
    execvp(argv[0], argv);
    _exit(127);
}

int cwb_spawn(char *const argv[], const char *cwd, const char *log)
{
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0)
        return 127;
    if (pid == 0)
        exec_child(argv, cwd, log);
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return 127;
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    return -1;
}

int cwb_path_printable(const char *path)
{
    for (const unsigned char *c = (const unsigned char *)path; *c; c++)
        if (*c < 0x20 || *c == 0x7f)
            return 0;
    return 1;
}
