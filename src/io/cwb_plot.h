/* cwb_plot.h -- inside the plot writer (plot.c): the legends of a plot's
 * curves (plot_legend.c). */
#ifndef CWB_PLOT_H
#define CWB_PLOT_H

#include <math.h>

#include "cwb_out.h"

/* What each curve of a plot is called in its legend. */
typedef struct {
    char own[400];          /* the run's own curves (the first y) */
    char overlay[12][400];  /* spec overlays[o] */
    char reference[8][600]; /* spec refs[r] */
} cwb_plot_legends;

/* The legends of spec sp's curves, read from the CSVs' provenance: named
 * for what they are (laws, parameters, what a reference is), no two alike
 * where the provenance tells them apart. */
void cwb_plot_legends_make(const cwb_plot_spec *sp, cwb_plot_legends *l);

/* The title that starts at p, a CSV header line's text past its '#'
 * marks, read over the header lines that continue it (a line ending in
 * ',' or on "with", inside a parenthesis, ...), into out. */
void cwb_header_title(const char *p, char *out, size_t n);

#endif /* CWB_PLOT_H */
