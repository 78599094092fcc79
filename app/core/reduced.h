#pragma once
// Internal to the core: the pair reduced to Δp, Δv and R, held exactly as double-doubles and
// scaled by powers of two so that the degree-4 terms of the discriminant neither overflow nor
// underflow. Scaling by 2^k is exact, so nothing here rounds.

#include <algorithm>
#include <cmath>

#include "body.h"
#include "double_double.h"

namespace tangent::detail {

struct Reduced {
    dd::DD dpx, dpy;    ///< Δp·2^-length_exp
    dd::DD dvx, dvy;    ///< Δv·2^-speed_exp
    dd::DD radius_sum;  ///< R·2^-length_exp
    int length_exp = 0;
    int speed_exp = 0;

    [[nodiscard]] double reduced_time(double t_world) const {
        const int e = speed_exp - length_exp;
        return e == 0 ? t_world : std::ldexp(t_world, e);
    }
};

// Below 2^kSafeExp in magnitude and above 2^-kSafeExp no product of four factors (nor its
// rounding error, 2^-106 smaller) leaves the normal range, so no scaling is needed.
inline constexpr int kSafeExp = 200;
inline constexpr double kSafeHigh = 0x1p200;
inline constexpr double kSafeLow = 0x1p-200;
// Inputs this large could overflow in pB - pA: reduce_general() looks. (An overflowed difference
// would fail the range test in reduce() too; this one keeps the common path free of infinities.)
inline constexpr double kHugeInput = 0x1p1020;

inline dd::DD ldexp(dd::DD x, int e) { return {std::ldexp(x.hi, e), std::ldexp(x.lo, e)}; }

/// Δp, Δv, R exactly (two-sum), then scaled so the largest length and speed are near 1 when
/// they are outside [2^-200, 2^200]. Out of line: reduce() below calls it only for such inputs.
[[gnu::noinline]] inline Reduced reduce_general(const Body& body_a, const Body& body_b) {
    Reduced r;
    // pB - pA, rA + rB and vB - vA exactly, at the inputs' own scale (two-sum's error term is
    // finite whenever its sum is); only where a sum overflows (inputs near 2^1024 with opposite
    // signs) are the lengths or the speeds halved 8 times first, which is exact only for inputs
    // that are multiples of 2^-1066 (all from 2^-1014 up): smaller ones beside them lose digits.
    const auto lengths = [&](double pre) {
        r.dpx = dd::two_sum(body_b.position.x * pre, -(body_a.position.x * pre));
        r.dpy = dd::two_sum(body_b.position.y * pre, -(body_a.position.y * pre));
        r.radius_sum = dd::two_sum(body_a.radius * pre, body_b.radius * pre);
        return std::isfinite(r.dpx.hi) && std::isfinite(r.dpy.hi) && std::isfinite(r.radius_sum.hi);
    };
    const auto speeds = [&](double pre) {
        r.dvx = dd::two_sum(body_b.velocity.x * pre, -(body_a.velocity.x * pre));
        r.dvy = dd::two_sum(body_b.velocity.y * pre, -(body_a.velocity.y * pre));
        return std::isfinite(r.dvx.hi) && std::isfinite(r.dvy.hi);
    };
    if (!lengths(1.0)) {
        lengths(0x1p-8);
        r.length_exp = 8;
    }
    if (!speeds(1.0)) {
        speeds(0x1p-8);
        r.speed_exp = 8;
    }

    const double max_length = std::max({std::abs(r.dpx.hi), std::abs(r.dpy.hi), r.radius_sum.hi});
    if (max_length > kSafeHigh || max_length < kSafeLow) {
        const int e = std::ilogb(max_length);
        r.dpx = ldexp(r.dpx, -e);
        r.dpy = ldexp(r.dpy, -e);
        r.radius_sum = ldexp(r.radius_sum, -e);
        r.length_exp += e;
    }
    const double max_speed = std::max(std::abs(r.dvx.hi), std::abs(r.dvy.hi));
    if (max_speed != 0.0 && (max_speed > kSafeHigh || max_speed < kSafeLow)) {
        const int e = std::ilogb(max_speed);
        r.dvx = ldexp(r.dvx, -e);
        r.dvy = ldexp(r.dvy, -e);
        r.speed_exp += e;
    }
    return r;
}

/// reduce(), with the common case inline: no input near overflow and Δp, R and Δv already in
/// [2^-200, 2^200], where reduce_general() would scale nothing and gives the same values.
inline Reduced reduce(const Body& body_a, const Body& body_b) {
    // by value: std::max of temporaries returns references GCC keeps in memory
    const auto max = [](double x, double y) { return x < y ? y : x; };
    const auto max_abs = [&](double x, double y) { return max(std::abs(x), std::abs(y)); };
    const double max_length_input =
        max(max(max_abs(body_a.position.x, body_a.position.y), max_abs(body_b.position.x, body_b.position.y)),
            max(body_a.radius, body_b.radius));
    const double max_speed_input =
        max(max_abs(body_a.velocity.x, body_a.velocity.y), max_abs(body_b.velocity.x, body_b.velocity.y));
    Reduced r;
    r.dpx = dd::two_diff(body_b.position.x, body_a.position.x);
    r.dpy = dd::two_diff(body_b.position.y, body_a.position.y);
    r.radius_sum = dd::two_sum(body_a.radius, body_b.radius);
    r.dvx = dd::two_diff(body_b.velocity.x, body_a.velocity.x);
    r.dvy = dd::two_diff(body_b.velocity.y, body_a.velocity.y);
    const double max_length = max(max_abs(r.dpx.hi, r.dpy.hi), r.radius_sum.hi);
    const double max_speed = max_abs(r.dvx.hi, r.dvy.hi);
    const bool inputs_moderate = (max_length_input < kHugeInput) & (max_speed_input < kHugeInput);
    const bool length_in_range = (max_length <= kSafeHigh) & (max_length >= kSafeLow);
    const bool speed_in_range = (max_speed == 0.0) | ((max_speed <= kSafeHigh) & (max_speed >= kSafeLow));
    if (!(inputs_moderate & length_in_range & speed_in_range)) [[unlikely]] return reduce_general(body_a, body_b);
    return r;
}

/// f(t) = |Δp + tΔv|² - R² in reduced units, for a reduced time t.
inline dd::DD quadratic_at(const Reduced& r, double t) {
    const dd::DD x = dd::add(r.dpx, dd::mul(r.dvx, t));
    const dd::DD y = dd::add(r.dpy, dd::mul(r.dvy, t));
    return dd::sub(dd::add(dd::sqr(x), dd::sqr(y)), dd::sqr(r.radius_sum));
}

}  // namespace tangent::detail
