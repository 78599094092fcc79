#include "pitfalls.h"

#include "double_double.h"
#include "format.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <limits>
#include <utility>

namespace tangent {
namespace {

// The article's letters beside Tangent's (its c, d and e are not the panel's c: a teacher's review)
constexpr std::string_view kArticleLetters =
    " (the article's letters: its c is Δp·Δv, Tangent's b/2; its d is Tangent's a; its e is Tangent's c)";

// Numbers in sentences for students: `digits` significant digits, "%g" style, no "-0".
std::string num(double x, int digits = 6) {
    if (std::isnan(x)) return "NaN";
    if (std::isinf(x)) return x > 0 ? "infinity" : "-infinity";
    std::array<char, 48> buffer{};
    std::snprintf(buffer.data(), buffer.size(), "%.*g", std::clamp(digits, 1, 17), x + 0.0);
    return buffer.data();
}

// Enough digits to see where two times part: two past the digits they share.
int digits_to_show(int correct_digits) { return std::clamp(correct_digits + 2, 6, 17); }

bool agrees(double t, double reference) {
    return std::isfinite(t) && std::abs(t - reference) <= kPitfallTolerance * std::abs(reference);
}

bool right(const std::optional<double>& claim, const std::optional<double>& reference) {
    if (!claim || !reference) return !claim && !reference;
    return agrees(*claim, *reference);
}

// Inside the graze band (D counted 0 by the tolerance, not exactly 0) Tangent puts the touch at
// the closest approach, but the numbers as given touch anywhere within √(2τ)·R/|Δv| of it
// (D > 0: a(t − t_closest)² <= R² − d_min² <= 2τR²), or pass a hair apart (D < 0): a time that
// near, or with D < 0 "no contact", is as right (for a pair touching at t = 0 and closing by
// 2^-52 the formulas' exact 0 was "wrong" beside Tangent's 2.5e-16: a robustness review).
bool right_within_the_graze_band(const Encounter& e, const std::optional<double>& claim) {
    if (e.kind != Case::Graze || e.discriminant_sign != DiscriminantSign::Zero || e.exact_graze() || !e.t_closest || !(e.a > 0.0))
        return false;
    if (!claim) return e.exact_discriminant_sign() < 0;
    const double reach = std::sqrt(2.0 * kGrazeTolerance / e.a) * e.radius_sum;
    return std::isfinite(*claim) && std::abs(*claim - *e.t_closest) <= reach;
}

std::optional<double> tangent_first_contact(const Encounter& e) {
    switch (e.kind) {
        case Case::Hit:
        case Case::Graze: return e.t_enter;
        case Case::Overlapping: return 0.0;
        case Case::Miss:
        case Case::Receding:
        case Case::Static: return std::nullopt;
    }
    return std::nullopt;
}

// What Tangent says, as the end of a sentence ("..., although <this>").
std::string tangent_says(const Encounter& e) {
    switch (e.kind) {
        case Case::Hit: return "they first touch at t = " + num(*e.t_enter);
        case Case::Graze: return "they graze at t = " + num(*e.t_enter);
        case Case::Overlapping: return "the circles already overlap now";
        case Case::Miss:
            if (e.min_distance - e.radius_sum > 1e-5 * e.radius_sum)
                return "they never touch (the centres pass " + num(e.min_distance) + " apart, more than R = " +
                       num(e.radius_sum) + ")";
            return "they never touch (the centres pass " + num(e.min_distance - e.radius_sum, 3) +
                   " farther apart than R = " + num(e.radius_sum) + ")";
        case Case::Receding:
            if (e.t_exit && *e.t_exit < 0.0) return "their contact is over (it ended at t = " + num(*e.t_exit) + ")";
            return "they are moving apart";
        case Case::Static:
            return "they do not move relative to each other and stand " + num(e.min_distance) +
                   " apart (R = " + num(e.radius_sum) + "), so they never touch";
    }
    return {};
}

// What the variant said, as the object of "it ...".
std::string claims(const PitfallAnswer& answer) {
    if (answer.variant == seeds::Variant::ExactZero && answer.says_no_contact) return "returns -1 (its \"no collision\")";
    if (answer.says_no_contact) return "reports no contact";
    return "reports t = " + num(*answer.t_first_contact, digits_to_show(answer.correct_digits));
}

// "t = 3.0000012 instead of 3", with enough digits to see the difference.
std::string instead_of(const PitfallAnswer& answer, double reference) {
    const int digits = digits_to_show(answer.correct_digits);
    return "t = " + num(*answer.t_first_contact, digits) + " instead of " + num(reference, digits);
}

std::string keeps_digits(const PitfallAnswer& answer, double reference) {
    return instead_of(answer, reference) + ", keeping " + std::to_string(answer.correct_digits) + " of 16 digits";
}

// "<claim>, although <Tangent's answer>": when no more specific reason applies.
std::string plainly(const Encounter& e, const PitfallAnswer& answer, const std::optional<double>& reference) {
    if (answer.t_first_contact && reference && std::isfinite(*answer.t_first_contact))
        return "it " + claims(answer) + " but " + tangent_says(e) + " (" + std::to_string(answer.correct_digits) +
               " of 16 digits agree)";
    return "it " + claims(answer) + ", although " + tangent_says(e);
}

// Seed 000 (both versions) and seed 001 as the code computes them, in doubles.
struct DoubleQuadratic {
    double a, b, c, d;
};

DoubleQuadratic in_doubles(double a, glm::dvec2 dp, glm::dvec2 dv, double c) {
    const double b = 2.0 * (dv.x * dp.x + dv.y * dp.y);
    return {a, b, c, b * b - 4.0 * a * c};
}

double dot(glm::dvec2 u, glm::dvec2 v) { return u.x * v.x + u.y * v.y; }

// How far the rims are from touching now: |Δp| - R = c / (|Δp| + R), from Tangent's accurate c.
double gap_now(const Encounter& e) {
    return e.c / (std::hypot(e.relative_position.x, e.relative_position.y) + e.radius_sum);
}

// Tangent's own discriminant, to stand beside a formula's computed in plain doubles: the analysis
// panel shows Tangent's, and a student should not read the formula's as a contradiction of it.
std::string tangent_discriminant(const Encounter& e) {
    if (e.discriminant == 0.0) {
        // (or below a double's range, its sign still exact: lengths near 1e-80)
        const int sign = e.exact_discriminant_sign();
        if (sign == 0) return "Tangent's D, computed exactly, is 0";
        return std::string("Tangent's D, computed exactly, is ") + (sign > 0 ? "positive" : "negative") + ", below a double's range";
    }
    return "Tangent's D, from exact terms, is " + num(e.discriminant, 3);
}

// The shared rounding reasons: D computed in doubles lands on the wrong side of 0.
std::optional<std::string> discriminant_rounding(const Encounter& e, const PitfallAnswer& answer,
                                                 const std::optional<double>& reference, double d,
                                                 const std::string& name) {
    if (reference && answer.says_no_contact && d < 0.0 && (e.kind == Case::Graze || e.kind == Case::Hit))
        return "it computes " + name + " in plain doubles, where it comes out " + num(d, 3) +
               " < 0 (its terms nearly cancel; " + tangent_discriminant(e) + "), so it reports no contact although " +
               tangent_says(e);
    if (!reference && !answer.says_no_contact && d >= 0.0 && e.kind == Case::Miss)
        return "it computes " + name + " in plain doubles, where it comes out " + num(d, 3) +
               " >= 0 (its terms nearly cancel; " + tangent_discriminant(e) + " and the rims stay " +
               num(e.min_distance - e.radius_sum, 3) + " apart), so it " + claims(answer) + " for a pair that never touches";
    return std::nullopt;
}

// Rounding in a quadratic formula computed in plain doubles, seed 000's or seed 001's, with its
// a (`A`: the right one, or the typo's): D on the wrong side of 0, or the root's digits lost to
// cancellation. `upper` names the terms as seed 001 does (A, B, C), else as seed 000 (a, b, c).
std::string rounding_reason(const Encounter& e, const PitfallAnswer& answer, const std::optional<double>& reference,
                            double A, bool upper) {
    const glm::dvec2 dp = e.relative_position;
    const glm::dvec2 dv = e.relative_velocity;
    const double R = e.radius_sum;
    const DoubleQuadratic q = in_doubles(A, dp, dv, dot(dp, dp) - R * R);
    const std::string b = upper ? "B" : "b", c = upper ? "C" : "c";
    const std::string D = upper ? "D = B² - 4AC" : "D = b² - 4ac";
    if (auto rounding = discriminant_rounding(e, answer, reference, q.d, D)) return *rounding;
    if (answer.t_first_contact && reference && std::isfinite(*answer.t_first_contact)) {
        const double root_d = std::sqrt(std::max(q.d, 0.0));
        // each pair with the digits that show where the two part ("6.000000006 - 6" printed √D =
        // 5.99999999957 as 6 at 10 digits: a teacher's review)
        const auto apart = [](double x, double y) {
            const int digits = std::clamp(agreeing_digits(x, y) + 3, 6, 17);
            return num(x, digits) + " - " + num(y, digits);
        };
        if (4.0 * q.a * q.c < 0.5 * q.b * q.b)
            return "the rims are only " + num(gap_now(e), 3) + " from touching, so " + c + " = |Δp|² - R² and then -" + b +
                   " - √D each subtract two nearly equal numbers in plain doubles (" + apart(dot(dp, dp), R * R) + ", then " +
                   apart(-q.b, root_d) + ") and the digits cancel: " + keeps_digits(answer, *reference);
        return D + " = " + num(q.d, 3) + " is a small difference of two large numbers (" + b + "² = " +
               num(q.b * q.b, 6) + "), so in plain doubles it keeps few digits and √D magnifies the loss: " +
               keeps_digits(answer, *reference);
    }
    return "rounding in plain doubles: " + plainly(e, answer, reference);
}

std::string why_textbook(const Encounter& e, const PitfallAnswer& answer, const std::optional<double>& reference) {
    if (e.kind == Case::Overlapping && answer.says_no_contact && e.b >= 0.0)
        return "it tests b >= 0 (\"moving apart\") before c <= 0 (\"already colliding\"): here b = " + num(e.b) +
               ", so it reports no contact although the circles overlap now";
    if (answer.cause == PitfallCause::Rounding)
        return rounding_reason(e, answer, reference, dot(e.relative_velocity, e.relative_velocity), false);
    return plainly(e, answer, reference);
}

// When the mistake is to blame and rounding moved digits besides: which digits are whose.
std::string rounding_besides(const PitfallAnswer& answer) {
    if (!answer.t_first_contact || !answer.exact || !std::isfinite(*answer.t_first_contact) ||
        !std::isfinite(*answer.exact) || agrees(*answer.t_first_contact, *answer.exact))
        return {};
    const int digits = agreeing_digits(*answer.t_first_contact, *answer.exact);
    const int shown = digits_to_show(digits);
    return "; rounding in plain doubles costs digits besides: without it the same formula gives t = " +
           num(*answer.exact, shown) + ", and in doubles only " + std::to_string(digits) + " of its 16 digits survive";
}

std::string why_missing_radius(const Encounter& e, const PitfallAnswer& answer, const std::optional<double>& reference) {
    const double R = e.radius_sum;
    const std::string cause = "it forgets to subtract (rA + rB)² = " + num(R * R) + " from c";
    if (!answer.says_no_contact && std::isfinite(*answer.t_first_contact)) {
        const std::string centres = ", so it finds when the centres would meet (t = " + num(*answer.t_first_contact) + ")";
        if (e.kind == Case::Overlapping) return cause + centres + " and misses that the circles already overlap now";
        if (reference) return cause + centres + ", not when the rims first touch (t = " + num(*reference) + ")";
        return cause + centres + ", although " + tangent_says(e);
    }
    if (answer.says_no_contact) {
        // head-on: the centres' line passes through the other centre (to rounding)
        const bool head_on = e.t_closest && e.min_distance <= kPitfallTolerance * R;
        if (!head_on)
            return cause + ", so it asks when the centres would coincide; they never do (they pass " +
                   num(e.min_distance) + " apart), so it reports no contact although " + tangent_says(e);
        if (*e.t_closest < 0.0)
            return cause + ", so it asks when the centres would coincide, which was at t = " + num(*e.t_closest) +
                   ", in the past, and it reports no contact although " + tangent_says(e);
        const glm::dvec2 dp = e.relative_position;
        const glm::dvec2 dv = e.relative_velocity;
        const DoubleQuadratic q = in_doubles(dot(dv, dv), dp, dv, dot(dp, dp));
        return cause + ", so it asks when the centres would coincide (t = " + num(*e.t_closest) +
               "); for centres that meet its D is exactly 0, but here it rounds to " + num(q.d, 3) +
               " < 0, so it reports no contact although " + tangent_says(e);
    }
    return cause + ": " + plainly(e, answer, reference);
}

// Seed 001's own weaknesses, shared by both of its exhibits: no case for circles that already
// overlap, D in doubles. `A` is the a the exhibit uses; `also` is appended to the overlap reason
// when the exhibit's own mistake changed the number too.
std::optional<std::string> seed001_overlap(const Encounter& e, const PitfallAnswer& answer, const std::string& also) {
    if (e.kind != Case::Overlapping || !answer.t_first_contact || !(*answer.t_first_contact > 0.0)) return std::nullopt;
    return "it has no case for circles that already overlap: it skips the root in the past and " + claims(answer) +
           " (the later root" + also + "), although the circles overlap now";
}

std::string why_seed001(const Encounter& e, const PitfallAnswer& answer, const std::optional<double>& reference,
                        double A) {
    if (auto overlap = seed001_overlap(e, answer, "")) return *overlap;
    if (A == 0.0 && answer.says_no_contact)
        return "with Δv = 0 its A, B and D are all 0, so (-B ± √D)/(2A) is 0/0, not a number, and it reports no "
               "contact, although " + tangent_says(e);
    if (answer.cause == PitfallCause::Rounding) return rounding_reason(e, answer, reference, A, true);
    return plainly(e, answer, reference);
}

// "1.33333e-09": with the digits that tell x from 1 when it is near 1.
std::string factor(double x) { return num(x, std::abs(x - 1.0) < 1e-4 ? 12 : 6); }

std::string why_precedence(const Encounter& e, const PitfallAnswer& answer, const std::optional<double>& reference) {
    const double A = dot(e.relative_velocity, e.relative_velocity);
    const std::string cause = "C++ reads (-B ± √D)/2*A as ((-B ± √D)/2)·A, multiplying by A where it should divide";
    if (A == 0.0)
        return cause + ": here A = Δv·Δv = 0, so every root comes out 0 and it reports contact now, although " +
               tangent_says(e);
    // The slip scales every root by A²: it neither makes nor removes a contact.
    const std::string scaled = A == 1.0 ? "" : ", multiplied by A² = " + factor(A * A) + " by the /2*A slip";
    if (auto overlap = seed001_overlap(e, answer, scaled)) return *overlap;
    // multiplying by A ≈ 1 instead of dividing changes nothing that matters: rounding did it
    if (answer.cause != PitfallCause::Mistake) return why_seed001(e, answer, reference, A);
    const std::string only = cause + "; right only when A = Δv·Δv = 1, here A = " + factor(A) + ", so ";
    const bool exact_time = answer.exact && std::isfinite(*answer.exact);
    if (exact_time && reference && answer.t_first_contact && std::isfinite(*answer.t_first_contact)) {
        const std::string scale = A * A > 1.0 ? " times too large: " : " times the right one: ";
        return only + "the time is A² = " + factor(A * A) + scale + instead_of(answer, *reference) +
               rounding_besides(answer);
    }
    if (exact_time && reference && answer.says_no_contact)
        return only + "without rounding it would answer A² = " + factor(A * A) + " times the time, t = " +
               num(*answer.exact) + " instead of " + num(*reference) + "; besides, " +
               rounding_reason(e, answer, reference, A, true);
    return cause + ": " + plainly(e, answer, reference);
}

std::string why_swapped_square(const Encounter& e, const PitfallAnswer& answer, const std::optional<double>& reference) {
    const glm::dvec2 dv = e.relative_velocity;
    const double A_true = dot(dv, dv);
    const double A_swapped = dv.x * dv.x + dv.x * dv.x;
    // Seed 001's typo is in one intermediate line; its collected A is right. The exhibit carries
    // the typo through, and says so.
    const std::string cause =
        "the article's expansion of (dy + dvy·t)² has a typo, dvx²·t² where dvy²·t² belongs (its final A = dvx² + "
        "dvy² is right); carried into A, the typo gives A = 2Δvx² = " + num(A_swapped) + " instead of Δvx² + Δvy² = " +
        num(A_true);
    if (auto overlap = seed001_overlap(e, answer, A_swapped == A_true ? "" : ", of the typo's A = 2Δvx² = " + num(A_swapped)))
        return *overlap;
    if (A_swapped == A_true) return why_seed001(e, answer, reference, A_swapped);
    if (A_swapped == 0.0)
        return cause + ": Δv is vertical, so it divides by A = 0 and " + claims(answer) + ", although " + tangent_says(e);
    const bool exact_time = answer.exact && std::isfinite(*answer.exact);
    if (answer.cause == PitfallCause::Rounding) {
        // the typo alone would be right here: say by how little it moves the root, and blame rounding
        std::string alone = "; alone, that would not matter here";
        const int shown = exact_time && reference ? digits_to_show(agreeing_digits(*answer.exact, *reference)) : 6;
        if (exact_time && reference && *reference != 0.0)
            alone = "; alone, that moves the root by only " +
                    num(std::abs(*answer.exact - *reference) / std::abs(*reference), 2) + " of it (t = " +
                    num(*answer.exact, shown) + " for " + num(*reference, shown) + "), inside the lab's 1e-9";
        else if (!answer.exact && !reference)
            alone = "; alone, that would still find no contact";
        return cause + alone + ", so what puts this answer off is rounding: " +
               rounding_reason(e, answer, reference, A_swapped, true);
    }
    if (answer.t_first_contact && reference && std::isfinite(*answer.t_first_contact))
        return cause + ", which moves the root: " + instead_of(answer, *reference) + rounding_besides(answer);
    if (answer.says_no_contact && reference && exact_time)
        return cause + ", which moves the root to t = " + num(*answer.exact) + " instead of " + num(*reference) +
               "; besides, " + rounding_reason(e, answer, reference, A_swapped, true);
    if (answer.says_no_contact && reference)
        return cause + "; with A that large the quadratic has no real root, so it reports no contact although " +
               tangent_says(e);
    if (!answer.says_no_contact && !reference)
        return cause + "; with A that small the quadratic gains a root, so it " + claims(answer) + ", although " +
               tangent_says(e);
    return cause + ": " + plainly(e, answer, reference);
}

// Seed 004's discriminant exactly as it computes it (seeds::exact_zero_test), for the lab to
// say what it saw; `expanded` false gives the same code with (x1 - x2)² not expanded, which
// tells the lab whether the expansion x1² + x2² - 2x1x2 is what went wrong.
struct ExactZeroTerms {
    double c, d, e, delta;
    double answer;  // what the code returns from these terms: -1 for "no collision"
};

ExactZeroTerms exact_zero_terms(const Body& one, const Body& two, bool expanded) {
    const glm::dvec2 p1 = one.position, p2 = two.position, v1 = one.velocity, v2 = two.velocity;
    const double r1 = one.radius, r2 = two.radius;
    const double a = expanded ? (p1.x * p1.x) + (p2.x * p2.x) - 2 * p1.x * p2.x : (p1.x - p2.x) * (p1.x - p2.x);
    const double b = expanded ? (p1.y * p1.y) + (p2.y * p2.y) - 2 * p1.y * p2.y : (p1.y - p2.y) * (p1.y - p2.y);
    const double c = (p1.x - p2.x) * (v1.x - v2.x) + (p1.y - p2.y) * (v1.y - v2.y);
    const double d = (v1.x - v2.x) * (v1.x - v2.x) + (v1.y - v2.y) * (v1.y - v2.y);
    const double e = a + b - r1 * r1 - r2 * r2 - 2 * r1 * r2;
    const double delta = 4 * (c * c) - 4 * d * e;
    const double answer = delta == 0 ? -1 * (c / d) : delta > 0 ? (-2 * c - std::sqrt(delta)) / (2 * d) : -1.0;
    return {c, d, e, delta, answer};
}

// One product in seed 004's terms that visibly rounds ("1.6² rounds to 2.5600000000000005"), to
// show a student that rounding is ordinary; empty when none does.
std::string rounded_square_example(const Encounter& e) {
    const Body& one = e.body_a;
    const Body& two = e.body_b;
    const struct {
        const char* name;
        double x;
    } candidates[] = {{"(v1.x - v2.x)²", one.velocity.x - two.velocity.x}, {"(v1.y - v2.y)²", one.velocity.y - two.velocity.y},
                      {"r1²", one.radius}, {"r2²", two.radius}, {"x1²", one.position.x}, {"x2²", two.position.x},
                      {"y1²", one.position.y}, {"y2²", two.position.y}};
    for (const auto& candidate : candidates) {
        const double x = candidate.x;
        if (dd::two_prod(x, x).lo == 0.0) continue;
        const std::string operand = format_number(x), square = format_number(x * x);
        // visibly rounded: the square needs many more digits than its operand
        if (square.size() < operand.size() + 8) continue;
        return std::string(candidate.name) + " = " + operand + "² rounds to " + square;
    }
    return {};
}

std::string why_exact_zero(const Encounter& e, const PitfallAnswer& answer, const std::optional<double>& reference) {
    const ExactZeroTerms terms = exact_zero_terms(e.body_a, e.body_b, true);
    const double t = answer.t_first_contact.value_or(0.0);
    if (!answer.says_no_contact && std::isnan(t) && terms.d == 0.0)
        return "with Δv = 0 it computes -c/d = 0/0 and returns NaN (not a number), although " + tangent_says(e);
    if (!answer.says_no_contact && e.kind == Case::Overlapping && t < 0.0)
        return "it has no case for circles that already overlap: it returns the entering root t = " + num(t) +
               ", in the past, instead of 0 (colliding now)";
    if (!answer.says_no_contact && !reference && t < 0.0)
        return "it never checks for the past: it returns the entering root t = " + num(t) + ", a contact " +
               num(-t) + " ago, as if it were ahead, although " + tangent_says(e);
    if (e.kind == Case::Graze && terms.delta != 0.0 && answer.cause == PitfallCause::Rounding) {
        // Its delta is b² - 4ac under other names: at a graze a difference of two equal numbers,
        // each rounded on the way. Not its expansion of the squares when that changes nothing.
        const ExactZeroTerms unexpanded = exact_zero_terms(e.body_a, e.body_b, false);
        const std::string example = rounded_square_example(e);
        const std::string rounded =
            "its delta = 4c² - 4de" + std::string(kArticleLetters) + " subtracts two numbers that are equal at a graze, each rounded in plain doubles "
            "on the way (4c² = " + num(4.0 * (terms.c * terms.c), 17) + ", 4de = " + num(4.0 * terms.d * terms.e, 17) +
            (example.empty() ? "" : "; " + example) + ")" +
            (unexpanded.delta == terms.delta ? ", which its expansion x1² + x2² - 2·x1·x2 does not change" : "") +
            ", so delta comes out " + num(terms.delta, 3) + " for this graze rather than exactly 0 (" +
            tangent_discriminant(e) + ")";
        if (answer.says_no_contact)
            return "it tests delta == 0 exactly, but " + rounded +
                   ": it falls through to -1 (\"no collision\") and misses the graze at t = " + num(*reference);
        if (terms.delta > 0.0 && std::isfinite(t))
            return "it tests delta == 0 exactly, but " + rounded + ", so it takes the two-root branch: " +
                   keeps_digits(answer, *reference);
    }

    const ExactZeroTerms unexpanded = exact_zero_terms(e.body_a, e.body_b, false);
    const bool unexpanded_no_contact = unexpanded.answer == -1.0;
    const bool expansion_to_blame =
        right(unexpanded_no_contact ? std::nullopt : std::optional<double>(unexpanded.answer), reference);
    if (expansion_to_blame && answer.cause == PitfallCause::Rounding) {
        const glm::dvec2 p1 = e.body_a.position, p2 = e.body_b.position;
        const double squares = dot(p1, p1) + dot(p2, p2);
        const std::string expansion = "it expands (x1 - x2)² as x1² + x2² - 2·x1·x2 in plain doubles, so its e = |Δp|² - R² = " +
                                      num(e.c, 3) + " carries rounding errors the size of x1² + x2² + y1² + y2² = " +
                                      num(squares, 3);
        if (!answer.says_no_contact && reference && std::isfinite(t))
            return expansion + ": " + keeps_digits(answer, *reference);
        return expansion + ": its discriminant comes out " + num(terms.delta, 3) + " instead of " +
               num(unexpanded.delta, 3) + ", so it " + claims(answer) + ", although " + tangent_says(e);
    }
    if (answer.cause == PitfallCause::Rounding && !answer.says_no_contact && reference && std::isfinite(t)) {
        if (4.0 * terms.d * terms.e < 0.5 * 4.0 * terms.c * terms.c)
            return "the rims are only " + num(gap_now(e), 3) + " from touching, so its e = |Δp|² - R² and then " +
                   "-2c - √(4c² - 4de)" + std::string(kArticleLetters) + " each subtract two nearly equal numbers in plain doubles and the digits cancel: " +
                   keeps_digits(answer, *reference);
        return "its delta = 4c² - 4de" + std::string(kArticleLetters) + " = " + num(terms.delta, 3) + " is a small difference of two large numbers (4c² = " +
               num(4.0 * terms.c * terms.c) + "), so in plain doubles it keeps few digits and the square root magnifies "
               "the loss: " + keeps_digits(answer, *reference);
    }
    if (auto rounding = discriminant_rounding(e, answer, reference, terms.delta,
                                              "its discriminant 4c² - 4de" + std::string(kArticleLetters)))
        return *rounding;
    return plainly(e, answer, reference);
}

std::string why_wrong(const Encounter& e, const PitfallAnswer& answer, const std::optional<double>& reference) {
    switch (answer.variant) {
        case seeds::Variant::Textbook: return why_textbook(e, answer, reference);
        case seeds::Variant::MissingRadius: return why_missing_radius(e, answer, reference);
        case seeds::Variant::Precedence: return why_precedence(e, answer, reference);
        case seeds::Variant::SwappedSquare: return why_swapped_square(e, answer, reference);
        case seeds::Variant::ExactZero: return why_exact_zero(e, answer, reference);
    }
    return plainly(e, answer, reference);
}

std::optional<double> run(seeds::Variant variant, const Encounter& e) {
    const glm::dvec2 dp = e.relative_position;
    const glm::dvec2 dv = e.relative_velocity;
    const double R = e.radius_sum;
    switch (variant) {
        case seeds::Variant::Textbook: return seeds::textbook(dp, dv, R);
        case seeds::Variant::MissingRadius: return seeds::missing_radius_term(dp, dv, R);
        case seeds::Variant::Precedence: return seeds::precedence_bug(dp, dv, R);
        case seeds::Variant::SwappedSquare: return seeds::swapped_square(dp, dv, R);
        case seeds::Variant::ExactZero:
            return seeds::exact_zero_test(e.body_a.position, e.body_a.velocity, e.body_a.radius, e.body_b.position,
                                          e.body_b.velocity, e.body_b.radius);
    }
    return std::nullopt;
}


// ---- each formula without rounding error: its mistake alone ----

// The earliest of two roots that is not negative, as seed 001 picks it.
std::optional<double> earliest_not_negative(double first, double second) {
    const double earliest = std::fmin(first, second);
    const double latest = std::fmax(first, second);
    if (earliest >= 0.0) return earliest;
    if (latest >= 0.0) return latest;
    return std::nullopt;
}

// Seed 001's swapped square without rounding: the earliest root not negative of
// 2Δvx² t² + b t + c, with Tangent's exact b and c, D in double-double and stable roots.
std::optional<double> swapped_square_exact(const Encounter& e) {
    const dd::DD A = dd::scale(dd::two_prod(e.relative_velocity.x, e.relative_velocity.x), 2.0);
    const dd::DD d = dd::sub(dd::two_prod(e.b, e.b), dd::scale(dd::mul(A, e.c), 4.0));
    if (dd::sign(d) < 0) return std::nullopt;
    const double root_d = std::sqrt(std::max(dd::to_double(d), 0.0));
    const double q = -0.5 * (e.b + std::copysign(root_d, e.b));
    if (q == 0.0) return 0.0;  // b = 0 and D = 0: c = 0 too, a double root at 0
    return earliest_not_negative(q / dd::to_double(A), e.c / q);
}

// The formula with its mistake and without rounding error, from Tangent's exact case, roots and
// terms (which the formulas' own terms equal in exact arithmetic): null for "no contact", -1
// for seed 004's, as the formula itself answers.
std::optional<double> exact_answer(seeds::Variant variant, const Encounter& e, const std::optional<double>& published) {
    switch (variant) {
        case seeds::Variant::Textbook:
            // b >= 0: null; c <= 0: 0; D < 0: null; else (-b - √D)/2a, the entering root
            if (e.b >= 0.0) return std::nullopt;
            if (e.c <= 0.0) return 0.0;
            if (e.discriminant < 0.0 || !e.t_enter) return std::nullopt;
            return e.t_enter;
        case seeds::Variant::MissingRadius:
            // a t² + b t + |Δp|²: its D = b² - 4a|Δp|² = -4(Δp×Δv)², so a root only when the
            // centres' path goes through the other centre, at t_closest
            if (e.b >= 0.0) return std::nullopt;
            if (e.min_distance == 0.0 && e.t_closest) return e.t_closest;
            return std::nullopt;
        case seeds::Variant::Precedence:
            // ((-B ± √D)/2)·A = t·A² for each true root t; with A = 0 every root is 0
            if (e.kind == Case::Static) return 0.0;
            if (e.discriminant < 0.0 || !e.t_enter || !e.t_exit) return std::nullopt;
            return earliest_not_negative(*e.t_enter * e.a * e.a, *e.t_exit * e.a * e.a);
        case seeds::Variant::SwappedSquare:
            // 2Δvx² = 0: it divides by zero whatever the rounding; the published answer is the mistake's
            if (e.relative_velocity.x == 0.0) return published;
            return swapped_square_exact(e);
        case seeds::Variant::ExactZero:
            // delta = 4c² - 4de is exactly D: 0 at a graze (-c/d = t_closest), > 0 gives the
            // entering root with no test for the past, < 0 gives -1; with Δv = 0 it is 0/0
            if (e.kind == Case::Static) return std::numeric_limits<double>::quiet_NaN();
            if (!e.t_enter) return -1.0;
            if (const int sign = e.exact_discriminant_sign(); sign <= 0) return sign < 0 ? -1.0 : *e.t_closest;
            return e.t_enter;
    }
    return published;
}

// A sign that a right answer still lost most of its digits: fewer than this many agree.
constexpr int kFewDigits = 12;

// The fragments above start with "it ..." so they compose; a student reads a sentence.
std::string sentence(std::string text) {
    if (!text.empty() && text[0] >= 'a' && text[0] <= 'z') text[0] = static_cast<char>(text[0] - 'a' + 'A');
    return text + ".";
}

}  // namespace

int agreeing_digits(double value, double reference) {
    if (value == reference) return 17;
    if (!std::isfinite(value) || !std::isfinite(reference) || reference == 0.0) return 0;
    const double relative = std::abs(value - reference) / std::abs(reference);
    if (!(relative < 1.0)) return 0;
    // a unit in the last place from the reference: Tangent's own answer is no nearer the truth
    // than that, so no digit can be said to differ (the precedence preset's textbook root, the
    // correctly rounded one, an ulp from Tangent's, was said to keep 15 of 16: a teacher's review)
    const double ulp = std::nextafter(std::abs(reference), std::numeric_limits<double>::infinity()) - std::abs(reference);
    if (std::abs(value - reference) <= ulp) return 16;
    // the most significant digits at which the two print alike: "1.3333334e-09" and "1.3333333e-09"
    // agree in 7; 3.625457900041794 and 3.625457900041793 in 15 (a rounded -log10 of the relative
    // error would call them both "16 of 16 digits")
    for (int digits = 16; digits > 0; --digits)
        if (format_significant(value, digits) == format_significant(reference, digits)) return digits;
    return 0;
}

PitfallReport compare_pitfalls(const Encounter& encounter) {
    PitfallReport report;
    report.kind = encounter.kind;
    report.tangent_t = tangent_first_contact(encounter);
    const std::optional<double>& reference = report.tangent_t;
    for (const seeds::Variant variant : seeds::kVariants) {
        PitfallAnswer answer;
        answer.variant = variant;
        answer.t_first_contact = run(variant, encounter);
        answer.says_no_contact = !answer.t_first_contact ||
                                 (variant == seeds::Variant::ExactZero && *answer.t_first_contact == -1.0);
        const std::optional<double> claim =
            answer.says_no_contact ? std::nullopt : answer.t_first_contact;
        if (claim && reference) answer.correct_digits = agreeing_digits(*claim, *reference);
        else answer.correct_digits = !claim && !reference ? 17 : 0;
        const bool within_band = !right(claim, reference) && right_within_the_graze_band(encounter, claim);
        answer.wrong = !right(claim, reference) && !within_band;
        answer.ambiguous = variant == seeds::Variant::ExactZero && answer.says_no_contact;
        answer.exact = exact_answer(variant, encounter, answer.t_first_contact);
        const bool exact_says_no_contact =
            !answer.exact || (variant == seeds::Variant::ExactZero && *answer.exact == -1.0);
        if (answer.wrong)
            answer.cause = right(exact_says_no_contact ? std::nullopt : answer.exact, reference) ? PitfallCause::Rounding
                                                                                                 : PitfallCause::Mistake;

        if (answer.wrong) answer.why = sentence(why_wrong(encounter, answer, reference));
        if (!answer.wrong && answer.ambiguous)
            answer.note = sentence("it says \"no collision\" with -1, which reads exactly like a real contact one "
                                   "second ago (t = -1): a caller cannot tell the two apart without knowing the "
                                   "convention");
        if (within_band)
            answer.note = sentence(claim ? "it differs from Tangent's touch at t = " + num(*reference) +
                                               ", but within the graze tolerance: the numbers as given touch there too"
                                         : "the numbers as given pass a hair apart, within the graze tolerance that Tangent "
                                           "counts as a touch");
        else if (!answer.wrong && claim && reference && answer.correct_digits < kFewDigits)
            answer.note = sentence("it agrees to within 1e-9, but keeps only " +
                                   std::to_string(answer.correct_digits) + " of 16 digits: " +
                                   instead_of(answer, *reference));
        report.answers.push_back(std::move(answer));
    }
    return report;
}

}  // namespace tangent
