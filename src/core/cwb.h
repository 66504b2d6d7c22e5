/* cwb.h -- core definitions shared by every part of the contact workbench.
 *
 * Status codes, small 3-vector arithmetic, the parameter table that laws,
 * bodies and drivers all use to declare (and validate) their inputs, and
 * the message helper every fallible function reports through.
 *
 * Conventions used throughout cwb:
 *   - SI units everywhere; 2D (plane-strain) contacts report forces per unit
 *     length [N/m] and energies per unit length [J/m].
 *   - Library code never exits and never prints: it returns a status and
 *     writes a user-facing message into a caller-provided buffer; only
 *     main() turns a status into an exit code.
 */
#ifndef CWB_H
#define CWB_H

#include <stddef.h>
#include <math.h>

#define CWB_VERSION "0.1.0"

/* The git commit this build was made from (`git describe --always --dirty`
 * of the source tree when it was built, "unknown" outside a git checkout):
 * every output records it (doc/outputs.md). */
const char *cwb_commit(void);

/* Status codes double as process exit codes (doc/outputs.md, "Exit status"). */
enum {
    CWB_OK = 0,     /* success */
    CWB_EFAIL = 1,  /* the computation failed (no convergence, no separation...) */
    CWB_EINPUT = 2, /* bad input: usage, case file, parameter out of range */
    CWB_ETOOL = 3,  /* an external tool (gnuplot, gmsh, ccx) is missing */
    CWB_ECANCEL = 4 /* stopped by the embedding program's progress callback (the library's
                       run API; never the command's exit status) */
};

#define CWB_MSG 1024 /* size of every user-facing message buffer */

/* Write a formatted message into msg (if non-NULL) and return code. */
int cwb_fail(char *msg, size_t n, int code, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 4, 5)))
#endif
    ;

/* Where library code sends what a person should read. Library code never
 * touches stdout or stderr: a command (src/cli/) passes a cwb_log whose
 * function decides (results to stdout, progress and warnings to stderr);
 * a caller that wants silence passes NULL. */
typedef enum {
    CWB_LOG_RESULT = 0, /* the answer a command was asked for */
    CWB_LOG_PROGRESS,   /* how far a long run is (overwritten on a terminal) */
    CWB_LOG_WARN,       /* something the user must know about the answer */
    CWB_LOG_DETAIL,     /* context of a failure (a solver's log tail) */
    CWB_LOG_NOTE        /* a finished part of a long job, where files went: one line,
                           kept (not redrawn), on stderr even when it is not a terminal */
} cwb_log_level;

typedef struct {
    void (*fn)(void *user, cwb_log_level level, const char *text);
    void *user;
} cwb_log;

