/* shortest.cc -- the shortest round-trip digits of a double, by Google's
 * double-conversion (Debian's libdouble-conversion-dev): its SHORTEST mode
 * is Grisu3 (Loitsch 2010, "Printing floating-point numbers quickly and
 * accurately with integers") with an exact bignum fallback for the
 * doubles Grisu3 cannot decide, so every double gets the true shortest
 * digits. The one C++ file of cwb: compiled without exceptions or RTTI,
 * its only interface the C function of cwb_shortest.h. */
#include <double-conversion/double-to-string.h>

#include "cwb_shortest.h"

int cwb_shortest_digits(double x, char *digits, int n, int *point)
{
    using double_conversion::DoubleToStringConverter;
    bool sign = false;
    int length = 0;
    DoubleToStringConverter::DoubleToAscii(x, DoubleToStringConverter::SHORTEST, 0, digits, n,
                                           &sign, &length, point);
    return length;
}
