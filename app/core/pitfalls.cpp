#include "pitfalls.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <utility>

namespace tangent {
namespace {

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
    if (e.discriminant == 0.0) return "Tangent's D, computed exactly, is 0";
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

std::string why_textbook(const Encounter& e, const PitfallAnswer& answer, const std::optional<double>& reference) {
    const glm::dvec2 dp = e.relative_position;
    const glm::dvec2 dv = e.relative_velocity;
    const double R = e.radius_sum;
    const DoubleQuadratic q = in_doubles(dot(dv, dv), dp, dv, dot(dp, dp) - R * R);
    if (e.kind == Case::Overlapping && answer.says_no_contact && q.b >= 0.0)
        return "it tests b >= 0 (\"moving apart\") before c <= 0 (\"already colliding\"): here b = " + num(q.b) +
               ", so it reports no contact although the circles overlap now";
    if (auto rounding = discriminant_rounding(e, answer, reference, q.d, "D = b² - 4ac")) return *rounding;
    if (answer.t_first_contact && reference && std::isfinite(*answer.t_first_contact)) {
        const double root_d = std::sqrt(std::max(q.d, 0.0));
        if (4.0 * q.a * q.c < 0.5 * q.b * q.b)
            return "the rims are only " + num(gap_now(e), 3) + " from touching, so c = |Δp|² - R² and then -b - √D " +
                   "each subtract two nearly equal numbers (" + num(dot(dp, dp), 10) + " - " + num(R * R, 10) +
                   ", then " + num(-q.b, 10) + " - " + num(root_d, 10) + ") and the digits cancel: " +
                   keeps_digits(answer, *reference);
        return "D = b² - 4ac = " + num(q.d, 3) + " is a small difference of two large numbers (b² = " +
               num(q.b * q.b, 6) + "), so it keeps few digits and √D magnifies the loss: " +
               keeps_digits(answer, *reference);
    }
    return plainly(e, answer, reference);
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

// Seed 001 with its mistakes repaired: A = Δv·Δv, t = (-B ± √D) / (2A), the earliest root that
// is not negative. Tells the lab whether the named mistake is what went wrong.
std::optional<double> seed001_repaired(const Encounter& e) {
    const glm::dvec2 dp = e.relative_position;
    const glm::dvec2 dv = e.relative_velocity;
    const double R = e.radius_sum;
    const DoubleQuadratic q = in_doubles(dot(dv, dv), dp, dv, dot(dp, dp) - R * R);
    if (q.d < 0.0) return std::nullopt;
    const double first = (-q.b - std::sqrt(q.d)) / (2.0 * q.a);
    const double second = (-q.b + std::sqrt(q.d)) / (2.0 * q.a);
    const double earliest = std::fmin(first, second);
    const double latest = std::fmax(first, second);
    if (earliest >= 0.0) return earliest;
    if (latest >= 0.0) return latest;
    return std::nullopt;
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
    const glm::dvec2 dp = e.relative_position;
    const glm::dvec2 dv = e.relative_velocity;
    const double R = e.radius_sum;
    const DoubleQuadratic q = in_doubles(A, dp, dv, dot(dp, dp) - R * R);
    if (auto overlap = seed001_overlap(e, answer, "")) return *overlap;
    if (A == 0.0 && answer.says_no_contact)
        return "with Δv = 0 its A, B and D are all 0, so (-B ± √D)/(2A) is 0/0, not a number, and it reports no "
               "contact, although " + tangent_says(e);
    if (auto rounding = discriminant_rounding(e, answer, reference, q.d, "D = B² - 4AC")) return *rounding;
    return plainly(e, answer, reference);
}

std::string why_precedence(const Encounter& e, const PitfallAnswer& answer, const std::optional<double>& reference) {
    const double A = dot(e.relative_velocity, e.relative_velocity);
    const std::string cause = "C++ reads (-B ± √D)/2*A as ((-B ± √D)/2)·A, multiplying by A where it should divide";
    if (A == 0.0)
        return cause + ": here A = Δv·Δv = 0, so every root comes out 0 and it reports contact now, although " +
               tangent_says(e);
    // The slip scales every root by A²: it neither makes nor removes a contact.
    const std::string scaled = A == 1.0 ? "" : ", multiplied by A² = " + num(A * A) + " by the /2*A slip";
    if (auto overlap = seed001_overlap(e, answer, scaled)) return *overlap;
    const bool both_times = answer.t_first_contact && reference && std::isfinite(*answer.t_first_contact);
    if (!both_times || A == 1.0 || !seed001_repaired(e)) return why_seed001(e, answer, reference, A);
    const std::string scale = A * A > 1.0 ? " times too large: " : " times the right one: ";
    return cause + "; right only when A = Δv·Δv = 1, here A = " + num(A) + ", so the time is A² = " + num(A * A) +
           scale + instead_of(answer, *reference);
}

std::string why_swapped_square(const Encounter& e, const PitfallAnswer& answer, const std::optional<double>& reference) {
    const glm::dvec2 dv = e.relative_velocity;
    const double A_true = dot(dv, dv);
    const double A_swapped = dv.x * dv.x + dv.x * dv.x;
    const std::string cause = "expanding (dy + dvy·t)² it writes dvx²·t² where dvy²·t² belongs, so A = 2Δvx² = " +
                              num(A_swapped) + " instead of Δvx² + Δvy² = " + num(A_true);
    if (auto overlap = seed001_overlap(e, answer, A_swapped == A_true ? "" : ", from a wrong A = 2Δvx² = " + num(A_swapped)))
        return *overlap;
    if (A_swapped == A_true) return why_seed001(e, answer, reference, A_swapped);
    if (A_swapped == 0.0)
        return cause + ": Δv is vertical, so it divides by A = 0 and " + claims(answer) + ", although " + tangent_says(e);
    if (answer.t_first_contact && reference && std::isfinite(*answer.t_first_contact))
        return cause + ", which moves the root: " + instead_of(answer, *reference);
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
    double c, d, delta;
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
    return {c, d, delta, answer};
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
    if (e.kind == Case::Graze && answer.says_no_contact)
        return "it tests its discriminant with delta == 0, but delta, computed in plain doubles from the squared "
               "coordinates, comes out " + num(terms.delta, 3) + " for this graze rather than exactly 0 (" +
               tangent_discriminant(e) + "), so it falls through to -1 (\"no collision\") and misses the graze at t = " +
               num(*reference);
    if (e.kind == Case::Graze && terms.delta > 0.0 && std::isfinite(t))
        return "for this graze its delta, computed in plain doubles, comes out " + num(terms.delta, 3) +
               " rather than exactly 0 (" + tangent_discriminant(e) + "), so it takes the two-root branch: " +
               keeps_digits(answer, *reference);

    const ExactZeroTerms unexpanded = exact_zero_terms(e.body_a, e.body_b, false);
    const bool unexpanded_no_contact = unexpanded.answer == -1.0;
    const bool expansion_to_blame =
        right(unexpanded_no_contact ? std::nullopt : std::optional<double>(unexpanded.answer), reference);
    if (expansion_to_blame) {
        const glm::dvec2 p1 = e.body_a.position, p2 = e.body_b.position;
        const double squares = dot(p1, p1) + dot(p2, p2);
        const std::string expansion = "it expands (x1 - x2)² as x1² + x2² - 2·x1·x2, so its e = |Δp|² - R² = " +
                                      num(e.c, 3) + " carries rounding errors the size of x1² + x2² + y1² + y2² = " +
                                      num(squares, 3);
        if (!answer.says_no_contact && reference && std::isfinite(t))
            return expansion + ": " + keeps_digits(answer, *reference);
        return expansion + ": its discriminant comes out " + num(terms.delta, 3) + " instead of " +
               num(unexpanded.delta, 3) + ", so it " + claims(answer) + ", although " + tangent_says(e);
    }
    if (!answer.says_no_contact && reference && std::isfinite(t))
        return "the rims are only " + num(gap_now(e), 3) + " from touching, so its e = |Δp|² - R² and then " +
               "-2c - √(4c² - 4de) each subtract two nearly equal numbers and the digits cancel: " +
               keeps_digits(answer, *reference);
    if (auto rounding = discriminant_rounding(e, answer, reference, terms.delta, "its discriminant 4c² - 4de"))
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
    // -log10 of the relative error, to the nearest digit: 1.1e-7 is 7 (floor said 6 beside
    // "1.3333334e-09, true 1.3333333e-09", which plainly agree in 7)
    return std::clamp(static_cast<int>(std::lround(-std::log10(relative))), 0, 16);
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
        answer.wrong = !right(claim, reference);
        answer.ambiguous = variant == seeds::Variant::ExactZero && answer.says_no_contact;

        if (answer.wrong) answer.why = sentence(why_wrong(encounter, answer, reference));
        if (!answer.wrong && answer.ambiguous)
            answer.note = sentence("it says \"no collision\" with -1, which reads exactly like a real contact one "
                                   "second ago (t = -1): a caller cannot tell the two apart without knowing the "
                                   "convention");
        if (!answer.wrong && claim && reference && answer.correct_digits < kFewDigits)
            answer.note = sentence("it agrees to within 1e-9, but keeps only " +
                                   std::to_string(answer.correct_digits) + " of 16 digits: " +
                                   instead_of(answer, *reference));
        report.answers.push_back(std::move(answer));
    }
    return report;
}

}  // namespace tangent
