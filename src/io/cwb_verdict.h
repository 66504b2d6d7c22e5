/* cwb_verdict.h -- whether a comparison with a reference passes.
 *
 * Every reference CSV states the bound a run must meet ("# tolerance: X
 * reason": a bound on max |run - ref| / max |ref|, the deviation
 * cwb_compare measures) and how independent of cwb it is ("# independence:
 * CLASS"). A comparison is judged against that bound: PASS when the
 * deviation is at most the tolerance, FAIL otherwise. Two comparisons are
 * not judged: a model comparison (the case says, in [output]
 * model_comparison, that the deviation measures how far one model is from
 * another: it is the result, and no tolerance bounds it), and a reference
 * made for other inputs (not compared at all). A table that judges no
 * run says "# tolerance: none reason" (a FEM solve stopped before the end
 * of what it stands for): its comparisons are "no tolerance".
 */
#ifndef CWB_VERDICT_H
#define CWB_VERDICT_H

#include <stddef.h>

#include "cwb_result.h" /* cwb_verdict, beside the results that carry it */

/* The verdict on a deviation against a tolerance (NaN: none stated);
 * model is nonzero for a model comparison. */
cwb_verdict cwb_verdict_judge(double deviation, double tolerance, int model);

/* "PASS", "FAIL", "model comparison", "no tolerance", "not compared", "". */
const char *cwb_verdict_word(cwb_verdict v);

/* One line for people: "PASS: max deviation 3.3e-08 <= tolerance 1e-05"
 * (of max |ref|), "model comparison: max deviation 0.18 (no verdict: ...)". */
void cwb_verdict_line(cwb_verdict v, double deviation, double tolerance, char *buf, size_t n);

/* The words for a comparison drawn beside the judged one (an also_reference,
 * a sweep's further references): no verdict, but whether the deviation is
 * within that reference's own tolerance, so that "not judged" is not read as
 * a pass: "drawn, not judged: over its tolerance" (or "within its
 * tolerance"; "drawn, not judged" when it states none). */
const char *cwb_verdict_drawn(double deviation, double tolerance);
/* The same with the tolerance, as every command prints it: "drawn, not
 * judged: over its tolerance 0.011" (the words alone when it states none).
 * Returns buf. */
const char *cwb_verdict_drawn_line(double deviation, double tolerance, char *buf, size_t n);

#endif /* CWB_VERDICT_H */
