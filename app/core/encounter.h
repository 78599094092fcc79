#pragma once
// When do two moving circles touch?  |Δp + tΔv| = R  <=>  a t² + b t + c = 0 with
//   Δp = pB - pA, Δv = vB - vA, R = rA + rB,
//   a = Δv·Δv, b = 2 Δp·Δv, c = Δp·Δp - R², D = b² - 4ac = 4(a R² - (Δp×Δv)²).
// analyze() answers with one Encounter value that the CLI, the canvas, the exporters and the
// tests all read.

#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include <glm/vec2.hpp>

#include "body.h"
#include "result.h"

namespace tangent {

/// What the pair does, decided in this order: overlapping (c < 0), static (a = 0), then by the
/// discriminant: miss (D < 0), graze (D = 0 within kGrazeTolerance, touch now or later),
/// hit (D > 0, first contact now or later), receding (the only contact is in the past).
enum class Case : unsigned char { Hit, Graze, Miss, Receding, Overlapping, Static };

/// Which of the quadratic's three discriminant cases holds; NotQuadratic when a = 0.
enum class DiscriminantSign : unsigned char { Negative, Zero, Positive, NotQuadratic };

/// "hit", "graze", "miss", "receding", "overlapping", "static".
[[nodiscard]] std::string_view to_string(Case kind);
/// The case in capitals, as the badge says it: "HIT".
[[nodiscard]] std::string to_capitals(Case kind);
/// "D < 0", "D = 0", "D > 0", "a = 0".
[[nodiscard]] std::string_view to_string(DiscriminantSign sign);

/// τ: D counts as zero when the closest approach is within τ·R of touching, |d_min - R| <= τ R.
/// Far above the error of the discriminant (double-double, or exact where that cancels), far
/// below the 1e-10 at which the case must be exact.
inline constexpr double kGrazeTolerance = 1e-12;

/// The bodies and where they meet at the first contact t_enter.
struct Contact {
    glm::dvec2 position_a{0.0};
    glm::dvec2 position_b{0.0};
    glm::dvec2 point{0.0};   ///< on both rims: position_a + rA·normal
    glm::dvec2 normal{0.0};  ///< unit vector from A's centre towards B's
};

struct Encounter {
    Body body_a;
    Body body_b;
    glm::dvec2 relative_position{0.0};  ///< Δp = pB - pA (rounded to double)
    glm::dvec2 relative_velocity{0.0};  ///< Δv = vB - vA (rounded to double)
    double radius_sum = 0.0;            ///< R = rA + rB (rounded to double)

    double a = 0.0;             ///< Δv·Δv
    double b = 0.0;             ///< 2 Δp·Δv
    double c = 0.0;             ///< Δp·Δp - R²
    double discriminant = 0.0;  ///< b² - 4ac, computed as 4(a R² - (Δp×Δv)²)

    Case kind = Case::Static;
    DiscriminantSign discriminant_sign = DiscriminantSign::NotQuadratic;

    // Units are the bodies' own (lengths, and times in their units of length over speed). Any
    // time, and a, b, c, D or R, may be ±∞ where it lies beyond the doubles (a contact 1e200 away
    // at 1e-120 a second) or 0 where it underflows; nothing is NaN.

    /// -b / 2a: when the centres are nearest (null if a = 0). Each time is within its rounding of
    /// the truth, so for a contact lasting a few units in the last place t_closest may lie that
    /// far outside [t_enter, t_exit] (a graze's three are equal).
    std::optional<double> t_closest;
    double min_distance = 0.0;  ///< centre distance then: |Δp×Δv| / |Δv|, or |Δp| if a = 0

    /// The two roots, earlier first: equal to t_closest for a graze, the past and the future
    /// root when overlapping, both past when receding; null for miss and static, and for a pair
    /// overlapping with no relative motion (a = 0: no root).
    std::optional<double> t_enter;
    std::optional<double> t_exit;
    /// t_exit - t_enter = √D / a, computed without subtracting the roots (0 for a graze); null
    /// exactly when t_enter is.
    std::optional<double> contact_duration;

    std::optional<Contact> contact;  ///< at t_enter, whenever t_enter exists

