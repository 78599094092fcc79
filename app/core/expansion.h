#pragma once
// Exact sums and products of doubles as floating-point expansions (Priest 1991, Shewchuk 1997):
// a value is the exact, unevaluated sum of doubles e[0] + e[1] + ... ordered by increasing
// magnitude, no two overlapping. Sums and products are exact, as long as no product leaves the
// normal range (the caller scales its inputs near 1). The last resort of the core, for the rare
// coefficient that cancels beyond what double-double carries: slow, and never wrong.

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>

#include "double_double.h"

namespace tangent::expansion {

/// At most kCapacity terms. compress() keeps a value to one term per 53 bits of exponent range
/// it spans, which for inputs scaled near 1 stays far below this.
inline constexpr std::size_t kCapacity = 192;

struct Expansion {
    std::array<double, kCapacity> term{};
    std::size_t size = 0;

    void push(double x) {
        if (x != 0.0 && size < kCapacity) term[size++] = x;  // zero terms are dropped
    }
};

/// hi + lo as an expansion (a normalised double-double does not overlap).
[[nodiscard]] inline Expansion from(dd::DD x) {
    Expansion e;
    e.push(x.lo);
    e.push(x.hi);
    return e;
}

/// e + b exactly (Shewchuk's Grow-Expansion with zero elimination).
[[nodiscard]] inline Expansion grow(const Expansion& e, double b) {
    Expansion h;
    double q = b;
    for (std::size_t i = 0; i < e.size; ++i) {
        const dd::DD s = dd::two_sum(q, e.term[i]);
        h.push(s.lo);
        q = s.hi;
    }
    h.push(q);
    return h;
}

/// e + f exactly (Expansion-Sum: f's terms grown in one by one).
[[nodiscard]] inline Expansion sum(const Expansion& e, const Expansion& f) {
    Expansion h = e;
    for (std::size_t i = 0; i < f.size; ++i) h = grow(h, f.term[i]);
    return h;
}

[[nodiscard]] inline Expansion negate(Expansion e) {
    for (std::size_t i = 0; i < e.size; ++i) e.term[i] = -e.term[i];
    return e;
}

/// e·b exactly (Scale-Expansion with zero elimination; two_prod is exact with fma).
[[nodiscard]] inline Expansion scale(const Expansion& e, double b) {
    Expansion h;
    if (e.size == 0 || b == 0.0) return h;
    dd::DD p = dd::two_prod(e.term[0], b);
    h.push(p.lo);
    double q = p.hi;
    for (std::size_t i = 1; i < e.size; ++i) {
        const dd::DD t = dd::two_prod(e.term[i], b);
        const dd::DD s = dd::two_sum(q, t.lo);
        h.push(s.lo);
        const dd::DD f = dd::fast_two_sum(t.hi, s.hi);
        h.push(f.lo);
        q = f.hi;
    }
    h.push(q);
    return h;
}

/// The same value in as few terms as the exponent range allows (Shewchuk's Compress).
[[nodiscard]] inline Expansion compress(const Expansion& e) {
    if (e.size == 0) return e;
    std::array<double, kCapacity> g{};
    std::size_t bottom = e.size - 1;
    double q = e.term[e.size - 1];
    for (std::size_t i = e.size - 1; i-- > 0;) {
        const dd::DD s = dd::fast_two_sum(q, e.term[i]);
        if (s.lo != 0.0) {
            g[bottom--] = s.hi;
            q = s.lo;
        } else {
            q = s.hi;
        }
    }
    g[bottom] = q;
    Expansion h;
    for (std::size_t i = bottom + 1; i < e.size; ++i) {
        const dd::DD s = dd::fast_two_sum(g[i], q);
        h.push(s.lo);
        q = s.hi;
    }
    h.push(q);
    return h;
}

/// e·f exactly: f's terms scale e one at a time, the partial sums kept compressed. (Compressed,
/// a value has at most ~42 terms, one per 53 bits of the doubles' range: the running sum of at
/// most 42 + 2·42 terms stays inside kCapacity.)
[[nodiscard]] inline Expansion product(const Expansion& e, const Expansion& f) {
    const Expansion small_e = compress(e);
    const Expansion small_f = compress(f);
    Expansion h;
    for (std::size_t i = 0; i < small_f.size; ++i) h = compress(sum(h, scale(small_e, small_f.term[i])));
    return h;
}

[[nodiscard]] inline Expansion square(const Expansion& e) { return product(e, e); }

/// The double nearest the value, to within one rounding: the terms summed from the smallest up
/// (for a nonoverlapping expansion the largest term alone is already within an ulp).
[[nodiscard]] inline double estimate(const Expansion& e) {
    double total = 0.0;
    for (std::size_t i = 0; i < e.size; ++i) total += e.term[i];
    return total;
}

}  // namespace tangent::expansion
