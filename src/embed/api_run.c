/* api_run.c -- the public run API (include/cwb/cwb_api.h, "running
 * cases"): cwb_api_run, cwb_api_sweep, cwb_api_batch and cwb_api_fit over
 * the functions the commands call (cwb_case_load and cwb_run_case,
 * src/drivers/run.c; cwb_sweep, src/commands/sweep.c; cwb_batch_memory,
 * src/commands/batch.c; cwb_fit, src/fit/fit.c), so that a result is the
 * command's bit for bit: this file only moves what they return into a
 * cwb_api_result. It holds no state between calls.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cwb_api.h"
#include "cwb_batch.h"
#include "cwb_fit.h"
#include "cwb_run.h"
#include "cwb_sweep.h"
#include "cwb_verdict.h"

_Static_assert((int)CWB_API_OK == (int)CWB_OK && (int)CWB_API_EFAIL == (int)CWB_EFAIL &&
                   (int)CWB_API_EINPUT == (int)CWB_EINPUT &&
                   (int)CWB_API_ECANCEL == (int)CWB_ECANCEL,
               "cwb_api.h statuses mirror cwb.h");

struct cwb_api_result {
    cwb_result r;          /* scalars, the table, warnings, verdict */
    cwb_row_outcomes rows; /* a sweep's or batch's rows (n = 0 otherwise) */
    cwb_fit_covariance cov;
    size_t nparam;
    size_t param[CWB_MAX_SCALARS]; /* the scalars of a fit's parameters */
    size_t param_se[CWB_MAX_SCALARS];
};

static cwb_api_result *result_new(void)
{
    cwb_api_result *res = calloc(1, sizeof *res);
    if (res)
        cwb_result_init(&res->r);
    return res;
}

void cwb_api_result_free(cwb_api_result *r)
{
    if (!r)
        return;
    cwb_result_free(&r->r);
    cwb_row_outcomes_free(&r->rows);
    free(r);
}

/* The end of every call: *out is the result on success, else NULL (and
 * the result freed). msg may be NULL: the functions below write into a
 * buffer of their own. */
static int finish(int rc, cwb_api_result *res, cwb_api_result **out, const char *why, char *msg,
                  size_t msg_size)
{
    if (rc != CWB_OK) {
        cwb_api_result_free(res);
        res = NULL;
        if (msg && msg_size)
            snprintf(msg, msg_size, "%s", why);
    } else if (msg && msg_size)
        msg[0] = '\0';
    if (out)
        *out = res;
    else
        cwb_api_result_free(res);
    return rc;
}

/* The arguments every call checks: a path (or name) and its overrides. */
static int check_args(const char *path, const char *const *sets, size_t nsets, char *why, size_t n)
{
    if (!path)
        return cwb_fail(why, n, CWB_EINPUT, "no case given (NULL)");
    if (nsets && !sets)
        return cwb_fail(why, n, CWB_EINPUT, "%zu overrides but sets is NULL", nsets);
    return CWB_OK;
}

/* --- run ------------------------------------------------------------------ */

static int run_case(const char *name, const char *text, const char *const *sets, size_t nsets,
                    cwb_api_result **out, char *msg, size_t msg_size)
{
    char why[CWB_MSG] = "";
    cwb_api_result *res = result_new();
    cwb_case *c = cwb_case_new();
    int rc = res && c ? CWB_OK : cwb_fail(why, sizeof why, CWB_EFAIL, "out of memory");
    if (rc == CWB_OK)
        rc = check_args(name, sets, nsets, why, sizeof why);
    if (rc == CWB_OK)
        rc = text ? cwb_case_load_text(c, name, text, sets, nsets, why, sizeof why)
                  : cwb_case_load(c, name, sets, nsets, why, sizeof why);
    if (rc == CWB_OK)
        rc = cwb_run_case(c, &res->r, why, sizeof why);
    free(c);
    return finish(rc, res, out, why, msg, msg_size);
}

int cwb_api_run(const char *case_path, const char *const *sets, size_t nsets, cwb_api_result **out,
                char *msg, size_t msg_size)
{
    return run_case(case_path, NULL, sets, nsets, out, msg, msg_size);
}

int cwb_api_run_text(const char *name, const char *case_text, const char *const *sets, size_t nsets,
                     cwb_api_result **out, char *msg, size_t msg_size)
{
    if (!case_text)
        return finish(CWB_EINPUT, NULL, out, "no case text given (NULL)", msg, msg_size);
    return run_case(name ? name : "case.case", case_text, sets, nsets, out, msg, msg_size);
}

/* --- sweep ---------------------------------------------------------------- */

