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
 * a sign, 17 digits, the point and e-308), past its end what its
 * fixed-size copies write (at most 34 from o in all) and then the 48 chars
 * of its digits and their scratch. */
#define CWB_SHORTEST_ROOM 82

/* x as cwb_format_shortest writes it (cwb_numeric.h, doc/outputs.md),
 * at o and without a '\0': the shortest digits that read back to x laid
 * out as %g; zero as "0", NaN and infinities as "nan", "inf", "-inf".
 * Returns the end of the text. o must have CWB_SHORTEST_ROOM chars; those
 * past the end hold scratch the caller writes over. */
char *cwb_shortest_put(char *o, double x);

/* The most columns a table of cwb_shortest_put_rows has (a series' own
 * bound, CWB_MAX_COLS, is checked against it where the two meet). */
#define CWB_SHORTEST_MAX_COLS 72

/* A CSV table's row as cwb_shortest_put_rows writes it: the columns whose
 * cells are formatted one by one, and the columns that hold only zeros
 * (0 or -0), which are the same text "0," in every row and are written as
 * one copy of it with the text around them. */
typedef struct {
    const double *v; /* the column's cells, one a row */
    size_t tail;     /* the chars after its cell: its comma, and "0," for
                      * each all-zero column up to the next formatted one */
} cwb_shortest_column;

typedef struct {
    size_t lead; /* the chars before the first formatted cell: "0," for
                  * each all-zero column there */
    size_t n;    /* the columns formatted */
    cwb_shortest_column col[CWB_SHORTEST_MAX_COLS];
} cwb_shortest_rows;

/* The most chars a cell of cwb_shortest_put_rows takes: its text and
 * the comma after it. */
#define CWB_SHORTEST_CELL 25

/* Rows *row, *row + 1, ... (< nrow) of a table laid out as rows says, as
 * CSV lines at o, while o <= full: a number as cwb_shortest_put writes it,
 * zero and -0 as "0", NaN and the infinities as nothing (an empty field),
 * a comma between cells and '\n' after the last. Returns the end of the
 * text and sets *row to the first row not written. o must have, past
 * full, ncol * CWB_SHORTEST_CELL + CWB_SHORTEST_ROOM chars (ncol: every
 * column, all-zero ones included, at least one); those past the end hold
 * scratch. */
char *cwb_shortest_put_rows(char *o, const char *full, const cwb_shortest_rows *rows, size_t *row,
                            size_t nrow);

#ifdef __cplusplus
}
#endif

#endif /* CWB_SHORTEST_H */
