/* cwb_shortest.h -- a double as the text of cwb's one number format
 * (shortest.cc: its shortest round-trip digits by Dragonbox, laid out as
 * %g), for cwb_format_shortest (format.c) and the CSV writer's rows
 * (io/out.c). A C interface to C++ code: only what formats numbers links
 * it. */
#ifndef CWB_SHORTEST_H
#define CWB_SHORTEST_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The chars cwb_shortest_put may write from its o: the text (at most 24:
 * a sign, 17 digits, the point and e-308) and past its end the scratch of
 * fixed-size copies (at most 34 in all). */
#define CWB_SHORTEST_ROOM 48

/* x as cwb_format_shortest writes it (cwb_numeric.h, doc/outputs.md),
 * at o and without a '\0': the shortest digits that read back to x laid
 * out as %g; zero as "0", NaN and infinities as "nan", "inf", "-inf".
 * Returns the end of the text. o must have CWB_SHORTEST_ROOM chars; those
 * past the end hold scratch the caller writes over. */
char *cwb_shortest_put(char *o, double x);

/* The most chars a cell of cwb_shortest_put_cells takes: its text and
 * the comma after it. */
#define CWB_SHORTEST_CELL 25

/* The cells col[0][row] .. col[n-1][row] of a row of a CSV table, each
 * followed by a comma, at o: a number as cwb_shortest_put writes it, zero
 * and -0 as "0", NaN and the infinities as nothing (an empty field).
 * Returns the end of the text. o must have n * CWB_SHORTEST_CELL +
 * CWB_SHORTEST_ROOM chars; those past the end hold scratch. */
char *cwb_shortest_put_cells(char *o, const double *const *col, size_t n, size_t row);

#ifdef __cplusplus
}
#endif

#endif /* CWB_SHORTEST_H */
