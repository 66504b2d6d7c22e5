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
 * run's CPU goes"). The common case's search is written here from the
 * paper on the library's tables (shortest_normal), the rest is the
 * library's own. The one C++ file of cwb (C++17, Dragonbox's language):
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
    /* the zero digits found as '0's: one constant, read from memory by both
     * instructions, where comparing with zero needs a register cleared */
    v = _mm_add_epi8(v, _mm_set1_epi8('0'));
    _mm_storeu_si128((__m128i *)out, v);
    return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8('0')));
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

/* A double's shortest digits as (10 q + d) 10^(top - 16) (1 <= q <
 * 10^16, 0 <= d <= 9; top the decimal exponent of q's sixteenth-last
 * digit place): the form Dragonbox's search finds them in (J. Jeon
 * 2020, section 5: q the quotient of its larger divisor, 10^3, and d the
 * digit its smaller divisor, 10^2, adds, or none when the larger one
 * succeeds), so that the digits are q's sixteen and d, with no division of
 * 10 q + d into its seventeenth digit and the sixteen before it. */
struct tenfold {
    std::uint64_t q;
    unsigned d;
    std::ptrdiff_t top;
};

/* The digits of t as the last ones of the 24 chars at buf (q's sixteen
 * at buf + 7 and d's at buf + 23); returns how many of them are leading
 * zeros and sets *len to the count of digits from the first that is not
 * to the last that is not a trailing zero, both read from the mask of zero
 * digits put16 returns with d's at bit 16 (q >= 1: some bit below 16 is
 * clear, which ends both counts). */
static inline __attribute__((always_inline)) unsigned put_tenfold(char *buf, tenfold t,
                                                                  std::ptrdiff_t *len)
{
    std::uint64_t hi = t.q / 100000000;
    unsigned zero = put16(buf + 7, (std::uint32_t)hi, (std::uint32_t)(t.q - hi * 100000000));
    buf[23] = (char)('0' + t.d);
    zero |= (t.d - 1) & 0x10000; /* d's bit: d - 1 wraps only for 0 */
    unsigned leading = (unsigned)__builtin_ctz(~zero);
    /* the last digit not zero is bit 31 - clz of the mask shifted by 15 */
    unsigned last = 31 ^ (unsigned)__builtin_clz(~zero << 15); /* plus 15 */
    *len = (std::ptrdiff_t)(last - 14 - leading);
    return leading;
}

/* The exponents as %g writes them ("e", the sign, at least two digits),
 * for every decimal exponent of a double (-324..308), each in eight chars
 * with its length in the last: one load and one store a number where the
 * sign, the digits and their count cost some fifteen instructions. And
 * where the exponent follows len digits in the form d.ddd: after the point
 * and the len - 1 digits, or after the digit alone (no point when there is
 * one digit, as %g); in the same table, read from the same register. */
struct exponent_texts {
    char text[633][8];
    unsigned char mantissa_end[18];
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
    for (int len = 1; len <= 17; len++)
        t.mantissa_end[len] = (unsigned char)(len > 1 ? len + 1 : 1);
    return t;
}

static constexpr exponent_texts exponent_text = make_exponent_texts();

/* The len digits at d (17 chars readable from d) of d.ddd * 10^e as %g
 * writes them with an exponent (-324 <= e <= 308): "1.5e-07", "2e+20";
 * the exponent "e", its sign and at least two digits. Every copy is of a
 * fixed size: it writes past the text's end, into the caller's room. */
static inline char *put_scientific(char *o, const char *d, std::ptrdiff_t len, std::ptrdiff_t e)
{
    o[0] = d[0];
    o[1] = '.';
    std::memcpy(o + 2, d + 1, 16);
    o += exponent_text.mantissa_end[len];
    const char *t = (exponent_text.text + 324)[e]; /* the offset in the address */
    std::memcpy(o, t, 8);
    return o + t[7];
}

