/* cwb_api.h -- cwb's contact laws for someone else's DEM code, and the
 * whole workbench (runs, sweeps, batches, fits) for a program that drives it:
 * "running cases" below.
 *
 * The one public header of libcwb (`make install`; `pkg-config --cflags
 * --libs cwb`). It includes only <stddef.h> and exposes no internal type:
 * a contact is an opaque handle, kinematics and results are plain structs of
 * doubles, parameters are "section.key" = "value" text pairs exactly as a
 * case file or `cwb run --set` writes them, so the error messages are the
 * case reader's ("[tangential] mu = -0.3 [-] is out of range: allowed [0,
 * inf) -").
 *
 * The law contract (cwb_law.h) holds through this API:
 *   - cwb_api_contact_eval() is PURE: it reads the parameters, the bodies,
 *     the committed history and the kinematics you give, and writes the
 *     response plus a trial state into a cwb_api_trial you own; calling it
 *     any number of times (RK stages, a rejected step, a probe) changes
 *     nothing;
 *   - cwb_api_contact_commit() is the only call that changes history: it
 *     makes a trial the committed state. Commit once per accepted step.
 *
 * Geometry and signs (the same as cwb_law.h):
 *   normal    unit vector from body 1 to body 2;
 *   overlap   delta > 0 in contact (delta <= 0: no force, but for an
 *             adhesive contact that still holds, see F_n);
 *   F_n       > 0 repulsive: body 2 receives +F_n n, body 1 receives -F_n n;
 *             F_n >= 0 for every normal law except the adhesive ones
 *             (cwb_api_law_adhesive(): jkr, dmt, thornton_ning), whose
 *             F_n < 0 is attractive (body 2 pulled towards body 1), down
 *             to minus the pull-off force: (3/2) pi w R* for jkr (Johnson,
 *             Kendall & Roberts 1971), 2 pi w R* for dmt (Derjaguin, Muller
 *             & Toporov 1975), (3/2) pi w R_p for thornton_ning, R_p the
 *             radius of the plastically flattened contact (Thornton & Ning
 *             1998); w is the work of adhesion. jkr and thornton_ning hold a
 *             contact down to an overlap delta_c < 0;
 *   dxi_t     tangential displacement of body 2 relative to body 1 at the
 *             contact point SINCE THE LAST COMMIT (the increment), in the
 *             current tangent plane;
 *   F_t       the tangential spring force (parallel to xi_t when elastic):
 *             body 2 receives -F_t, body 1 receives +F_t; the tangential
 *             damping force follows the same sign rule.
 * SI units throughout. A pair of discs is 2D plane strain: forces are then
 * per unit length [N/m] and energies [J/m].
 *
 * Threads: a contact handle is not locked; different contacts may be used
 * from different threads at once (an evaluation reads its contact and
 * constant tables and writes only its trial and output; tests/test_threads.c
 * steps every law from several threads under ThreadSanitizer).
 *
 * GSL: a contact never sets GSL's error handler (there is one per
 * process, your program's) and never makes GSL call it: a root solve or a
 * quadrature that fails inside a law comes back as CWB_API_EFAIL or
 * CWB_API_EINPUT, whatever handler is installed (GSL's default aborts).
 * The one exception is GSL running out of memory in its own allocations,
 * which GSL reports to the installed handler as for any caller. (The run
 * API's profile driver and fits do switch it off while they run: see
 * "running cases".)
 *
 * Functions return CWB_API_OK (0) or an error code; those that take
 * (msg, msg_size) write a one-line reason there (msg may be NULL).
 *
 * In a DEM code: make a contact when two bodies first touch
 * (cwb_api_contact_new; it parses and checks text, so keep it out of the
 * inner loop), evaluate and commit it once per accepted step, and free it
 * (or cwb_api_contact_reset it for reuse) when they separate. A handle
 * holds about 2.5 kB: the laws' prepared parameters and history states.
 * examples/dem_loop.c is a complete loop.
 */
