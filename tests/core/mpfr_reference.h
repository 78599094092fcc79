#pragma once
// An independent reference for analyze(): the definitions of encounter.h evaluated in 600-bit
// MPFR arithmetic straight from the given doubles, the textbook quadratic formula included.
// 600 bits hold every difference of two doubles whose exponents are within ~540 of each other
// and every degree-4 product of such differences exactly; Truth::polynomial_exact says so.

#include <mpfr.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

#include "core/body.h"
#include "core/encounter.h"

namespace tangent::reference {

// How many random configurations a test runs: a quarter under AddressSanitizer, where every
// MPFR allocation is slow.
#if defined(__SANITIZE_ADDRESS__)
constexpr int kCountDivisor = 4;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr int kCountDivisor = 4;
#else
constexpr int kCountDivisor = 1;
#endif
#else
constexpr int kCountDivisor = 1;
#endif

constexpr int count(int n) { return std::max(1, n / kCountDivisor); }

inline constexpr mpfr_prec_t kBits = 600;

/// The precision new values get: kBits, or more for inputs whose exponents span further (set it
/// with a PrecisionScope).
inline mpfr_prec_t& precision() {
    static mpfr_prec_t bits = kBits;
    return bits;
}

/// More bits for the values made while this lives (the tests run one at a time).
class PrecisionScope {
public:
    explicit PrecisionScope(mpfr_prec_t bits) : saved_(precision()) { precision() = bits; }
    ~PrecisionScope() { precision() = saved_; }
    PrecisionScope(const PrecisionScope&) = delete;
    PrecisionScope& operator=(const PrecisionScope&) = delete;

private:
    mpfr_prec_t saved_;
};

/// An mpfr_t at precision() that owns its limbs.
class Mp {
public:
    Mp() { mpfr_init2(value_, precision()); mpfr_set_zero(value_, 1); }
    explicit Mp(double x) : Mp() { mpfr_set_d(value_, x, MPFR_RNDN); }  // exact
    Mp(const Mp& other) : Mp() { mpfr_set(value_, other.value_, MPFR_RNDN); }
    Mp(Mp&& other) noexcept : Mp() { mpfr_swap(value_, other.value_); }
    Mp& operator=(const Mp& other) {
        if (this != &other) mpfr_set(value_, other.value_, MPFR_RNDN);
        return *this;
    }
    Mp& operator=(Mp&& other) noexcept {
        mpfr_swap(value_, other.value_);
        return *this;
    }
    ~Mp() { mpfr_clear(value_); }

    [[nodiscard]] mpfr_ptr get() { return value_; }
    [[nodiscard]] mpfr_srcptr get() const { return value_; }
    [[nodiscard]] double to_double() const { return mpfr_get_d(value_, MPFR_RNDN); }
    [[nodiscard]] int sign() const { return mpfr_sgn(value_); }
    [[nodiscard]] bool is_zero() const { return mpfr_zero_p(value_) != 0; }
    [[nodiscard]] bool is_finite() const { return mpfr_number_p(value_) != 0; }

private:
    mpfr_t value_;
};

inline Mp operator+(const Mp& x, const Mp& y) { Mp r; mpfr_add(r.get(), x.get(), y.get(), MPFR_RNDN); return r; }
inline Mp operator-(const Mp& x, const Mp& y) { Mp r; mpfr_sub(r.get(), x.get(), y.get(), MPFR_RNDN); return r; }
inline Mp operator*(const Mp& x, const Mp& y) { Mp r; mpfr_mul(r.get(), x.get(), y.get(), MPFR_RNDN); return r; }
inline Mp operator/(const Mp& x, const Mp& y) { Mp r; mpfr_div(r.get(), x.get(), y.get(), MPFR_RNDN); return r; }
inline Mp operator-(const Mp& x) { Mp r; mpfr_neg(r.get(), x.get(), MPFR_RNDN); return r; }
inline Mp operator*(double k, const Mp& x) { return Mp(k) * x; }
inline Mp sqrt(const Mp& x) { Mp r; mpfr_sqrt(r.get(), x.get(), MPFR_RNDN); return r; }
inline Mp abs(const Mp& x) { Mp r; mpfr_abs(r.get(), x.get(), MPFR_RNDN); return r; }
inline Mp max(const Mp& x, const Mp& y) { return mpfr_cmp(x.get(), y.get()) >= 0 ? x : y; }
inline bool operator<(const Mp& x, const Mp& y) { return mpfr_less_p(x.get(), y.get()) != 0; }
inline bool operator>(const Mp& x, const Mp& y) { return mpfr_greater_p(x.get(), y.get()) != 0; }
inline bool operator==(const Mp& x, const Mp& y) { return mpfr_equal_p(x.get(), y.get()) != 0; }

/// |reported - truth| / scale, +inf when the reported value is not a number or the scale is 0
/// and the two differ; 0 for an infinity where the truth is beyond double range on that side.
inline double scaled_error(double reported, const Mp& truth, const Mp& scale) {
    if (std::isinf(reported) && truth.to_double() == reported) return 0.0;  // beyond double, and said so
    if (!std::isfinite(reported)) return INFINITY;
    const Mp diff = abs(Mp(reported) - truth);
    if (diff.is_zero()) return 0.0;
    if (scale.is_zero()) return INFINITY;
    return (diff / scale).to_double();
}

/// What exact arithmetic says about the pair (see encounter.h for the definitions).
struct Truth {
    Mp dpx, dpy, dvx, dvy, radius_sum;  ///< Δp, Δv, R: exact
    Mp a, b, c, discriminant, cross;    ///< exact polynomial quantities; cross = Δp×Δv
    Mp dp_length, dv_length;            ///< |Δp|, |Δv|
    Mp min_distance;                    ///< |Δp×Δv| / |Δv|, or |Δp| if a = 0
    Mp graze_gap;                       ///< (d_min - R) / R
    std::optional<Mp> t_closest, t_enter, t_exit;
    Case kind = Case::Static;
    /// Every polynomial quantity above came out exact, and D = 4(aR² - cross²) held exactly.
    bool polynomial_exact = false;

