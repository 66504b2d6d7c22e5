/* cwb_shortest.h -- the shortest decimal digits of a double (shortest.cc,
 * Dragonbox), for cwb_format_shortest (format.c). A C
 * interface to C++ code: only what formats numbers links it. */
#ifndef CWB_SHORTEST_H
#define CWB_SHORTEST_H

#ifdef __cplusplus
extern "C" {
#endif

/* digits must hold this many chars: 17 digits and a terminating '\0' */
#define CWB_SHORTEST_DIGITS 18

/* The fewest decimal digits that read back (round to nearest) to the
 * finite double x, and among those the closest to x: digits (no sign, no
 * trailing zeros, '\0'-terminated; "0" for zero) and *point, so that
 * |x| reads as 0.DIGITS * 10^point. Returns the number of digits. n must
 * be at least CWB_SHORTEST_DIGITS. */
int cwb_shortest_digits(double x, char *digits, int n, int *point);

#ifdef __cplusplus
}
#endif

#endif /* CWB_SHORTEST_H */
