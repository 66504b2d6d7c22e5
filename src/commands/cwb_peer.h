/* cwb_peer.h -- `cwb peer`: a collision case run in another DEM code (LAMMPS,
 * LIGGGHTS, Yade) beside cwb, from the same case file.
 *
 * For each peer code (one entry of the table cwb_peer_codes, one file per
 * code: peer_lammps.c, peer_liggghts.c, peer_yade.c) cwb
 *   - maps the case's laws onto the code's nearest options, one line per
 *     law saying what it chose and where the two differ, and refuses
 *     (CWB_EINPUT, naming what the code lacks) a law the code has no
 *     equivalent for;
 *   - writes the code's input for two spheres with the case's materials,
 *     radii, velocities and spins at a given step, in a private folder,
 *     with every number printed to 17 digits and every text either
 *     escaped for the code's language or reduced to a safe alphabet;
 *   - runs the code (found on PATH, CWB_ETOOL naming its Debian package
 *     when it is not there) with no shell (cwb_spawn);
 *   - reads the trace the input makes it write (cwb_trace.h).
 * peer.c does the rest: cwb's own converged run, the code's step swept
 * from its default down, the side-by-side table with deviations, the
 * force-time plot and the CSVs.
 */
#ifndef CWB_PEER_H
#define CWB_PEER_H

#include <stdio.h>

#include "cwb_run.h"
#include "cwb_trace.h"

/* The two spheres as every peer gets them: body 1 at the origin, body 2
 * touching it along +z, the relative velocity and spins of the case's
 * collision driver shared so that the centre of mass is at rest (as
 * src/drivers/collision.c sets them up). */
typedef struct {
    double radius[2], density[2], mass[2];
    cwb_vec3 v[2], w[2]; /* initial velocities [m/s] and spins [rad/s] */
    /* One material (E, nu) given to both bodies whose mixing rule
     * (1/E* = 2 (1 - nu^2)/E, 1/G* = 4 (2 - nu)(1 + nu)/E, the rule of LAMMPS,
     * LIGGGHTS and Yade for like bodies) gives the pair's E* and G*: the
     * bodies' own when they are alike. */
    double E, nu;
    double E_star, G_star, R_star, m_star;
} cwb_peer_bodies;

/* One law's mapping: cwb's law and the code's nearest option, with what
 * differs ("" when nothing does). */
typedef struct {
    char cwb[96];
    char peer[256];
    char note[512];
} cwb_peer_law_map;

/* What the mapping decided, for the writer. */
typedef struct {
    cwb_peer_law_map law[CWB_KIND_COUNT];
    char model[2048]; /* the code's contact model text (LAMMPS: pair_coeff's words) */
    double value[16]; /* numbers the writer needs (the code's own meaning) */
} cwb_peer_map;

/* One run of the peer: its step and length. */
typedef struct {
    double dt;
    long steps;
} cwb_peer_run;

typedef struct {
    const char *name;        /* lammps, liggghts, yade */
    const char *program;     /* the executable on PATH */
    const char *package;     /* the Debian package holding it */
    const char *script;      /* the input file the writer makes in the run's folder */
    const char *trace;       /* the trace file the input makes the code write */
    const char *const *args; /* the argument vector after the program (NULL-terminated) */
    int (*map)(const cwb_case *c, const cwb_peer_bodies *b, cwb_peer_map *m, char *msg, size_t n);
    int (*write)(FILE *f, const cwb_case *c, const cwb_peer_bodies *b, const cwb_peer_map *m,
                 const cwb_peer_run *run);
    /* Optional: a second file the script reads (LIGGGHTS: the atoms and
     * their spins, which its set command cannot give), written beside it. */
    const char *data;
    int (*write_data)(FILE *f, const cwb_case *c, const cwb_peer_bodies *b);
    int (*read)(const char *path, double dt, cwb_body_trace *t, char *msg, size_t n);
    /* The code's name and version from its log (the first line naming it). */
    void (*version)(const char *log, char *out, size_t n);
} cwb_peer_code;

extern const cwb_peer_code cwb_peer_lammps, cwb_peer_liggghts, cwb_peer_yade;
size_t cwb_peer_code_count(void);
const cwb_peer_code *cwb_peer_code_at(size_t i);
const cwb_peer_code *cwb_peer_code_find(const char *name);

/* The bodies of a collision case of two spheres (CWB_EINPUT otherwise). */
int cwb_peer_bodies_of(const cwb_case *c, cwb_peer_bodies *b, char *msg, size_t n);

/* A number of the case ("section.key"), NaN when it has none; a word of
 * it into buf ("" when none). */