/* The summary's numbers as scalars, named as `cwb sweep --json` names them. */
static void sweep_scalars(cwb_result *r, const cwb_sweep_summary *sum)
{
    cwb_result_set(r, "values", "-", (double)sum->values);
    cwb_result_set(r, "failed", "-", (double)sum->failed);
    char name[64];
    for (size_t k = 0; k < sum->ndev; k++) {
        if (sum->dev[k].verdict == CWB_VERDICT_NONE) /* drawn beside, not judged */
            continue;
        snprintf(name, sizeof name, "ref_max_rel_error_%s", sum->dev[k].y);
        cwb_result_set(r, name, "-", sum->dev[k].max_rel);
        snprintf(name, sizeof name, "ref_rms_error_%s", sum->dev[k].y);
        cwb_result_set(r, name, "-", sum->dev[k].rms_rel);
    }
    r->verdict = sum->verdict;
}

int cwb_api_sweep(const char *case_path, const char *const *sets, size_t nsets, const char *vary,
                  cwb_api_progress progress, void *user, cwb_api_result **out, char *msg,
                  size_t msg_size)
{
    return cwb_api_sweep_with(case_path, sets, nsets, vary, NULL, progress, user, out, msg,
                              msg_size);
}

int cwb_api_sweep_with(const char *case_path, const char *const *sets, size_t nsets,
                       const char *vary, const cwb_api_options *options, cwb_api_progress progress,
                       void *user, cwb_api_result **out, char *msg, size_t msg_size)
{
    char why[CWB_MSG] = "";
    cwb_api_result *res = result_new();
    cwb_sweep_summary *sum = calloc(1, sizeof *sum);
    int rc = res && sum ? CWB_OK : cwb_fail(why, sizeof why, CWB_EFAIL, "out of memory");
    if (rc == CWB_OK)
        rc = check_args(case_path, sets, nsets, why, sizeof why);
    if (rc == CWB_OK) {
        cwb_sweep_request req = {.path = case_path,
                                 .sets = sets,
                                 .nsets = nsets,
                                 .vary = vary,
                                 .jobs = 1,
                                 .summary = sum,
                                 .table = &res->r,
                                 .rows = &res->rows,
                                 .progress = progress,
                                 .user = user,
                                 .dt_reuse = options && options->dt_reuse};
        rc = cwb_sweep(&req, NULL, why, sizeof why);
    }
    if (rc == CWB_OK)
        sweep_scalars(&res->r, sum);
    free(sum);
    return finish(rc, res, out, why, msg, msg_size);
}

/* --- batch ---------------------------------------------------------------- */

int cwb_api_batch(const char *case_path, const char *const *sets, size_t nsets,
                  const char *const *keys, size_t nkeys, const char *const *values, size_t nsamples,
                  const char *results, cwb_api_progress progress, void *user, cwb_api_result **out,
                  char *msg, size_t msg_size)
{
    return cwb_api_batch_with(case_path, sets, nsets, keys, nkeys, values, nsamples, results, NULL,
                              progress, user, out, msg, msg_size);
}

int cwb_api_batch_with(const char *case_path, const char *const *sets, size_t nsets,
                       const char *const *keys, size_t nkeys, const char *const *values,
                       size_t nsamples, const char *results, const cwb_api_options *options,
                       cwb_api_progress progress, void *user, cwb_api_result **out, char *msg,
                       size_t msg_size)
{
    char why[CWB_MSG] = "";
    cwb_api_result *res = result_new();
    int rc = res ? CWB_OK : cwb_fail(why, sizeof why, CWB_EFAIL, "out of memory");
    if (rc == CWB_OK)
        rc = check_args(case_path, sets, nsets, why, sizeof why);
    if (rc == CWB_OK) {
        cwb_batch_memory_request req = {.path = case_path,
                                        .sets = sets,
                                        .nsets = nsets,
                                        .keys = keys,
                                        .nkeys = nkeys,
                                        .values = values,
                                        .nsamples = nsamples,
                                        .results = results,
                                        .progress = progress,
                                        .user = user,
                                        .table = &res->r,
                                        .rows = &res->rows,
                                        .dt_reuse = options && options->dt_reuse};
        rc = cwb_batch_memory(&req, why, sizeof why);
    }
    return finish(rc, res, out, why, msg, msg_size);
}

/* --- fit ------------------------------------------------------------------ */

/* The parameters of a fit: every scalar NAME with a scalar NAME_stderr. */
static void fit_parameters(cwb_api_result *res)
{
    const cwb_result *r = &res->r;
    char se[CWB_TEXT];
    for (size_t i = 0; i < r->nscalar; i++) {
        snprintf(se, sizeof se, "%s_stderr", r->scalar[i].name);
        for (size_t j = 0; j < r->nscalar; j++)
            if (strcmp(r->scalar[j].name, se) == 0) {
                res->param[res->nparam] = i;
                res->param_se[res->nparam++] = j;
                break;
            }
    }
}

