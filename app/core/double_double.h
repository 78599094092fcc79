#pragma once
// Error-free transformations and double-double arithmetic (Dekker 1971, Knuth TAOCP 4.2.2,
// Ogita-Rump-Oishi 2005). A DD is the unevaluated sum hi + lo with |lo| <= ulp(hi)/2, about
// 106 significant bits. Every function here is exact or carries a relative error near 2^-104
// of its operands, as long as nothing overflows or underflows.
//
// These need std::fma to be a single rounding: build with FMA hardware (TANGENT_FMA) for speed;
// without it libm's software fma is still exact, only slower. -ffp-contract=off is pinned in
// CMake so that the compiler never fuses the a*b+c patterns below on its own.

#include <cmath>

// -ffast-math reorders and drops the very roundings these transformations measure, and assumes
// no infinity or NaN, which the core's range checks rely on: built with it, far misses came back
// as hits and t_enter 3.2 times off, silently (a game-physics review). Build the core without it.
// (-fassociative-math and -freciprocal-math, parts of it, each break a two-sum or a quotient too)
#if defined(__FAST_MATH__) || (defined(__FINITE_MATH_ONLY__) && __FINITE_MATH_ONLY__) || defined(__ASSOCIATIVE_MATH__) || \
    defined(__RECIPROCAL_MATH__)
#error "Tangent's math core needs IEEE arithmetic: compile app/core without -ffast-math (or any of its unsafe parts)"
#endif

namespace tangent::dd {

struct DD {
    double hi = 0.0;
    double lo = 0.0;
};

/// s + e = a + b exactly (Knuth's TwoSum, no precondition on magnitudes).
[[nodiscard]] inline DD two_sum(double a, double b) {
    const double s = a + b;
    const double b_virtual = s - a;
    const double a_virtual = s - b_virtual;
    return {s, (a - a_virtual) + (b - b_virtual)};
}

/// s + e = a - b exactly: two_sum(a, -b) without forming -b (the same s and e, bit for bit, as
/// every negation is exact).
[[nodiscard]] inline DD two_diff(double a, double b) {
    const double s = a - b;
    const double b_virtual = a - s;  // -(s - a)
    const double a_virtual = s + b_virtual;
    return {s, (a - a_virtual) + (b_virtual - b)};
}

/// s + e = a + b exactly, given |a| >= |b| or a == 0 (Dekker's FastTwoSum).
[[nodiscard]] inline DD fast_two_sum(double a, double b) {
    const double s = a + b;
    return {s, b - (s - a)};
}

/// p + e = a * b exactly (TwoProduct with one fma).
[[nodiscard]] inline DD two_prod(double a, double b) {
    const double p = a * b;
    return {p, std::fma(a, b, -p)};
}

/// x + y; the error is about 2^-105 (|x| + |y|), the same order as the error already carried
/// by operands that come out of a product, so the cheaper "sloppy" sum loses nothing here.
[[nodiscard]] inline DD add(DD x, DD y) {
    const DD s = two_sum(x.hi, y.hi);
    return fast_two_sum(s.hi, s.lo + (x.lo + y.lo));
}

[[nodiscard]] inline DD neg(DD x) { return {-x.hi, -x.lo}; }
[[nodiscard]] inline DD sub(DD x, DD y) { return add(x, neg(y)); }

/// x * y, dropping lo*lo (2^-106 relative).
[[nodiscard]] inline DD mul(DD x, DD y) {
    const DD p = two_prod(x.hi, y.hi);
    const double cross_terms = std::fma(x.hi, y.lo, x.lo * y.hi);
    return fast_two_sum(p.hi, p.lo + cross_terms);
}

/// x * x.
[[nodiscard]] inline DD sqr(DD x) {
    const DD p = two_prod(x.hi, x.hi);
    return fast_two_sum(p.hi, std::fma(2.0 * x.hi, x.lo, p.lo));
}

/// x * s for a double s.
[[nodiscard]] inline DD mul(DD x, double s) {
    const DD p = two_prod(x.hi, s);
    return fast_two_sum(p.hi, std::fma(x.lo, s, p.lo));
}

/// x * 2^k is exact: scale both parts.
[[nodiscard]] inline DD scale(DD x, double power_of_two) { return {x.hi * power_of_two, x.lo * power_of_two}; }

/// Nearest double to hi + lo (hi already is, to within half an ulp; this rounds once more).
[[nodiscard]] inline double to_double(DD x) { return x.hi + x.lo; }

/// Sign of hi + lo (hi carries the sign unless it is zero).
[[nodiscard]] inline int sign(DD x) {
    const double v = x.hi != 0.0 ? x.hi : x.lo;
    return (v > 0.0) - (v < 0.0);
}

}  // namespace tangent::dd