#ifndef CWB_API_H
#define CWB_API_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define CWB_API_VERSION 1 /* incremented when this header changes incompatibly */

/* Status codes (the CLI's exit codes, and one of the library's own). */
enum {
    CWB_API_OK = 0,     /* success */
    CWB_API_EFAIL = 1,  /* a law or a run failed (no convergence, a result not finite,
                           every value of a sweep failed) */
    CWB_API_EINPUT = 2, /* bad input: unknown law or key, value out of range,
                           kinematics refused, a case or fit-case refused */
    CWB_API_ECANCEL = 4 /* stopped by the caller's progress callback */
};

/* Law kinds; also the section names of the parameter keys. */
enum {
    CWB_API_NORMAL = 0, /* "normal" */
    CWB_API_TANGENTIAL, /* "tangential" */
    CWB_API_DAMPING,    /* "damping" */
    CWB_API_ROLLING,    /* "rolling" */
    CWB_API_KIND_COUNT
};

/* Body shapes. */
enum {
    CWB_API_SPHERE = 0, /* 3D */
    CWB_API_DISC,       /* 2D plane strain, per unit length */
    CWB_API_WALL        /* a half-space */
};

/* Flags of one evaluation (cwb_api_out.flags). */
enum {
    CWB_API_FLAG_EXTRAPOLATED = 1u << 0,  /* a law was used outside its stated validity */
    CWB_API_FLAG_DISCONTINUITY = 1u << 1, /* the normal law crossed a documented force jump */
    CWB_API_FLAG_ENERGY_GAIN = 1u << 2,   /* the normal law gave back more than it took */
    CWB_API_FLAG_REVERSAL = 1u << 3       /* the tangential law switches branch where the
                                             motion along its force reverses (a time
                                             integrator should end a step there) */
};

/* One body. A wall takes no radius or density (leave them 0); a wall with
 * E = 0 is rigid, a wall with E > 0 is elastic and needs nu. */
typedef struct {
    int shape;      /* CWB_API_SPHERE, CWB_API_DISC or CWB_API_WALL */
    double radius;  /* [m] */
    double E;       /* Young's modulus [Pa] */
    double nu;      /* Poisson's ratio [-] */
    double density; /* [kg/m^3] */
} cwb_api_body;

/* The kinematics of one evaluation, measured from the committed state.
 * Every number must be finite; cwb_api_contact_eval refuses (CWB_API_EINPUT,
 * naming the field, its value and what is allowed) an overlap at or beyond
 * R1 + R2 (the centres would meet; a wall's radius is 0), a normal whose
 * length is not 1 within 1e-6, and dt < 0. */
typedef struct {
    double overlap;      /* normal overlap delta [m], > 0 in contact */
    double overlap_rate; /* d(delta)/dt [m/s], > 0 approaching */
    double normal[3];    /* unit normal, body 1 -> body 2 */
    double dxi_t[3];     /* tangential displacement increment since the last
                             commit, in the current tangent plane [m] */
    double v_t[3];       /* tangential relative velocity of body 2 w.r.t. body 1
                             at the contact point [m/s] (damping laws) */
    double omega1[3];    /* angular velocity of body 1 [rad/s] (rolling laws) */
    double omega2[3];    /* angular velocity of body 2 [rad/s] */
    double dt;           /* time since the last commit [s]; 0 when quasi-static */
} cwb_api_kin;

/* What one evaluation returns. Total normal force on body 2:
 * (force_n + damping_n) n; total tangential force on body 2:
 * -(force_t + damping_t). */