/* Format and pass one text to log (nothing when log or log->fn is NULL). */
void cwb_logf(const cwb_log *log, cwb_log_level level, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* Progress of one long run in the foreground. The command that runs a
 * single case for a person (cwb run) sets this thread's progress log and
 * the least time between two lines (half a second there); a driver or dt =
 * auto then calls cwb_progressf now and then (every so many steps, each
 * halving), and the text reaches the log as CWB_LOG_PROGRESS. Batch
 * workers and library calls leave it unset (NULL), where a call costs the
 * test of one pointer. */
void cwb_progress_log_set(const cwb_log *log, double seconds_between);
int cwb_progress_wanted(void);
void cwb_progressf(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

/* ------------------------------------------------------------------ */
/* 3-vectors                                                           */

typedef struct {
    double x, y, z;
} cwb_vec3;

static inline cwb_vec3 cwb_v3(double x, double y, double z)
{
    cwb_vec3 r = {x, y, z};
    return r;
}
static inline cwb_vec3 cwb_v3_add(cwb_vec3 a, cwb_vec3 b)
{
    return cwb_v3(a.x + b.x, a.y + b.y, a.z + b.z);
}
static inline cwb_vec3 cwb_v3_sub(cwb_vec3 a, cwb_vec3 b)
{
    return cwb_v3(a.x - b.x, a.y - b.y, a.z - b.z);
}
static inline cwb_vec3 cwb_v3_scale(cwb_vec3 a, double s)
{
    return cwb_v3(a.x * s, a.y * s, a.z * s);
}
static inline double cwb_v3_dot(cwb_vec3 a, cwb_vec3 b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
static inline cwb_vec3 cwb_v3_cross(cwb_vec3 a, cwb_vec3 b)
{
    return cwb_v3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x);
}
static inline double cwb_v3_norm(cwb_vec3 a)
{
    return sqrt(cwb_v3_dot(a, a));
}
/* The component of a lying in the plane whose unit normal is n. */
static inline cwb_vec3 cwb_v3_in_plane(cwb_vec3 a, cwb_vec3 n)
{
    return cwb_v3_sub(a, cwb_v3_scale(n, cwb_v3_dot(a, n)));
}

/* Carry a tangential vector stored in an earlier tangent plane into the
 * plane with unit normal n: drop its normal component, then restore its
 * magnitude (seed 001, "F_t,pr^cor"), so that a rigid rotation of the
 * contact neither creates nor destroys tangential force. */
cwb_vec3 cwb_v3_rotate_into_plane(cwb_vec3 a, cwb_vec3 n);

/* ------------------------------------------------------------------ */
/* Parameter tables                                                    */

typedef enum {
    CWB_PARAM_REAL = 0, /* a finite real number with a unit and a range */
    CWB_PARAM_CHOICE,   /* one word out of `choices`; stored as its index */
    CWB_PARAM_LIST,     /* comma-separated reals (driver targets) */
    CWB_PARAM_TEXT      /* free text (a path, a title) */
} cwb_param_kind;

/* Flags of a parameter. */
enum {
    CWB_P_MIN_OPEN = 1u << 0, /* value must be > min (default >= min) */
    CWB_P_MAX_OPEN = 1u << 1, /* value must be < max (default <= max) */
    CWB_P_REQUIRED = 1u << 2, /* no default: the case must give it */
    CWB_P_AUTO = 1u << 3,     /* the word "auto" is accepted (stored as def) */
    CWB_P_INTEGER = 1u << 4,  /* a whole number (counts: steps, points, rows) */
    CWB_P_PATH = 1u << 5,     /* TEXT naming files: relative paths are read from the
                                 folder of the file that names them (cwb_paths.h) */
    CWB_P_OUTPUTS = 1u << 6,  /* TEXT naming other runs' CSVs: a bare file name is read
                                 from the output folder, a path with a folder in it as
                                 CWB_P_PATH (cwb_paths.h) */
    CWB_P_RATE = 1u << 7      /* a law key that acts only through the motion's rate (a
                                 damping of the law's own): a driver that gives no rate
                                 (history at segment_time = 0) refuses it given other
                                 than 0 */
};

typedef struct {
    const char *name;           /* key in the case file */
    const char *unit;           /* SI unit, "-" for dimensionless */
    double def;                 /* default (REAL), default index (CHOICE) */
    double min, max;            /* allowed range for REAL and LIST items */
    unsigned flags;             /* CWB_P_* */
    cwb_param_kind kind;        /* REAL unless stated */
    const char *const *choices; /* NULL-terminated words, CHOICE only */
    const char *help;           /* one line: meaning and source */
    /* The value `cwb init` writes for this key, as a case file takes it
     * ("0.3", "2e-6, 0"): a key with an example is written set, one without
     * is written commented out with its default. Every CWB_P_REQUIRED key of
     * a law, a driver or a body has one (tests/test_init.c), chosen for the
     * example bodies of src/cli/init.c so that the case runs, and runs fast. */
    const char *example;
    /* "kind=value" (kind a law kind: tangential, damping, rolling): the
     * value `cwb init` writes for this driver key when the case it writes has
     * a law of that kind, which the driver applies only with the key so set
     * (roll's slip = law; collision's v_tangential: head-on, a tangential law
     * does nothing), or which that law needs (collision's dt_tol). NULL: the
     * example alone. */
    const char *example_with_law;
    /* "key=word" or "key=word1|word2": this key is read only when `key`, a
     * CHOICE of the same table, holds one of those words (or, for a REAL
     * key that takes "auto", when it is auto; "key=*" for a TEXT key: when
     * the case gives it; "contact.KIND=*" for a law key: when the contact
     * has a KIND law, checked by the case reader, cwb_param_law_condition).
     * A case that gives it under
     * any other choice is refused (cwb_values_check_read): a value the law
     * never reads would otherwise be dropped without a word. NULL: always
     * read. */
    const char *read_when;
} cwb_param;

#define CWB_MAX_PARAMS 32   /* parameters in one table */
#define CWB_MAX_LIST   256  /* items in one LIST parameter */
#define CWB_TEXT       2048 /* length of a TEXT parameter (a path list with absolute paths) */

/* The values of one parameter table: p[i] for REAL/CHOICE (CHOICE as the
 * index), list[i] for LIST, text[i] for TEXT; given[i] is the case-file line
 * that set it (0 = default, -1 = a --set override). */
typedef struct {
    const cwb_param *table;
    double p[CWB_MAX_PARAMS];
    int given[CWB_MAX_PARAMS];
    struct {
        size_t n;
        double v[CWB_MAX_LIST];
    } list[CWB_MAX_PARAMS];
    char text[CWB_MAX_PARAMS][CWB_TEXT];
} cwb_values;

size_t cwb_param_count(const cwb_param *table);
int cwb_param_index(const cwb_param *table, const char *name); /* -1 if absent */
void cwb_values_init(cwb_values *v, const cwb_param *table);

/* Parse `text` as the value of table[i] into v, checking its kind and range.
 * On failure writes "key = value: reason (allowed ...)" and returns
 * CWB_EINPUT; the caller prefixes file and line. */
int cwb_param_parse(cwb_values *v, int i, const char *text, char *msg, size_t n);

/* 1 when the real x lies in p's allowed range. A real key whose default
 * lies outside it has no default: the default is a marker that the key was
 * not given (py = 0 where py_from = sigma_y derives it). */
int cwb_param_allows(const cwb_param *p, double x);

/* Whether table[i] is read under the values v holds (its read_when); 1
 * when it has no condition. */
int cwb_param_is_read(const cwb_values *v, int i);

/* Its condition as text ("stiffness = direct", "friction = eq2 or eq3",
 * "k_r = auto") into buf; "" when it has none. */
void cwb_param_read_when(const cwb_param *p, char *buf, size_t n);
/* The key of its k-th condition (from 0) into key: 1, or 0 past its last. */
int cwb_param_condition_key(const cwb_param *p, int k, char *key, size_t n);
/* 1 when p is read only with a law of another kind in the contact (its
 * read_when holds "contact.KIND=*"), that kind's section name into kind; 0
 * otherwise. A table alone cannot check it: the case reader does. */
int cwb_param_law_condition(const cwb_param *p, char *kind, size_t n);

/* The first key v was given (given[i] != 0) that its table does not read
 * under the values v holds: CWB_EINPUT, *at its index and why "kt is read
 * only with stiffness = direct (stiffness = ratio here)"; CWB_OK when
 * every given key is read. */
int cwb_values_check_read(const cwb_values *v, int *at, char *why, size_t n);

/* Describe the allowed range of p as text, e.g. "(0, inf) Pa". */
void cwb_param_range(const cwb_param *p, char *buf, size_t n);

/* Format one value of a table for provenance headers ("0.2 [-]"): numbers as
 * the shortest text that reads back to the same double. */
void cwb_param_format(const cwb_values *v, int i, char *buf, size_t n);

/* Parse a whole string as one finite double; 0 on success. */
int cwb_parse_double(const char *text, double *out);
/* s without the white space (isspace) at its start and end, in place:
 * the text moved to the start of s; returns s. */
char *cwb_trim(char *s);

/* ------------------------------------------------------------------ */
/* The bibliography (src/core/bibliography.c)                          */

/* A work cwb reproduces or cites: its key (cited as "[key]") and the full
 * reference. */
typedef struct {
    const char *key;
    const char *citation;
} cwb_work;

size_t cwb_work_count(void);
const cwb_work *cwb_work_at(size_t i);
const cwb_work *cwb_work_find(const char *key); /* NULL when unknown */
/* The next work cited as "[key]" in text from *at on (NULL at the end);
 * *at moves past it. */
const cwb_work *cwb_work_next_cited(const char *text, const char **at);

#endif /* CWB_H */
