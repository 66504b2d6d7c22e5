/* cwb_run.h -- cases and drivers: what a case file holds, the driver type
 * and table, the case reader, and a case run through its driver.
 *
 * Data flows one way (src/README.md): a case file is read and validated into a
 * cwb_case; a driver runs it and fills a cwb_result (src/core/cwb_result.h);
 * out.c writes CSV/JSON and plot.c the gnuplot script and PNG.
 */
#ifndef CWB_RUN_H
#define CWB_RUN_H

#include <stdio.h>

#include "cwb.h"
#include "cwb_contact.h"
#include "cwb_result.h"
#include "cwb_law.h"
#include "cwb_pair.h"

/* ------------------------------------------------------------------ */
/* Cases and drivers                                                   */

struct cwb_case;

typedef struct {
    const char *name;        /* [driver] type = name */
    const char *summary;     /* one line for `cwb describe` */
    const cwb_param *params; /* the keys of its [driver] section */
    /* Optional cross-key checks once the case is read; CWB_EINPUT + msg. */
    int (*check)(const struct cwb_case *c, char *msg, size_t n);
    int (*run)(const struct cwb_case *c, cwb_result *r, char *msg, size_t n);
    const char *plot_x, *plot_y; /* default columns of its plot */
    /* Legend of its curve when it computes its own forces rather than the
     * case's laws (NULL: "cwb: NORMAL / TANGENTIAL"). */
    const char *own_model;
    /* What `cwb init` writes for it, where its check refuses other
     * compositions: dims, the geometries it runs (CWB_DIM_3D: spheres,
     * CWB_DIM_2D: discs); body2, the shape of its second body ("wall"; NULL:
     * a copy of body1); needs, the kinds (1u << CWB_KIND_*) it needs a law
     * of besides the normal one: for those it runs with the first law
     * declaring CWB_LAW_DEFAULT that suits (cwb_law.h), for the others
     * cwb_law_default's. A driver names no law. */
    unsigned dims;
    const char *body2;
    unsigned needs;
    /* The kinds (1u << CWB_KIND_*) whose laws it does not apply: a case
     * naming a law of one is refused (cwb_case_load), rather than run as if
     * the law were not there. */
    unsigned ignores;
    /* Optional: every scalar it can report, by name, NULL-terminated (at
     * most 128): a caller asks for some of them by their bits
     * (cwb_result_want_names, cwb_run_case_wanted) and the driver sets only
     * those. A run sets a subset, which depends on the case and the run
     * (e.g. yield_velocity only for a law that yields). */
    const char *const *results;
} cwb_driver_type;

size_t cwb_driver_count(void);
const cwb_driver_type *cwb_driver_at(size_t i);
const cwb_driver_type *cwb_driver_find(const char *name);

/* The prepared values of a law remembered by cwb_case_sampler_apply: a
 * law's check and prepare are pure functions of its values, the pair and
 * the normal law (cwb_law.h), so the same inputs give the same prepared
 * values (e.g. tsuji's alpha, which costs ODE solves) without running them
 * again. CWB_PREPARED_KEEP distinct inputs per kind, the oldest replaced. */
#define CWB_PREPARED_KEEP 8
typedef struct {
    const cwb_law_head *law, *normal;
    cwb_pair pair;
    double in[CWB_MAX_PARAMS];  /* the law's values before check and prepare */
    double out[CWB_MAX_PARAMS]; /* and after */
} cwb_prepared_law;

typedef struct {
    cwb_prepared_law kept[CWB_PREPARED_KEEP];
    int n, next;     /* entries kept; where the next one goes */
    size_t prepared; /* check and prepare runs (inputs not kept) */
} cwb_prepared_memo;

typedef struct cwb_case {
    char file[CWB_TEXT]; /* path as given */
    char name[128];      /* file name without directory/.case */
    const cwb_law_head *law[CWB_KIND_COUNT];
    cwb_values law_values[CWB_KIND_COUNT];
    int law_line[CWB_KIND_COUNT]; /* [contact] line naming the law */
    cwb_values body_values[2];
    cwb_pair pair;
    const cwb_driver_type *driver;
    cwb_values driver_values;
    cwb_values output_values;
    cwb_values sweep_values; /* [sweep], for `cwb sweep` */
    int has_sweep;
    /* cwb_case_sampler_apply's memory of each kind's prepared laws: it
     * belongs to this case (a case is used by one thread at a time), never
     * to a law, and a load forgets it */
    cwb_prepared_memo prepared[CWB_KIND_COUNT];
} cwb_case;

/* An override "section.key=value" from the command line. */
typedef struct {
    const char *text;
} cwb_override;

/* Read, validate and build a case. The case is large: allocate it on the
 * heap (cwb_case_new). Returns CWB_OK, or CWB_EINPUT with "FILE:LINE: msg". */
cwb_case *cwb_case_new(void);
int cwb_case_load(cwb_case *c, const char *path, const char *const *overrides, size_t n_overrides,
                  char *msg, size_t n);