typedef struct {
    double force_n;          /* normal spring force F_n [N]: > 0 repulsive, < 0
                                attractive (adhesive laws only, see above) */
    double damping_n;        /* normal damping force, > 0 repulsive [N] */
    double force_t[3];       /* tangential spring force F_t [N] */
    double damping_t[3];     /* tangential damping force, same sign rule as F_t [N] */
    double torque1[3];       /* rolling-resistance torque on body 1 [N m] */
    double torque2[3];       /* rolling-resistance torque on body 2 [N m] */
    double stiffness_n;      /* dF_n/d(delta) on the current branch [N/m] */
    double stiffness_t;      /* current tangential stiffness [N/m] */
    double radius;           /* contact radius [m] */
    double energy_n;         /* elastic energy recoverable from the normal law [J] */
    double energy_t;         /* elastic energy stored in the tangential spring [J] */
    double work_n;           /* work done on the normal law since the last commit [J] */
    double work_t;           /* work done on the tangential law since the last commit [J] */
    double dissipated_n;     /* of work_n, dissipated (plasticity) [J] */
    double dissipated_t;     /* of work_t, dissipated [J] = slip + stiffness_energy */
    double slip;             /* of dissipated_t, by Coulomb slip [J], >= 0 */
    double stiffness_energy; /* the rest of dissipated_t [J], signed: lost (+) or
                                created (-) when the normal state changes the
                                tangential stiffness or lowers the Coulomb cap */
    int sliding;             /* 1 when the tangential law is at its Coulomb limit */
    int branch;              /* normal branch: 0 none, 1 elastic, 2 elastic-plastic,
                              3 plastic, 4 unloading, 5 reloading */
    unsigned flags;          /* CWB_API_FLAG_* of all four laws */
} cwb_api_out;

typedef struct cwb_api_contact cwb_api_contact; /* laws, parameters, bodies, history */
typedef struct cwb_api_trial cwb_api_trial;     /* one evaluation's trial history */

/* A contact of the four named laws (NULL or "" = "none"; normal is
 * required) between body1 and body2. keys[i] = values[i] are the laws'
 * parameters as "section.key" = "text", section one of normal, tangential,
 * damping, rolling (e.g. "tangential.mu" = "0.3"; choice words as in a case
 * file: "tangential.form" = "displacement"). Every key is checked: unknown
 * keys, values out of range, missing required keys, laws that do not fit the
 * geometry or each other are refused with the case reader's message.
 * Returns the contact in its virgin state, or NULL with the reason in msg. */
cwb_api_contact *cwb_api_contact_new(const char *normal, const char *tangential,
                                     const char *damping, const char *rolling,
                                     const char *const *keys, const char *const *values,
                                     size_t n_params, const cwb_api_body *body1,
                                     const cwb_api_body *body2, char *msg, size_t msg_size);
void cwb_api_contact_free(cwb_api_contact *c);

/* Scratch for one evaluation's trial history (reusable across contacts). */
cwb_api_trial *cwb_api_trial_new(void);
void cwb_api_trial_free(cwb_api_trial *t);

/* All four laws at k from the committed history: the response into out and
 * the trial history into trial (NULL: a probe, the trial is discarded).
 * Pure: c is not changed. CWB_API_OK; CWB_API_EINPUT when k is refused (see
 * cwb_api_kin); CWB_API_EFAIL when a law failed or a number of out is not
 * finite (parameters or kinematics beyond double precision). msg says why;
 * after an error the trial cannot be committed. */
int cwb_api_contact_eval(const cwb_api_contact *c, const cwb_api_kin *k, cwb_api_out *out,
                         cwb_api_trial *trial, char *msg, size_t msg_size);
/* Accept the step trial was evaluated for: its history becomes the
 * committed one, and its overlap the one the next evaluation starts from.
 * CWB_API_EINPUT, changing nothing, when trial does not come from a
 * successful evaluation of this contact from its current committed state
 * (another contact's trial, one from before a commit or a reset, or a
 * failed evaluation). */
int cwb_api_contact_commit(cwb_api_contact *c, const cwb_api_trial *trial);
/* eval + commit in one call (explicit DEM loops that accept every step). */
int cwb_api_contact_step(cwb_api_contact *c, const cwb_api_kin *k, cwb_api_out *out, char *msg,
                         size_t msg_size);
