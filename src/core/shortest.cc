/* shortest.cc -- the text of a double in cwb's one number format
 * (doc/outputs.md): its shortest round-trip digits, by Dragonbox (J. Jeon
 * 2020, "Dragonbox: a new floating-point binary-to-decimal conversion
 * algorithm"; Debian's header-only libdragonbox-dev), laid out as printf's
 * %g lays them out. Dragonbox gives, for every finite double, the fewest
 * decimal digits that read back to it under round-to-nearest-even, and among
 * those the closest (ties to even). It replaced Google's double-conversion
 * (Grisu3 with a bignum fallback), whose digits are the same
 * (tests/test_outputs.c compares the formatter against printf and strtod),
 * at about half the instructions a number (doc/benchmarks.md, "Where a
 * run's CPU goes"). The one C++ file of cwb (C++17, Dragonbox's language):
 * compiled without exceptions or RTTI, it needs nothing of the C++ runtime,
 * and its only interface is the C function of cwb_shortest.h. */
/* Dragonbox's asserts check its own proven bounds (the exponent ranges
 * of its tables, J. Jeon 2020 section 5) on every call, about 10
 * instructions of a number's 250; what it returns is checked against
 * printf and strtod by tests/test_outputs.c. */
#define NDEBUG
#include <dragonbox/dragonbox.h>

#include <cstdint>
#include <cstring>
#if defined(__SSE2__) && !defined(CWB_SCALAR_DIGITS)
#include <emmintrin.h>
#endif

#include "cwb_shortest.h"

#if defined(__SSE2__) && !defined(CWB_SCALAR_DIGITS)
/* A constant GCC cannot see through: it would otherwise expand a vector
 * multiply by 100 or 2559 into five to seven shifts and adds, where one
 * pmullw does (instruction counts, bench/bench_format.sh). */
static inline __attribute__((always_inline)) __m128i opaque16(short c)
{
    __m128i v = _mm_set1_epi16(c);
    __asm__("" : "+x"(v));
    return v;
}

/* The sixteen digits of 10^8 hi + lo (hi, lo < 10^8), leading zeros
 * included, at out; returns the mask of its zero digits (bit k: digit k).
 * No division and no table: every quotient is a multiply-shift exact in
 * its range, on all four halves at once in one SSE2 register (x86-64 has
 * it always; put8 below does the same in the lanes of a 64-bit word). hi
 * and lo in 64-bit lanes split by x * 109951163 >> 40 (x / 10^4 for x <
 * 10^8: 109951163 / 2^40 exceeds 10^-4 by 2.1e-13 of x, under 2.1e-5 where
 * the fraction of x / 10^4 is at most 0.9999), the halves by x * 5243 >> 19
 * (x / 100 for x < 10^4: 2.3e-7 of x, under 0.0023) in 16-bit lanes, the
 * pairs by x * 6554 >> 16 (x / 10 for x < 100: 6.1e-6 of x, under 0.0007);
 * each remainder is x - 10^k q. The last split puts quotient and remainder
 * in their bytes at once: (x << 8) - 2559 q = ((x - 10 q) << 8) + q, every
 * term under 2^16 (x < 100, q < 10). */
static inline __attribute__((always_inline)) unsigned put16(char *out, std::uint32_t hi,
                                                            std::uint32_t lo)
{
    __m128i v = _mm_set_epi64x(lo, hi); /* hi in the low lane: first in memory */
    __m128i q = _mm_srli_epi64(_mm_mul_epu32(v, _mm_set1_epi64x(109951163)), 40);
    __m128i r = _mm_sub_epi64(v, _mm_mul_epu32(q, _mm_set1_epi64x(10000)));
    v = _mm_or_si128(q, _mm_slli_epi64(r, 32)); /* four halves in 32-bit lanes */
    q = _mm_srli_epi16(_mm_mulhi_epu16(v, _mm_set1_epi16(5243)), 3);
    r = _mm_sub_epi16(v, _mm_mullo_epi16(q, opaque16(100)));
    v = _mm_or_si128(q, _mm_slli_epi32(r, 16)); /* eight pairs in 16-bit lanes */
    q = _mm_mulhi_epu16(v, _mm_set1_epi16(6554));
    v = _mm_sub_epi16(_mm_slli_epi16(v, 8), _mm_mullo_epi16(q, opaque16(2559)));
    _mm_storeu_si128((__m128i *)out, _mm_add_epi8(v, _mm_set1_epi8('0')));
    return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128()));
}
#else
/* The eight digits of n < 10^8, leading zeros included, at out: all eight
 * in the lanes of one 64-bit word, with no division and no table. n splits
 * into its halves n = 10^4 a + b (32-bit lanes a, b), each half into its
 * pairs by q = x / 100 (16-bit lanes), each pair into its digits by x / 10
 * (bytes), the first digit in the lowest byte; then '0' is added to every
 * byte. The two quotients are multiply-shifts, exact in their ranges:
 * x * 10486 >> 20 is x / 100 for x < 10^4 (10486 / 2^20 exceeds 1/100 by
 * 2.3e-7 of x, under 0.0023 where the fraction of x / 100 is at most
 * 0.99), x * 103 >> 10 is x / 10 for x < 100 (an excess under 0.059 where
 * the fraction is at most 0.9); no lane's product reaches the next lane's
 * bits (10^4 * 10486 < 2^27, 100 * 103 < 2^14) and the masks drop what the
 * next lane shifts in. */
