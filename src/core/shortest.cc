/* shortest.cc -- the shortest round-trip digits of a double, by Dragonbox
 * (J. Jeon 2020, "Dragonbox: a new floating-point binary-to-decimal
 * conversion algorithm"; Debian's header-only libdragonbox-dev): for every
 * finite double the fewest decimal digits that read back to it under
 * round-to-nearest-even, and among those the closest (ties to even). It
 * replaced Google's double-conversion (Grisu3 with a bignum fallback), whose
 * digits are the same (tests/test_outputs.c compares both formatters against
 * printf and strtod), at about half the instructions a number
 * (doc/benchmarks.md, "Where a run's CPU goes"). The one C++ file of cwb
 * (C++17, Dragonbox's language): compiled without exceptions or RTTI, it
 * needs nothing of the C++ runtime, and its only interface is the C
 * function of cwb_shortest.h. */
#include <dragonbox/dragonbox.h>

#include <cstdint>
#include <cstring>

#include "cwb_shortest.h"

static const char digit_pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

/* The number of decimal digits of s (1 <= s < 10^17): log10 2 ~ 1233 / 4096
 * turns the bit length into the digit count, or one less. */
static int decimal_length(std::uint64_t s)
{
    static const std::uint64_t pow10[] = {1,
                                          10,
                                          100,
                                          1000,
                                          10000,
                                          100000,
                                          1000000,
                                          10000000,
                                          100000000,
                                          1000000000,
                                          10000000000,
                                          100000000000,
                                          1000000000000,
                                          10000000000000,
                                          100000000000000,
                                          1000000000000000,
                                          10000000000000000,
                                          100000000000000000,
                                          1000000000000000000};
    int t = (64 - __builtin_clzll(s | 1)) * 1233 >> 12;
    return t + (s >= pow10[t]);
}

/* The digits of v into the chars before end, right to left, two at a time
 * (a 32-bit division by 100 a pair); at least `least` of them (an even
 * count: leading zeros up to it). Returns the count written. */
static int put_digits(std::uint32_t v, char *end, int least)
{
    int k = 0;
    for (; v >= 100 || k < least; v /= 100) {
        k += 2;
        std::memcpy(end - k, digit_pairs + 2 * (v % 100), 2);
    }
    if (v >= 10) {
        k += 2;
        std::memcpy(end - k, digit_pairs + 2 * v, 2);
    } else if (v) {
        end[-++k] = (char)('0' + v);
    }
    return k;
}

int cwb_shortest_digits(double x, char *digits, int n, int *point)
{
    (void)n;        /* 17 digits and the '\0': CWB_SHORTEST_DIGITS */
    if (x == 0.0) { /* Dragonbox takes finite non-zero x (the caller: finite) */
        std::memcpy(digits, "0", 2);
        *point = 1;
        return 1;
    }
    /* trailing zeros dropped below, where the digits are counted anyway */
    auto d = jkj::dragonbox::to_decimal(x, jkj::dragonbox::policy::trailing_zero::ignore);
    std::uint64_t s = d.significand;
    int e = d.exponent;
    while (s % 10 == 0) {
        s /= 10;
        e++;
    }
    int len = decimal_length(s);
    /* the low eight digits and the rest apart: 32-bit divisions */
    if (s >= 100000000) {
        put_digits((std::uint32_t)(s % 100000000), digits + len, 8);
        put_digits((std::uint32_t)(s / 100000000), digits + len - 8, 0);
    } else {
        put_digits((std::uint32_t)s, digits + len, 0);
    }
    digits[len] = '\0';
    *point = e + len;
    return len;
}