/* Forget all history (the contact broke): back to the virgin state. */
void cwb_api_contact_reset(cwb_api_contact *c);

/* Effective properties of the pair [Pa, Pa, m, kg] (any pointer may be NULL):
 *   1/E* = (1 - nu1^2)/E1 + (1 - nu2^2)/E2,
 *   1/G* = (2 - nu1)/G1 + (2 - nu2)/G2 with G = E / (2 (1 + nu)),
 *   1/R* = 1/R1 + 1/R2,  1/m* = 1/m1 + 1/m2;
 * a rigid wall adds nothing to 1/E*, 1/G*, and a wall nothing to 1/R*, 1/m*. */
void cwb_api_contact_pair(const cwb_api_contact *c, double *E_star, double *G_star, double *R_star,
                          double *m_star);

/* ----- the catalogue ----------------------------------------------------- */

/* Laws of one kind: count, and the name / one-line summary / source of the
 * i-th (NULL when out of range). */
size_t cwb_api_law_count(int kind);
const char *cwb_api_law_name(int kind, size_t i);
const char *cwb_api_law_summary(int kind, const char *law);
const char *cwb_api_law_source(int kind, const char *law);
const char *cwb_api_kind_name(int kind);
/* 1 when the law may return an attractive normal force (force_n < 0): the
 * adhesive normal laws jkr, dmt and thornton_ning; 0 for every other law,
 * of any kind, and for an unknown one. */
int cwb_api_law_adhesive(int kind, const char *law);

/* One parameter of a law. */
typedef struct {
    const char *name; /* key, e.g. "mu" */
    const char *unit; /* SI unit, "-" for dimensionless */
    const char *help; /* one line: meaning and source */
    char range[128];  /* allowed values as text, e.g. "[0, inf) -" or "no, yes" */
    double def;       /* default (choice parameters: the index of the word) */
    int required;     /* 1: no default, must be given */
    int is_choice;    /* 1: one word out of range */
} cwb_api_param_info;

/* Parameters of a law: the count (0 for an unknown law), and the i-th into
 * *info (CWB_API_OK, or CWB_API_EINPUT when out of range). */
size_t cwb_api_param_count(int kind, const char *law);
int cwb_api_param_info_at(int kind, const char *law, size_t i, cwb_api_param_info *info);
/* When the i-th parameter is read, as text into buf ("stiffness = direct",
 * "twist = spring_slider and k_tw = auto"; "" when always): a contact that
 * is given it under another choice is refused (CWB_API_OK, or
 * CWB_API_EINPUT for an unknown law or i out of range). */
int cwb_api_param_read_when(int kind, const char *law, size_t i, char *buf, size_t n);

/* The library's version, e.g. "0.1.0". */
const char *cwb_api_version(void);

/* ----- running cases: run, sweep, batch, fit ----------------------------- *
 *
 * The whole workbench in memory: a case file (or its text) run by its
 * driver, a sweep over one key, a batch over a table of samples, a fit of
 * a fit-case -- the code `cwb run`, `cwb sweep`, `cwb batch` and `cwb fit`
 * run, so the numbers are the command's bit for bit (tests/test_api_run.c),
 * with the same checks and the same messages ("FILE:LINE: [section] key =
 * value: what is allowed"). Nothing is printed, no file is written, no
 * signal handler is installed, no process is started; relative paths in a
 * case are read from its file's folder, as the command reads them.
 *
 * "sets" are overrides "section.key=value", as `cwb run --set` takes them
 * (nsets of them; sets may be NULL when nsets is 0).
 *
 * Threads: different calls may run in different threads at once (each has
 * its own case, result and message; the caches the library keeps of files
 * read are locked, tests/test_threads.c runs them under ThreadSanitizer).
 * A sweep or a batch runs its values one after another in the calling
 * thread: run several calls for parallel work.
 *
 * GSL: the profile driver and the fits call GSL functions that report
 * through GSL's error handler; while any such call runs, in any thread,
 * the handler is off, and the program's is put back after the last one.
 *
 * Every call returns a status, and on success *out, a result the caller
 * frees with cwb_api_result_free; on failure *out is NULL and msg says why
 * (may be NULL; a message longer than msg_size is cut). */