    [[nodiscard]] glm::dvec2 position_a(double t) const { return body_a.position_at(t); }
    [[nodiscard]] glm::dvec2 position_b(double t) const { return body_b.position_at(t); }
    /// |Δp + tΔv|: the distance between the centres at time t.
    [[nodiscard]] double distance_at(double t) const;
    /// With no relative motion, the constant gap between the rims, |Δp| − R, taken as
    /// c/(|Δp| + R) so that nothing cancels (|Δp| − R where c under- or overflowed).
    [[nodiscard]] double static_gap() const {
        if (c != 0.0 && std::isfinite(c)) return c / (min_distance + radius_sum);
        const double gap = min_distance - radius_sum;
        // (both past the doubles, radii 1e308 at ±1e308: ∞ − ∞; c's sign is the gap's: a game-engine
        // author's review found NaN where "nothing is NaN")
        if (std::isnan(gap)) return c > 0.0 ? std::numeric_limits<double>::infinity() : c < 0.0 ? -std::numeric_limits<double>::infinity() : 0.0;
        return gap;
    }
    /// The overlap check |Δp + tΔv| <= R, evaluated in double-double (exact in practice).
    [[nodiscard]] bool overlaps_at(double t) const;
    /// The sign of |Δp + tΔv|² − R² at time t, as overlaps_at() decides it: -1 overlapping, 0
    /// touching, +1 apart.
    [[nodiscard]] int contact_sign_at(double t) const;
    /// The sign of D in exact arithmetic on the given numbers: -1, 0 or +1 (0 when a = 0). For a
    /// graze, whether the numbers as given touch exactly (0), overlap for a moment (+1) or pass a
    /// hair apart (-1), the tolerance counting each a touch; `discriminant` may round to 0 where
    /// D is not (lengths near 1e-80).
    [[nodiscard]] int exact_discriminant_sign() const;
    /// Whether D = 0 exactly, not by the tolerance alone: a graze of the numbers as given, now, ahead
    /// or (receding) in the past.
    [[nodiscard]] bool exact_zero_discriminant() const {
        return discriminant_sign == DiscriminantSign::Zero && exact_discriminant_sign() == 0;
    }
    /// Whether D = 0 exactly and the touch is now or ahead: an exact graze.
    [[nodiscard]] bool exact_graze() const { return kind == Case::Graze && exact_zero_discriminant(); }
    /// The sign of Δv·(Δp + tΔv), exactly: +1 when the centres move apart at time t, -1 when they
    /// approach, 0 at the closest approach (or with no relative motion).
    [[nodiscard]] int separating_at(double t) const;
};

/// Which of the coefficients are 0 as doubles though not in exact arithmetic (below a double's
/// range, as with lengths near 1e-200): their signs are known exactly, so a = 0 beside D > 0, or
/// c = 0 beside "c < 0: they overlap now", can be said to be no contradiction.
struct Underflows {
    bool a = false;
    bool b = false;
    bool c = false;
    bool discriminant = false;
};
[[nodiscard]] Underflows underflows(const Encounter& e);

/// The case and the contact interval alone: what a simulation asks on every step.
struct FirstContact {
    Case kind = Case::Static;
    std::optional<double> t_enter;  ///< as Encounter::t_enter
    std::optional<double> t_exit;   ///< as Encounter::t_exit
};

/// The encounter of A and B, or an error naming the body and the field that is invalid
/// (non-finite numbers, radius <= 0, mass <= 0). No allocation, exception or shared state on
/// success; safe to call from any thread. The rare exact path (a graze or a contact cancelling
/// beyond double-double) takes about 44 KB of stack for its expansions optimized (-O1 and up),
/// up to 78 KB at -O0: a fiber's 32 KB is too little. It is also slow, 2 to 8 µs: an exact
/// graze, bodies touching to the last bit (as they are placed at a contact just found, after
/// a bounce), or a start within about 2^-48 of touching. Computed ahead of its tests, a
/// configuration beyond the fast path's range (lengths past about 1e150) meets inf - inf on the
/// way: with FE_INVALID trapping on, that traps, though the answer is right.
[[nodiscard]] Result<Encounter> analyze(const Body& body_a, const Body& body_b);

/// The same case and contact times as analyze(), bit for bit, without the rest of the picture.
[[nodiscard]] Result<FirstContact> first_contact(const Body& body_a, const Body& body_b);

}  // namespace tangent

namespace tangent::detail {
/// For tests: analyze() forced onto its double-double path (valid bodies only).
[[nodiscard]] Encounter analyze_exact_path(const Body& body_a, const Body& body_b);
/// For tests: whether analyze()'s plain-double path vouches for its own answer here.
[[nodiscard]] bool fast_path_accepts(const Body& body_a, const Body& body_b);
}  // namespace tangent::detail