double cwb_peer_number(const cwb_case *c, const char *key);
const char *cwb_peer_word(const cwb_case *c, const char *key, char *buf, size_t n);
/* The name of the case's law of one kind. */
const char *cwb_peer_law(const cwb_case *c, cwb_kind kind);
/* The names of the case's normal, tangential and rolling laws, written as
 * cwb's side of the map ("normal hertz", ...) and returned in *nl, *tl, *rl. */
void cwb_peer_name_laws(const cwb_case *c, cwb_peer_map *m, const char **nl, const char **tl,
                        const char **rl);
/* A peer code's version from its log: the first line that starts with
 * `banner`, cut before any char of `stop`, then `close` appended; "NAME
 * (version not found in LOG)" when no line does (NAME: banner's first word). */
void cwb_peer_log_version(const char *log, const char *banner, const char *stop, const char *close,
                          char *out, size_t n);
/* The tangent stiffness of the case's normal law at overlap delta [N/m]. */
double cwb_peer_normal_stiffness(const cwb_case *c, double delta);
/* The damping coefficient alpha of eta = alpha sqrt(m* k_n) delta^(1/4)
 * (Tsuji's form) the case's tsuji or hertz_restitution damping uses; NaN
 * for another damping law. */
double cwb_peer_tsuji_alpha(const cwb_case *c);
/* Reduce text to letters, digits and the marks " ._+-=*^(),:;<>" and the slash (any other byte as
 * '_') for a comment of a script whose language gives no way to quote it
 * (LAMMPS, LIGGGHTS: a final '&' continues a line into the next, quotes
 * and '$' are read specially); nothing else of a case reaches their
 * scripts but numbers. */
void cwb_peer_safe_text(const char *text, char *out, size_t n);
/* The mapping as comment lines, each begun with prefix and made safe. */
void cwb_peer_write_mapping(FILE *f, const cwb_peer_map *m, const char *prefix);
/* The same as a Python string literal with quotes: every character but
 * [A-Za-z0-9 ._+-] as \xNN (UTF-8 bytes), so nothing closes the string. */
void cwb_peer_python_string(const char *text, char *out, size_t n);

/* What cwb peer compares, in this order: the velocity of body 1 relative
 * to body 2 after the collision along the initial normal and along +x,
 * the normal restitution (along the normal where the contact ended) and
 * the tangential one, the spins about +y after, the contact time, the
 * largest overlap and the largest normal force (with its dashpot). */
enum {
    CWB_PEER_U_NORMAL,
    CWB_PEER_U_TANGENTIAL,
    CWB_PEER_RESTITUTION,
    CWB_PEER_RESTITUTION_T,
    CWB_PEER_OMEGA1,
    CWB_PEER_OMEGA2,
    CWB_PEER_CONTACT_TIME,
    CWB_PEER_MAX_OVERLAP,
    CWB_PEER_MAX_FORCE,
    CWB_PEER_OUTCOMES
};

/* The outcome of a peer's trace of bodies b, with cwb's definitions
 * (src/drivers/collision.c): the contact ends where the overlap, linear
 * between steps, returns to zero, or for an adhesive law (adhesive != 0)
 * after the last step with a force; *contact_steps counts the steps with
 * a force. */
void cwb_peer_outcome(const cwb_peer_bodies *b, const cwb_body_trace *t, int adhesive, double *v,
                      long *contact_steps);

/* What `cwb peer` is asked to do. */
typedef struct {
    const char *path;        /* the case file */
    const char *const *sets; /* --set overrides */
    size_t nsets;
    const char *code;    /* lammps, liggghts or yade */
    const char *dir;     /* output folder (created) */
    double dt;           /* the peer's first step; 0: its default (0.2 Rayleigh times) */
    int levels;          /* steps swept: dt, dt/2, ... (1..12) */
    int plot;            /* write and render the force-time plot */
    const char *command; /* the command line, recorded in the CSVs (NULL: a library call) */
    const char *format;  /* png, pdf or svg */
    int write_only;      /* write the inputs, run nothing (a dry run) */
} cwb_peer_request;

/* Read `cwb peer`'s arguments argv[2..] into req (over: room for argc
 * overrides, kept by req); CWB_EINPUT with the problem in msg. */
int cwb_peer_args(int argc, char **argv, cwb_peer_request *req, const char **over, char *msg,
                  size_t n);

/* Run it and write DIR/NAME_CODE.csv (the sweep: the peer's outcome per
 * step, with its deviation from cwb's), DIR/NAME_CODE_cwb.csv (cwb's run),
 * DIR/NAME_CODE.gp and its figure, and the code's folders
 * DIR/NAME_CODE/dtK/ (its input, log, trace, and forces.csv: its
 * force-time curve); the table goes to log as CWB_LOG_RESULT. */
int cwb_peer(const cwb_peer_request *req, const cwb_log *log, char *msg, size_t n);

#endif /* CWB_PEER_H */
