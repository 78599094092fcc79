// The pitfalls lab (core/pitfalls.h): every published formula on the scenes that expose it and
// on scenes where its mistake cannot matter, judged against an independent 600-bit MPFR
// evaluation (mpfr_reference.h) or against a time known by construction, never against a
// number read off the program. The preset scenes are built here from the numbers in
// assets/scenes/pitfall-*.json; tests/scene/pitfall_presets_test.cpp checks the files hold them.

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <numbers>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "core/encounter.h"
#include "core/mpfr_reference.h"
#include "core/pitfalls.h"
#include "core/seed_formulas.h"

namespace tangent {
namespace {

using reference::compute_truth;
using reference::count;
using reference::Mp;
using reference::Truth;
using seeds::Variant;

// Tangent is accurate to 1e-12 relative (encounter.h); the reference is exact. A seed formula
// that is right evaluates the same roots in plain doubles: well inside 1e-12 on the
// well-conditioned scenes below, and the lab's rule is 1e-9.
constexpr double kTangentTolerance = 1e-12;
// A formula's root where nothing cancels: a few roundings of ~1.1e-16 each.
constexpr double kRoundingTolerance = 1e-14;

Body body(glm::dvec2 position, glm::dvec2 velocity, double radius) { return Body{position, velocity, radius, 1.0}; }

Encounter analyzed(const Body& a, const Body& b) {
    Result<Encounter> result = analyze(a, b);
    EXPECT_TRUE(result.ok()) << (result.ok() ? "" : result.error().message);
    return result.value();
}

/// A copy, so that it may be taken from a report that is a temporary.
PitfallAnswer answer_of(const PitfallReport& report, Variant variant) {
    for (const PitfallAnswer& answer : report.answers)
        if (answer.variant == variant) return answer;
    ADD_FAILURE() << "no answer for " << seeds::to_string(variant);
    return {};
}

/// |value - truth| / |truth| in exact arithmetic; +inf for a non-finite value.
double relative_error(double value, const Mp& truth) {
    if (!std::isfinite(value)) return INFINITY;
    const Mp diff = reference::abs(Mp(value) - truth);
    if (diff.is_zero()) return 0.0;
    if (truth.is_zero()) return INFINITY;
    return (diff / reference::abs(truth)).to_double();
}

/// The exact first contact now or later, the lab's reference, from the exact case: t_enter
/// for a hit or graze, 0 when overlapping, none otherwise.
std::optional<Mp> exact_first_contact(const Truth& truth) {
    if (truth.kind == Case::Hit || truth.kind == Case::Graze) return truth.t_enter;
    if (truth.kind == Case::Overlapping) return Mp(0.0);
    return std::nullopt;
}

/// Seeded draws that do not depend on the standard library's distributions.
class Draw {
public:
    explicit Draw(std::uint64_t seed) : rng_(seed) {}
    double unit() { return static_cast<double>(rng_() >> 11) * 0x1p-53; }
    double uniform(double lo, double hi) { return lo + (hi - lo) * unit(); }
    int integer(int lo, int hi) { return lo + static_cast<int>(rng_() % static_cast<std::uint64_t>(hi - lo + 1)); }
    bool coin() { return (rng_() & 1U) != 0; }
    glm::dvec2 box(double half) { return {uniform(-half, half), uniform(-half, half)}; }
    glm::dvec2 direction() {
        const double angle = uniform(0.0, 2.0 * std::numbers::pi);
        return {std::cos(angle), std::sin(angle)};
    }
    /// A multiple of 1/64 in [lo, hi]: few enough bits that sums and products stay exact.
    double dyadic(double lo, double hi) { return std::round(uniform(lo, hi) * 64.0) / 64.0; }
    double dyadic_nonzero(double lo, double hi) {
        for (;;)
            if (const double x = dyadic(lo, hi); x != 0.0) return x;
    }

private:
    std::mt19937_64 rng_;
};

glm::dvec2 perpendicular(glm::dvec2 v) { return {-v.y, v.x}; }

/// A pair that hits: B runs at A along `direction` (a unit vector) from `distance` away,
/// offset sideways by `offset` (|offset| < R makes it a hit).
std::pair<Body, Body> hitting_pair(Draw& draw, glm::dvec2 dv, double distance, double offset, double radius_a,
                                   double radius_b) {
    const glm::dvec2 pa = draw.box(5.0);
    const glm::dvec2 va = draw.box(2.0);
    const glm::dvec2 along = dv / std::sqrt(dv.x * dv.x + dv.y * dv.y);
    const glm::dvec2 pb = pa - distance * along + offset * perpendicular(along);
    return {body(pa, va, radius_a), body(pb, va + dv, radius_b)};
}

// ---- the preset scenes, as in assets/scenes/pitfall-*.json ----

struct Preset {
    Body a;
    Body b;
};

const Preset kMissingRadiusPreset{body({0, 0}, {-0.25, 0}, 1.5), body({-8, -6}, {0.75, 0.75}, 1)};
const Preset kPrecedencePreset{body({0, 0}, {0.5, 0}, 1), body({3, -2.5}, {-0.5, 1}, 1)};
const Preset kSwappedSquarePreset{body({0, 0}, {0, 0}, 1), body({-4.3, 6}, {1, -1.5}, 1)};
const Preset kExactZeroPreset{body({0, 0}, {0.9, 0}, 0.9), body({5.1, 1.5}, {-0.7, 0}, 0.6)};
const Preset kTextbookPreset{body({-1, 0}, {0.5, 0.2}, 1.2), body({1.000000002, 0}, {-1, 0.6}, 0.8)};

// ---- the rules ----

TEST(PitfallRules, OneAnswerPerVariantInTheListedOrder) {
    const Encounter e = analyzed(body({0, 0}, {1, 0}, 1), body({10, 0}, {-1, 0}, 1));
    const PitfallReport report = compare_pitfalls(e);
    ASSERT_EQ(report.answers.size(), std::size(seeds::kVariants));
    for (std::size_t i = 0; i < report.answers.size(); ++i) EXPECT_EQ(report.answers[i].variant, seeds::kVariants[i]);
    EXPECT_EQ(report.kind, e.kind);
}

TEST(PitfallRules, TangentsTimeIsTheFirstContactNowOrAhead) {
    // hit: Δp = (10, 0), Δv = (-2, 0), R = 2: they touch at (10 - 2)/2 = 4
    EXPECT_EQ(compare_pitfalls(analyzed(body({0, 0}, {1, 0}, 1), body({10, 0}, {-1, 0}, 1))).tangent_t, 4.0);
    // graze: Δp = (-10, 2), Δv = (1, 0), R = 2: B passes straight over A at t = 10
    const PitfallReport graze = compare_pitfalls(analyzed(body({0, 0}, {0, 0}, 1), body({-10, 2}, {1, 0}, 1)));
    EXPECT_EQ(graze.kind, Case::Graze);
    EXPECT_EQ(graze.tangent_t, 10.0);
    // overlapping: centres 1 apart, R = 2: in contact now
    EXPECT_EQ(compare_pitfalls(analyzed(body({0, 0}, {0, 0}, 1), body({1, 0}, {1, 0}, 1))).tangent_t, 0.0);
    // miss, receding, static: no contact now or ahead
    EXPECT_FALSE(compare_pitfalls(analyzed(body({0, 0}, {0, 0}, 1), body({-10, 3}, {1, 0}, 1))).tangent_t);
    EXPECT_FALSE(compare_pitfalls(analyzed(body({0, 0}, {0, 0}, 1), body({10, 0}, {1, 0}, 1))).tangent_t);
    EXPECT_FALSE(compare_pitfalls(analyzed(body({0, 0}, {1, 1}, 1), body({5, 0}, {1, 1}, 1))).tangent_t);
}

TEST(PitfallRules, OverlappingTakesZeroAsRight) {
    // centres 1.5 apart (R = 2), B moving at A at speed 1: t² - 3t - 1.75 = 0, roots -0.5 and
    // 3.5. The seeds' "already colliding" 0 is right.
    const PitfallReport report = compare_pitfalls(analyzed(body({0, 0}, {0, 0}, 1), body({1.5, 0}, {-1, 0}, 1)));
    ASSERT_EQ(report.kind, Case::Overlapping);
    const PitfallAnswer& textbook = answer_of(report, Variant::Textbook);
    EXPECT_EQ(textbook.t_first_contact, 0.0);
    EXPECT_FALSE(textbook.wrong);
    EXPECT_EQ(textbook.correct_digits, 17);
    EXPECT_TRUE(textbook.why.empty());
    // seed 001 has no overlap case: of the roots it keeps the first not negative, 3.5 (and
    // Δv·Δv = 1, so even the precedence bug gives 3.5)
    const PitfallAnswer& precedence = answer_of(report, Variant::Precedence);
    EXPECT_EQ(precedence.t_first_contact, 3.5);
    EXPECT_TRUE(precedence.wrong);
    EXPECT_NE(precedence.why.find("already overlap"), std::string::npos) << precedence.why;
    // seed 004 returns the entering root, -0.5, a time in the past
    const PitfallAnswer& exact_zero = answer_of(report, Variant::ExactZero);
    EXPECT_EQ(exact_zero.t_first_contact, -0.5);
    EXPECT_TRUE(exact_zero.wrong);
    EXPECT_NE(exact_zero.why.find("in the past"), std::string::npos) << exact_zero.why;
}

TEST(PitfallRules, TextbookSaysNoContactForOverlappingCirclesMovingApart) {
    // Regression of seed 000: it tests b >= 0 before c <= 0, so overlapping circles that move
    // apart (b = 2Δp·Δv = 2 > 0, c = 1 - 4 < 0) get "no contact".
    const PitfallReport report = compare_pitfalls(analyzed(body({0, 0}, {0, 0}, 1), body({1, 0}, {1, 0}, 1)));
    ASSERT_EQ(report.kind, Case::Overlapping);
    const PitfallAnswer& textbook = answer_of(report, Variant::Textbook);
    EXPECT_FALSE(textbook.t_first_contact);
    EXPECT_TRUE(textbook.says_no_contact);
    EXPECT_TRUE(textbook.wrong);
    EXPECT_EQ(textbook.correct_digits, 0);
    EXPECT_NE(textbook.why.find("b >= 0"), std::string::npos) << textbook.why;
}

TEST(PitfallRules, ExactZeroMinusOneIsAmbiguousButRightForAMiss) {
    // Δp = (-10, 3), Δv = (1, 0): closest approach 3 > R = 2, no contact
    const PitfallReport report = compare_pitfalls(analyzed(body({0, 0}, {0, 0}, 1), body({-10, 3}, {1, 0}, 1)));
    ASSERT_EQ(report.kind, Case::Miss);
    const PitfallAnswer& answer = answer_of(report, Variant::ExactZero);
    EXPECT_EQ(answer.t_first_contact, -1.0);
    EXPECT_TRUE(answer.says_no_contact);
    EXPECT_FALSE(answer.wrong);
    EXPECT_TRUE(answer.ambiguous);
    EXPECT_TRUE(answer.why.empty());
    EXPECT_NE(answer.note.find("-1"), std::string::npos) << answer.note;
    EXPECT_EQ(answer.correct_digits, 17);
    for (const PitfallAnswer& other : report.answers)
        if (other.variant != Variant::ExactZero) {
            EXPECT_FALSE(other.ambiguous);
        }
}

TEST(PitfallRules, ExactZeroReturnsThePastContactOfARecedingPair) {
    // Δp = (3, 0), Δv = (1, 0), R = 2: they touched at t = -5 and parted at t = -1. Seed 004
    // has no test for the past and returns -5; Tangent says receding, no contact ahead.
    const PitfallReport report = compare_pitfalls(analyzed(body({0, 0}, {0, 0}, 1), body({3, 0}, {1, 0}, 1)));
    ASSERT_EQ(report.kind, Case::Receding);
    const PitfallAnswer& answer = answer_of(report, Variant::ExactZero);
    EXPECT_EQ(answer.t_first_contact, -5.0);
    EXPECT_FALSE(answer.says_no_contact);
    EXPECT_TRUE(answer.wrong);
    EXPECT_NE(answer.why.find("past"), std::string::npos) << answer.why;
    EXPECT_FALSE(answer_of(report, Variant::Textbook).wrong);
}

TEST(PitfallRules, StaticPair) {
    // Δv = 0, centres 5 apart, R = 2: never touching. Precedence multiplies by A = 0 and says
    // "now" (0); seed 004 divides 0 by 0 (NaN); the others say no contact, which is right.
    const PitfallReport report = compare_pitfalls(analyzed(body({0, 0}, {1, 1}, 1), body({5, 0}, {1, 1}, 1)));
    ASSERT_EQ(report.kind, Case::Static);
    EXPECT_EQ(answer_of(report, Variant::Precedence).t_first_contact, 0.0);
    EXPECT_TRUE(answer_of(report, Variant::Precedence).wrong);
    EXPECT_TRUE(std::isnan(*answer_of(report, Variant::ExactZero).t_first_contact));
    EXPECT_TRUE(answer_of(report, Variant::ExactZero).wrong);
    EXPECT_EQ(answer_of(report, Variant::ExactZero).correct_digits, 0);
    EXPECT_FALSE(answer_of(report, Variant::Textbook).wrong);
    EXPECT_FALSE(answer_of(report, Variant::MissingRadius).wrong);
    EXPECT_FALSE(answer_of(report, Variant::SwappedSquare).wrong);
}

TEST(PitfallRules, SwappedSquareDividesByZeroForAVerticalApproach) {
    // Δv = (0, -2): its A = 2Δvx² = 0, so (-B + √D)/(2A) = +inf: not a time, wrong
    const PitfallReport report = compare_pitfalls(analyzed(body({0, 0}, {0, 0}, 1), body({0.5, 10}, {0, -2}, 1)));
    ASSERT_EQ(report.kind, Case::Hit);
    const PitfallAnswer& answer = answer_of(report, Variant::SwappedSquare);
    ASSERT_TRUE(answer.t_first_contact);
    EXPECT_FALSE(std::isfinite(*answer.t_first_contact));
    EXPECT_TRUE(answer.wrong);
    EXPECT_EQ(answer.correct_digits, 0);
    EXPECT_NE(answer.why.find("A = 0"), std::string::npos) << answer.why;
}

TEST(PitfallRules, AgreeingDigits) {
    EXPECT_EQ(agreeing_digits(1.25, 1.25), 17);
    EXPECT_EQ(agreeing_digits(0.0, 0.0), 17);
    // the most digits at which the two print alike (a rounded -log10 of the relative error called
    // 3.625457900041794 and 3.625457900041793 both "16 of 16" beside each other: a student's review)
    EXPECT_EQ(agreeing_digits(1.0 + 3e-7, 1.0), 7);  // 1.0000003 and 1.0000000 print alike at 7: "1"
    EXPECT_EQ(agreeing_digits(1.0 + 6e-7, 1.0), 6);  // at 7 they are 1.000001 and 1
    EXPECT_EQ(agreeing_digits(1.0015, 1.0), 3);      // 1.0015 and 1.0000 share 3 ("1" and "1" at 3; 1.002 at 4)
    EXPECT_EQ(agreeing_digits(std::nextafter(1.0, 2.0), 1.0), 16);  // 1.000000000000000 at 16
    EXPECT_EQ(agreeing_digits(3.625457900041794, 3.625457900041793), 15);  // 2 ulps apart
    // within an ulp of the reference no digit can be said to differ: Tangent's own answer is no
    // nearer the truth (1.3580589092924946 is the precedence preset's correctly rounded root,
    // 1.3580589092924944 Tangent's)
    EXPECT_EQ(agreeing_digits(1.3580589092924946, 1.3580589092924944), 16);
    EXPECT_EQ(agreeing_digits(std::nextafter(3.0, 4.0), 3.0), 16);
    EXPECT_EQ(agreeing_digits(std::nextafter(std::nextafter(3.0, 4.0), 4.0), 3.0), 15);
    EXPECT_EQ(agreeing_digits(2.0, 1.0), 0);
    EXPECT_EQ(agreeing_digits(-1.0, 1.0), 0);
    EXPECT_EQ(agreeing_digits(1e-300, 0.0), 0);
    EXPECT_EQ(agreeing_digits(std::numeric_limits<double>::quiet_NaN(), 1.0), 0);
    EXPECT_EQ(agreeing_digits(INFINITY, 1.0), 0);
}

// The verdicts on random scenes of every kind, judged again from the exact case and times, and
// the fields consistent with each other and with the seed functions called directly.
TEST(PitfallRules, VerdictsMatchAnExactJudgeOnRandomScenes) {
    Draw draw(0x9e3779b97f4a7c15ULL);
    int judged = 0;
    int wrong_seen = 0;
    for (int i = 0; i < count(3000); ++i) {
        const Body a = body(draw.box(5.0), draw.box(2.0), draw.uniform(0.2, 1.5));
        Body b = body(draw.box(5.0), draw.box(2.0), draw.uniform(0.2, 1.5));
        if (i % 10 == 0) b.velocity = a.velocity;  // static pairs too
        const Encounter e = analyzed(a, b);
        const Truth truth = compute_truth(a, b);
        const PitfallReport report = compare_pitfalls(e);
        const glm::dvec2 dp = e.relative_position, dv = e.relative_velocity;
        for (const PitfallAnswer& answer : report.answers) {
            SCOPED_TRACE(std::string(seeds::to_string(answer.variant)) + " on scene " + std::to_string(i));
            // the answer is the seed's, as published
            std::optional<double> direct;
            switch (answer.variant) {
                case Variant::Textbook: direct = seeds::textbook(dp, dv, e.radius_sum); break;
                case Variant::MissingRadius: direct = seeds::missing_radius_term(dp, dv, e.radius_sum); break;
                case Variant::Precedence: direct = seeds::precedence_bug(dp, dv, e.radius_sum); break;
                case Variant::SwappedSquare: direct = seeds::swapped_square(dp, dv, e.radius_sum); break;
                case Variant::ExactZero:
                    direct = seeds::exact_zero_test(a.position, a.velocity, a.radius, b.position, b.velocity, b.radius);
                    break;
            }
            ASSERT_EQ(direct.has_value(), answer.t_first_contact.has_value());
            if (direct && !std::isnan(*direct)) {
                EXPECT_EQ(*direct, *answer.t_first_contact);
            }
            EXPECT_EQ(answer.says_no_contact,
                      !direct || (answer.variant == Variant::ExactZero && *direct == -1.0));
            EXPECT_EQ(answer.wrong, !answer.why.empty()) << answer.why;
            if (!answer.why.empty()) {
                EXPECT_EQ(answer.why.back(), '.');
            }
            EXPECT_GE(answer.correct_digits, 0);
            EXPECT_LE(answer.correct_digits, 17);

            // the exact judge: skip scenes within a hair of a case boundary or of the tolerance
            if (std::abs(truth.graze_gap.to_double()) < 1e-9 || truth.kind != e.kind) continue;
            const std::optional<Mp> exact = exact_first_contact(truth);
            const std::optional<double> claim = answer.says_no_contact ? std::nullopt : answer.t_first_contact;
            bool right = !claim && !exact;
            if (claim && exact) {
                const double error = relative_error(*claim, *exact);
                if (error > 0.5e-9 && error < 2e-9) continue;
                right = exact->is_zero() ? *claim == 0.0 : error <= kPitfallTolerance;
            }
            EXPECT_EQ(answer.wrong, !right) << "claim " << (claim ? std::to_string(*claim) : "none") << ", exact "
                                            << (exact ? std::to_string(exact->to_double()) : "none");
            ++judged;
            wrong_seen += answer.wrong ? 1 : 0;
        }
    }
    EXPECT_GT(judged, count(3000) * 4);
    EXPECT_GT(wrong_seen, count(3000) / 2);
}

// ---- the cause: the formula's own mistake, or rounding ----
//
// The judge: each formula, its mistake kept, evaluated in 600-bit arithmetic from the exact Δp,
// Δv and R (its early outs and root choices as published). Wrong there too: the mistake is to
// blame. Right there: rounding in plain doubles is. Independent of pitfalls.cpp, which reasons
// from Tangent's case and roots.

struct ExactClaim {
    bool defined = true;     ///< false: the formula divides 0 by 0 even in exact arithmetic
    std::optional<Mp> time;  ///< null: it says "no contact" (seed 004's -1 included)
};

std::optional<Mp> earliest_not_negative(const Mp& first, const Mp& second) {
    const Mp& earliest = first < second ? first : second;
    const Mp& latest = first < second ? second : first;
    if (earliest.sign() >= 0) return earliest;
    if (latest.sign() >= 0) return latest;
    return std::nullopt;
}

ExactClaim exact_formula(Variant variant, const Truth& t) {
    const Mp zero(0.0);
    switch (variant) {
        case Variant::Textbook:
            if (t.b.sign() >= 0) return {true, std::nullopt};
            if (t.c.sign() <= 0) return {true, zero};
            if (t.discriminant.sign() < 0) return {true, std::nullopt};
            return {true, (-t.b - reference::sqrt(t.discriminant)) / (2.0 * t.a)};
        case Variant::MissingRadius: {
            const Mp c0 = t.dpx * t.dpx + t.dpy * t.dpy;
            const Mp d0 = t.b * t.b - 4.0 * t.a * c0;
            if (t.b.sign() >= 0) return {true, std::nullopt};
            if (c0.sign() <= 0) return {true, zero};
            if (d0.sign() < 0) return {true, std::nullopt};
            return {true, (-t.b - reference::sqrt(d0)) / (2.0 * t.a)};
        }
        case Variant::Precedence: {
            if (t.discriminant.sign() < 0) return {true, std::nullopt};
            const Mp root = reference::sqrt(t.discriminant);
            return {true, earliest_not_negative((-t.b - root) / Mp(2.0) * t.a, (-t.b + root) / Mp(2.0) * t.a)};
        }
        case Variant::SwappedSquare: {
            const Mp A = 2.0 * (t.dvx * t.dvx);
            if (A.is_zero()) return {false, std::nullopt};
            const Mp d = t.b * t.b - 4.0 * A * t.c;
            if (d.sign() < 0) return {true, std::nullopt};
            const Mp root = reference::sqrt(d);
            return {true, earliest_not_negative((-t.b - root) / (2.0 * A), (-t.b + root) / (2.0 * A))};
        }
        case Variant::ExactZero:
            // c = Δp·Δv = b/2, d = a, e = c_tangent: delta = b² - 4ac
            if (t.discriminant.is_zero()) {
                if (t.a.is_zero()) return {false, std::nullopt};  // -c/d = 0/0
                return {true, -t.b / (2.0 * t.a)};
            }
            if (t.discriminant.sign() > 0) return {true, (-t.b - reference::sqrt(t.discriminant)) / (2.0 * t.a)};
            return {true, std::nullopt};
    }
    return {};
}

/// The lab's rule, with exact numbers: both none, or within kPitfallTolerance (0 met exactly).
bool exactly_right(const std::optional<Mp>& claim, const std::optional<Mp>& truth) {
    if (!claim || !truth) return !claim && !truth;
    if (truth->is_zero()) return claim->is_zero();
    return (reference::abs(*claim - *truth) / reference::abs(*truth)).to_double() <= kPitfallTolerance;
}

/// Random scenes of every kind, and scenes near contact where the formulas lose digits.
std::vector<std::pair<Body, Body>> cause_scenes(std::uint64_t seed, int n) {
    Draw draw(seed);
    std::vector<std::pair<Body, Body>> scenes;
    for (int i = 0; i < n; ++i) {
        const Body a = body(draw.box(5.0), draw.box(2.0), draw.uniform(0.2, 1.5));
        Body b = body(draw.box(5.0), draw.box(2.0), draw.uniform(0.2, 1.5));
        if (i % 3 == 0) {
            // the rims 1e-9..1e-7 R apart, B approaching: c and -b - √D cancel
            const glm::dvec2 normal = draw.direction();
            const double gap = std::pow(10.0, draw.uniform(-9.0, -7.0));
            b.position = a.position + (a.radius + b.radius) * (1.0 + gap) * normal;
            const double angle = std::atan2(-normal.y, -normal.x) + draw.uniform(-1.2, 1.2);
            b.velocity = a.velocity + draw.uniform(0.3, 3.0) * glm::dvec2{std::cos(angle), std::sin(angle)};
        }
        if (i % 17 == 0) b.velocity = a.velocity;
        scenes.emplace_back(a, b);
    }
    return scenes;
}

TEST(PitfallCause, MatchesAnExactJudgeOfTheMistakeAlone) {
    int judged = 0, mistakes = 0, roundings = 0, swapped_roundings = 0;
    const auto scenes = cause_scenes(0x5eed0c0ffeeULL, count(3000));
    for (std::size_t i = 0; i < scenes.size(); ++i) {
        const auto& [a, b] = scenes[i];
        const Truth truth = compute_truth(a, b);
        const Encounter e = analyzed(a, b);
        if (truth.kind != e.kind || std::abs(truth.graze_gap.to_double()) < 1e-9) continue;
        const std::optional<Mp> contact = exact_first_contact(truth);
        const PitfallReport report = compare_pitfalls(e);
        for (const PitfallAnswer& answer : report.answers) {
            SCOPED_TRACE(std::string(seeds::to_string(answer.variant)) + " on scene " + std::to_string(i) + ": " +
                         answer.why);
            if (!answer.wrong) {
                EXPECT_EQ(answer.cause, PitfallCause::None);
                continue;
            }
            const ExactClaim exact = exact_formula(answer.variant, truth);
            // what the lab computed as the mistake alone is that exact answer
            if (exact.defined) {
                ASSERT_EQ(exact.time.has_value(),
                          answer.exact && !(answer.variant == Variant::ExactZero && *answer.exact == -1.0));
                if (exact.time && !exact.time->is_zero()) {
                    EXPECT_LE(relative_error(*answer.exact, *exact.time), 1e-11);
                }
            }
            // close to the tolerance either way is no test of the rule
            if (exact.time && contact && !contact->is_zero()) {
                const double shift = relative_error(exact.time->to_double(), *contact);
                if (shift > 0.5e-9 && shift < 2e-9) continue;
            }
            const bool mistake_alone_right = exact.defined && exactly_right(exact.time, contact);
            EXPECT_EQ(answer.cause, mistake_alone_right ? PitfallCause::Rounding : PitfallCause::Mistake);
            // and the sentence blames what the cause says
            if (answer.cause == PitfallCause::Rounding) {
                EXPECT_TRUE(answer.why.find("plain doubles") != std::string::npos ||
                            answer.why.find("rounding") != std::string::npos);
                ++roundings;
            } else {
                ++mistakes;
            }
            if (answer.variant == Variant::SwappedSquare && answer.cause == PitfallCause::Rounding &&
                2.0 * e.relative_velocity.x * e.relative_velocity.x != e.a) {
                // the typo is named and cleared: it is not what moved the root
                EXPECT_NE(answer.why.find("typo"), std::string::npos);
                EXPECT_EQ(answer.why.find("which moves the root"), std::string::npos);
                ++swapped_roundings;
            }
            if (answer.variant == Variant::SwappedSquare && answer.cause == PitfallCause::Mistake &&
                e.kind != Case::Overlapping && answer.t_first_contact && report.tangent_t && std::isfinite(*answer.t_first_contact)) {
                EXPECT_NE(answer.why.find("which moves the root"), std::string::npos);
            }
            ++judged;
        }
    }
    EXPECT_GT(judged, count(3000));
    EXPECT_GT(mistakes, count(3000) / 2);
    EXPECT_GT(roundings, count(3000) / 20);
    EXPECT_GT(swapped_roundings, count(3000) / 100);
}

// Inside the graze band Tangent's touch is at the closest approach, by the tolerance; the numbers
// as given may touch a hair before it or pass a hair apart. A pair touching at t = 0 exactly and
// closing by 2^-52: every formula's exact 0 was "wrong" beside Tangent's 2.5e-16 (an ASan fuzz
// review). Judges: c = 0 exactly and D's exact sign (MPFR), and the band's reach worked out here.
TEST(PitfallRules, WithinTheGrazeBandATouchTheNumbersMakeIsRight) {
    const Body a = body({0, 0}, {0, 0}, 2);
    const Body b = body({3, 4}, {-4.000000000000001, 2.999999999999999}, 3);
    const reference::Truth truth = reference::compute_truth(a, b);
    ASSERT_TRUE(truth.c.is_zero());
    ASSERT_LT(truth.b.sign(), 0);  // closing: the exact first contact is t = 0
    const Encounter e = analyzed(a, b);
    ASSERT_EQ(e.kind, Case::Graze);
    ASSERT_EQ(e.discriminant_sign, DiscriminantSign::Zero);
    ASSERT_GT(*e.t_enter, 0.0);  // the touch counted at the closest approach
    const PitfallReport report = compare_pitfalls(e);
    const PitfallAnswer& textbook = answer_of(report, Variant::Textbook);
    ASSERT_EQ(textbook.t_first_contact, 0.0);
    EXPECT_FALSE(textbook.wrong) << textbook.why;
    EXPECT_NE(textbook.note.find("within the graze tolerance"), std::string::npos) << textbook.note;
    // a time far off the band is still wrong: the missing radius term's answer here
    for (const PitfallAnswer& answer : report.answers) {
        if (answer.t_first_contact && std::isfinite(*answer.t_first_contact) &&
            std::abs(*answer.t_first_contact - *e.t_closest) > 1e-3) {
            EXPECT_TRUE(answer.wrong) << "variant " << static_cast<int>(answer.variant) << ": " << *answer.t_first_contact;
        }
    }

    // a pass 1e-13 R outside the touch, a graze by the tolerance: "no contact" is right too,
    // as the numbers as given miss (D < 0 exactly)
    const Body still = body({0, 0}, {0, 0}, 1);
    const Body passing = body({-10, 2.0000000000001}, {1, 0}, 1);
    ASSERT_LT(reference::compute_truth(still, passing).discriminant.sign(), 0);
    const Encounter pass = analyzed(still, passing);
    ASSERT_EQ(pass.kind, Case::Graze);
    const PitfallReport passed = compare_pitfalls(pass);
    int said_none = 0;
    for (const PitfallAnswer& answer : passed.answers)
        if (answer.says_no_contact && answer.variant != Variant::ExactZero) {
            ++said_none;
            EXPECT_FALSE(answer.wrong) << "variant " << static_cast<int>(answer.variant) << ": " << answer.why;
        }
    EXPECT_GT(said_none, 0) << "no formula said no contact: the premise is gone";
}

// Regression (outside review): on the textbook preset the swapped-square row said "so A = 2Δvx²
// = 4.5 instead of ... 2.41, which moves the root: t = 1.33333344e-09 instead of 1.3333333e-09".
// That time is the textbook's, bit for bit (the -B - √D cancellation); solved exactly, the wrong A
// moves the root by 4.6e-10 of it, inside the lab's 1e-9. The row now says so and blames rounding.
// The textbook's cancellation, told with the numbers it subtracts: "then 6.000000006 - 6" printed
// √D = 5.99999999957 as 6 at ten digits, and redone as printed it gave the wrong time (a
// mathematics teacher's review). Each pair is printed with the digits that set its two apart.
// Judge: the two numbers of each "X - Y" in the sentence print differently and read back within
// a part in 1e6 of what they stand for (|Δp|², R², -b, √D, recomputed here in long double).
TEST(PitfallCause, TheTextbooksCancellationShowsTheNumbersApart) {
    const Preset& p = kTextbookPreset;
    const PitfallReport report = compare_pitfalls(analyzed(p.a, p.b));
    const PitfallAnswer& textbook = answer_of(report, Variant::Textbook);
    ASSERT_TRUE(textbook.wrong);
    const std::string& why = textbook.why;
    const std::size_t open = why.find(" (");
    const std::size_t then = why.find(", then ", open);
    const std::size_t close = why.find(") and the digits cancel", then);
    ASSERT_TRUE(open != std::string::npos && then != std::string::npos && close != std::string::npos) << why;
    const auto pair = [](const std::string& text) {
        const std::size_t minus = text.find(" - ");
        return std::pair{text.substr(0, minus), text.substr(minus + 3)};
    };
    const auto [dp2, r2] = pair(why.substr(open + 2, then - open - 2));
    const auto [minus_b, root_d] = pair(why.substr(then + 7, close - then - 7));
    EXPECT_NE(dp2, r2) << why;
    EXPECT_NE(minus_b, root_d) << why;
    const long double dx = static_cast<long double>(p.b.position.x) - p.a.position.x, dy = static_cast<long double>(p.b.position.y) - p.a.position.y;
    const long double vx = static_cast<long double>(p.b.velocity.x) - p.a.velocity.x, vy = static_cast<long double>(p.b.velocity.y) - p.a.velocity.y;
    const long double radius = static_cast<long double>(p.a.radius) + p.b.radius;
    const long double a = vx * vx + vy * vy, b = 2 * (dx * vx + dy * vy), c = dx * dx + dy * dy - radius * radius;
    const auto near = [](const std::string& shown, long double truth) {
        return std::abs(std::strtold(shown.c_str(), nullptr) - truth) <= 1e-6L * std::abs(truth);
    };
    EXPECT_TRUE(near(dp2, dx * dx + dy * dy)) << dp2;
    EXPECT_TRUE(near(r2, radius * radius)) << r2;
    EXPECT_TRUE(near(minus_b, -b)) << minus_b;
    EXPECT_TRUE(near(root_d, std::sqrt(b * b - 4 * a * c))) << root_d;
    // and each subtraction redone as printed leaves what it stands for, within 1%: the lesson is
    // that difference ("6.000000006 - 6" left 6e-9 for 6.43e-9)
    const auto difference_kept = [](const std::string& x, const std::string& y, long double truth) {
        const long double printed = std::strtold(x.c_str(), nullptr) - std::strtold(y.c_str(), nullptr);
        return std::abs(printed - truth) <= 0.01L * std::abs(truth);
    };
    EXPECT_TRUE(difference_kept(dp2, r2, c)) << dp2 << " - " << r2 << " against " << static_cast<double>(c);
    EXPECT_TRUE(difference_kept(minus_b, root_d, -b - std::sqrt(b * b - 4 * a * c)))
        << minus_b << " - " << root_d << " against " << static_cast<double>(-b - std::sqrt(b * b - 4 * a * c));
}

TEST(PitfallCause, SwappedSquareOnTheTextbookPresetBlamesRoundingNotTheTypo) {
    const Preset& p = kTextbookPreset;
    const Truth truth = compute_truth(p.a, p.b);
    const Encounter e = analyzed(p.a, p.b);
    const PitfallReport report = compare_pitfalls(e);
    const PitfallAnswer answer = answer_of(report, Variant::SwappedSquare);
    // the full formula: the textbook's number exactly, 1.1e-7 off
    ASSERT_TRUE(answer.t_first_contact);
    EXPECT_EQ(*answer.t_first_contact, *seeds::textbook(e.relative_position, e.relative_velocity, e.radius_sum));
    EXPECT_GT(relative_error(*answer.t_first_contact, *truth.t_enter), 1e-8);
    EXPECT_TRUE(answer.wrong);
    // the typo alone, exactly: A = 2Δvx² = 4.5
    const ExactClaim alone = exact_formula(Variant::SwappedSquare, truth);
    ASSERT_TRUE(alone.time);
    const double shift = (reference::abs(*alone.time - *truth.t_enter) / *truth.t_enter).to_double();
    EXPECT_GT(shift, 4e-10);
    EXPECT_LT(shift, 5e-10);
    EXPECT_LT(shift, kPitfallTolerance);
    EXPECT_EQ(answer.cause, PitfallCause::Rounding);
    // the sentence quotes that shift and clears the typo
    const std::size_t at = answer.why.find("by only ");
    ASSERT_NE(at, std::string::npos) << answer.why;
    EXPECT_NEAR(std::strtod(answer.why.c_str() + at + 8, nullptr), shift, 0.05e-10) << answer.why;
    EXPECT_NE(answer.why.find("inside the lab's 1e-9"), std::string::npos) << answer.why;
    EXPECT_NE(answer.why.find("-B - √D"), std::string::npos) << answer.why;
    EXPECT_EQ(answer.why.find("which moves the root"), std::string::npos) << answer.why;
    // and the typo is the article's intermediate line, not its formula
    EXPECT_NE(answer.why.find("typo"), std::string::npos) << answer.why;
    EXPECT_NE(answer.why.find("its final A = dvx² + dvy² is right"), std::string::npos) << answer.why;
}

// Where the mistake moves the leading digits and rounding the last ones, the row says which is
// which: precedence on the textbook preset is A² = 5.8081 times too late, and its -B - √D cancels
// besides. The exact A²·t it quotes is checked against the judge.
TEST(PitfallCause, PrecedenceOnTheTextbookPresetSeparatesTheSlipFromTheRounding) {
    const Preset& p = kTextbookPreset;
    const Truth truth = compute_truth(p.a, p.b);
    const PitfallAnswer answer = answer_of(compare_pitfalls(analyzed(p.a, p.b)), Variant::Precedence);
    EXPECT_EQ(answer.cause, PitfallCause::Mistake);
    const ExactClaim alone = exact_formula(Variant::Precedence, truth);
    ASSERT_TRUE(alone.time && answer.t_first_contact);
    EXPECT_GT(relative_error(*answer.t_first_contact, *alone.time), 1e-8);  // rounding, besides
    EXPECT_NE(answer.why.find("A² = 5.8081 times too large"), std::string::npos) << answer.why;
    const std::size_t at = answer.why.find("without it the same formula gives t = ");
    ASSERT_NE(at, std::string::npos) << answer.why;
    const double quoted = std::strtod(answer.why.c_str() + at + 38, nullptr);
    EXPECT_LE(relative_error(quoted, *alone.time), 1e-8) << answer.why;
}

// On the exact-zero preset the /2*A slip alone would answer A²·t = 20.9, not "no contact": the
// row blames the slip first, then the rounding of D that hides even that.
TEST(PitfallCause, PrecedenceOnTheExactZeroPresetNamesBoth) {
    const Preset& p = kExactZeroPreset;
    const Truth truth = compute_truth(p.a, p.b);
    const PitfallAnswer answer = answer_of(compare_pitfalls(analyzed(p.a, p.b)), Variant::Precedence);
    EXPECT_TRUE(answer.says_no_contact);
    EXPECT_EQ(answer.cause, PitfallCause::Mistake);
    const ExactClaim alone = exact_formula(Variant::Precedence, truth);
    ASSERT_TRUE(alone.time);
    const std::size_t at = answer.why.find("times the time, t = ");
    ASSERT_NE(at, std::string::npos) << answer.why;
    EXPECT_LE(relative_error(std::strtod(answer.why.c_str() + at + 20, nullptr), *alone.time), 1e-5) << answer.why;
    EXPECT_NE(answer.why.find("plain doubles"), std::string::npos) << answer.why;
}

// ---- missing radius: c = |Δp|², the -(rA + rB)² forgotten ----

TEST(PitfallMissingRadius, PresetAnswersWhenTheCentresMeet) {
    const Preset& p = kMissingRadiusPreset;
    const Truth truth = compute_truth(p.a, p.b);
    // Δp = (-8, -6) = -8 Δv with Δv = (1, 0.75): the centres coincide at t = -(Δp·Δv)/(Δv·Δv),
    // exactly (Δp × Δv = 0)
    ASSERT_TRUE(truth.cross.is_zero());
    const Mp centres_meet = -truth.b / (2.0 * truth.a);
    const PitfallReport report = compare_pitfalls(analyzed(p.a, p.b));
    const PitfallAnswer& answer = answer_of(report, Variant::MissingRadius);
    ASSERT_TRUE(answer.t_first_contact);
    EXPECT_LE(relative_error(*answer.t_first_contact, centres_meet), kRoundingTolerance);
    ASSERT_TRUE(report.tangent_t && truth.t_enter);
    EXPECT_LE(relative_error(*report.tangent_t, *truth.t_enter), kTangentTolerance);
    // ... one radius sum of travel after the rims touch: (t_meet - t_enter)·|Δv| = R
    EXPECT_LE(relative_error(((centres_meet - *truth.t_enter) * truth.dv_length).to_double(), truth.radius_sum),
              kRoundingTolerance);
    EXPECT_TRUE(answer.wrong);
    EXPECT_FALSE(answer.says_no_contact);
    EXPECT_NE(answer.why.find("centres would meet"), std::string::npos) << answer.why;
    EXPECT_NE(answer.why.find("(rA + rB)²"), std::string::npos) << answer.why;
}

TEST(PitfallMissingRadius, HeadOnItAnswersTheTimeTheCentresMeet) {
    // Δp = -k Δv in multiples of 1/64: the centres meet at t = k exactly, by construction
    Draw draw(101);
    for (int i = 0; i < count(400); ++i) {
        const glm::dvec2 dv{draw.dyadic(-2.0, 2.0), draw.dyadic(-2.0, 2.0)};
        if (dv == glm::dvec2(0.0)) continue;
        const int k = draw.integer(2, 9);
        const double speed = std::sqrt(dv.x * dv.x + dv.y * dv.y);
        const double radius_sum = draw.uniform(0.1, 0.8) * k * speed;  // apart at t = 0
        const glm::dvec2 pa{draw.dyadic(-4.0, 4.0), draw.dyadic(-4.0, 4.0)};
        const glm::dvec2 va{draw.dyadic(-1.0, 1.0), draw.dyadic(-1.0, 1.0)};
        const Body a = body(pa, va, 0.5 * radius_sum);
        const Body b = body(pa - static_cast<double>(k) * dv, va + dv, 0.5 * radius_sum);
        const PitfallReport report = compare_pitfalls(analyzed(a, b));
        const PitfallAnswer& answer = answer_of(report, Variant::MissingRadius);
        ASSERT_TRUE(answer.t_first_contact) << i;
        EXPECT_EQ(*answer.t_first_contact, static_cast<double>(k)) << i;
        // and that is wrong: the rims touch R/|Δv| earlier
        EXPECT_TRUE(answer.wrong) << i;
        const Truth truth = compute_truth(a, b);
        ASSERT_TRUE(truth.t_enter);
        EXPECT_LE(relative_error(static_cast<double>(k) - (truth.radius_sum / truth.dv_length).to_double(),
                                 *truth.t_enter),
                  kRoundingTolerance)
            << i;
    }
}

TEST(PitfallMissingRadius, WhenTheCentresNeverMeetItSeesNoContact) {
    // Δp × Δv clearly non-zero: the centres never coincide, so the formula has no root
    Draw draw(102);
    int hits = 0;
    for (int i = 0; i < count(2000); ++i) {
        const Body a = body(draw.box(5.0), draw.box(2.0), draw.uniform(0.2, 1.5));
        const Body b = body(draw.box(5.0), draw.box(2.0), draw.uniform(0.2, 1.5));
        const Truth truth = compute_truth(a, b);
        if (truth.a.is_zero()) continue;
        const double sine = (reference::abs(truth.cross) / (truth.dp_length * truth.dv_length)).to_double();
        if (sine < 0.1) continue;
        const Encounter e = analyzed(a, b);
        const PitfallAnswer& answer = answer_of(compare_pitfalls(e), Variant::MissingRadius);
        EXPECT_FALSE(answer.t_first_contact) << i;
        EXPECT_EQ(answer.wrong, e.kind == Case::Hit || e.kind == Case::Graze || e.kind == Case::Overlapping) << i;
        hits += e.kind == Case::Hit ? 1 : 0;
    }
    EXPECT_GT(hits, count(2000) / 50);
}

// ---- precedence: (-B ± √D)/2*A read as ((-B ± √D)/2)·A ----

TEST(PitfallPrecedence, PresetIsASquaredTimesTooLate) {
    const Preset& p = kPrecedencePreset;
    const Truth truth = compute_truth(p.a, p.b);
    ASSERT_EQ(truth.kind, Case::Hit);
    // the true root times A², A = Δv·Δv = 2
    EXPECT_EQ(truth.a.to_double(), 2.0);
    const Mp expected = *truth.t_enter * truth.a * truth.a;
    const PitfallReport report = compare_pitfalls(analyzed(p.a, p.b));
    const PitfallAnswer& answer = answer_of(report, Variant::Precedence);
    ASSERT_TRUE(answer.t_first_contact);
    EXPECT_LE(relative_error(*answer.t_first_contact, expected), kRoundingTolerance);
    EXPECT_LE(relative_error(*report.tangent_t, *truth.t_enter), kTangentTolerance);
    EXPECT_TRUE(answer.wrong);
    EXPECT_NE(answer.why.find("A = 2"), std::string::npos) << answer.why;
    EXPECT_NE(answer.why.find("A² = 4 times too large"), std::string::npos) << answer.why;
}

TEST(PitfallPrecedence, RightWhenDeltaVHasUnitLength) {
    // A = Δv·Δv = 1 (to rounding): multiplying by A is dividing by it
    Draw draw(201);
    for (int i = 0; i < count(500); ++i) {
        const double ra = draw.uniform(0.2, 1.5), rb = draw.uniform(0.2, 1.5);
        const double radius_sum = ra + rb;
        const auto [a, b] = hitting_pair(draw, draw.direction(), draw.uniform(1.5, 6.0) * radius_sum,
                                         draw.uniform(-0.9, 0.9) * radius_sum, ra, rb);
        const Truth truth = compute_truth(a, b);
        ASSERT_LE(std::abs(truth.a.to_double() - 1.0), 1e-15) << i;
        const Encounter e = analyzed(a, b);
        ASSERT_EQ(e.kind, Case::Hit) << i;
        const PitfallAnswer& answer = answer_of(compare_pitfalls(e), Variant::Precedence);
        ASSERT_TRUE(answer.t_first_contact) << i;
        EXPECT_LE(relative_error(*answer.t_first_contact, *truth.t_enter), 1e-12) << i;
        EXPECT_FALSE(answer.wrong) << i << ": " << answer.why;
    }
}

// ---- swapped square: seed 001's dvx² typo carried into A = dvx² + dvx² ----

TEST(PitfallSwappedSquare, PresetSolvesTheQuadraticWithTwiceDvxSquared) {
    const Preset& p = kSwappedSquarePreset;
    const Truth truth = compute_truth(p.a, p.b);
    ASSERT_EQ(truth.kind, Case::Hit);
    // the earliest root of 2Δvx² t² + b t + c that is not negative, in exact arithmetic
    const Mp a_swapped = 2.0 * (truth.dvx * truth.dvx);
    const Mp d = truth.b * truth.b - 4.0 * a_swapped * truth.c;
    ASSERT_GT(d.sign(), 0);
    const Mp first = (-truth.b - reference::sqrt(d)) / (2.0 * a_swapped);
    ASSERT_GE(first.sign(), 0);
    const PitfallReport report = compare_pitfalls(analyzed(p.a, p.b));
    const PitfallAnswer& answer = answer_of(report, Variant::SwappedSquare);
    ASSERT_TRUE(answer.t_first_contact);
    EXPECT_LE(relative_error(*answer.t_first_contact, first), kRoundingTolerance);
    EXPECT_TRUE(answer.wrong);
    // visibly early: the rims are still more than R/2 apart when it says they touch
    const double t = *answer.t_first_contact;
    const Mp gap_x = truth.dpx + Mp(t) * truth.dvx, gap_y = truth.dpy + Mp(t) * truth.dvy;
    const Mp distance = reference::sqrt(gap_x * gap_x + gap_y * gap_y);
    EXPECT_GT((distance - truth.radius_sum).to_double(), 0.5 * truth.radius_sum.to_double());
    EXPECT_NE(answer.why.find("2Δvx² = 2 "), std::string::npos) << answer.why;
}

TEST(PitfallSwappedSquare, RightWhenTheComponentsOfDeltaVHaveEqualSize) {
    // |Δvx| = |Δvy| makes 2Δvx² = Δvx² + Δvy²; multiples of 1/64 keep Δv exact
    Draw draw(301);
    int hits = 0, misses = 0, receding = 0;
    for (int i = 0; i < count(1500); ++i) {
        const double s = draw.dyadic_nonzero(-2.0, 2.0);
        const glm::dvec2 dv{s, draw.coin() ? s : -s};
        const glm::dvec2 pa{draw.dyadic(-4.0, 4.0), draw.dyadic(-4.0, 4.0)};
        const glm::dvec2 va{draw.dyadic(-1.0, 1.0), draw.dyadic(-1.0, 1.0)};
        const Body a = body(pa, va, draw.uniform(0.2, 1.5));
        const Body b = body(pa + draw.box(6.0), va + dv, draw.uniform(0.2, 1.5));
        const Truth truth = compute_truth(a, b);
        // seed 001 has no overlap case (PitfallRules.OverlappingTakesZeroAsRight); keep clear
        // of grazes, where D in doubles may land on either side
        if (truth.kind == Case::Overlapping || std::abs(truth.graze_gap.to_double()) < 1e-6) continue;
        const Encounter e = analyzed(a, b);
        const PitfallAnswer& answer = answer_of(compare_pitfalls(e), Variant::SwappedSquare);
        EXPECT_FALSE(answer.wrong) << i << " " << to_string(e.kind) << ": " << answer.why;
        if (truth.kind == Case::Hit) {
            ASSERT_TRUE(answer.t_first_contact) << i;
            EXPECT_LE(relative_error(*answer.t_first_contact, *truth.t_enter), kPitfallTolerance) << i;
        } else {
            EXPECT_FALSE(answer.t_first_contact) << i;
        }
        hits += truth.kind == Case::Hit ? 1 : 0;
        misses += truth.kind == Case::Miss ? 1 : 0;
        receding += truth.kind == Case::Receding ? 1 : 0;
    }
    EXPECT_GT(hits, count(1500) / 20);
    EXPECT_GT(misses, count(1500) / 20);
    EXPECT_GT(receding, count(1500) / 20);
}

// ---- exact zero: delta == 0 compared exactly, -1 for "no collision" ----

TEST(PitfallExactZero, PresetMissesAGrazeWhoseDiscriminantIsNotExactlyZero) {
    const Preset& p = kExactZeroPreset;
    const Truth truth = compute_truth(p.a, p.b);
    // B passes A at 1.5 = 0.9 + 0.6: a graze in decimals, and in the doubles the file gives
    // (their rounding errors cancel or nearly so); but seed 004 computes its discriminant from
    // squares of the rounded 0.9, 0.6, 5.1, ..., and that is not exactly 0
    EXPECT_LT(std::abs(truth.graze_gap.to_double()), 1e-15);
    const PitfallReport report = compare_pitfalls(analyzed(p.a, p.b));
    ASSERT_EQ(report.kind, Case::Graze);
    ASSERT_TRUE(report.tangent_t && truth.t_closest);
    EXPECT_LE(relative_error(*report.tangent_t, *truth.t_closest), kTangentTolerance);
    const PitfallAnswer& answer = answer_of(report, Variant::ExactZero);
    EXPECT_EQ(answer.t_first_contact, -1.0);
    EXPECT_TRUE(answer.says_no_contact);
    EXPECT_TRUE(answer.ambiguous);
    EXPECT_TRUE(answer.wrong);
    EXPECT_NE(answer.why.find("== 0"), std::string::npos) << answer.why;
    // The reason quotes seed 004's delta as the article's code computes it in plain doubles (its
    // expanded squares, written out again here), and sets Tangent's D = 0 beside it: it read as
    // if D itself were not 0, while the analysis shows D = 0.
    const glm::dvec2 p1 = p.a.position, p2 = p.b.position, v1 = p.a.velocity, v2 = p.b.velocity;
    const double r1 = p.a.radius, r2 = p.b.radius;
    const double c = (p1.x - p2.x) * (v1.x - v2.x) + (p1.y - p2.y) * (v1.y - v2.y);
    const double d = (v1.x - v2.x) * (v1.x - v2.x) + (v1.y - v2.y) * (v1.y - v2.y);
    const double e = (p1.x * p1.x) + (p2.x * p2.x) - 2 * p1.x * p2.x + (p1.y * p1.y) + (p2.y * p2.y) - 2 * p1.y * p2.y -
                     r1 * r1 - r2 * r2 - 2 * r1 * r2;
    const double delta = 4 * (c * c) - 4 * d * e;
    ASSERT_NE(delta, 0.0);
    const std::size_t quoted = answer.why.find("comes out ");
    ASSERT_NE(quoted, std::string::npos) << answer.why;
    EXPECT_NEAR(std::strtod(answer.why.c_str() + quoted + 10, nullptr), delta, 5e-3 * std::abs(delta)) << answer.why;  // 3 digits
    EXPECT_NE(answer.why.find("plain doubles"), std::string::npos) << answer.why;
    EXPECT_EQ(analyzed(p.a, p.b).discriminant, 0.0);
    EXPECT_NE(answer.why.find("Tangent's D, computed exactly, is 0"), std::string::npos) << answer.why;
}

TEST(PitfallExactZero, RightOnClearHitsAndMissesNearTheOrigin) {
    Draw draw(401);
    int hits = 0, misses = 0;
    for (int i = 0; i < count(1500); ++i) {
        const Body a = body(draw.box(5.0), draw.box(2.0), draw.uniform(0.2, 1.5));
        const Body b = body(draw.box(5.0), draw.box(2.0), draw.uniform(0.2, 1.5));
        const Truth truth = compute_truth(a, b);
        // it has no overlap case and no test for the past (PitfallRules); keep clear of grazes
        // and of near contact, where its root subtracts nearly equal numbers
        if (truth.kind != Case::Hit && truth.kind != Case::Miss) continue;
        if (std::abs(truth.graze_gap.to_double()) < 1e-6 || (truth.c / truth.c_scale).to_double() < 1e-4) continue;
        const PitfallAnswer& answer = answer_of(compare_pitfalls(analyzed(a, b)), Variant::ExactZero);
        EXPECT_FALSE(answer.wrong) << i << ": " << answer.why;
        if (truth.kind == Case::Hit) {
            ASSERT_TRUE(answer.t_first_contact) << i;
            EXPECT_LE(relative_error(*answer.t_first_contact, *truth.t_enter), kPitfallTolerance) << i;
            ++hits;
        } else {
            EXPECT_EQ(answer.t_first_contact, -1.0) << i;
            EXPECT_TRUE(answer.ambiguous) << i;
            ++misses;
        }
    }
    EXPECT_GT(hits, count(1500) / 20);
    EXPECT_GT(misses, count(1500) / 20);
}

TEST(PitfallExactZero, RightOnGrazesThatAreExactInDoubles) {
    // B passes A at exactly R, all numbers multiples of 1/64: the discriminant is exactly 0 and
    // the == 0 test finds the graze at t = x / v (B starts x behind, runs at v)
    Draw draw(402);
    for (int i = 0; i < count(300); ++i) {
        const double ra = draw.dyadic_nonzero(0.25, 1.5), rb = draw.dyadic_nonzero(0.25, 1.5);
        const double x = draw.dyadic_nonzero(3.0, 8.0), v = draw.dyadic_nonzero(0.25, 2.0);
        const glm::dvec2 pa{draw.dyadic(-4.0, 4.0), draw.dyadic(-4.0, 4.0)};
        const glm::dvec2 va{draw.dyadic(-1.0, 1.0), draw.dyadic(-1.0, 1.0)};
        const double side = draw.coin() ? 1.0 : -1.0;
        // horizontal or vertical pass
        const bool vertical = draw.coin();
        const glm::dvec2 offset = vertical ? glm::dvec2{side * (ra + rb), -x} : glm::dvec2{-x, side * (ra + rb)};
        const glm::dvec2 dv = vertical ? glm::dvec2{0.0, v} : glm::dvec2{v, 0.0};
        const Body a = body(pa, va, ra);
        const Body b = body(pa + offset, va + dv, rb);
        const PitfallReport report = compare_pitfalls(analyzed(a, b));
        ASSERT_EQ(report.kind, Case::Graze) << i;
        const PitfallAnswer& answer = answer_of(report, Variant::ExactZero);
        EXPECT_EQ(answer.t_first_contact, x / v) << i;
        EXPECT_FALSE(answer.wrong) << i << ": " << answer.why;
    }
}

// ---- textbook: (-b - √D) / 2a ----

TEST(PitfallTextbook, PresetKeepsFewDigitsNearContact) {
    const Preset& p = kTextbookPreset;
    const Truth truth = compute_truth(p.a, p.b);
    ASSERT_EQ(truth.kind, Case::Hit);
    const PitfallReport report = compare_pitfalls(analyzed(p.a, p.b));
    // Tangent keeps its digits (so the loss below is the textbook's)
    EXPECT_LE(relative_error(*report.tangent_t, *truth.t_enter), kTangentTolerance);
    const PitfallAnswer& answer = answer_of(report, Variant::Textbook);
    ASSERT_TRUE(answer.t_first_contact);
    const double error = relative_error(*answer.t_first_contact, *truth.t_enter);
    EXPECT_GT(error, 1e-8);  // at most 8 digits
    EXPECT_LE(answer.correct_digits, 8);
    EXPECT_TRUE(answer.wrong);
    EXPECT_NE(answer.why.find("nearly equal"), std::string::npos) << answer.why;
    EXPECT_NE(answer.why.find("of 16 digits"), std::string::npos) << answer.why;
}

TEST(PitfallTextbook, KeepsTwelveDigitsOnWellConditionedHits) {
    Draw draw(501);
    for (int i = 0; i < count(500); ++i) {
        const double ra = draw.uniform(0.2, 1.5), rb = draw.uniform(0.2, 1.5);
        const double radius_sum = ra + rb;
        const glm::dvec2 dv = draw.uniform(0.3, 3.0) * draw.direction();
        // at least R/2 between the rims at t = 0, the path at most 0.8 R off centre
        const auto [a, b] = hitting_pair(draw, dv, draw.uniform(1.5, 6.0) * radius_sum,
                                         draw.uniform(-0.8, 0.8) * radius_sum, ra, rb);
        const Truth truth = compute_truth(a, b);
        ASSERT_EQ(truth.kind, Case::Hit) << i;
        const PitfallReport report = compare_pitfalls(analyzed(a, b));
        const PitfallAnswer& answer = answer_of(report, Variant::Textbook);
        ASSERT_TRUE(answer.t_first_contact) << i;
        EXPECT_LE(relative_error(*answer.t_first_contact, *truth.t_enter), 1e-12) << i;
        EXPECT_GE(answer.correct_digits, 12) << i;
        EXPECT_FALSE(answer.wrong) << i;
        EXPECT_TRUE(answer.note.empty()) << i << ": " << answer.note;
    }
}

TEST(PitfallTextbook, LosesSixDigitsWhenTheRimsAlmostTouch) {
    // the rims 1e-9 R apart at t = 0, B approaching within 40° of head-on: -b and √D agree to
    // ~9 digits, and the subtraction leaves ~7. Every scene must lose at least 6 of 16.
    Draw draw(502);
    std::vector<int> digits;
    for (int i = 0; i < count(400); ++i) {
        const Body a = body(draw.box(5.0), draw.box(2.0), draw.uniform(0.2, 1.5));
        const double rb = draw.uniform(0.2, 1.5);
        const double radius_sum = a.radius + rb;
        const glm::dvec2 normal = draw.direction();
        const double angle = std::atan2(-normal.y, -normal.x) + draw.uniform(-0.7, 0.7);
        const glm::dvec2 dv = draw.uniform(0.5, 3.0) * glm::dvec2{std::cos(angle), std::sin(angle)};
        const Body b = body(a.position + radius_sum * (1.0 + 1e-9) * normal, a.velocity + dv, rb);
        const Truth truth = compute_truth(a, b);
        if (truth.kind != Case::Hit) continue;  // rounding of the placement may overlap them
        const PitfallReport report = compare_pitfalls(analyzed(a, b));
        EXPECT_LE(relative_error(*report.tangent_t, *truth.t_enter), kTangentTolerance) << i;
        const PitfallAnswer& answer = answer_of(report, Variant::Textbook);
        ASSERT_TRUE(answer.t_first_contact) << i;
        EXPECT_GT(relative_error(*answer.t_first_contact, *truth.t_enter), 1e-11) << i;
        EXPECT_LE(answer.correct_digits, 10) << i;
        digits.push_back(answer.correct_digits);
    }
    ASSERT_GT(digits.size(), static_cast<std::size_t>(count(400) * 3 / 4));
    std::nth_element(digits.begin(), digits.begin() + digits.size() / 2, digits.end());
    EXPECT_LE(digits[digits.size() / 2], 8) << "the median keeps at most 8 digits";
}

}  // namespace
}  // namespace tangent
