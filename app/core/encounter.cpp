#include "encounter.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <limits>

#include <glm/common.hpp>

#include "double_double.h"
#include "expansion.h"
#include "reduced.h"

namespace tangent {

std::string_view to_string(Case kind) {
    switch (kind) {
        case Case::Hit: return "hit";
        case Case::Graze: return "graze";
        case Case::Miss: return "miss";
        case Case::Receding: return "receding";
        case Case::Overlapping: return "overlapping";
        case Case::Static: return "static";
    }
    return "?";
}

std::string to_capitals(Case kind) {
    std::string word(to_string(kind));
    std::transform(word.begin(), word.end(), word.begin(), [](char c) { return static_cast<char>(std::toupper(c)); });
    return word;
}

std::string_view to_string(DiscriminantSign sign) {
    switch (sign) {
        case DiscriminantSign::Negative: return "D < 0";
        case DiscriminantSign::Zero: return "D = 0";
        case DiscriminantSign::Positive: return "D > 0";
        case DiscriminantSign::NotQuadratic: return "a = 0";
    }
    return "?";
}

double Encounter::distance_at(double t) const {
    const glm::dvec2 d = position_b(t) - position_a(t);
    return std::hypot(d.x, d.y);
}

namespace detail {
namespace {

/// The sign of f(t) = |Δp + tΔv|² - R² exactly (expansions), for reduced t: where
/// double-double cannot tell, a sample within a few ulps of a graze or of a contact time.
[[gnu::noinline, gnu::cold]] int exact_quadratic_sign(const Reduced& r, double t) {
    using expansion::Expansion;
    // touching at t = 0 exactly (c = 0): f(t) = t(b + at), whose sign needs no t² term (one
    // that underflows: at t = 1e-200 a tangential touch would give f = 0 and the check fire)
    const Expansion c = expansion::sum(expansion::sum(expansion::square(expansion::from(r.dpx)), expansion::square(expansion::from(r.dpy))),
                                       expansion::negate(expansion::square(expansion::from(r.radius_sum))));
    if (expansion::estimate(c) == 0.0) {
        const int t_sign = (t > 0.0) - (t < 0.0);
        const Expansion b = expansion::scale(expansion::sum(expansion::product(expansion::from(r.dpx), expansion::from(r.dvx)),
                                                            expansion::product(expansion::from(r.dpy), expansion::from(r.dvy))),
                                             2.0);
        // b + at: exactly where b is not 0 (near the other root, t = -b/a, |at| is |b|: taken as b's
        // sign alone, a check 1.3e-28 past the end of a contact from a touch at 0 fired, a
        // robustness review); where b = 0, f = at² has the sign of t² (at² may underflow)
        if (expansion::estimate(b) == 0.0) return t_sign * t_sign;
        const Expansion a = expansion::sum(expansion::square(expansion::from(r.dvx)), expansion::square(expansion::from(r.dvy)));
        const double rate = expansion::estimate(expansion::sum(b, expansion::scale(a, t)));
        return t_sign * ((rate > 0.0) - (rate < 0.0));
    }
    const Expansion x = expansion::sum(expansion::from(r.dpx), expansion::scale(expansion::from(r.dvx), t));
    const Expansion y = expansion::sum(expansion::from(r.dpy), expansion::scale(expansion::from(r.dvy), t));
    const Expansion f = expansion::sum(expansion::sum(expansion::square(x), expansion::square(y)),
                                       expansion::negate(expansion::square(expansion::from(r.radius_sum))));
    const double value = expansion::estimate(f);  // has the sign of the exact value
    return (value > 0.0) - (value < 0.0);
}

/// The sign of Δv·(Δp + tΔv) = b/2 + a t exactly (expansions), for reduced t.
[[gnu::noinline, gnu::cold]] int exact_rate_sign(const Reduced& r, double t) {
    using expansion::Expansion;
    const Expansion u = expansion::from(r.dvx);
    const Expansion v = expansion::from(r.dvy);
    const Expansion half_b = expansion::sum(expansion::product(expansion::from(r.dpx), u), expansion::product(expansion::from(r.dpy), v));
    const Expansion a = expansion::sum(expansion::square(u), expansion::square(v));
    const double value = expansion::estimate(expansion::sum(half_b, expansion::scale(a, t)));
    return (value > 0.0) - (value < 0.0);
}

}  // namespace
}  // namespace detail

int Encounter::separating_at(double t) const {
    const detail::Reduced r = detail::reduce(body_a, body_b);
    const double t_reduced = r.reduced_time(t);
    // b/2 + a t = Δv·(Δp + tΔv) in double-double; nearer 0 than 2^-90 of its terms the exact sign
    const dd::DD x = dd::add(r.dpx, dd::mul(r.dvx, t_reduced));
    const dd::DD y = dd::add(r.dpy, dd::mul(r.dvy, t_reduced));
    const dd::DD rate = dd::add(dd::mul(r.dvx, x), dd::mul(r.dvy, y));
    const double terms = std::abs(r.dvx.hi * x.hi) + std::abs(r.dvy.hi * y.hi) +
                         std::abs(t_reduced) * (r.dvx.hi * r.dvx.hi + r.dvy.hi * r.dvy.hi);
    if (!(terms <= 0x1p1000)) return t_reduced > 0.0 ? 1 : -1;  // far out in time: moving apart after, towards before
    if (std::abs(rate.hi) > 0x1p-90 * terms) return (rate.hi > 0.0) - (rate.hi < 0.0);
    return detail::exact_rate_sign(r, t_reduced);
}

Underflows underflows(const Encounter& e) {
    const bool quadratic = e.discriminant_sign != DiscriminantSign::NotQuadratic;
    Underflows u;
    u.a = e.a == 0.0 && quadratic;
    u.b = e.b == 0.0 && e.separating_at(0.0) != 0;  // b/2 = Δv·Δp, its sign exact
    // c < 0 exactly when they overlap now (the case says so), c > 0 when the exact check finds them apart
    u.c = e.c == 0.0 && (e.kind == Case::Overlapping || !e.overlaps_at(0.0));
    // (a graze's D as well: at lengths near 1e-80 one by the tolerance has a D below the doubles)
    u.discriminant = e.discriminant == 0.0 && quadratic && e.exact_discriminant_sign() != 0;
    return u;
}

bool Encounter::overlaps_at(double t) const { return contact_sign_at(t) <= 0; }

int Encounter::contact_sign_at(double t) const {
    const detail::Reduced r = detail::reduce(body_a, body_b);
    const double t_reduced = r.reduced_time(t);
    const dd::DD f = detail::quadratic_at(r, t_reduced);
    // double-double holds f to ~2^-100 of the size of its terms; nearer 0 than 2^-90 of them
    // (within a few ulps of a contact or graze time) the exact sign decides
    const double x = r.dpx.hi + t_reduced * r.dvx.hi;
    const double y = r.dpy.hi + t_reduced * r.dvy.hi;
    const double terms = x * x + y * y + r.radius_sum.hi * r.radius_sum.hi;
    // |Δp + tΔv|² near or past the largest double (a huge t·|Δv|), R² below 2^402: far apart (or t is NaN)
    if (!(terms <= 0x1p1000)) return 1;
    if (std::abs(f.hi) > 0x1p-90 * terms) return f.hi < 0.0 ? -1 : 1;
    return detail::exact_quadratic_sign(r, t_reduced);
}

namespace detail {

/// The quadratic in reduced units, from the double-double solver: each value correct to well
/// below 1e-13 relative, with Δp and Δv kept exactly to form the contact normal.
struct Quadratic {
    double a;          // Δv·Δv
    double half_b;     // Δp·Δv
    double c;          // Δp·Δp - R²
    double cross;      // Δp×Δv
    double root_d;     // √max(D/4, 0)
    double radius_sum;
    // D/4 = aR² - (Δp×Δv)² and the graze test's Δp×Δv, R and |Δv|, in units of their own: the
    // reduced ones, unless R and d_min are so much smaller than |Δp| (2^-450 and below) that
    // aR² and (Δp×Δv)² would underflow there; then lengths and speeds are scaled by powers of
    // two so that these are near 1 (the test and the sign of D do not depend on the unit), and
    // D/4 in reduced units is graze_quarter_d·2^(2·graze_exp). Δv in the same unit of speed
    // (for the contact normal, from Δp×Δv and √(D/4) in that unit: in reduced units their
    // products with Δv underflow for a pass 1e267 away, turning the normal along the path).
    double graze_quarter_d;
    double graze_cross;
    double graze_radius;
    double graze_speed;
    double graze_dvx;
    double graze_dvy;
    int graze_exp;
    int graze_speed_exp;  // Δv in that unit is Δv·2^-graze_speed_exp (reduced units)
    dd::DD dpx, dpy, dvx, dvy;
    int length_exp;
    int speed_exp;
    // Δp·Δv = closest_half_b·2^closest_b_exp and Δv·Δv = closest_a·2^closest_a_exp in world units,
    // Δp and Δv each scaled by its own power of two: b and t_closest = −(Δp·Δv)/(Δv·Δv). In the
    // reduced units above Δp is scaled by R's power of two, and for a small circle deep inside a
    // huge one (Δp 1e-38 beside R 7.7e235) Δp·Δv there underflows: b read 0, t_closest lost digits.
    double closest_half_b;
    int closest_b_exp;
    double closest_a;
    int closest_a_exp;
};

namespace {

constexpr double kUnitRoundoff = 0x1p-53;

/// What the plain-double path computes: the quadratic straight from the rounded Δp, Δv and R,
/// and whether its running error bound vouches for the answer (see solve_fast).
struct FastQuadratic {
    double dpx, dpy, dvx, dvy, radius;  // each the difference or sum rounded once
    double a, half_b, c, cross, quarter_d;
    double terms_b, size_c, bound_d;  // T_b, S_c and E below, for the roots' test
    double terms_x, a_radius_sq;      // T_x and aR², for the contact normal's test
    bool accepted;           // valid bodies, in range, the signs of c and D/4 sure (the roots: fast_roots)
    bool coefficients_sure;  // b/2, c, D/4 each within 2^-44 of their value (a always is; else analyze refines)
    bool all_sure;           // accepted and coefficients_sure, c to 2^-46: the roots need no test (sure_roots)
};

// The error bounds, first-order (O(u²) terms dropped, constants rounded up), u = 2^-53. Each
// bounds |computed - exact| where "exact" is the value on the true inputs. The inputs are
// rounded once: dpx = fl(pB.x - pA.x) = Δpx(1 + ε) with |ε| <= u, likewise dpy, dvx, dvy and
// R = fl(rA + rB). Then
//   a product      fl(dpx·dvx) = Δpx Δvx (1 + 3ε)
//   b/2, Δp×Δv     3u T + u|value| <= 4u T,  T = |dpx dvx| + |dpy dvy|  (resp. |dpx dvy| + |dpy dvx|);
//                  used: 5u T_b, e_x = 5u T_x
//   c              4u|Δp|² + 3u R² + u|c| <= 5u (|Δp|² + R²); used: 6u (|Δp|² + R²)
//   D/4            8u aR² + e_x(2|x| + e_x) + u x² + u|D/4| <= 9u aR² + 2u x² + e_x(2|x| + e_x);
//                  used: 12u (aR² + x²) + e_x(2|x| + e_x). The e_x² term stays: when Δp×Δv
//                  cancels, x may have no correct digit at all.
// The tests below take the "used" bounds with constants a little larger still (6.01 for 6, 12.01
// for 12, 0.52 for 0.51 in fast_roots): the extra covers underflow (below). Tighter constants (the
// middle column) would be valid too, but they let through configurations whose plain-double
// answer is less accurate (the worst t_enter on random inputs would rise from 2.9e-15 to 4.2e-15).
// Underflow: with every length and speed in [2^-200, 2^200] (checked) only a product with a tiny
// component can underflow, each adding at most 2^-1074 absolutely: 2^-1000 per bound covers it.
// In a, |Δp|², R², aR² and x² it is below the extra 0.01 in the constants 6.01 and 12.01 below,
// applied to terms of at least u·2^-798; in e_x (5u T_x + 2^-1000) the extra u²T_x² (26 for 25)
// and 0.01u x² cover it for T_x, |x| above 2^-939, and below that it is under 2^-1900. In b/2
// (5u T_b + 2^-1000, times s in the roots' test) see margin_q; where b/2 is reported the bound
// carries kTermSlack·5u = 5·2^-1000.
constexpr double kTermSlack = 0x1p-947;
// Below this, Δp·Δv's products lose digits to the subnormals: analyze() takes the exact path.
// (all_sure never holds there: it asks |b/2| above kTermSlack/102.4.)
constexpr double kSubnormalTerms = 0x1p-900;

/// Plain double arithmetic with the running error bound above, in two stages. solve_fast()
/// accepts only when the bound guarantees the signs of c and D/4, with D/4 known to 2^-20
/// relative (which also puts every graze decision on the exact path: |D/4| > 2^20·(error) >>
/// τ·(aR² + (Δp×Δv)²)): that settles a miss (D < 0) without a square root or a division. When
/// D > 0, fast_roots() then accepts only roots q/a and c/q good to 2^-45 relative. Most
/// configurations pass both; near-contact and near-graze ones do not.
///
/// analyze() and first_contact() first ask one stricter test, all_sure, that covers all of
/// that at once (and the 2^-44 of the reported coefficients): 97% of random configurations pass
/// it, and the rest take the separate tests above. One test in place of four (and no test of
/// the roots: sure_roots) keeps the common call short.
[[gnu::always_inline]] inline FastQuadratic solve_fast(const Body& body_a, const Body& body_b) {
    FastQuadratic f;
    const double dpx = body_b.position.x - body_a.position.x;
    const double dpy = body_b.position.y - body_a.position.y;
    const double dvx = body_b.velocity.x - body_a.velocity.x;
    const double dvy = body_b.velocity.y - body_a.velocity.y;
    const double radius = body_a.radius + body_b.radius;

    const double px_vx = dpx * dvx;
    const double py_vy = dpy * dvy;
    const double px_vy = dpx * dvy;
    const double py_vx = dpy * dvx;
    const double half_b = px_vx + py_vy;
    const double cross = px_vy - py_vx;
    const double a = dvx * dvx + dvy * dvy;
    const double pp = dpx * dpx + dpy * dpy;
    const double radius_sq = radius * radius;
    const double c = pp - radius_sq;
    const double a_radius_sq = a * radius_sq;
    const double cross_sq = cross * cross;
    const double quarter_d = a_radius_sq - cross_sq;

    // the bounds, in units of u: err b/2 <= 5 T_b, err c <= 6.01 S_c, err D/4 <= E
    const double abs_c = std::abs(c);
    const double abs_d = std::abs(quarter_d);
    const double terms_b = std::abs(px_vx) + std::abs(py_vy);                   // T_b (its slack: see uses)
    const double terms_x = std::abs(px_vy) + std::abs(py_vx);                   // T_x
    const double size_c = pp + radius_sq;                                       // S_c
    // E = 12.01 (aR² + x²) + T_x (10|x| + 26u T_x), that is 12u(aR² + x²) + e_x(2|x| + e_x) / u
    const double bound_d =
        12.01 * (a_radius_sq + cross_sq) + terms_x * (10.0 * std::abs(cross) + 26.0 * kUnitRoundoff * terms_x);

    // The tests, each written "x < y" here. Valid bodies (the full check, with its message, is on
    // the slow path) and every length and speed in [2^-200, 2^200]: S_c + a <= 2^400 bounds |Δp|,
    // R and |Δv|; a >= 2^-398 puts the larger speed component above 2^-199.5; min(rA, rB) >=
    // 2^-201 makes both radii positive and R >= 2^-200. A non-finite position, velocity or radius
    // makes S_c or a infinite or NaN. Then
    //   sign of c:    6.01u S_c < |c|
    //   sign of D/4:  2^20 u E < |D/4|
    // Once S_c + a <= 2^400 holds (a comparison, false for NaN) every number here is finite, and
    // for finite numbers x < y exactly when y - x > 0 (the sign of an IEEE difference is exact,
    // with gradual underflow). So each test is a margin y - x, and min folds them into one
    // comparison: fewer instructions than a compare and an AND per test.
    const double margin_c = abs_c - 6.01 * kUnitRoundoff * size_c;
    const double margin_d = abs_d - 0x1p-33 * bound_d;
    const double margin_range = std::min(a - 0x1p-398, std::min(body_a.radius, body_b.radius) - 0x1p-201);
    const double margin = std::min(std::min(margin_c, margin_d), margin_range);
    f.accepted = (margin > 0.0) & (size_c + a <= 0x1p400) & (body_a.mass > 0.0) & (body_b.mass > 0.0);
    // Reported to 2^-44 = 512u (5.7e-14, the README's promise is 1e-13): b/2 when
    // 5 T_b <= 512 |b/2|, c when 6.01 S_c <= 512 |c|, D/4 when E <= 512 |D/4|; a always (4u).
    // Random configurations fail this 2% of the time (at 2^-47 they would fail 19%, and the
    // compensated refinement would cost analyze() a third of its time).
    f.coefficients_sure = (terms_b + kTermSlack <= 102.4 * std::abs(half_b)) & (size_c <= 85.0 * abs_c) &
                          (bound_d <= 512.0 * abs_d);
    // The common case in one test, which implies the three above and roots_c_sure below: b/2 and
    // D/4 to 2^-44, c to 2^-46 (6.01u S_c < 128u|c|), in range. Then sure_roots() needs no test of
    // its own. As margins again, folded by min.
    // (named: std::min of temporaries returns a reference that GCC keeps in memory)
    const double margin_all_b = 102.4 * std::abs(half_b) - (terms_b + kTermSlack);
    const double margin_all_c = 21.25 * abs_c - size_c;
    const double margin_all_d = 512.0 * abs_d - bound_d;
    const double margin_all = std::min(std::min(margin_all_b, margin_all_c), std::min(margin_all_d, margin_range));
    f.all_sure = (margin_all > 0.0) & (size_c + a <= 0x1p400) & (body_a.mass > 0.0) & (body_b.mass > 0.0);

    f.dpx = dpx;
    f.dpy = dpy;
    f.dvx = dvx;
    f.dvy = dvy;
    f.radius = radius;
    f.a = a;
    f.half_b = half_b;
    f.c = c;
    f.cross = cross;
    f.quarter_d = quarter_d;
    f.terms_b = terms_b;
    f.size_c = size_c;
    f.bound_d = bound_d;
    f.terms_x = terms_x;
    f.a_radius_sq = a_radius_sq;
    return f;
}

/// The second stage, for D > 0: the case and the two roots, and whether the bound vouches for
/// them. There the fast path knows a > 0, c != 0 and D/4 > 0 (no graze), so the case is
/// overlapping if c < 0, else hit if b < 0 and receding if b > 0 (b = 0 cannot be: then
/// D/4 = -ac < 0). The roots need c to 2^-46: 6.01u S_c <= 128u |c| (as a margin, like
/// solve_fast's tests); that is tested first, before the square root and the divisions are
/// spent on a start near contact, which the exact path then decides anyway.
[[gnu::always_inline]] inline bool roots_c_sure(const FastQuadratic& f) {
    return 21.25 * std::abs(f.c) - f.size_c > 0.0;
}

/// Whether the plain-double Δp×Δv puts the contact normal within 2^-42 of its direction: its
/// error 5u T_x moves the normal by 5u T_x / (|Δv| R) (see contact_direction), so T_x must stay
/// under 2^8·|Δv|R, squared T_x² <= 2^16 aR² (√(D/4) is good to 2^-44 once the coefficients
/// are sure or refined). A far pass (|Δp| beyond about 200 R) goes to the double-double path.
[[gnu::always_inline]] inline bool normal_sure(const FastQuadratic& f) {
    return f.terms_x * f.terms_x <= 0x1p16 * f.a_radius_sq;
}

struct FastRoots {
    bool sure;      // q/a and c/q good to 2^-45, given roots_c_sure (else the exact path decides)
    Case kind;      // Hit, Receding or Overlapping
    double root_d;  // √(D/4)
    double t_enter;
    double t_exit;
};

/// The case and the stable roots of the plain-double quadratic, for D > 0, with no test: for
/// all_sure, or under fast_roots()' test. Under all_sure, b/2 and D/4 are within 2^-44 of their
/// values (5u T_b <= 512u|b/2|, uE <= 512u|D/4|), so s = fl(√(D/4)) is within 2^-45 + u of √(D/4) and
/// |q| = fl(|b/2| + s), a sum of two terms of one sign, within (2^-44 + u)|q|; c is within
/// 6.01u S_c < 128u|c| = 2^-46|c|. So q/a (a and 1/a: 5u, the product: u) is good to 2^-44 + 7u
/// and c/q to 2^-44 + 2^-46 + 2u: both within 7.3e-14 relative, the README's promise being 1e-12.
/// (fast_roots() asks 2^-45 of q, and the double-double path answers where that fails.)
[[gnu::always_inline]] inline FastRoots sure_roots(const FastQuadratic& f, double inverse_a) {
    FastRoots r;
    r.sure = true;
    r.root_d = std::sqrt(f.quarter_d);
    // c != 0 and D/4 > 0 here (no graze), so the case is overlapping if c < 0, else hit if b < 0
    // and receding if b > 0 (b = 0 cannot be: then D/4 = -ac < 0)
    const Case approach = f.half_b < 0.0 ? Case::Hit : Case::Receding;
    r.kind = f.c < 0.0 ? Case::Overlapping : approach;
    // the same stable roots as roots() below: q = -(b/2 + sign(b)·√(D/4)), t = q/a and t = c/q;
    // q is -sign(b)·fl(|b/2| + √(D/4)), bit for bit. Here q != 0 (|q| >= √(D/4) > 0) and neither
    // time is 0 (c != 0), so no -0 can appear.
    const double q_root = std::copysign(std::abs(f.half_b) + r.root_d, -f.half_b);
    const double t1 = q_root * inverse_a;
    const double t2 = f.c / q_root;
    r.t_enter = std::min(t1, t2);
    r.t_exit = std::max(t1, t2);
    return r;
}

[[gnu::always_inline]] inline FastRoots fast_roots(const FastQuadratic& f, double inverse_a) {
    FastRoots r = sure_roots(f, inverse_a);
    const double abs_q = std::abs(f.half_b) + r.root_d;
    // The roots q/a and c/q, q = -(b/2 + sign(b/2)·s), s = fl(√(D/4)): the error of s is at most
    // 0.51 u E/s + u s (D/4 is known to 2^-20, so √ halves its error to within 2^-19), and
    // err q <= 5u T_b + err s + u|q|. Times s, with u·(D/4) <= 1.01 u s² <= 1.01 u |q| s:
    //   s·err q <= u (5 T_b s + 0.51 E + 2.01 |q| s), wanted <= 2^-46 |q| s = 128 u |q| s;
    // with c to 2^-46 as well (roots_c_sure), q/a and c/q are then good to 2^-45 (a and the
    // divisions add a few u). As a margin, like solve_fast's tests. (0.52 E rather than 0.51 E
    // also covers T_b's underflow slack, 5·2^-947 s: E >= 12 aR² >= 12 s², so 0.01 E exceeds it
    // for s >= 2^-940, and E >= 12·2^-798 dwarfs it below.)
    const double margin_q = r.root_d * (125.9 * abs_q - 5.0 * f.terms_b) - 0.52 * f.bound_d;
    r.sure = margin_q > 0.0;
    return r;
}

/// b/2, c, Δp×Δv and D/4 exactly, each rounded once to the nearest double (within an ulp), in
/// the reduced units of `r`: the last resort for a coefficient that cancels beyond what
/// double-double resolves, or for a discriminant whose terms would underflow. The inputs are
/// scaled by powers of two (exactly) so that the largest length and speed are near 1 and no
/// product of four terms overflows; D/4 is then formed in lengths scaled once more, so that the
/// larger of R and |Δp×Δv| (a length, at speeds near 1) is near 1 too and its terms stay normal
/// however far below |Δp| the circles pass.
[[gnu::noinline, gnu::cold]] void solve_by_expansions(const Reduced& r, Quadratic& q) {
    using expansion::Expansion;
    const double length = std::max({std::abs(r.dpx.hi), std::abs(r.dpy.hi), r.radius_sum.hi});
    const double speed = std::max(std::abs(r.dvx.hi), std::abs(r.dvy.hi));
    const int le = std::ilogb(length);
    const int se = speed > 0.0 ? std::ilogb(speed) : 0;
    const Expansion x = expansion::from(ldexp(r.dpx, -le));
    const Expansion y = expansion::from(ldexp(r.dpy, -le));
    const Expansion u = expansion::from(ldexp(r.dvx, -se));
    const Expansion v = expansion::from(ldexp(r.dvy, -se));
    const Expansion radius_sq = expansion::square(expansion::from(ldexp(r.radius_sum, -le)));
    const Expansion c = expansion::sum(expansion::sum(expansion::square(x), expansion::square(y)), expansion::negate(radius_sq));
    const Expansion half_b = expansion::sum(expansion::product(x, u), expansion::product(y, v));
    const Expansion cross =
        expansion::compress(expansion::sum(expansion::product(x, v), expansion::negate(expansion::product(y, u))));
    const Expansion a = expansion::compress(expansion::sum(expansion::square(u), expansion::square(v)));

    // D/4 = aR² - (Δp×Δv)² with lengths ×2^k, max(R, |Δp×Δv|)·2^k in [1, 2)
    const double cross_size = std::abs(expansion::estimate(cross));
    const double radius_size = std::ldexp(r.radius_sum.hi, -le);
    // (both 0 where R and Δp×Δv vanish in the units of a length near 1.8e308: the most room,
    // as ilogb(0) is FP_ILOGB0, which must not be negated)
    const double size = std::max(cross_size, radius_size);
    const int k = size > 0.0 ? std::clamp(-std::ilogb(size), 0, 1000) : 1000;
    const Expansion cross_k = expansion::scale(cross, std::ldexp(1.0, k));
    const Expansion radius_k = expansion::from(ldexp(r.radius_sum, k - le));
    const Expansion quarter_d_k =
        expansion::sum(expansion::product(a, expansion::square(radius_k)), expansion::negate(expansion::square(cross_k)));

    // back to reduced units; a nonzero value too small for a double keeps its sign
    const auto rounded = [](const Expansion& e, int exponent) {
        const double estimate = expansion::estimate(e);
        const double value = std::ldexp(estimate, exponent);
        return value == 0.0 && estimate != 0.0 ? std::copysign(std::numeric_limits<double>::denorm_min(), estimate) : value;
    };
    q.half_b = rounded(half_b, le + se);
    q.c = rounded(c, 2 * le);
    q.cross = rounded(cross, le + se);
    q.graze_quarter_d = expansion::estimate(quarter_d_k);
    q.graze_exp = le - k + se;
    q.graze_cross = expansion::estimate(cross_k);
    q.graze_radius = expansion::estimate(radius_k);
    q.graze_speed = std::sqrt(expansion::estimate(a));
    q.graze_dvx = expansion::estimate(u);
    q.graze_dvy = expansion::estimate(v);
    q.graze_speed_exp = se;
    // √(D/4) in reduced units is a length times a speed: representable even where D/4 is not
    q.root_d = std::ldexp(std::sqrt(std::max(q.graze_quarter_d, 0.0)), le + se - k);
}

/// Quadratic::closest_half_b and closest_a: the reduced ones, unless Δp is so much smaller than R
/// there (2^-500 and below) that Δp·Δv may underflow; then Δp and Δv exactly (two-diff on the
/// inputs, where no difference can overflow; else the reduced ones), each scaled by its own power
/// of two so that its largest component is near 1, and Δp·Δv and Δv·Δv in double-double.
void closest_terms(const Body& body_a, const Body& body_b, const Reduced& r, Quadratic& q) {
    q.closest_half_b = q.half_b;
    q.closest_b_exp = r.length_exp + r.speed_exp;
    q.closest_a = q.a;
    q.closest_a_exp = 2 * r.speed_exp;
    if (!(std::max(std::abs(r.dpx.hi), std::abs(r.dpy.hi)) < 0x1p-500)) return;
    const double largest_input = std::max({std::abs(body_a.position.x), std::abs(body_a.position.y), std::abs(body_b.position.x),
                                           std::abs(body_b.position.y), std::abs(body_a.velocity.x), std::abs(body_a.velocity.y),
                                           std::abs(body_b.velocity.x), std::abs(body_b.velocity.y)});
    dd::DD px = r.dpx, py = r.dpy, vx = r.dvx, vy = r.dvy;
    int p_exp = r.length_exp;
    int v_exp = r.speed_exp;
    if (largest_input < kHugeInput) {
        px = dd::two_diff(body_b.position.x, body_a.position.x);
        py = dd::two_diff(body_b.position.y, body_a.position.y);
        vx = dd::two_diff(body_b.velocity.x, body_a.velocity.x);
        vy = dd::two_diff(body_b.velocity.y, body_a.velocity.y);
        p_exp = 0;
        v_exp = 0;
    }
    const double p_max = std::max(std::abs(px.hi), std::abs(py.hi));
    const double v_max = std::max(std::abs(vx.hi), std::abs(vy.hi));
    if (p_max > 0.0) {
        const int e = std::ilogb(p_max);
        px = ldexp(px, -e);
        py = ldexp(py, -e);
        p_exp += e;
    }
    if (v_max > 0.0) {
        const int e = std::ilogb(v_max);
        vx = ldexp(vx, -e);
        vy = ldexp(vy, -e);
        v_exp += e;
    }
    q.closest_half_b = dd::add(dd::mul(px, vx), dd::mul(py, vy)).hi;
    q.closest_b_exp = p_exp + v_exp;
    q.closest_a = dd::add(dd::sqr(vx), dd::sqr(vy)).hi;
    q.closest_a_exp = 2 * v_exp;
}

/// Double-double evaluation on the exact Δp, Δv and R: every coefficient to about 2^-104 of its
/// terms, so D/4 keeps its digits even when the closest approach is 1e-12 R from touching. Where
/// a coefficient cancels so far that this no longer vouches for 2^-50 of its value (b/2, c or
/// Δp×Δv below 2^-48 of their terms, D/4 below 2^-44 of aR² + x² + |x|T_x: double-double's error
/// is under 8·2^-104 of those), they are all computed exactly instead: the signs of c and D are
/// then always right, an exact graze (D = 0) reports 0, and a start within 1e-20 R of touching
/// keeps c and the near root to the last digit.
[[gnu::noinline, gnu::flatten]] Quadratic solve_exact(const Body& body_a, const Body& body_b) {
    const Reduced r = reduce(body_a, body_b);
    using namespace dd;
    const DD a = add(sqr(r.dvx), sqr(r.dvy));
    const DD px_vx = mul(r.dpx, r.dvx);
    const DD py_vy = mul(r.dpy, r.dvy);
    const DD px_vy = mul(r.dpx, r.dvy);
    const DD py_vx = mul(r.dpy, r.dvx);
    const DD half_b = add(px_vx, py_vy);
    const DD radius_sq = sqr(r.radius_sum);
    const DD pp = add(sqr(r.dpx), sqr(r.dpy));
    const DD c = sub(pp, radius_sq);
    const DD cross = sub(px_vy, py_vx);
    const DD a_radius_sq = mul(a, radius_sq);
    const DD cross_sq = sqr(cross);
    const DD quarter_d = sub(a_radius_sq, cross_sq);

    Quadratic q;
    q.a = a.hi;
    q.half_b = half_b.hi;
    q.c = c.hi;  // hi carries the sign: a normalised DD has hi = 0 only if lo = 0
    q.cross = cross.hi;
    const double terms_b = std::abs(px_vx.hi) + std::abs(py_vy.hi);
    const double terms_x = std::abs(px_vy.hi) + std::abs(py_vx.hi);
    // (strict: where the terms are all zero, so is the coefficient, exactly)
    const bool cancels = (std::abs(c.hi) < 0x1p-48 * (pp.hi + radius_sq.hi)) |
                         (std::abs(half_b.hi) < 0x1p-48 * terms_b) | (std::abs(cross.hi) < 0x1p-48 * terms_x) |
                         (std::abs(quarter_d.hi) < 0x1p-44 * (a_radius_sq.hi + cross_sq.hi + std::abs(cross.hi) * terms_x));
    q.radius_sum = r.radius_sum.hi;
    q.graze_quarter_d = quarter_d.hi;
    q.graze_exp = 0;
    q.graze_cross = q.cross;
    q.graze_radius = q.radius_sum;
    q.graze_speed = std::sqrt(q.a);
    q.graze_dvx = r.dvx.hi;
    q.graze_dvy = r.dvy.hi;
    q.graze_speed_exp = 0;
    q.root_d = std::sqrt(std::max(quarter_d.hi, 0.0));
    // R and d_min below 2^-450 of the largest length (reduced units keep that near 1, or at
    // least 2^-200): aR² and (Δp×Δv)² would leave the normal range.
    // R alone below 2^-450: R² (and its low part) would leave the normal range even where |Δv|R
    // does not (speeds are scaled only outside [2^-200, 2^200]: for R = 2 passing 1e170 away at
    // 1e50, aR² would underflow and a hit read as a miss)
    const bool tiny_discriminant =
        q.a > 0.0 && (std::max(q.graze_speed * q.radius_sum, std::abs(q.cross)) < 0x1p-450 || q.radius_sum < 0x1p-450);
    if (cancels | tiny_discriminant) [[unlikely]] solve_by_expansions(r, q);
    q.dpx = r.dpx;
    q.dpy = r.dpy;
    q.dvx = r.dvx;
    q.dvy = r.dvy;
    q.length_exp = r.length_exp;
    q.speed_exp = r.speed_exp;
    closest_terms(body_a, body_b, r, q);
    return q;
}

struct Classification {
    Case kind;
    DiscriminantSign sign;
    bool has_roots;    // t_enter and t_exit exist
    bool double_root;  // they coincide at the vertex (D = 0 within τ)
};

/// The case from the double-double quadratic (the only one that decides grazes).
Classification classify(const Quadratic& q) {
    const bool overlapping = q.c < 0.0;
    if (q.a == 0.0) [[unlikely]] {  // Δv is exact, so a = 0 only when vA == vB
        return {overlapping ? Case::Overlapping : Case::Static, DiscriminantSign::NotQuadratic, false, false};
    }
    // |d_min - R| / R <= τ  <=>  |D/4| <= τ |Δv| R (|Δp×Δv| + |Δv| R), in the graze test's own unit
    const double speed = q.graze_speed;
    const double radius = q.graze_radius;
    const double quarter_d = q.graze_quarter_d;
    const bool zero_discriminant =
        std::abs(quarter_d) <= kGrazeTolerance * speed * radius * (std::abs(q.graze_cross) + speed * radius);
    const bool double_root = zero_discriminant && !overlapping;
    const bool miss = !overlapping && !zero_discriminant && quarter_d < 0.0;
    const DiscriminantSign sign = zero_discriminant  ? DiscriminantSign::Zero
                                  : quarter_d < 0.0 ? DiscriminantSign::Negative
                                                    : DiscriminantSign::Positive;
    // c > 0: both roots have the sign of their sum -b/a; c = 0: one root is 0 and the other
    // is -b/a; a double root is the vertex -b/2a. So "now or later" is b <= 0 for a double root
    // and b < 0 otherwise (touching now and moving apart is receding).
    const Case kind = overlapping ? Case::Overlapping
                      : miss      ? Case::Miss
                      : double_root ? (q.half_b <= 0.0 ? Case::Graze : Case::Receding)
                                    : (q.half_b < 0.0 ? Case::Hit : Case::Receding);
    return {kind, sign, !miss, double_root};
}

// +0 for -0: a time or coefficient printed as "-0" only confuses a reader.
double no_negative_zero(double x) { return x + 0.0; }

// x·2^e in world units, skipping the call in the common unscaled case.
double scaled(double x, int e) { return no_negative_zero(e == 0 ? x : std::ldexp(x, e)); }

// x/y·2^e, the quotient formed on the mantissas so that it cannot leave the range on the way
// (x >= 0, y > 0, both finite): 2√(D/4)/a underflows in reduced units for a pass 1e265 away at
// 1e60, where the contact lasts 1.7e-60 in world units.
double quotient_scaled(double x, double y, int e) {
    if (e == 0) return no_negative_zero(x / y);  // (in world units already: x/y is the quotient, rounded once)
    int ex = 0;
    int ey = 0;
    const double mx = std::frexp(x, &ex);
    const double my = std::frexp(y, &ey);
    return scaled(mx / my, ex - ey + e);
}

struct Roots {
    double t_enter;  // world units
    double t_exit;
    bool single;  // a double root: the touch is at the vertex
};

/// The two contact times in world units, given that they exist: each quotient taken apart from
/// its power of two (quotient_scaled), as a time in reduced units can leave the doubles' range
/// where the world's does not (lengths reduced by 2^-783 beside speeds left as they are: a small
/// circle inside one of radius 7.7e235 read t_closest with four right digits).
Roots roots(const Quadratic& q, const Classification& k) {
    const int e = q.length_exp - q.speed_exp;
    const double t_closest = quotient_scaled(-q.closest_half_b, q.closest_a, q.closest_b_exp - q.closest_a_exp);
    if (k.double_root) return {t_closest, t_closest, true};
    // stable roots: q = -(b/2 + sign(b)·√(D/4)), t = q/a and t = c/q, nothing nearly equal
    // subtracted. (Overlapping implies D/4 = (b/2)² - ac > 0, so q = 0 only at a rounding.)
    const double q_root = -(q.half_b + std::copysign(q.root_d, q.half_b));
    if (q_root == 0.0) [[unlikely]] return {t_closest, t_closest, true};
    const double t1 = quotient_scaled(q_root, q.a, e);
    const double t2 = quotient_scaled(q.c, q_root, e);
    return {std::min(t1, t2), std::max(t1, t2), false};
}

/// The direction from A's centre to B's at the first contact, as a vector of length aR:
///   Δp + t_enter Δv = ((Δp×Δv)·(Δvy, −Δvx) − √(D/4)·Δv) / a,
/// the part of Δp across Δv, less √(D/4)/a of Δv (t_enter = t_closest − √(D/4)/a). From the
/// coefficients, not from t_enter: a rounded t_enter times |Δv| can exceed R itself when
/// |Δp| >> R, turning the normal. The two parts are orthogonal, so nothing cancels; `root_d` is
/// 0 for a graze (the touch is at t_closest).
glm::dvec2 contact_direction(double cross, double root_d, double dvx, double dvy) {
    return {cross * dvy - root_d * dvx, -cross * dvx - root_d * dvy};
}

/// The contact at time t: both bodies then, and the unit normal along n (see contact_direction).
Contact contact_at(const Body& body_a, const Body& body_b, double t_world, double nx, double ny, double dvx,
                   double dvy) {
    Contact contact;
    // n first scaled by a power of two (exactly) to a largest component in [1, 2): its squared
    // length then neither overflows nor underflows (n ~ |Δp×Δv||Δv| can reach 1e178 or 1e-168,
    // where the normal would come out (0, 0), or along Δp alone)
    const double largest = std::max(std::abs(nx), std::abs(ny));
    if (largest > 0.0 && std::isfinite(largest)) {
        const int e = std::ilogb(largest);
        nx = std::ldexp(nx, -e);
        ny = std::ldexp(ny, -e);
    }
    const double length = std::sqrt(nx * nx + ny * ny);
    contact.position_a = body_a.position_at(t_world);
    contact.position_b = body_b.position_at(t_world);
    // length 0 only if R² underflowed beside a huge |Δp| (R/|Δp| < 2^-500): the centres then
    // meet at the "contact", and B's approach direction is the only normal left
    if (length > 0.0) [[likely]] {
        contact.normal = glm::clamp(glm::dvec2(nx, ny) / length, -1.0, 1.0);  // (as in analyze_fast)
    } else {
        contact.normal = -glm::dvec2(dvx, dvy) / std::hypot(dvx, dvy);
    }
    contact.point = contact.position_a + body_a.radius * contact.normal;
    return contact;
}

/// From the double-double quadratic to the case, the times and the contact, in world units.
void finish(Encounter& e, const Quadratic& q) {
    const int le = q.length_exp;
    const int se = q.speed_exp;

    const Classification k = classify(q);
    e.kind = k.kind;
    e.discriminant_sign = k.sign;
    if (q.a == 0.0) [[unlikely]] {
        e.min_distance = scaled(std::hypot(q.dpx.hi, q.dpy.hi), le);
        return;
    }
    e.t_closest = quotient_scaled(-q.closest_half_b, q.closest_a, q.closest_b_exp - q.closest_a_exp);
    // d_min = |Δp×Δv|/|Δv| in the graze test's unit: in reduced units Δp×Δv falls below the normal
    // range for a pass 1e265 away at 1e-60, and d_min would lose all its digits
    e.min_distance = quotient_scaled(std::abs(q.graze_cross), q.graze_speed, q.graze_exp - q.graze_speed_exp + le);
    // D = 0 exactly (the expansions' verdict: double-double's 0 goes to them): d_min is R itself,
    // which the quotient gives only to an ulp or two (1.4999999999999998 beside R = 1.5 read as
    // an overlap: a teacher's review)
    if (q.graze_quarter_d == 0.0 && std::isfinite(e.radius_sum)) e.min_distance = e.radius_sum;
    if (!k.has_roots) return;

    const Roots r = roots(q, k);
    e.t_enter = r.t_enter;
    e.t_exit = r.t_exit;
    // in the graze test's own unit, 2√(D/4)/a is scaled once: in reduced units it falls below the
    // normal range for a pass 1e278 away at 1e37 (and loses digits)
    // (a double root lasts no time; otherwise the duration is never taken for 0 because it
    // underflows in reduced units: the normal would then lie along Δp×Δv, degrees off for a pass
    // 1e265 away at 1e60, and the duration read 0)
    e.contact_duration = r.single ? 0.0
                         : q.graze_exp == 0
                             ? quotient_scaled(2.0 * q.root_d, q.a, le - se)
                             : quotient_scaled(2.0 * std::sqrt(std::max(q.graze_quarter_d, 0.0)), q.graze_speed * q.graze_speed,
                                               q.graze_exp - 2 * q.graze_speed_exp + le - se);

    // n ∝ Δp + t_enter Δv, from the double-double (or exact) Δp×Δv and √(D/4) in the graze
    // test's unit, where their products with Δv stay normal (√(D/4) is 0 where the roots are the vertex)
    const double root_d = r.single ? 0.0 : std::sqrt(std::max(q.graze_quarter_d, 0.0));
    const glm::dvec2 n = contact_direction(q.graze_cross, root_d, q.graze_dvx, q.graze_dvy);
    e.contact = contact_at(e.body_a, e.body_b, *e.t_enter, n.x, n.y, q.graze_dvx, q.graze_dvy);
}

bool valid(const Body& body) {
    // x·0 is 0 for every finite x and NaN for ±inf and NaN: one test for five numbers
    const double zero_if_finite = body.position.x * 0.0 + body.position.y * 0.0 + body.velocity.x * 0.0 +
                                  body.velocity.y * 0.0 + body.radius * 0.0;
    return (zero_if_finite == 0.0) & (body.radius > 0.0) & (body.mass > 0.0);
}

/// What is wrong with the bodies, given that valid() failed for one (out of line: it builds the
/// message).
[[gnu::noinline, gnu::cold]] std::optional<Error> body_error(const Body& body_a, const Body& body_b) {
    if (auto error = check_body(body_a, "body A: ")) return error;
    return check_body(body_b, "body B: ");
}

/// The four coefficients analyze() reports, in world units.
struct Coefficients {
    double a, b, c, discriminant;
};

Coefficients reported_coefficients(const Quadratic& q) {
    const int le = q.length_exp;
    const int se = q.speed_exp;
    return {scaled(q.a, 2 * se), scaled(2.0 * q.closest_half_b, q.closest_b_exp), scaled(q.c, 2 * le),
            scaled(4.0 * q.graze_quarter_d, 2 * (q.graze_exp + le + se))};
}

/// Everything analyze() reports, from the double-double path (valid bodies), built in place.
Result<Encounter> exact_encounter(const Body& body_a, const Body& body_b) {
    const Quadratic q = solve_exact(body_a, body_b);
    const Coefficients k = reported_coefficients(q);
    // the case, t_closest, min_distance and the roots are finish()'s
    Result<Encounter> result(std::in_place, body_a, body_b, body_b.position - body_a.position,
                             body_b.velocity - body_a.velocity, body_a.radius + body_b.radius, k.a, k.b, k.c,
                             k.discriminant, Case::Static, DiscriminantSign::NotQuadratic, std::optional<double>(),
                             0.0, std::optional<double>(), std::optional<double>(), std::optional<double>(),
                             std::optional<Contact>());
    finish(result.value(), q);
    return result;
}

/// The coefficients from the double-double path, in world units.
[[gnu::noinline]] Coefficients exact_coefficients(const Body& body_a, const Body& body_b) {
    return reported_coefficients(solve_exact(body_a, body_b));
}

/// The coefficients to report when the plain-double ones are not all good to 2^-44: the times
/// stay the fast path's (they are settled), only these fields need more digits. All four are
/// recomputed, so that each is as accurate as the double-double path's.
///
/// Compensated evaluation (Ogita, Rump and Oishi's Dot2, with FMA) on the exact Δp, Δv and R:
/// Δpx = x + ex exactly (two-sum), likewise Δpy = y + ey, Δvx = u_ + eu, Δvy = v + ev,
/// R = r + er, with |ex| <= u|x| and so on (u = 2^-53). Each product of two doubles is split
/// exactly by two_prod and each sum of two by two_sum; what is left, the "lo" part, is a sum of
/// terms O(u) of the coefficient's terms, evaluated in plain double, so that its rounding errors
/// (recursive summation: (n-1)u of the terms' sum), the roundings inside its terms and the
/// second-order terms dropped (ex·eu and the like) are all O(u²) of the terms:
///   b/2 = xu_ + yv + ...:      lo's terms sum to 4u T_b, errors 16u² + 3u² + u² T_b
///                              |err| <= u|b/2| + 24u² T_b,                 T_b = |xu_| + |yv|
///   c = x² + y² - r² + ...:    lo's terms sum to 5u S_c, errors 25u² + 5u² + u² S_c
///                              |err| <= u|c| + 42u² S_c,                   S_c = x² + y² + r²
///   a, R² and Δp×Δv as pairs hi + lo, within 21u² a, 4u² R² and 21u² T_x of the exact value
///   D/4 = aR² - x²:            lo's terms sum to u(9aR² + 2x² + 8|x|T_x); with the pairs'
///                              errors and the products of their lo parts
///                              |err| <= u|D/4| + u²(93 aR² + 10 x² + 90|x|T_x + 16 T_x²)
///                                    <= u|D/4| + 128u² (aR² + x² + T_x(|x| + T_x))
/// and the final rounding of hi + lo is the u|value|. Each is accepted only when the u² part is
/// at most u of the value, so that the result is within 2u (2.2e-16) of it, as the double-double
/// path's high part nearly is (2^-44 is the promise): 24u T_b <= u|b/2| (T_b <= 2^48 |b/2|
/// suffices), 42u S_c <= u|c| (S_c <= 2^47 |c|), 128u(...) <= u|D/4| ((...) <= 2^46 |D/4|).
/// Underflow adds at most 2^-1075 per operation (and makes a two_prod's low part inexact by as
/// much); the 2^-947 added to T_b, S_c and T_x covers it (u²·2^-947 > 2^-1060). This runs only
/// after the fast path accepted: every length and speed in [2^-200, 2^200], nothing overflows.
/// When a test fails (cancellation beyond 2^46 or so, far beyond what random configurations
/// show) the double-double path decides. The result is the nearest double to the compensated
/// sum, and almost always the very double the double-double path gives.
[[gnu::noinline]] Coefficients refined_coefficients(const Body& body_a, const Body& body_b) {
    using dd::DD;
    using dd::two_prod;
    using dd::two_sum;
    const DD px = dd::two_diff(body_b.position.x, body_a.position.x);
    const DD py = dd::two_diff(body_b.position.y, body_a.position.y);
    const DD vx = dd::two_diff(body_b.velocity.x, body_a.velocity.x);
    const DD vy = dd::two_diff(body_b.velocity.y, body_a.velocity.y);
    const DD radius = two_sum(body_a.radius, body_b.radius);
    const double x = px.hi, ex = px.lo, y = py.hi, ey = py.lo;
    const double u_ = vx.hi, eu = vx.lo, v = vy.hi, ev = vy.lo;
    const double r = radius.hi, er = radius.lo;
    Coefficients k;
    bool sure = true;
    {
        // D/4 = a R² - (Δp×Δv)², from a = (u_ + eu)² + (v + ev)², R² and
        // Δp×Δv = (x + ex)(v + ev) - (y + ey)(u_ + eu) as pairs; a reported from its pair too
        // (each part in its own block, its test right after its value: fewer live values)
        const DD uu = two_prod(u_, u_);
        const DD vv = two_prod(v, v);
        const DD a = two_sum(uu.hi, vv.hi);
        const double a_lo = a.lo + (uu.lo + vv.lo) + 2.0 * std::fma(u_, eu, v * ev);
        const DD rr = two_prod(r, r);
        const double radius_sq_lo = std::fma(2.0 * r, er, rr.lo);
        const DD xv = two_prod(x, v);
        const DD yu = two_prod(y, u_);
        const DD cross = two_sum(xv.hi, -yu.hi);
        const double cross_lo = cross.lo + (xv.lo - yu.lo) + (std::fma(x, ev, ex * v) - std::fma(y, eu, ey * u_));
        const DD a_radius_sq = two_prod(a.hi, rr.hi);
        const DD cross_sq = two_prod(cross.hi, cross.hi);
        const DD quarter_d = two_sum(a_radius_sq.hi, -cross_sq.hi);
        const double quarter_d_lo = quarter_d.lo + (a_radius_sq.lo - cross_sq.lo) +
                                    (std::fma(a.hi, radius_sq_lo, a_lo * rr.hi) - 2.0 * cross.hi * cross_lo);
        const double quarter_d_value = quarter_d.hi + quarter_d_lo;
        const double terms_x = std::abs(xv.hi) + std::abs(yu.hi) + kTermSlack;
        sure &= (a_radius_sq.hi + cross_sq.hi) + terms_x * (std::abs(cross.hi) + terms_x) <=
                0x1p46 * std::abs(quarter_d_value);
        k.a = a.hi + a_lo;
        k.discriminant = no_negative_zero(4.0 * quarter_d_value);
    }
    {
        // b/2 = (x + ex)(u_ + eu) + (y + ey)(v + ev)
        const DD xu = two_prod(x, u_);
        const DD yv = two_prod(y, v);
        const DD half_b = two_sum(xu.hi, yv.hi);
        const double half_b_lo =
            half_b.lo + (xu.lo + yv.lo) + (std::fma(x, eu, ex * u_) + std::fma(y, ev, ey * v));
        const double half_b_value = half_b.hi + half_b_lo;
        sure &= std::abs(xu.hi) + std::abs(yv.hi) + kTermSlack <= 0x1p48 * std::abs(half_b_value);
        k.b = no_negative_zero(2.0 * half_b_value);
    }
    {
        // c = (x + ex)² + (y + ey)² - (r + er)²
        const DD xx = two_prod(x, x);
        const DD yy = two_prod(y, y);
        const DD rr = two_prod(r, r);
        const DD pp = two_sum(xx.hi, yy.hi);
        const DD c = two_sum(pp.hi, -rr.hi);
        const double c_lo = (pp.lo + c.lo) + ((xx.lo + yy.lo) - rr.lo) + 2.0 * (std::fma(x, ex, y * ey) - r * er);
        const double c_value = c.hi + c_lo;
        sure &= (xx.hi + yy.hi) + rr.hi + kTermSlack <= 0x1p47 * std::abs(c_value);
        k.c = no_negative_zero(c_value);
    }
    if (!sure) [[unlikely]] return exact_coefficients(body_a, body_b);
    return k;
}

/// The case and the contact times from the double-double path (valid bodies).
Result<FirstContact> exact_first_contact(const Body& body_a, const Body& body_b) {
    const Quadratic q = solve_exact(body_a, body_b);
    const Classification k = classify(q);
    Result<FirstContact> result(std::in_place, k.kind, std::optional<double>(), std::optional<double>());
    FirstContact& answer = result.value();
    if (k.has_roots) {
        const Roots r = roots(q, k);
        answer.t_enter = r.t_enter;
        answer.t_exit = r.t_exit;
    }
    return result;
}

/// first_contact() when the plain-double path declines: invalid bodies, or the double-double
/// path's answer.
[[gnu::noinline, gnu::flatten]] Result<FirstContact> first_contact_slow(const Body& body_a, const Body& body_b) {
    if (!(valid(body_a) & valid(body_b))) [[unlikely]] {
        if (auto error = body_error(body_a, body_b)) return std::move(*error);
    }
    return exact_first_contact(body_a, body_b);
}

/// analyze() when the plain-double path declines: invalid bodies, or the double-double path's
/// answer.
[[gnu::noinline, gnu::flatten]] Result<Encounter> analyze_slow(const Body& body_a, const Body& body_b) {
    if (!(valid(body_a) & valid(body_b))) [[unlikely]] {
        if (auto error = body_error(body_a, body_b)) return std::move(*error);
    }
    return exact_encounter(body_a, body_b);
}

/// d_min = |Δp×Δv|/|Δv| from Δp×Δv in double-double on the exact differences: for a pass whose
/// plain-double cross product cancels (see analyze_fast). The lengths and speeds are within
/// [2^-200, 2^200] here (solve_fast's range), so no product leaves the double range.
[[gnu::noinline, gnu::cold]] double refined_min_distance(const Body& body_a, const Body& body_b, double inverse_a) {
    using namespace dd;
    const DD dpx = two_diff(body_b.position.x, body_a.position.x);
    const DD dpy = two_diff(body_b.position.y, body_a.position.y);
    const DD dvx = two_diff(body_b.velocity.x, body_a.velocity.x);
    const DD dvy = two_diff(body_b.velocity.y, body_a.velocity.y);
    const DD cross = sub(mul(dpx, dvy), mul(dpy, dvx));
    return std::abs(cross.hi) * std::sqrt(inverse_a);
}

/// analyze() from the plain-double path, given that it accepted (and fast_roots() too, when
/// given). The result is built member by member in place (no zero fill of the ~330 bytes first,
/// no copy). `all_sure`: f.all_sure holds, so there is nothing to refine, and the contact normal
/// is n/(aR) rather than n/|n| (below).
template <bool all_sure>
[[gnu::always_inline]] inline Result<Encounter> analyze_fast(const Body& body_a, const Body& body_b,
                                                             const FastQuadratic& f, double inverse_a,
                                                             const FastRoots* roots) {
    // a > 0, c != 0 and D/4 != 0 here; only b can be -0. The plain-double coefficients go in
    // first; the rare refinement overwrites them last, when nothing else is live across its call
    // (every vector register is caller-saved: a call in the middle spills the whole fast path).
    Result<Encounter> result(std::in_place, body_a, body_b, glm::dvec2(f.dpx, f.dpy), glm::dvec2(f.dvx, f.dvy),
                             f.radius, f.a, no_negative_zero(2.0 * f.half_b), f.c, 4.0 * f.quarter_d,
                             roots ? roots->kind : Case::Miss,
                             roots ? DiscriminantSign::Positive : DiscriminantSign::Negative,
                             std::optional<double>(no_negative_zero(-f.half_b * inverse_a)),
                             std::abs(f.cross) * std::sqrt(inverse_a), std::optional<double>(),
                             std::optional<double>(), std::optional<double>(), std::optional<Contact>());
    if (roots) {
        Encounter& e = result.value();
        e.t_enter = roots->t_enter;
        e.t_exit = roots->t_exit;
        e.contact_duration = 2.0 * roots->root_d * inverse_a;
        const glm::dvec2 n = contact_direction(f.cross, roots->root_d, f.dvx, f.dvy);
        if constexpr (all_sure) {
            // |n|² = a((Δp×Δv)² + D/4) = a²R², so n/(aR) is the unit normal without a square root
            // and a division waiting on √(D/4). Its length is then 1 within the error of n itself:
            // Δp×Δv within 5u T_x <= 2^-42.7 |Δv|R (normal_sure) and √(D/4) within 2^-44.9, so
            // |n| is aR within 2^-42.4 aR, and with 1/(aR) rounded (8u), | |normal| - 1 | < 2e-13,
            // the same bound as the direction's.
            Contact& contact = e.contact.emplace();
            contact.position_a = body_a.position_at(roots->t_enter);
            contact.position_b = body_b.position_at(roots->t_enter);
            // (each part kept within [-1, 1], where the true one lies: a head-on hit along an axis
            // gave (1.0000000000000002, 0), whose acos is NaN: a game-physics review)
            contact.normal = glm::clamp(n * (inverse_a / f.radius), -1.0, 1.0);
            contact.point = contact.position_a + body_a.radius * contact.normal;
        } else {
            e.contact = contact_at(body_a, body_b, roots->t_enter, n.x, n.y, f.dvx, f.dvy);
        }
    }
    // d_min to 2^-40 of itself: the plain-double Δp×Δv is within 5u T_x of its value, which for a
    // pass a few radii wide seen 1e9 away (T_x a billion times Δp×Δv) kept 8 of d_min's digits
    // (a numerics audit); where 5u T_x passes 2^-40 |Δp×Δv|, it is taken again in double-double
    if (f.terms_x > 1638.0 * std::abs(f.cross)) [[unlikely]]
        result.value().min_distance = refined_min_distance(body_a, body_b, inverse_a);
    if constexpr (!all_sure) {
        if (!f.coefficients_sure) [[unlikely]] {
            Encounter& e = result.value();
            const Coefficients k = refined_coefficients(body_a, body_b);
            e.a = k.a;
            e.b = k.b;
            e.c = k.c;
            e.discriminant = k.discriminant;
            if (roots) {
                // √(D/4) is then known only to 2^-21 (enough for the roots): the duration and the
                // normal take it from the refined D (2^-21 is far past max_safe_dt's margin of 2^-42)
                const double root_d = 0.5 * std::sqrt(k.discriminant);
                e.contact_duration = 2.0 * root_d * inverse_a;
                const glm::dvec2 n = contact_direction(f.cross, root_d, f.dvx, f.dvy);
                e.contact = contact_at(body_a, body_b, roots->t_enter, n.x, n.y, f.dvx, f.dvy);
            }
        }
    }
    return result;
}

/// analyze() where the one test of the common case declines: the plain-double path with its
/// separate tests and the refinement of the reported coefficients, else the double-double path.
[[gnu::noinline, gnu::flatten]] Result<Encounter> analyze_declined(const Body& body_a, const Body& body_b) {
    const FastQuadratic f = solve_fast(body_a, body_b);
    // Δp·Δv's terms near the subnormals (Δp 3e-300 at speeds 4e-15): t_closest = −(Δp·Δv)/a from
    // them would keep 9 digits; the double-double path takes Δp at its own scale
    if (!f.accepted || f.terms_b < kSubnormalTerms) [[unlikely]] return analyze_slow(body_a, body_b);
    const double inverse_a = 1.0 / f.a;
    if (f.quarter_d < 0.0) return analyze_fast<false>(body_a, body_b, f, inverse_a, nullptr);  // a miss
    if (!roots_c_sure(f)) [[unlikely]] return analyze_slow(body_a, body_b);
    const FastRoots roots = fast_roots(f, inverse_a);
    if (!(roots.sure & normal_sure(f))) [[unlikely]] return analyze_slow(body_a, body_b);
    return analyze_fast<false>(body_a, body_b, f, inverse_a, &roots);
}

}  // namespace

Encounter analyze_exact_path(const Body& body_a, const Body& body_b) {
    return exact_encounter(body_a, body_b).value();
}

bool fast_path_accepts(const Body& body_a, const Body& body_b) {
    const FastQuadratic f = solve_fast(body_a, body_b);
    if (f.all_sure && (f.quarter_d < 0.0 || normal_sure(f))) return true;
    return f.accepted && !(f.terms_b < kSubnormalTerms) &&
           (f.quarter_d < 0.0 || (roots_c_sure(f) && fast_roots(f, 1.0 / f.a).sure && normal_sure(f)));
}

}  // namespace detail

int Encounter::exact_discriminant_sign() const {
    if (discriminant_sign == DiscriminantSign::NotQuadratic) return 0;
    // D/4 = aR² − (Δp×Δv)² in expansions, its lengths scaled so that no term underflows (rounded
    // to a double, a nonzero D keeps its sign). Some microseconds: for the words, not the hot path.
    const detail::Reduced r = detail::reduce(body_a, body_b);
    detail::Quadratic q{};
    detail::solve_by_expansions(r, q);
    return (q.graze_quarter_d > 0.0) - (q.graze_quarter_d < 0.0);
}

// flatten: the plain-double path is inlined into the two hot entry points (the declined cases,
// the double-double path, the coefficient refinement and the error messages stay out of line).
// Every return builds its result in place.
[[gnu::flatten]] Result<Encounter> analyze(const Body& body_a, const Body& body_b) {
    const detail::FastQuadratic f = detail::solve_fast(body_a, body_b);
    if (!f.all_sure) [[unlikely]] return detail::analyze_declined(body_a, body_b);
    const double inverse_a = 1.0 / f.a;
    if (f.quarter_d < 0.0) return detail::analyze_fast<true>(body_a, body_b, f, inverse_a, nullptr);  // a miss
    if (!detail::normal_sure(f)) [[unlikely]] return detail::analyze_declined(body_a, body_b);
    const detail::FastRoots roots = detail::sure_roots(f, inverse_a);
    return detail::analyze_fast<true>(body_a, body_b, f, inverse_a, &roots);
}

[[gnu::flatten]] Result<FirstContact> first_contact(const Body& body_a, const Body& body_b) {
    const detail::FastQuadratic f = detail::solve_fast(body_a, body_b);
    if (!f.accepted) [[unlikely]] return detail::first_contact_slow(body_a, body_b);
    // a miss needs neither the square root nor a division (nor all_sure: the case is all it reports)
    if (f.quarter_d < 0.0) return Result<FirstContact>(std::in_place, Case::Miss, std::nullopt, std::nullopt);
    // the roots as analyze() forms them, declined where it declines (for its normal too): the
    // same bits either way
    detail::FastRoots roots;
    if (f.all_sure) [[likely]] {
        roots = detail::sure_roots(f, 1.0 / f.a);
    } else {
        // (as analyze() declines them: the same bits either way)
        if (!detail::roots_c_sure(f) || f.terms_b < detail::kSubnormalTerms) [[unlikely]] return detail::first_contact_slow(body_a, body_b);
        roots = detail::fast_roots(f, 1.0 / f.a);
    }
    if (!(roots.sure & detail::normal_sure(f))) [[unlikely]] return detail::first_contact_slow(body_a, body_b);
    return Result<FirstContact>(std::in_place, roots.kind, roots.t_enter, roots.t_exit);
}

}  // namespace tangent