static inline __attribute__((always_inline)) void put8(char *out, std::uint32_t n)
{
    std::uint64_t v = n / 10000 | (std::uint64_t)(n % 10000) << 32;
    std::uint64_t q = (v * 10486 >> 20) & 0x0000007F0000007FULL;
    v = q | (v - 100 * q) << 16;
    q = (v * 103 >> 10) & 0x000F000F000F000FULL;
    v = (q | (v - 10 * q) << 8) | 0x3030303030303030ULL;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    v = __builtin_bswap64(v); /* the first digit at the lowest address */
#endif
    std::memcpy(out, &v, 8);
}

/* put16 without SSE2 (or with CWB_SCALAR_DIGITS defined, how this path
 * is tested on x86-64): two blocks of put8, the mask of the zero digits
 * byte by byte. */
static inline unsigned put16(char *out, std::uint32_t hi, std::uint32_t lo)
{
    put8(out, hi);
    put8(out + 8, lo);
    unsigned zero = 0;
    for (int k = 0; k < 16; k++)
        zero |= (unsigned)(out[k] == '0') << k;
    return zero;
}
#endif

/* The digits of s (1 <= s < 10^17) as the last ones of the 24 chars at
 * d (the seventeenth, when there is one, apart); returns their count and
 * sets *zeros to how many of them are trailing zeros, both read from the
 * mask of zero digits put16 returns: the leading zeros are its lowest set
 * bits, the trailing ones its highest (the bit below digit 0 set in the
 * shifted mask stops the count at 16, when the seventeenth digit is the
 * only one not zero). */
static int put_significand(char *d, std::uint64_t s, int *zeros)
{
    std::uint64_t hi = s / 100000000;
    std::uint32_t lo = (std::uint32_t)(s - hi * 100000000);
    unsigned zero;
    int len;
    if (hi < 100000000) {
        zero = put16(d + 8, (std::uint32_t)hi, lo);
        len = 16 - __builtin_ctz(~zero); /* s >= 1: at most 15 leading zeros */
    } else {
        std::uint32_t top = (std::uint32_t)(hi / 100000000);
        d[7] = (char)('0' + top);
        zero = put16(d + 8, (std::uint32_t)(hi - (std::uint64_t)top * 100000000), lo);
        len = 17;
    }
    *zeros = __builtin_clz(~zero << 16 | 0x8000);
    return len;
}

/* The exponents as %g writes them ("e", the sign, at least two digits),
 * for every decimal exponent of a double (-324..308), each in eight chars
 * with its length in the last: one load and one store a number where the
 * sign, the digits and their count cost some fifteen instructions. */
struct exponent_texts {
    char text[633][8];
};

static constexpr exponent_texts make_exponent_texts()
{
    exponent_texts t{};
    for (int e = -324; e <= 308; e++) {
        char *o = t.text[e + 324];
        unsigned u = (unsigned)(e < 0 ? -e : e);
        int n = 0;
        o[n++] = 'e';
        o[n++] = e < 0 ? '-' : '+';
        if (u >= 100)
            o[n++] = (char)('0' + u / 100);
        o[n++] = (char)('0' + u / 10 % 10);
        o[n++] = (char)('0' + u % 10);
        o[7] = (char)n;
    }
    return t;
}

static constexpr exponent_texts exponent_text = make_exponent_texts();

/* "e", the sign and at least two digits of e (-324 <= e <= 308), as %g
 * writes its exponent; eight chars written. */
static inline char *put_exponent(char *o, int e)
{
    const char *t = exponent_text.text[e + 324];
    std::memcpy(o, t, 8);
    return o + t[7];
}

/* The len digits at d (24 chars readable from d, '0' after the digits) of
 * 0.DIGITS * 10^point as %g writes them without an exponent: "0.000123",
 * "150", "3.25". Every copy is of a fixed size (a few vector moves, not a
 * call): it writes past the text's end, into the caller's room. */