/* The len digits at d (24 chars readable from d, '0' after the digits) of
 * 0.DIGITS * 10^point as %g writes them without an exponent, point <= 0:
 * "0.000123". Every copy is of a fixed size (a few vector moves, not a
 * call): it writes past the text's end, into the caller's room. */
static inline char *put_fraction(char *o, const char *d, std::ptrdiff_t len, std::ptrdiff_t point)
{
    /* point >= -3: the exponent form takes over below */
    std::memcpy(o, "0.000", 5);
    char *digits = o + 2 - point;
    std::memcpy(digits, d, 24);
    return digits + len;
}

/* The same text for point >= 1: "150", "3.25". */
static inline char *put_whole(char *o, const char *d, std::ptrdiff_t len, std::ptrdiff_t point)
{
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

namespace dbx = jkj::dragonbox;
#if defined(__SIZEOF_INT128__)
__extension__ typedef unsigned __int128 wide; /* GCC's and Clang's, as the library's */
#endif
using dbx_impl = dbx::detail::impl<double, dbx::default_float_traits<double>>;

/* The shortest digits of |x| by the library's own search, for what the
 * search below leaves to it: subnormals, the powers of two (whose
 * interval below is half the one above: Jeon's "shorter interval" case),
 * and the rare steps of the common case (an interval endpoint or a tie to
 * decide). Rounding as in shortest_normal; the trailing zeros are left to
 * the digits' zero mask. Its significand s (< 10^17) as 10 q + d: q < 10^16
 * with as many leading zeros as s is shorter, which put_whole's zeros after
 * the digits then need: it fills the chars past the digits of buf with
 * '0'. Out of line: the common case keeps its registers. */
static __attribute__((noinline)) tenfold shortest_by_library(std::uint64_t u, char *buf)
{
    auto bits = dbx::float_bits<double>(u);
    unsigned exponent_bits = bits.extract_exponent_bits();
    auto dec =
        dbx::to_decimal(bits.remove_exponent_bits(exponent_bits), exponent_bits,
                        dbx::policy::sign::ignore, dbx::policy::trailing_zero::ignore,
                        dbx::policy::decimal_to_binary_rounding::nearest_to_even_static_boundary);
    std::memset(buf + 24, '0', 24);
    if (dec.significand >= 10000000000000000ULL)
        return {dec.significand / 10, (unsigned)(dec.significand % 10), dec.exponent + 16};
    return {dec.significand, 0, dec.exponent - 1 + 16};
}

/* What Dragonbox's search derives from a normal double's binary exponent
 * e = E - 1075 (E its exponent bits, 1..2046) by multiplies and shifts, in
 * tables indexed by E: the two 64-bit halves of 10^k from the library's
 * table of 128-bit powers of ten, k = kappa - floor(log10 2^e) (kappa =
 * 2), copied so that E indexes them with no offset to add; beta = e +
 * floor(log2 10^k), the shift that scales the binary significand to it,
 * as the bits it puts in x = (2 fc + 1) << beta (the hidden bit and the 1,
 * shifted) and the shift that moves f's bits there from u << 12 (11 -
 * beta); deltai, the interval's width in units of 10^-k (the library's
 * compute_delta of that power and beta); and top = -k + kappa + 16, the
 * decimal exponent of the first of the 17 digit places of 10 q + d. Loads,
 * each an operand of the instruction that needs it, where the arithmetic
 * takes some twenty instructions a number (59 KB, of which a column
 * reads the few rows of its exponents; computed at compile time by the
 * library's own floor_log10_pow2, floor_log2_pow10 and compute_delta). */
struct search_steps {
    std::uint64_t cache_high[2047], cache_low[2047]; /* the power's halves */
    std::int16_t top[2047];
    std::uint16_t deltai[2047];
    std::uint64_t hidden_bits[2047];   /* (2^53 + 1) << beta */
    std::uint8_t fraction_shift[2047]; /* 11 - beta (6 <= beta <= 9) */
};

static constexpr search_steps make_search_steps()
{
    search_steps t{};
    for (int E = 1; E <= 2046; E++) {
        int e = E - 1075;
        int minus_k = dbx::detail::log::floor_log10_pow2(e) - 2;
        auto const &power = dbx::detail::cache_holder<dbx::ieee754_binary64>::cache
            [-minus_k - dbx::detail::cache_holder<dbx::ieee754_binary64>::min_k];
        t.cache_high[E] = power.high();
        t.cache_low[E] = power.low();
        t.top[E] = (std::int16_t)(minus_k + 2 + 16);
        int beta = e + dbx::detail::log::floor_log2_pow10(-minus_k);
        t.hidden_bits[E] = ((std::uint64_t(1) << 53) + 1) << beta;
        t.fraction_shift[E] = (std::uint8_t)(11 - beta);
        t.deltai[E] = (std::uint16_t)dbx_impl::compute_delta(power, beta);
    }
    return t;
}

static constexpr search_steps search_step = make_search_steps();

/* x's two parts in shortest_normal fit their shifts: f's bits move right
 * (u << 12 has twelve zero bits below them) and x = (2 fc + 1) << beta,
 * under 2^(54 + beta), fits 64 bits (beta <= 10). */
static constexpr bool search_shifts_fit()
{
    for (int E = 1; E <= 2046; E++)
        if (search_step.fraction_shift[E] < 1 || search_step.fraction_shift[E] > 11)
            return false;
    return true;
}
static_assert(search_shifts_fit(), "beta out of 0..10");

/* Dragonbox's search (J. Jeon 2020, "Dragonbox: a new floating-point
 * binary-to-decimal conversion algorithm", section 5, round to nearest),
 * written here for its common case from the paper, with the library's
 * powers of ten, so that it hands over q and d apart, for a normal double whose significand bits f are not all zero, over the
 * interval of the decimals that strtod reads back to it: closed for an even
 * binary significand, open for an odd one (round to nearest, ties to even).
 * With kappa = 2 and k = kappa - floor(log10 2^e), the interval's width
 * 2^e 10^k in units of 10^-k is deltai, 100 <= deltai < 1000, and its
 * right end zi (the binary significand's upper half-point times 10^k,
 * from the library's 128-bit powers of ten and their products); zi =
 * 1000 q + r. If r < deltai, q 10^(3-k) lies in the interval and is its
 * shortest (the larger divisor succeeds); if r > deltai, none of 1000ths
 * does and the result is 10 q + d 10^(2-k) for the d nearest the
 * interval's midpoint, dist = r - deltai / 2 + 50 over 100 when dist is not
 * a multiple of 100 (if it is, the midpoint's fractional part decides: a
 * tie). The rest (r == deltai, an endpoint of an open interval, a tie)
 * goes to the library's search. q < 2^53: zi < (2 fc + 1) 2^(e-1) 10^k <
 * 2^53 1000. The digits are those of the library's to_decimal with the
 * same policies (tests/test_outputs.c compares them with printf's on every
 * binary exponent, and fails if any of the three hand-overs to the library
 * is dropped). */
static inline __attribute__((always_inline)) tenfold
shortest_normal(std::uint64_t u, unsigned exponent_bits, char *buf)
{
    constexpr int kappa = 2;
    std::uint32_t deltai = search_step.deltai[exponent_bits];
    /* x = (2 fc + 1) << beta: 2 f << beta from f's bits at the top of
     * u << 12, the hidden bit and the 1 shifted in the table */
    std::uint64_t x = (u << 12 >> search_step.fraction_shift[exponent_bits]) |
                      search_step.hidden_bits[exponent_bits];
    /* zi: the upper 64 of the 192 bits of x times the 128-bit cache, as
     * the library's compute_mul computes it */
#if defined(__SIZEOF_INT128__)
    std::uint64_t middle = (std::uint64_t)((wide)x * search_step.cache_low[exponent_bits] >> 64);
    wide upper = (wide)x * search_step.cache_high[exponent_bits];
    /* the middle word's carry by a compare (GCC spilled a 128-bit add of
     * it to the stack) */
    std::uint64_t zi = (std::uint64_t)(upper >> 64) + ((std::uint64_t)upper + middle < middle);
#else
    std::uint64_t zi = dbx_impl::compute_mul(x, {search_step.cache_high[exponent_bits],
                                                 search_step.cache_low[exponent_bits]})
                           .result;
#endif
    /* zi / 1000 in one multiply and shift, exact for zi < 2^53 1000 */
    std::uint64_t q =
        dbx::detail::div::divide_by_pow10<3, std::uint64_t, (std::uint64_t(1) << 53) * 1000 - 1>(
            zi);
    std::uint32_t r = (std::uint32_t)(zi - 1000 * q);
    std::ptrdiff_t top = search_step.top[exponent_bits];
    if (r < deltai) {
        if (r == 0 && (u & 1)) /* zi itself may be the open right end */
            return shortest_by_library(u, buf);
        return {q, 0, top};
    }
    if (r == deltai)
        return shortest_by_library(u, buf);
    std::uint32_t dist = r - deltai / 2 + 50;
    if (dbx::detail::div::check_divisibility_and_divide_by_pow10<kappa>(dist))
        return shortest_by_library(u, buf);
    return {q, dist, top};
}

/* Where put_finite's 48 chars of digits and scratch start, after its
 * sign: past the 33 its copies write. */
constexpr int digits_scratch = 33;
static_assert(1 + digits_scratch + 48 <= CWB_SHORTEST_ROOM, "the scratch in the caller's room");

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
static inline __attribute__((always_inline)) char *put_finite(char *o, std::uint64_t u,
                                                              unsigned exponent_bits)
{
    if ((std::int64_t)u < 0)
        *o++ = '-';
    /* the digits end at buf + 24; past them the scratch the fixed-size
     * copies read (and '0's, written by shortest_by_library, where a
     * shorter significand needs them). buf is in the caller's room past
     * the text, beyond what the copies write (o + 33), addressed from o:
     * no register of its own. */
    char *buf = o + digits_scratch;
    tenfold t;
    if (exponent_bits == 0 || (u << 12) == 0)
        t = shortest_by_library(u, buf);
    else
        t = shortest_normal(u, exponent_bits, buf);
    /* the counts and exponents index and offset pointers: 64 bits, the
     * leading zeros unsigned (a 32-bit count is zero-extended for free,
     * where an int took a sign extension at each use) */
    std::ptrdiff_t len;
    unsigned leading = put_tenfold(buf, t, &len);
    const char *d = buf + 7 + leading;
    std::ptrdiff_t exp10 = t.top - (std::ptrdiff_t)leading; /* of the first digit */
    /* %g's fixed form for -4 <= exp10 < max(len, 15), told by the sign
     * of exp10 first: each layout after two tests, where the range's
     * two ends took a fixed number seven instructions */
    if (exp10 < 0) {
        if (exp10 >= -4)
            return put_fraction(o, d, len, exp10 + 1);
    } else if (exp10 < 15 || exp10 < len) {
        return put_whole(o, d, len, exp10 + 1);
    }
    return put_scientific(o, d, len, exp10);
}

/* put_finite for a subnormal, out of the row loop: rare in a table. */
static __attribute__((noinline)) char *put_subnormal(char *o, std::uint64_t u)
{
    return put_finite(o, u, 0);
}

/* Flattened: Dragonbox's search, which GCC leaves a call of its own, is
 * inlined with the rest, and its register saves and the call go. */
__attribute__((flatten)) char *cwb_shortest_put(char *o, double x)
{
    /* zero and the non-finite told from the bits Dragonbox reads anyway */
    std::uint64_t u;
    std::memcpy(&u, &x, 8);
    unsigned exponent_bits = (unsigned)(u >> 52) & 0x7ff;
    if ((u << 1) == 0 || exponent_bits == 0x7ff)
        return put_special(o, x);
    return put_finite(o, u, exponent_bits);
}

/* The text of all-zero columns: at ',' the chars after a formatted cell
 * (its comma and "0," for each), at '0' those before the first one; read
 * 16 at a time. */
static const char zero_columns[] = ",0,0,0,0,0,0,0,0,0";

/* The len chars (len >= 1) of the text that repeats every two chars from
 * the 16 at pattern, at o: one 16-char copy for up to seven all-zero
 * columns, with no branch a column; more only when long (a table with a
 * run of eight or more). It writes past the text's end, into the caller's
 * room. */
template <bool long_runs>
static inline __attribute__((always_inline)) char *put_repeated(char *o, const char *pattern,
                                                                std::size_t len)
{
    std::memcpy(o, pattern, 16);
    for (std::size_t k = 16; long_runs && k < len; k += 16)
        std::memcpy(o + k, pattern, 16);
    return o + len;
}

/* The loops of cwb_shortest_put_rows, the formatter inlined in them. A
 * cell is told normal by one compare of its exponent bits; zero, the
 * subnormals and the non-finite, rare in a column that is not all zero,
 * are told apart after it. */
template <bool long_runs>
static inline __attribute__((always_inline)) char *
put_rows(char *o, const char *full, const cwb_shortest_rows *rows, size_t *row, size_t nrow)
{
    const cwb_shortest_column *first = rows->col, *end = rows->col + rows->n;
    std::size_t j = *row;
    if (j >= nrow || o > full)
        return o;
    o = put_repeated<long_runs>(o, zero_columns + 1, rows->lead); /* o when lead is 0 */
    if (first == end) { /* every column all zero: the lead is the row */
        for (;;) {
            o[-1] = '\n';
            if (++j == nrow || o > full)
                break;
            o = put_repeated<long_runs>(o, zero_columns + 1, rows->lead);
        }
        *row = j;
        return o;
    }
    /* one loop over the cells, the row's end one of its steps: a row
     * costs the newline, its two tests and the lead's copy (a loop over
     * the rows around one over the cells reloaded more a row) */
    for (const cwb_shortest_column *c = first;;) {
        std::uint64_t u;
        std::memcpy(&u, &c->v[j], 8);
        unsigned exponent_bits = (unsigned)(u >> 52) & 0x7ff;
        if (__builtin_expect(exponent_bits - 1 < 0x7fe, 1)) /* normal: both ends at once */
            o = put_finite(o, u, exponent_bits);
        else if ((u << 1) == 0)
            *o++ = '0'; /* zero and -0 */
        else if (exponent_bits == 0)
            o = put_subnormal(o, u);
        o = put_repeated<long_runs>(o, zero_columns, c->tail);
        if (++c == end) {
            o[-1] = '\n'; /* over the row's last comma */
            if (++j == nrow || o > full)
                break;
            c = first;
            o = put_repeated<long_runs>(o, zero_columns + 1, rows->lead);
        }
    }
    *row = j;
    return o;
}

/* One loop over the rows' formatted cells, a row's end one of its steps:
 * no call a number, nor a row (the six register saves and restores, the call
 * and the return). A column that holds only zeros costs nothing a cell:
 * its "0," is in the text copied after the cell before it. */
__attribute__((flatten)) char *cwb_shortest_put_rows(char *o, const char *full,
                                                     const cwb_shortest_rows *rows, size_t *row,
                                                     size_t nrow)
{
    bool long_runs = rows->lead > 16;
    for (std::size_t i = 0; i < rows->n; i++)
        long_runs |= rows->col[i].tail > 16;
    return long_runs ? put_rows<true>(o, full, rows, row, nrow)
                     : put_rows<false>(o, full, rows, row, nrow);
}