int cwb_api_fit(const char *fitcase_path, const char *out_dir, cwb_api_progress progress,
                void *user, cwb_api_result **out, char *msg, size_t msg_size)
{
    char why[CWB_MSG] = "";
    cwb_api_result *res = result_new();
    int rc = res ? CWB_OK : cwb_fail(why, sizeof why, CWB_EFAIL, "out of memory");
    if (rc == CWB_OK && !fitcase_path)
        rc = cwb_fail(why, sizeof why, CWB_EINPUT, "no fit-case given (NULL)");
    if (rc == CWB_OK) {
        cwb_fit_request req = {.path = fitcase_path,
                               .dir = out_dir,
                               .params = &res->cov,
                               .table = &res->r,
                               .progress = progress,
                               .user = user};
        rc = cwb_fit(&req, &res->r, NULL, why, sizeof why);
    }
    if (rc == CWB_OK)
        fit_parameters(res);
    return finish(rc, res, out, why, msg, msg_size);
}

/* --- reading a result ------------------------------------------------------ */

size_t cwb_api_result_scalar_count(const cwb_api_result *r)
{
    return r ? r->r.nscalar : 0;
}

const char *cwb_api_result_scalar_name(const cwb_api_result *r, size_t i)
{
    return r && i < r->r.nscalar ? r->r.scalar[i].name : NULL;
}

const char *cwb_api_result_scalar_unit(const cwb_api_result *r, size_t i)
{
    return r && i < r->r.nscalar ? r->r.scalar[i].unit : NULL;
}

double cwb_api_result_scalar(const cwb_api_result *r, size_t i)
{
    return r && i < r->r.nscalar ? r->r.scalar[i].value : NAN;
}

double cwb_api_result_get(const cwb_api_result *r, const char *name)
{
    return r && name ? cwb_result_get(&r->r, name) : NAN;
}

size_t cwb_api_result_rows(const cwb_api_result *r)
{
    return r ? r->r.series.nrow : 0;
}

size_t cwb_api_result_column_count(const cwb_api_result *r)
{
    return r ? r->r.series.ncol : 0;
}

const char *cwb_api_result_column_name(const cwb_api_result *r, size_t j)
{
    return r && j < r->r.series.ncol ? r->r.series.col[j].name : NULL;
}

const char *cwb_api_result_column_unit(const cwb_api_result *r, size_t j)
{
    return r && j < r->r.series.ncol ? r->r.series.col[j].unit : NULL;
}

const double *cwb_api_result_column(const cwb_api_result *r, size_t j)
{
    static const double none[1] = {0.0}; /* a column of no rows */
    if (!r || j >= r->r.series.ncol)
        return NULL;
    return r->r.series.col[j].v ? r->r.series.col[j].v : none;
}

int cwb_api_result_row_status(const cwb_api_result *r, size_t row)
{
    return r && row < r->rows.n ? r->rows.status[row] : CWB_API_OK;
}

const char *cwb_api_result_row_message(const cwb_api_result *r, size_t row)
{
    return r && row < r->rows.n && r->rows.message[row] ? r->rows.message[row] : "";
}

size_t cwb_api_result_warning_count(const cwb_api_result *r)
{
    return r ? r->r.nwarn : 0;
}

const char *cwb_api_result_warning(const cwb_api_result *r, size_t i)
{
    return r && i < r->r.nwarn ? r->r.warn[i] : NULL;
}

const char *cwb_api_result_verdict(const cwb_api_result *r)
{
    return r && r->r.verdict != CWB_VERDICT_NONE ? cwb_verdict_word(r->r.verdict) : "";
}

size_t cwb_api_result_param_count(const cwb_api_result *r)
{
    return r ? r->nparam : 0;
}

const char *cwb_api_result_param_name(const cwb_api_result *r, size_t i)
{
    return r && i < r->nparam ? r->r.scalar[r->param[i]].name : NULL;
}

double cwb_api_result_param_value(const cwb_api_result *r, size_t i)
{
    return r && i < r->nparam ? r->r.scalar[r->param[i]].value : NAN;
}

double cwb_api_result_param_stderr(const cwb_api_result *r, size_t i)
{
    return r && i < r->nparam ? r->r.scalar[r->param_se[i]].value : NAN;
}

/* The index of a parameter in the model's covariance, -1 when absent. */
static int cov_index(const cwb_api_result *r, size_t i)
{
    for (size_t k = 0; k < r->cov.np; k++)
        if (strcmp(r->cov.name[k], cwb_api_result_param_name(r, i)) == 0)
            return (int)k;
    return -1;
}

double cwb_api_result_covariance(const cwb_api_result *r, size_t i, size_t j)
{
    if (!r || i >= r->nparam || j >= r->nparam)
        return NAN;
    int a = cov_index(r, i), b = cov_index(r, j);
    if (a >= 0 && b >= 0)
        return r->cov.cov[a][b];
    double se = cwb_api_result_param_stderr(r, i);
    return i == j ? se * se : NAN;
}
