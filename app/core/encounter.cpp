#include "encounter.h"

#include <algorithm>
#include <cmath>

#include "double_double.h"
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

bool Encounter::overlaps_at(double t) const {
    const detail::Reduced r = detail::reduce(body_a, body_b);
    return dd::sign(detail::quadratic_at(r, r.reduced_time(t))) <= 0;
}

namespace detail {

/// The quadratic in reduced units, each value correct to well below 1e-13 relative (see the
/// two solvers), with Δp and Δv kept to form the contact normal. Every field is set by both
/// solvers; there are no default values to pay for on the hot path.
struct Quadratic {
    double a;          // Δv·Δv
    double half_b;     // Δp·Δv
    double c;          // Δp·Δp - R²
    double cross;      // Δp×Δv
    double quarter_d;  // D/4 = aR² - (Δp×Δv)²
    double root_d;     // √max(D/4, 0)
    double radius_sum;
    dd::DD dpx, dpy, dvx, dvy;
    int length_exp;
    int speed_exp;
    bool exact;        // from the double-double solver: only it decides grazes
    bool coefficients_sure;  // a, b/2, c, D/4 each within 2^-47 of their value (else recompute to report)
};

namespace {

constexpr double kUnitRoundoff = 0x1p-53;
// Underflow in a product costs at most 2^-1074; with every length and speed in [2^-200, 2^200]
// this slack dwarfs it and is still far below every bound it is added to.
constexpr double kUnderflowSlack = 0x1p-1000;
// The fast path is kept only when its first contact times are good to 2^-45 (3e-14) relative.
constexpr double kFastRootTolerance = 0x1p-46;
// ...and when D/4 is known to 2^-20 relative, which also puts every graze decision on the
// exact path: |D/4| > 2^20·(error) >> τ·(aR² + (Δp×Δv)²).
constexpr double kFastDiscriminantMargin = 0x1p20;
// The coefficients analyze() reports are good to 2^-47 (7e-15) of their own value, so that a
// reader comparing them to exact values sees rounding, not the filter's leeway.
constexpr double kReportedCoefficientTolerance = 0x1p-47;

/// Plain double arithmetic with a running error bound (first-order, constants rounded up, each
/// term an upper bound on what the rounding of every operation before it can contribute).
/// Returns false when the bound cannot guarantee the accuracy target; the caller then takes the
/// double-double path. Most configurations pass, near-contact and near-graze ones do not.
bool solve_fast(const Body& body_a, const Body& body_b, Quadratic& q) {
    const double dpx = body_b.position.x - body_a.position.x;  // each rounded once: (1 + u)
    const double dpy = body_b.position.y - body_a.position.y;
    const double dvx = body_b.velocity.x - body_a.velocity.x;
    const double dvy = body_b.velocity.y - body_a.velocity.y;
    const double radius = body_a.radius + body_b.radius;
    const double max_length = std::max(std::max(std::abs(dpx), std::abs(dpy)), radius);
    const double max_speed = std::max(std::abs(dvx), std::abs(dvy));

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
    const double root_d = quarter_d > 0.0 ? std::sqrt(quarter_d) : 0.0;

    // a product of two rounded differences carries 3u; a sum of two of them 4u more or less
    const double u = kUnitRoundoff;
    const double error_half_b = 5.0 * u * (std::abs(px_vx) + std::abs(py_vy)) + kUnderflowSlack;
    const double error_cross = 5.0 * u * (std::abs(px_vy) + std::abs(py_vx)) + kUnderflowSlack;
    const double error_c = 6.0 * u * (pp + radius_sq) + kUnderflowSlack;
    const double error_quarter_d =
        12.0 * u * (a_radius_sq + cross_sq) + error_cross * (2.0 * std::abs(cross) + error_cross) + kUnderflowSlack;
    // roots q/a and c/q with q = -(b/2 + sign(b/2)·s), s = √(D/4): |Δs| <= 0.51·Δ(D/4)/s + u s
    // and |Δq| <= Δ(b/2) + |Δs| + u|q|, all multiplied by s so that nothing is divided
    const double abs_q = std::abs(half_b) + root_d;
    const double error_q_times_s =
        error_half_b * root_d + 0.51 * error_quarter_d + u * quarter_d + u * abs_q * root_d;

    // & rather than &&: one branch for the conditions, not one each
    const bool in_range = (max_length >= kSafeLow) & (max_length <= kSafeHigh) & (max_speed >= kSafeLow) &
                          (max_speed <= kSafeHigh) & (radius >= kSafeLow);
    const bool sign_of_c_sure = std::abs(c) > error_c;
    const bool sign_of_d_sure = std::abs(quarter_d) > kFastDiscriminantMargin * error_quarter_d;
    if (!(in_range & sign_of_c_sure & sign_of_d_sure)) return false;
    const bool roots_sure =
        (error_q_times_s <= kFastRootTolerance * abs_q * root_d) & (error_c <= kFastRootTolerance * std::abs(c));
    if (quarter_d > 0.0 && !roots_sure) return false;

    q.a = a;
    q.half_b = half_b;
    q.c = c;
    q.cross = cross;
    q.quarter_d = quarter_d;
    q.root_d = root_d;
    q.radius_sum = radius;
    q.dpx = {dpx, 0.0};
    q.dpy = {dpy, 0.0};
    q.dvx = {dvx, 0.0};
    q.dvy = {dvy, 0.0};
    q.length_exp = 0;
    q.speed_exp = 0;
    q.exact = false;
    q.coefficients_sure = (error_half_b <= kReportedCoefficientTolerance * std::abs(half_b)) &
                          (error_c <= kReportedCoefficientTolerance * std::abs(c)) &
                          (error_quarter_d <= kReportedCoefficientTolerance * std::abs(quarter_d));
    return true;
}

/// Double-double evaluation on the exact Δp, Δv and R: every coefficient to about 2^-104 of its
/// terms, so D/4 keeps its digits even when the closest approach is 1e-12 R from touching.
[[gnu::noinline]] Quadratic solve_exact(const Body& body_a, const Body& body_b) {
    const Reduced r = reduce(body_a, body_b);
    using namespace dd;
    const DD a = add(sqr(r.dvx), sqr(r.dvy));
    const DD half_b = add(mul(r.dpx, r.dvx), mul(r.dpy, r.dvy));
    const DD radius_sq = sqr(r.radius_sum);
    const DD c = sub(add(sqr(r.dpx), sqr(r.dpy)), radius_sq);
    const DD cross = sub(mul(r.dpx, r.dvy), mul(r.dpy, r.dvx));
    const DD quarter_d = sub(mul(a, radius_sq), sqr(cross));

    Quadratic q;
    q.a = a.hi;
    q.half_b = half_b.hi;
    q.c = c.hi;  // hi carries the sign: a normalised DD has hi = 0 only if lo = 0
    q.cross = cross.hi;
    q.quarter_d = quarter_d.hi;
    q.root_d = std::sqrt(std::max(quarter_d.hi, 0.0));
    q.radius_sum = r.radius_sum.hi;
    q.dpx = r.dpx;
    q.dpy = r.dpy;
    q.dvx = r.dvx;
    q.dvy = r.dvy;
    q.length_exp = r.length_exp;
    q.speed_exp = r.speed_exp;
    q.exact = true;
    q.coefficients_sure = true;
    return q;
}

struct Classification {
    Case kind;
    DiscriminantSign sign;
    bool has_roots;    // t_enter and t_exit exist
    bool double_root;  // they coincide at the vertex (D = 0 within τ)
};

/// The case, from signs that are known before any division or square root, so that a
/// mispredicted branch on it does not wait for them.
Classification classify(const Quadratic& q) {
    const bool overlapping = q.c < 0.0;
    if (q.a == 0.0) [[unlikely]] {  // Δv is exact, so a = 0 only when vA == vB
        return {overlapping ? Case::Overlapping : Case::Static, DiscriminantSign::NotQuadratic, false, false};
    }
    // |d_min - R| / R <= τ  <=>  |D/4| <= τ |Δv| R (|Δp×Δv| + |Δv| R); the fast solver
    // guarantees |D/4| is far above this, so only the exact one asks
    const auto within_graze_tolerance = [&] {
        const double speed = std::sqrt(q.a);
        const double radius = q.radius_sum;
        return std::abs(q.quarter_d) <= kGrazeTolerance * speed * radius * (std::abs(q.cross) + speed * radius);
    };
    const bool zero_discriminant = q.exact && within_graze_tolerance();
    const bool double_root = zero_discriminant && !overlapping;
    const bool miss = !overlapping && !zero_discriminant && q.quarter_d < 0.0;
    const DiscriminantSign sign = zero_discriminant    ? DiscriminantSign::Zero
                                  : q.quarter_d < 0.0 ? DiscriminantSign::Negative
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

struct Roots {
    double t_enter;  // reduced units
    double t_exit;
    double duration;
};

/// The two contact times, given that they exist.
Roots roots(const Quadratic& q, const Classification& k, double inverse_a) {
    const double t_closest = -q.half_b * inverse_a;
    if (k.double_root) return {t_closest, t_closest, 0.0};
    // stable roots: q = -(b/2 + sign(b)·√(D/4)), t = q/a and t = c/q, nothing nearly equal
    // subtracted. (Overlapping implies D/4 = (b/2)² - ac > 0, so q = 0 only at a rounding.)
    const double q_root = -(q.half_b + std::copysign(q.root_d, q.half_b));
    if (q_root == 0.0) [[unlikely]] return {t_closest, t_closest, 0.0};
    const double t1 = q_root * inverse_a;
    const double t2 = q.c / q_root;
    return {std::min(t1, t2), std::max(t1, t2), 2.0 * q.root_d * inverse_a};
}

// +0 for -0: a time or coefficient printed as "-0" only confuses a reader.
double no_negative_zero(double x) { return x + 0.0; }

// x·2^e in world units, skipping the call in the common unscaled case.
double scaled(double x, int e) { return no_negative_zero(e == 0 ? x : std::ldexp(x, e)); }

void report_coefficients(Encounter& e, const Quadratic& q) {
    const int le = q.length_exp;
    const int se = q.speed_exp;
    e.a = scaled(q.a, 2 * se);
    e.b = scaled(2.0 * q.half_b, le + se);
    e.c = scaled(q.c, 2 * le);
    e.discriminant = scaled(4.0 * q.quarter_d, 2 * (le + se));
}

/// From the quadratic to the case, the times and the contact, in world units.
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
    const double inverse_a = 1.0 / q.a;
    e.t_closest = scaled(-q.half_b * inverse_a, le - se);
    e.min_distance = scaled(std::abs(q.cross) * std::sqrt(inverse_a), le);
    if (!k.has_roots) return;

    const Roots r = roots(q, k, inverse_a);
    e.t_enter = scaled(r.t_enter, le - se);
    e.t_exit = scaled(r.t_exit, le - se);
    e.contact_duration = scaled(r.duration, le - se);

    // n ∝ Δp + tΔv at t_enter, from the exact Δp and Δv so that it keeps its digits
    const double t = r.t_enter;
    const double nx = std::fma(t, q.dvx.hi, q.dpx.hi) + std::fma(t, q.dvx.lo, q.dpx.lo);
    const double ny = std::fma(t, q.dvy.hi, q.dpy.hi) + std::fma(t, q.dvy.lo, q.dpy.lo);
    const double length = std::sqrt(nx * nx + ny * ny);
    Contact& contact = e.contact.emplace();
    contact.position_a = e.position_a(*e.t_enter);
    contact.position_b = e.position_b(*e.t_enter);
    // length 0 only if R² underflowed beside a huge |Δp| (R/|Δp| < 2^-500): the centres then
    // meet at the "contact", and B's approach direction is the only normal left
    contact.normal = length > 0.0 ? glm::dvec2(nx, ny) / length
                                  : -glm::dvec2(q.dvx.hi, q.dvy.hi) / std::hypot(q.dvx.hi, q.dvy.hi);
    contact.point = contact.position_a + e.body_a.radius * contact.normal;
}

Quadratic solve(const Body& body_a, const Body& body_b) {
    Quadratic q;
    if (!solve_fast(body_a, body_b, q)) [[unlikely]] q = solve_exact(body_a, body_b);
    return q;
}

bool valid(const Body& body) {
    // x·0 is 0 for every finite x and NaN for ±inf and NaN: one test for five numbers
    const double zero_if_finite = body.position.x * 0.0 + body.position.y * 0.0 + body.velocity.x * 0.0 +
                                  body.velocity.y * 0.0 + body.radius * 0.0;
    return (zero_if_finite == 0.0) & (body.radius > 0.0) & (body.mass > 0.0);
}


void fill(Encounter& e, const Body& body_a, const Body& body_b, bool allow_fast_path) {
    e.body_a = body_a;
    e.body_b = body_b;
    e.relative_position = body_b.position - body_a.position;
    e.relative_velocity = body_b.velocity - body_a.velocity;
    e.radius_sum = body_a.radius + body_b.radius;
    const Quadratic q = allow_fast_path ? solve(body_a, body_b) : solve_exact(body_a, body_b);
    // the times are settled either way; only the reported coefficients may need more digits
    report_coefficients(e, q.coefficients_sure ? q : solve_exact(body_a, body_b));
    finish(e, q);
}

std::optional<Error> check_pair(const Body& body_a, const Body& body_b) {
    if (valid(body_a) && valid(body_b)) [[likely]] return std::nullopt;
    if (auto error = check_body(body_a, "body A: ")) return error;
    return check_body(body_b, "body B: ");
}

}  // namespace

Encounter analyze_exact_path(const Body& body_a, const Body& body_b) {
    Encounter e;
    fill(e, body_a, body_b, false);
    return e;
}

bool fast_path_accepts(const Body& body_a, const Body& body_b) {
    Quadratic q;
    return solve_fast(body_a, body_b, q);
}

}  // namespace detail