/* The same from a case file's text in memory; name stands for its path:
 * messages name it ("NAME:LINE: ..."), its relative paths are read from
 * name's folder, and the case is named after it. */
int cwb_case_load_text(cwb_case *c, const char *name, const char *text,
                       const char *const *overrides, size_t n_overrides, char *msg, size_t n);

/* The samples of one case (`cwb batch`): the file is read once and each
 * sample sets only its keys. cwb_case_sampler_new takes a case loaded by
 * cwb_case_load(base, path, overrides, n_over) whose last n_keys overrides
 * are the keys every sample sets ("section.key=value"); NULL when some key
 * is not a number or word of [driver], [body1], [body2] or a law's section
 * (a law's name, a shape, a list, a text): then load each sample.
 * cwb_case_sampler_apply sets the keys to values (n_keys texts) in c, a
 * case loaded like base (any values of those keys), and does again what
 * cwb_case_load does after reading them: parse and range, bodies and pair,
 * each law's check and prepare (skipped for inputs c->prepared holds: the
 * values they gave are copied), the driver's check. CWB_OK leaves c as
 * cwb_case_load would with those values; any other status leaves c half
 * set and its message may lack the line: load the sample with
 * cwb_case_load for the message. */
typedef struct cwb_case_sampler cwb_case_sampler;
cwb_case_sampler *cwb_case_sampler_new(const cwb_case *base, const char *const *overrides,
                                       size_t n_over, size_t n_keys);
int cwb_case_sampler_apply(const cwb_case_sampler *s, cwb_case *c, const char *const *values,
                           char *msg, size_t n);
void cwb_case_sampler_free(cwb_case_sampler *s);

/* "FILE:LINE" of a value of a table in this case (for drivers' checks). */
void cwb_case_where(const cwb_case *c, const cwb_values *v, int i, char *buf, size_t n);
/* Refuse key i of a law's values v (kind) as a driver finds it: "WHERE:
 * [SECTION] KEY = VALUE" and then `why` (": the driver ...", " acts ...").
 * Returns CWB_EINPUT. */
int cwb_case_refuse_law_key(const cwb_case *c, int kind, int i, const char *why, char *msg,
                            size_t n);
/* The value of "section.key" in a loaded case as text: numbers with 17
 * digits, lists comma-separated, choices as their word; "contact.normal"
 * etc. give the law's name. 0, or -1 when the case has no such key. */
/* The values table holding "section.key" (a law's, a body's, the
 * driver's) with the key's index in *index, or NULL (and -1). */
const cwb_values *cwb_case_key(const cwb_case *c, const char *path, int *index);
int cwb_case_value_text(const cwb_case *c, const char *path, char *buf, size_t n);

/* Output keys, shared by every case ([output] section). */
enum {
    CWB_OUT_REFERENCE = 0,       /* reference CSV path */
    CWB_OUT_REFERENCE_X,         /* reference column on x (default: plot x) */
    CWB_OUT_REFERENCE_Y,         /* reference column on y (default: plot y) */
    CWB_OUT_PLOT_X,              /* plot x column (default: the driver's) */
    CWB_OUT_PLOT_Y,              /* plot y column */
    CWB_OUT_TITLE,               /* plot title */
    CWB_OUT_COMPARE_X,           /* column both curves are matched on (default: plot x) */
    CWB_OUT_OVERLAY,             /* other runs' CSVs drawn on the same plot */
    CWB_OUT_ALSO_REFERENCE,      /* further references drawn as points; their deviation
                                    is printed (also_ref_*), not held to a tolerance */
    CWB_OUT_REFERENCE_COMPARE_X, /* the reference's column matched with compare_x
                                    (default: the same name) */
    CWB_OUT_ALSO_REFERENCE_Y,    /* the also_references' column on y (default: as the
                                    reference's) */
    CWB_OUT_MODEL_COMPARISON,    /* what the deviation measures when it compares two
                                    models (no verdict); "" for a verification */
    CWB_OUT_NO_REFERENCE         /* why the plot draws no independent reference (into its
                                    title) */
};
extern const cwb_param cwb_output_params[];

/* Sweep keys ([sweep]). */
enum {
    CWB_SWEEP_VARY = 0,
    CWB_SWEEP_FROM,
    CWB_SWEEP_TO,
    CWB_SWEEP_N,
    CWB_SWEEP_SCALE,
    CWB_SWEEP_PLOT_Y,
    CWB_SWEEP_REFERENCE,
    CWB_SWEEP_REFERENCE_X,
    CWB_SWEEP_REFERENCE_Y,
    CWB_SWEEP_TITLE,
    CWB_SWEEP_PLOT_X,
    CWB_SWEEP_LINK,
    CWB_SWEEP_LINK_FACTOR,
    CWB_SWEEP_OVERLAY
};
extern const cwb_param cwb_sweep_params[];