static char *put_fixed(char *o, const char *d, int len, int point)
{
    if (point <= 0) { /* point >= -3: the exponent form takes over below */
        std::memcpy(o, "0.000", 5);
        std::memcpy(o + 2 - point, d, 24);
        return o + 2 - point + len;
    }
    if (point >= len) { /* the zeros after the digits come with them */
        std::memcpy(o, d, 24);
        return o + point;
    }
    std::memcpy(o, d, 16);
    o[point] = '.';
    std::memcpy(o + point + 1, d + point, 16);
    return o + len + 1;
}

/* Zero, infinities and NaN as cwb_format_shortest writes them. */
static char *put_special(char *o, double x)
{
    const char *t = x == 0.0 ? "0" : x != x ? "nan" : x > 0 ? "inf" : "-inf";
    std::size_t n = std::strlen(t);
    std::memcpy(o, t, n);
    return o + n;
}

/* The text of a finite non-zero double whose bits and exponent bits are
 * given. The layout is that of %.Pg, P the fewest digits from 15 up that
 * read back (the format cwb wrote before, kept so that no file changes):
 * %g writes d.ddde±XX when the decimal exponent X < -4 or X >= P, and
 * drops trailing zeros. The digits are the shortest that read back; with
 * 16 or more of them P is their count, else 15. Two departures, both
 * reading back: a subnormal prints its shortest digits (5e-324; the printf
 * tries started there from %.1g), and 46 powers of two print 16 digits
 * where %.16g rounded to a 16-digit text that did not read back and the
 * tries went on to 17 (tests/test_outputs.c counts them). */
static inline __attribute__((always_inline)) char *
put_finite(char *o, jkj::dragonbox::float_bits<double> bits, unsigned exponent_bits)
{
    if (bits.is_negative())
        *o++ = '-';
    /* trailing zeros left to the digits' zero mask (put_significand), a
     * few instructions every number, where Dragonbox's removal costs some
     * twenty in the third of the numbers its larger divisor gives; the
     * interval of the decimals that read back (closed for an even binary
     * significand, open for an odd one: strtod rounds to nearest, ties to
     * even) fixed at compile time in one copy of the search for each,
     * where the default policy tests its endpoints as it goes: the same
     * digits (tests/test_outputs.c) */
    auto dec = jkj::dragonbox::to_decimal(
        bits.remove_exponent_bits(exponent_bits), exponent_bits,
        jkj::dragonbox::policy::sign::ignore, jkj::dragonbox::policy::trailing_zero::ignore,
        jkj::dragonbox::policy::decimal_to_binary_rounding::nearest_to_even_static_boundary);
    /* the digits end at buf + 24; the '0's after them are the zeros a
     * whole number may need and the tail the fixed-size copies read */
    char buf[48];
    std::memset(buf + 24, '0', 24);
    int zeros;
    int len = put_significand(buf, dec.significand, &zeros);
    int exp10 = dec.exponent + len - 1;
    const char *d = buf + 24 - len;
    len -= zeros;
    if (exp10 >= -4 && exp10 < (len > 15 ? len : 15))
        return put_fixed(o, d, len, exp10 + 1);
    o[0] = d[0];
    o[1] = '.';
    std::memcpy(o + 2, d + 1, 16);
    return put_exponent(o + (len > 1 ? len + 1 : 1), exp10);
}

/* Flattened: Dragonbox's search, which GCC leaves a call of its own, is
 * inlined with the rest, and its register saves and the call go. */
__attribute__((flatten)) char *cwb_shortest_put(char *o, double x)
{
    /* zero and the non-finite told from the bits Dragonbox reads anyway */
    auto bits = jkj::dragonbox::float_bits<double>(x);
    unsigned exponent_bits = bits.extract_exponent_bits();
    if (!bits.is_nonzero() || !bits.is_finite(exponent_bits))
        return put_special(o, x);
    return put_finite(o, bits, exponent_bits);
}

/* One loop over the row's cells with the formatter inlined in it: the six
 * register saves and restores, the call and the return that
 * cwb_shortest_put costs every number, a row pays once. */
__attribute__((flatten)) char *cwb_shortest_put_cells(char *o, const double *const *col, size_t n,
                                                      size_t row)
{
    for (const double *const *end = col + n; col != end; col++) {
        auto bits = jkj::dragonbox::float_bits<double>((*col)[row]);
        unsigned exponent_bits = bits.extract_exponent_bits();
        if (!bits.is_nonzero())
            *o++ = '0'; /* zero and -0: the commonest cell, the idle columns */
        else if (bits.is_finite(exponent_bits))
            o = put_finite(o, bits, exponent_bits);
        *o++ = ',';
    }
    return o;
}