// flatten: the helpers above are inlined into the two hot entry points (the exact solver and
// the error messages stay out of line)
[[gnu::flatten]] Result<Encounter> analyze(const Body& body_a, const Body& body_b) {
    Result<Encounter> result(std::in_place);  // one named result: returned without a copy
    if (auto error = detail::check_pair(body_a, body_b)) [[unlikely]] {
        result.set_error(std::move(*error));
        return result;
    }
    detail::fill(result.value(), body_a, body_b, true);
    return result;
}

[[gnu::flatten]] Result<FirstContact> first_contact(const Body& body_a, const Body& body_b) {
    Result<FirstContact> result(std::in_place);  // filled in place: no copy through the stack
    if (auto error = detail::check_pair(body_a, body_b)) [[unlikely]] {
        result.set_error(std::move(*error));
        return result;
    }
    const detail::Quadratic q = detail::solve(body_a, body_b);
    const detail::Classification k = detail::classify(q);
    FirstContact& answer = result.value();
    answer.kind = k.kind;
    if (k.has_roots) {
        const detail::Roots r = detail::roots(q, k, 1.0 / q.a);
        answer.t_enter = detail::scaled(r.t_enter, q.length_exp - q.speed_exp);
        answer.t_exit = detail::scaled(r.t_exit, q.length_exp - q.speed_exp);
    }
    return result;
}

}  // namespace tangent
