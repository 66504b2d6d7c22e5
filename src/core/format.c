/* format.c -- the one number format of every CSV and JSON cwb writes
 * (doc/outputs.md): the shortest text that reads back to the same double,
 * laid out as printf's %g lays it out (shortest.cc writes it); and a
 * parameter's value in it. Apart from the parameter tables (core.c): it
 * links C++ (shortest.cc), which a program that only steps contacts need
 * not. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cwb.h"
#include "cwb_numeric.h"
#include "cwb_shortest.h"

void cwb_format_shortest(double x, char *buf, size_t n)
{
    char text[CWB_SHORTEST_ROOM];
    if (n == 0)
        return;
    size_t len = (size_t)(cwb_shortest_put(text, x) - text);
    if (len >= n) /* cut as snprintf cuts */
        len = n - 1;
    memcpy(buf, text, len);
    buf[len] = '\0';
}

void cwb_param_format(const cwb_values *v, int i, char *buf, size_t n)
{
    const cwb_param *p = &v->table[i];
    switch (p->kind) {
    case CWB_PARAM_CHOICE: snprintf(buf, n, "%s", p->choices[(int)v->p[i]]); break;
    case CWB_PARAM_TEXT: snprintf(buf, n, "%s", v->text[i]); break;
    case CWB_PARAM_LIST: {
        size_t used = 0;
        char num[40];
        buf[0] = '\0';
        for (size_t k = 0; k < v->list[i].n && used < n; k++) {
            cwb_format_shortest(v->list[i].v[k], num, sizeof num);
            used += (size_t)snprintf(buf + used, n - used, "%s%s", k ? "," : "", num);
        }
        if (used < n)
            snprintf(buf + used, n - used, " [%s]", p->unit);
        break;
    }
    default: {
        char num[40];
        cwb_format_shortest(v->p[i], num, sizeof num);
        snprintf(buf, n, "%s [%s]", num, p->unit);
    }
    }
}