/* The outcome of a run, a sweep, a batch or a fit. */
typedef struct cwb_api_result cwb_api_result;

/* A long call's progress: called before each run with how many are done
 * and how many there are (total 0: not known in advance, a fit); a
 * non-zero return stops the call, which returns CWB_API_ECANCEL and no
 * result. A run in progress is not interrupted (it is bounded by its
 * case's max_steps). Called in the calling thread. */
typedef int (*cwb_api_progress)(void *user, size_t done, size_t total);

/* One run of a case file (`cwb run CASE --set ...`): the named scalars
 * with their units (restitution_normal, contact_time, ...; and, when the
 * case names a reference, the deviation ref_max_rel_error and its
 * verdict), the series (the CSV's columns with units), the warnings. */
int cwb_api_run(const char *case_path, const char *const *sets, size_t nsets, cwb_api_result **out,
                char *msg, size_t msg_size);
/* The same from a case file's text in memory; name stands for its path:
 * messages say "NAME:LINE: ...", relative paths in it are read from
 * NAME's folder (name "case.case": the working directory). */
int cwb_api_run_text(const char *name, const char *case_text, const char *const *sets, size_t nsets,
                     cwb_api_result **out, char *msg, size_t msg_size);

/* A sweep (`cwb sweep CASE --vary ... --set ...`): one run per value of one
 * key. vary is "section.key=FROM:TO:N[:log]", or NULL for the case's
 * [sweep] section. The result's table is the sweep's CSV: the varied key,
 * then every result some value defines, one row per value (NaN in a row
 * whose value failed: its row status and message say why); its scalars are
 * "values", "failed" and, for each [sweep] reference compared,
 * ref_max_rel_error_Y and ref_rms_error_Y (Y the result compared), with
 * the verdict. */
int cwb_api_sweep(const char *case_path, const char *const *sets, size_t nsets, const char *vary,
                  cwb_api_progress progress, void *user, cwb_api_result **out, char *msg,
                  size_t msg_size);

/* A batch (`cwb batch CASE --samples TABLE.csv`) over a table in memory:
 * nkeys columns ("section.key") and nsamples rows of values as text,
 * values[s * nkeys + k] the value of key k in sample s. Checked as a
 * TABLE.csv is, every sample before anything runs (a refusal names
 * "samples:S: ..." with S the sample's index, from 0). results is a
 * comma-separated list of result names, or NULL for every scalar the first
 * sample that runs reports (sample 0 unless it fails). The result's table has one column per result (with its unit)
 * and one row per sample, NaN where a sample failed (its row status and
 * message) or does not define that result. */
int cwb_api_batch(const char *case_path, const char *const *sets, size_t nsets,
                  const char *const *keys, size_t nkeys, const char *const *values, size_t nsamples,
                  const char *results, cwb_api_progress progress, void *user, cwb_api_result **out,
                  char *msg, size_t msg_size);

/* What a sweep or a batch may do beyond the command's defaults; zeroed (or
 * a NULL pointer) is the command without options. */
typedef struct {
    /* dt = auto from the neighbouring value or sample, as `--dt-reuse`: one
     * checked at the step the last fully refined one accepted (a run there
     * and at 4 times it), refined in full when the check disagrees; every
     * result still within its dt_tol, at about 1.3 times the run at its
     * step instead of 1.8 (doc/benchmarks.md). A value's step then depends
     * on the ones before it in this call. */
    int dt_reuse;
} cwb_api_options;

