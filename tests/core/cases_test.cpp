// One test per case of the taxonomy, on scenes small enough to check by hand. Every expected
// number below is derived in the comment beside it from the scene, not read off the program.

#include <gtest/gtest.h>

#include <limits>

#include "core/encounter.h"

namespace tangent {
namespace {

Encounter analyzed(const Body& a, const Body& b) {
    Result<Encounter> result = analyze(a, b);
    EXPECT_TRUE(result.ok()) << (result.ok() ? "" : result.error().message);
    return result.value();
}

Body body(glm::dvec2 position, glm::dvec2 velocity, double radius) { return Body{position, velocity, radius, 1.0}; }

TEST(Cases, HeadOnHit) {
    // Δp = (10, 0), Δv = (-2, 0), R = 2: a = 4, b = -40, c = 96, D = 1600 - 1536 = 64,
    // t = (40 ± 8) / 8 = 4 and 6, vertex at 5 where the centres coincide.
    const Encounter e = analyzed(body({0, 0}, {1, 0}, 1), body({10, 0}, {-1, 0}, 1));
    EXPECT_EQ(e.kind, Case::Hit);
    EXPECT_EQ(e.discriminant_sign, DiscriminantSign::Positive);
    EXPECT_EQ(e.a, 4.0);
    EXPECT_EQ(e.b, -40.0);
    EXPECT_EQ(e.c, 96.0);
    EXPECT_EQ(e.discriminant, 64.0);
    EXPECT_EQ(*e.t_closest, 5.0);
    EXPECT_EQ(e.min_distance, 0.0);
    EXPECT_EQ(*e.t_enter, 4.0);
    EXPECT_EQ(*e.t_exit, 6.0);
    EXPECT_EQ(*e.contact_duration, 2.0);
    // at t = 4: A at (4, 0), B at (6, 0), touching at (5, 0) with the normal along +x
    ASSERT_TRUE(e.contact);
    EXPECT_EQ(e.contact->position_a, glm::dvec2(4, 0));
    EXPECT_EQ(e.contact->position_b, glm::dvec2(6, 0));
    EXPECT_EQ(e.contact->point, glm::dvec2(5, 0));
    EXPECT_EQ(e.contact->normal, glm::dvec2(1, 0));
}

TEST(Cases, ExactGrazeIsGrazeAtTheVertex) {
    // Δp = (-10, 2), Δv = (1, 0), R = 2: |Δp×Δv| = 2 = R|Δv|, so D = 4(1·4 - 4) = 0 exactly;
    // a = 1, b = -20, c = 100 + 4 - 4 = 100; touch at t = 10 with B straight above A.
    const Encounter e = analyzed(body({0, 0}, {0, 0}, 1), body({-10, 2}, {1, 0}, 1));
    EXPECT_EQ(e.kind, Case::Graze);
    EXPECT_EQ(e.discriminant_sign, DiscriminantSign::Zero);
    EXPECT_EQ(e.discriminant, 0.0);
    EXPECT_EQ(*e.t_closest, 10.0);
    EXPECT_EQ(*e.t_enter, 10.0);
    EXPECT_EQ(*e.t_exit, 10.0);
    EXPECT_EQ(*e.contact_duration, 0.0);
    EXPECT_EQ(e.min_distance, 2.0);
    ASSERT_TRUE(e.contact);
    EXPECT_EQ(e.contact->position_b, glm::dvec2(0, 2));
    EXPECT_EQ(e.contact->normal, glm::dvec2(0, 1));
    EXPECT_EQ(e.contact->point, glm::dvec2(0, 1));
}

// The graze tolerance τ = 1e-12 on |d_min - R| / R, pinned from both sides (a mutation
// test: τ ten times larger passed every test). B passes A along x at height y, A at rest at
// the origin, R = 2: d_min = |y|, so |d_min - R| / R = |y - 2| / 2, and y = 2 ∓ 2g gives a pass
// g·R inside (a hit) or outside (a miss) of the touch. At g = 2τ: a hit and a miss; at g = τ/2:
// grazes, both at the closest approach, t = 10 (B starts at x = -10 moving at 1). So the code's
// tolerance lies between τ/2 and 2τ.
TEST(Cases, TheGrazeToleranceIsTauOnTheClosestApproach) {
    // the README's τ written out, not read from kGrazeTolerance: read from it, a constant 50 times
    // larger passed every test (a test audit)
    const double tau = 1e-12;
    for (const double sign : {1.0, -1.0}) {
        const Encounter outside = analyzed(body({0, 0}, {0, 0}, 1), body({-10, 2.0 + sign * 2.0 * 2.0 * tau}, {1, 0}, 1));
        EXPECT_EQ(outside.kind, sign > 0 ? Case::Miss : Case::Hit) << "a pass 2τ·R " << (sign > 0 ? "outside" : "inside");
        const Encounter within = analyzed(body({0, 0}, {0, 0}, 1), body({-10, 2.0 + sign * 2.0 * 0.5 * tau}, {1, 0}, 1));
        EXPECT_EQ(within.kind, Case::Graze) << "a pass τ/2·R " << (sign > 0 ? "outside" : "inside");
        ASSERT_TRUE(within.t_enter);
        EXPECT_EQ(*within.t_enter, 10.0);
        EXPECT_EQ(*within.t_exit, 10.0);
    }
}

TEST(Cases, MissKeepsClosestApproach) {
    // Δp = (-10, 3), Δv = (1, 0), R = 2: c = 109 - 4 = 105, D = 400 - 420 = -20 < 0;
    // closest at t = 10, 3 apart.
    const Encounter e = analyzed(body({0, 0}, {0, 0}, 1), body({-10, 3}, {1, 0}, 1));
    EXPECT_EQ(e.kind, Case::Miss);
    EXPECT_EQ(e.discriminant_sign, DiscriminantSign::Negative);
    EXPECT_EQ(e.discriminant, -20.0);
    EXPECT_EQ(*e.t_closest, 10.0);
    EXPECT_EQ(e.min_distance, 3.0);
    EXPECT_FALSE(e.t_enter);
    EXPECT_FALSE(e.t_exit);
    EXPECT_FALSE(e.contact);
}

TEST(Cases, RecedingHasBothRootsInThePast) {
    // Δp = (10, 0), Δv = (1, 0), R = 2: a = 1, b = 20, c = 96, D = 16, t = (-20 ± 4)/2 = -12, -8
    const Encounter e = analyzed(body({0, 0}, {0, 0}, 1), body({10, 0}, {1, 0}, 1));
    EXPECT_EQ(e.kind, Case::Receding);
    EXPECT_EQ(*e.t_enter, -12.0);
    EXPECT_EQ(*e.t_exit, -8.0);
    ASSERT_TRUE(e.contact);
    EXPECT_EQ(e.contact->position_b, glm::dvec2(-2, 0));
}

TEST(Cases, PastGrazeIsReceding) {
    // Δp = (10, 2), Δv = (1, 0): a graze at t = -10, already behind
    const Encounter e = analyzed(body({0, 0}, {0, 0}, 1), body({10, 2}, {1, 0}, 1));
    EXPECT_EQ(e.kind, Case::Receding);
    EXPECT_EQ(e.discriminant_sign, DiscriminantSign::Zero);
    EXPECT_EQ(*e.t_enter, -10.0);
    EXPECT_EQ(*e.t_exit, -10.0);
}

TEST(Cases, OverlappingHasAPastAndAFutureRoot) {
    // Δp = (1, 0), Δv = (1, 0), R = 2: c = 1 - 4 = -3, a = 1, b = 2, D = 4 + 12 = 16,
    // t = (-2 ± 4)/2 = -3 and 1
    const Encounter e = analyzed(body({0, 0}, {0, 0}, 1), body({1, 0}, {1, 0}, 1));
    EXPECT_EQ(e.kind, Case::Overlapping);
    EXPECT_EQ(e.c, -3.0);
    EXPECT_EQ(*e.t_enter, -3.0);
    EXPECT_EQ(*e.t_exit, 1.0);
    ASSERT_TRUE(e.contact);  // the past first contact
    EXPECT_EQ(e.contact->position_b, glm::dvec2(-2, 0));
}

TEST(Cases, StaticNeverMeets) {
    // Δv = 0: a = b = 0, the distance stays |Δp| = 5 > R = 2
    const Encounter e = analyzed(body({0, 0}, {2, 1}, 1), body({3, 4}, {2, 1}, 1));
    EXPECT_EQ(e.kind, Case::Static);
    EXPECT_EQ(e.discriminant_sign, DiscriminantSign::NotQuadratic);
    EXPECT_EQ(e.a, 0.0);
    EXPECT_EQ(e.b, 0.0);
    EXPECT_EQ(e.c, 21.0);
    EXPECT_FALSE(e.t_closest);
    EXPECT_EQ(e.min_distance, 5.0);
    EXPECT_FALSE(e.t_enter);
    EXPECT_FALSE(e.contact);
}

TEST(Cases, StaticOverlapHasNoRoots) {
    // Δv = 0 and |Δp| = 1 < R = 2: overlapping for ever, no contact times
    const Encounter e = analyzed(body({0, 0}, {1, 1}, 1), body({1, 0}, {1, 1}, 1));
    EXPECT_EQ(e.kind, Case::Overlapping);
    EXPECT_FALSE(e.t_closest);
    EXPECT_FALSE(e.t_enter);
    EXPECT_FALSE(e.t_exit);
    EXPECT_EQ(e.min_distance, 1.0);
}

TEST(Cases, TouchingNowApproachingIsAHitAtZero) {
    // Δp = (3, 4), R = 2 + 3 = 5: c = 0. Δv = (-3, -4): b = -50, a = 25, roots 0 and 2
    const Encounter e = analyzed(body({0, 0}, {0, 0}, 2), body({3, 4}, {-3, -4}, 3));
    EXPECT_EQ(e.c, 0.0);
    EXPECT_EQ(e.kind, Case::Hit);
    EXPECT_EQ(*e.t_enter, 0.0);
    EXPECT_EQ(*e.t_exit, 2.0);
    ASSERT_TRUE(e.contact);
    EXPECT_EQ(e.contact->normal, glm::dvec2(0.6, 0.8));
}

TEST(Cases, TouchingNowMovingApartIsReceding) {
    // as above with Δv = (3, 4): roots -2 and 0
    const Encounter e = analyzed(body({0, 0}, {0, 0}, 2), body({3, 4}, {3, 4}, 3));
    EXPECT_EQ(e.kind, Case::Receding);
    EXPECT_EQ(*e.t_enter, -2.0);
    EXPECT_EQ(*e.t_exit, 0.0);
}

TEST(Cases, TouchingNowSlidingIsAGrazeAtZero) {
    // Δv = (4, -3) ⟂ Δp: b = 0 and c = 0, so D = 0 and the double root is t = 0
    const Encounter e = analyzed(body({0, 0}, {0, 0}, 2), body({3, 4}, {4, -3}, 3));
    EXPECT_EQ(e.kind, Case::Graze);
    EXPECT_EQ(*e.t_enter, 0.0);
    EXPECT_EQ(*e.t_exit, 0.0);
    EXPECT_EQ(e.min_distance, 5.0);
}

TEST(Cases, FirstContactAgreesWithAnalyze) {
    // the lean query runs the same solver: same case and bit-identical times
    const Body a = body({0, 0}, {1, 0.25}, 1);
    for (double y : {0.0, 1.5, 2.0, 2.5}) {
        const Body b = body({10, y}, {-1, 0}, 1);
        const Encounter e = analyzed(a, b);
        const Result<FirstContact> f = first_contact(a, b);
        ASSERT_TRUE(f.ok());
        EXPECT_EQ(f->kind, e.kind) << "y = " << y;
        EXPECT_EQ(f->t_enter, e.t_enter) << "y = " << y;
        EXPECT_EQ(f->t_exit, e.t_exit) << "y = " << y;
    }
}

TEST(Cases, ImmovableMassIsAccepted) {
    Body wall = body({0, 0}, {0, 0}, 5);
    wall.mass = std::numeric_limits<double>::infinity();
    EXPECT_TRUE(analyze(wall, body({10, 0}, {-1, 0}, 1)).ok());
}

TEST(Cases, NamesReadAsInTheIssue) {
    EXPECT_EQ(to_string(Case::Hit), "hit");
    EXPECT_EQ(to_string(Case::Graze), "graze");
    EXPECT_EQ(to_string(Case::Miss), "miss");
    EXPECT_EQ(to_string(Case::Receding), "receding");
    EXPECT_EQ(to_string(Case::Overlapping), "overlapping");
    EXPECT_EQ(to_string(Case::Static), "static");
}

}  // namespace
// Two still bodies of radius 1e308 at ±1e308 touch exactly (c = 0), but the distance and R both
// overflow: static_gap() was ∞ − ∞ = NaN where "nothing is NaN" (a game-engine author's review).
// Judge: the exact sums, 1e308 + 1e308 both ways, and the sign of c.
TEST(Cases, AStaticGapPastTheDoublesIsNeverNaN) {
    for (const double apart : {1e308, 1.1e308, 0.9e308}) {
        const Body a{{-apart, 0}, {0, 0}, 1e308, 1.0};
        const Body b{{apart, 0}, {0, 0}, 1e308, 1.0};
        const Encounter e = analyze(a, b).value();
        ASSERT_EQ(e.kind, apart < 1e308 ? Case::Overlapping : Case::Static);
        const double gap = e.static_gap();
        EXPECT_FALSE(std::isnan(gap)) << apart;
        if (apart == 1e308) {
            EXPECT_EQ(gap, 0.0);
        } else if (apart > 1e308) {
            EXPECT_GT(gap, 0.0);
        } else {
            EXPECT_LT(gap, 0.0);
        }
    }
}

}  // namespace tangent