/* The sections a case file may hold, in the order they are described; the
 * reader refuses any other. params is the section's key table where it is
 * fixed (NULL where the section's keys come from a law or the driver). */
typedef struct {
    const char *name;
    const cwb_param *params;
    const char *help; /* one line: what the section holds */
} cwb_case_section;
extern const cwb_case_section cwb_case_sections[]; /* ended by name NULL */
const cwb_case_section *cwb_case_section_find(const char *name);

/* Bind the laws of case c to ct and set their virgin states (a thin wrapper
 * of cwb_contact_setup, src/drivers/case.c). CWB_OK; CWB_EINPUT only for
 * a case not built by cwb_case_load. */
int cwb_contact_init(cwb_contact *ct, const cwb_case *c);

/* Whether case c has the inputs reference ref stands for (src/drivers/run.c;
 * ref read by cwb_reference_load, src/io/cwb_out.h): its "# stands for:" entries
 * "section.key = value", ';'-separated; numbers equal to 1e-9 relative,
 * words exactly). skip names a key not checked (a sweep's varied key), or
 * NULL; a key the case does not have does not apply to it (a FEM table's
 * sigma_y against a law given p_y). 1 when they all match or none are
 * stated; 0 with the first mismatch in why ("driver.v_normal = 5, the
 * reference's 20"); -1 with why when an entry is malformed. */
struct cwb_reference;
int cwb_reference_stands_for(const struct cwb_reference *ref, const cwb_case *c, const char *skip,
                             char *why, size_t n);
/* The same with several keys not checked (a fit's free keys and its varied
 * key); an entry "section." skips the whole section. */
int cwb_reference_stands_for_but(const struct cwb_reference *ref, const cwb_case *c,
                                 const char *const *skip, size_t nskip, char *why, size_t n);
/* 1 when ref's "# stands for:" names key, its value (as written) into
 * value; else 0. */
int cwb_reference_stands_for_key(const struct cwb_reference *ref, const char *key, char *value,
                                 size_t n);

/* Run the case's driver and compare with its reference if it names one. */
int cwb_run_case(const cwb_case *c, cwb_result *r, char *msg, size_t n);
/* The same for a caller that reads only the scalars (`cwb batch`, `cwb
 * sweep`): the series left empty where the driver can skip it and nothing
 * is compared with it (a case without a reference or also_reference). The
 * same scalars, but with dt = auto a collision reports the run dt = auto
 * accepted, not the finer run that records the curve at the default rows
 * (the scalars of cwb_run_case at rows small enough). */
int cwb_run_case_scalars(const cwb_case *c, cwb_result *r, char *msg, size_t n);
/* The same for a caller that reads only the scalars of want (NULL: all):
 * every one of them has the value cwb_run_case_scalars gives it, the
 * others may be left out, and the warnings too unless want->warnings. */
int cwb_run_case_wanted(const cwb_case *c, const cwb_result_want *want, cwb_result *r, char *msg,
                        size_t n);
/* want for the scalars names[0..count) of driver d (and its warnings if
 * warnings): 1, or 0 when d publishes no result table or one of the names
 * is not in it (ask for every scalar then: *want is left asking for all). */
int cwb_result_want_names(const cwb_driver_type *d, const char *const *names, size_t count,
                          int warnings, cwb_result_want *want);

/* The warnings for energy a law created, each naming the law and quoting
 * its creates_energy (src/drivers/energy_created.c): by the tangential
 * (stiff_t) or rolling (stiff_r) law, booked by the driver as its
 * energy_from_stiffness_change and energy_rolling_stiffness_change (< 0
 * when created), none below 1e-9 of scale (the run's energy put in, or its
 * largest work), each said as a share of it when scale_name is not NULL
 * ("energy_in"); and by the normal law on steps flagged
 * CWB_FLAG_ENERGY_GAIN (energy_returned_by_law over that many steps, none
 * when 0). Energies in J, or J/m for discs. */
void cwb_warn_energy_created(cwb_result *r, const struct cwb_case *c, double stiff_t,
                             double stiff_r, double scale, const char *scale_name);
void cwb_warn_energy_returned(cwb_result *r, const struct cwb_case *c, double returned,
                              size_t steps);

/* Where a run's files go: DIR/NAME.csv, and with plot its gnuplot script
 * and the figure rendered as format (png, pdf or svg; NULL: png). */
typedef struct {
    const char *dir;
    int plot;
    const char *format;
    const char *command; /* the command line, recorded in the CSV (NULL: a library call) */
} cwb_run_output;

/* What `cwb run` does after loading: the overrides noted in the plot title,
 * cwb_run_case, a reference made for other inputs left off the plot (and
 * also_references likewise, with a warning), then the files, written
 * atomically (the CSV before its plot). Warnings of the plot go to log. */
int cwb_run_and_write(cwb_case *c, const char *const *over, size_t nover, const cwb_run_output *o,
                      cwb_result *r, const cwb_log *log, char *msg, size_t n);

#endif /* CWB_RUN_H */