    Mp a_scale, b_scale, c_scale, discriminant_scale;  ///< the size of each quantity's terms
    Mp t_closest_scale;                                ///< max(|t_closest|, |Δp| / |Δv|)
    Mp distance_scale;                                 ///< |Δp| + R
};

inline Truth compute_truth(const Body& body_a, const Body& body_b) {
    Truth t;
    mpfr_clear_inexflag();
    t.dpx = Mp(body_b.position.x) - Mp(body_a.position.x);
    t.dpy = Mp(body_b.position.y) - Mp(body_a.position.y);
    t.dvx = Mp(body_b.velocity.x) - Mp(body_a.velocity.x);
    t.dvy = Mp(body_b.velocity.y) - Mp(body_a.velocity.y);
    t.radius_sum = Mp(body_a.radius) + Mp(body_b.radius);
    const Mp& R = t.radius_sum;
    const Mp R2 = R * R;
    t.a = t.dvx * t.dvx + t.dvy * t.dvy;
    t.b = 2.0 * (t.dpx * t.dvx + t.dpy * t.dvy);
    const Mp dp2 = t.dpx * t.dpx + t.dpy * t.dpy;
    t.c = dp2 - R2;
    t.cross = t.dpx * t.dvy - t.dpy * t.dvx;
    t.discriminant = t.b * t.b - 4.0 * t.a * t.c;
    // b² - 4ac = 4(a R² - (Δp×Δv)²) by Lagrange's identity (Δp·Δv)² + (Δp×Δv)² = |Δp|²|Δv|².
    const bool identity = t.discriminant == 4.0 * (t.a * R2 - t.cross * t.cross);
    const Mp b_terms = 2.0 * (abs(t.dpx * t.dvx) + abs(t.dpy * t.dvy));
    const Mp d_terms = 4.0 * (t.a * R2 + t.cross * t.cross);
    const Mp c_terms = dp2 + R2;
    t.polynomial_exact = identity && mpfr_inexflag_p() == 0;

    t.a_scale = t.a;
    t.b_scale = b_terms;
    t.c_scale = c_terms;
    t.discriminant_scale = d_terms;
    t.dp_length = sqrt(dp2);
    t.dv_length = sqrt(t.a);
    t.distance_scale = t.dp_length + R;

    if (t.a.is_zero()) {
        t.min_distance = t.dp_length;
    } else {
        t.min_distance = abs(t.cross) / t.dv_length;
        t.t_closest = -t.b / (2.0 * t.a);
        t.t_closest_scale = max(abs(*t.t_closest), t.dp_length / t.dv_length);
        if (t.discriminant.sign() >= 0) {
            const Mp root = sqrt(t.discriminant);
            t.t_enter = (-t.b - root) / (2.0 * t.a);
            t.t_exit = (-t.b + root) / (2.0 * t.a);
        }
    }
    t.graze_gap = (t.min_distance - R) / R;

    if (t.c.sign() < 0) {
        t.kind = Case::Overlapping;
    } else if (t.a.is_zero()) {
        t.kind = Case::Static;
    } else if (t.discriminant.sign() < 0) {
        t.kind = Case::Miss;
    } else if (t.discriminant.is_zero()) {
        t.kind = t.t_closest->sign() >= 0 ? Case::Graze : Case::Receding;
    } else {
        t.kind = t.t_enter->sign() >= 0 ? Case::Hit : Case::Receding;
    }
    return t;
}

}  // namespace tangent::reference
