/* format.c -- the one number format of every CSV and JSON cwb writes
 * (doc/outputs.md): the shortest text that reads back to the same double,
 * laid out as printf's %g lays it out; and a parameter's value in it. Apart
 * from the parameter tables (core.c): it links C++ (shortest.cc), which a
 * program that only steps contacts need not. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cwb.h"
#include "cwb_numeric.h"
#include "cwb_shortest.h"

/* The exponent as %g writes it: a sign and at least two digits. */
static char *put_exponent(char *o, int e)
{
    *o++ = 'e';
    *o++ = e < 0 ? '-' : '+';
    e = abs(e);
    if (e >= 100)
        *o++ = (char)('0' + e / 100);
    *o++ = (char)('0' + e / 10 % 10);
    *o++ = (char)('0' + e % 10);
    return o;
}

/* The len digits d of 0.d * 10^point, without exponent: "0.000123",
 * "150", "3.25". */
static char *put_fixed(char *o, const char *d, int len, int point)
{
    if (point <= 0) {
        *o++ = '0';
        *o++ = '.';
        memset(o, '0', (size_t)-point);
        o += -point;
        memcpy(o, d, (size_t)len);
        return o + len;
    }
    if (point >= len) {
        memcpy(o, d, (size_t)len);
        memset(o + len, '0', (size_t)(point - len));
        return o + point;
    }
    memcpy(o, d, (size_t)point);
    o[point] = '.';
    memcpy(o + point + 1, d + point, (size_t)(len - point));
    return o + len + 1;
}

/* Finite non-zero x into out (at most 25 chars with its '\0'). The text is
 * what %.Pg printed when P was the fewest digits from 15 up that read
 * back (the format cwb wrote before, kept so that no file changes): %g
 * writes d.ddde±XX when the decimal exponent X < -4 or X >= P, and drops
 * trailing zeros. The digits are the shortest that read back; with 16 or
 * more of them P is their count, else 15. Two departures, both reading
 * back: a subnormal prints its shortest digits (5e-324; the printf tries
 * started there from %.1g), and 46 powers of two print 16 digits where
 * %.16g rounded to a 16-digit text that did not read back and the tries
 * went on to 17 (tests/test_outputs.c counts them). */
static void shortest_text(double x, char *out)
{
    char d[CWB_SHORTEST_DIGITS];
    int point = 0;
    int len = cwb_shortest_digits(x, d, (int)sizeof d, &point);
    int exp10 = point - 1;
    int prec = len > 15 ? len : 15;
    char *o = out;
    if (signbit(x))
        *o++ = '-';
    if (exp10 < -4 || exp10 >= prec) {
        *o++ = d[0];
        if (len > 1) {
            *o++ = '.';
            memcpy(o, d + 1, (size_t)(len - 1));
            o += len - 1;
        }
        o = put_exponent(o, exp10);
    } else {
        o = put_fixed(o, d, len, point);
    }
    *o = '\0';
}

void cwb_format_shortest(double x, char *buf, size_t n)
{
    char text[32];
    if (x == 0.0) /* -0 too: a sign on nothing reads as a distinct value */
        strcpy(text, "0");
    else if (!isfinite(x))
        strcpy(text, x != x ? "nan" : x > 0 ? "inf" : "-inf");
    else
        shortest_text(x, text);
    if (n == 0)
        return;
    size_t len = strlen(text);
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
