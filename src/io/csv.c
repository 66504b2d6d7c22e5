/* csv.c -- the header row of a cwb CSV (cwb_csv.h). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "cwb_csv.h"
#include "cwb_ini.h"

int cwb_csv_cell(const char *cell, char *name, size_t nn, char *unit, size_t nu)
{
    const char *open = strchr(cell, '['), *close = open ? strchr(open, ']') : NULL;
    size_t len = open ? (size_t)(open - cell) : strlen(cell);
    while (len > 0 && isspace((unsigned char)cell[len - 1]))
        len--;
    while (len > 0 && isspace((unsigned char)*cell)) {
        cell++;
        len--;
    }
    size_t ulen = !open ? 0 : close ? (size_t)(close - open - 1) : strlen(open + 1);
    int cut = snprintf(name, nn, "%.*s", (int)len, cell) >= (int)nn;
    cut |= snprintf(unit, nu, "%.*s", (int)ulen, open ? open + 1 : "") >= (int)nu;
    if (cut)
        return -1;
    return close && close[1] == '\0';
}

int cwb_csv_header_line(FILE *f, const char *path, char **line, char *msg, size_t n)
{
    cwb_lines l;
    int got = 1, rc = cwb_lines_open(&l, f, path, CWB_INI_MAX_LINE, msg, n);
    *line = NULL;
    while (rc == CWB_OK && (rc = cwb_lines_next(&l, &got, msg, n)) == CWB_OK && got)
        if (l.buf[0] != '#') {
            if (!(*line = malloc(l.len + 1)))
                rc = cwb_fail(msg, n, CWB_EFAIL, "out of memory");
            else
                memcpy(*line, l.buf, l.len + 1);
            break;
        }
    cwb_lines_close(&l);
    if (rc == CWB_OK && !*line)
        rc = cwb_fail(msg, n, CWB_EINPUT, "%s: no header row", path);
    return rc;
}