/* cwb_api_sweep and cwb_api_batch with options (NULL: none). */
int cwb_api_sweep_with(const char *case_path, const char *const *sets, size_t nsets,
                       const char *vary, const cwb_api_options *options, cwb_api_progress progress,
                       void *user, cwb_api_result **out, char *msg, size_t msg_size);
int cwb_api_batch_with(const char *case_path, const char *const *sets, size_t nsets,
                       const char *const *keys, size_t nkeys, const char *const *values,
                       size_t nsamples, const char *results, const cwb_api_options *options,
                       cwb_api_progress progress, void *user, cwb_api_result **out, char *msg,
                       size_t msg_size);

/* A fit (`cwb fit FITCASE`): the fitted values by name with their
 * standard errors (the parameters below), R^2 (scalar r_squared), the
 * model's other numbers as scalars, and the fit's table (the points, the
 * fitted curve, the residual). out_dir: where the command's files (the
 * table as NAME_fit.csv, no plot) are written, or NULL for none. */
int cwb_api_fit(const char *fitcase_path, const char *out_dir, cwb_api_progress progress,
                void *user, cwb_api_result **out, char *msg, size_t msg_size);

void cwb_api_result_free(cwb_api_result *r);

/* Named scalars: count; name, unit ("-": dimensionless) and value of the
 * i-th (NULL, NULL, NaN out of range); the value by name (NaN when the
 * result has none, or when it is not a number: JSON's null). */
size_t cwb_api_result_scalar_count(const cwb_api_result *r);
const char *cwb_api_result_scalar_name(const cwb_api_result *r, size_t i);
const char *cwb_api_result_scalar_unit(const cwb_api_result *r, size_t i);
double cwb_api_result_scalar(const cwb_api_result *r, size_t i);
double cwb_api_result_get(const cwb_api_result *r, const char *name);

/* The table: rows, columns; the j-th column's name, unit and its rows
 * values (NULL out of range; valid until the result is freed). */
size_t cwb_api_result_rows(const cwb_api_result *r);
size_t cwb_api_result_column_count(const cwb_api_result *r);
const char *cwb_api_result_column_name(const cwb_api_result *r, size_t j);
const char *cwb_api_result_column_unit(const cwb_api_result *r, size_t j);
const double *cwb_api_result_column(const cwb_api_result *r, size_t j);

/* Each row of a sweep (a value) or a batch (a sample): CWB_API_OK, or the
 * status of its failed run, and then its message ("" when it succeeded;
 * CWB_API_OK and "" for the rows of a run or a fit). */
int cwb_api_result_row_status(const cwb_api_result *r, size_t row);
const char *cwb_api_result_row_message(const cwb_api_result *r, size_t row);

/* Warnings (what the command prints as "cwb: warning: ..."). */
size_t cwb_api_result_warning_count(const cwb_api_result *r);
const char *cwb_api_result_warning(const cwb_api_result *r, size_t i);

/* The comparison with the case's reference against its tolerance: "PASS",
 * "FAIL", "model comparison", "no tolerance", "not compared", or "" when
 * nothing was compared. */
const char *cwb_api_result_verdict(const cwb_api_result *r);

/* A fit's parameters: every fitted value that has a standard error (the
 * scalar NAME and NAME_stderr), in the fit's order; the covariance of the
 * i-th and j-th: from the models that fit case keys (run, scalar), else
 * the variance (stderr^2) on the diagonal and NaN elsewhere. Count 0 and
 * NaNs for other results. */
size_t cwb_api_result_param_count(const cwb_api_result *r);
const char *cwb_api_result_param_name(const cwb_api_result *r, size_t i);
double cwb_api_result_param_value(const cwb_api_result *r, size_t i);
double cwb_api_result_param_stderr(const cwb_api_result *r, size_t i);
double cwb_api_result_covariance(const cwb_api_result *r, size_t i, size_t j);

#ifdef __cplusplus
}
#endif

#endif /* CWB_API_H */
