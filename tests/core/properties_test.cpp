// Symmetries the answer must respect: which body is A, where the origin is, which inertial frame
// we watch from, and when the clock started.

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include <glm/geometric.hpp>

#include "core/encounter.h"

namespace tangent {
namespace {

constexpr int kConfigurations = 20000;

struct Pair {
    Body a;
    Body b;
};

// Positions and velocities on a dyadic grid (multiples of 2^-20 below 2^12), so that shifting
// them by another grid value is exact and any change in the answer is the solver's own.
double grid(std::mt19937_64& rng, double extent) {
    std::uniform_real_distribution<double> uniform(-extent, extent);
    return std::ldexp(std::round(std::ldexp(uniform(rng), 20)), -20);
}

Pair random_pair(std::mt19937_64& rng) {
    std::uniform_real_distribution<double> radius(0.1, 2.0);
    Pair p;
    p.a = Body{{grid(rng, 10), grid(rng, 10)}, {grid(rng, 5), grid(rng, 5)}, radius(rng), 1.0};
    p.b = Body{{grid(rng, 10), grid(rng, 10)}, {grid(rng, 5), grid(rng, 5)}, radius(rng), 1.0};
    return p;
}

Encounter analyzed(const Body& a, const Body& b) {
    Result<Encounter> result = analyze(a, b);
    EXPECT_TRUE(result.ok());
    return result.value();
}

TEST(Properties, SwappingBodiesFlipsOnlyTheNormal) {
    std::mt19937_64 rng(101);
    for (int i = 0; i < kConfigurations; ++i) {
        const Pair p = random_pair(rng);
        const Encounter ab = analyzed(p.a, p.b);
        const Encounter ba = analyzed(p.b, p.a);
        // Δp and Δv change sign exactly and every coefficient is even in them: bit-identical
        ASSERT_EQ(ab.kind, ba.kind) << i;
        EXPECT_EQ(ab.a, ba.a);
        EXPECT_EQ(ab.b, ba.b);
        EXPECT_EQ(ab.c, ba.c);
        EXPECT_EQ(ab.discriminant, ba.discriminant);
        EXPECT_EQ(ab.t_closest, ba.t_closest);
        EXPECT_EQ(ab.min_distance, ba.min_distance);
        EXPECT_EQ(ab.t_enter, ba.t_enter);
        EXPECT_EQ(ab.t_exit, ba.t_exit);
        ASSERT_EQ(ab.contact.has_value(), ba.contact.has_value());
        if (ab.contact) {
            EXPECT_EQ(ab.contact->normal, -ba.contact->normal);
            EXPECT_EQ(ab.contact->position_a, ba.contact->position_b);
            // the same point reached from the other centre: equal up to rounding
            EXPECT_NEAR(ab.contact->point.x, ba.contact->point.x, 1e-12 * (1 + std::abs(ab.contact->point.x)));
            EXPECT_NEAR(ab.contact->point.y, ba.contact->point.y, 1e-12 * (1 + std::abs(ab.contact->point.y)));
        }
    }
}

TEST(Properties, TranslationAndCommonVelocityChangeNothing) {
    std::mt19937_64 rng(202);
    for (int i = 0; i < kConfigurations; ++i) {
        const Pair p = random_pair(rng);
        const glm::dvec2 shift{grid(rng, 1000), grid(rng, 1000)};
        const glm::dvec2 drift{grid(rng, 50), grid(rng, 50)};
        Pair moved = p;
        moved.a.position += shift;
        moved.b.position += shift;
        moved.a.velocity += drift;
        moved.b.velocity += drift;
        const Encounter e = analyzed(p.a, p.b);
        const Encounter m = analyzed(moved.a, moved.b);
        // on the grid Δp and Δv are unchanged exactly, so is everything derived from them
        ASSERT_EQ(e.kind, m.kind) << i;
        EXPECT_EQ(e.a, m.a);
        EXPECT_EQ(e.b, m.b);
        EXPECT_EQ(e.c, m.c);
        EXPECT_EQ(e.t_closest, m.t_closest);
        EXPECT_EQ(e.min_distance, m.min_distance);
        EXPECT_EQ(e.t_enter, m.t_enter);
        EXPECT_EQ(e.t_exit, m.t_exit);
        if (e.contact) {
            EXPECT_EQ(e.contact->normal, m.contact->normal);
        }
    }
}

TEST(Properties, TranslationOffTheGridChangesOnlyRounding) {
    // arbitrary doubles: Δp picks up a rounding of ~1e-16·|shift|, nothing more
    std::mt19937_64 rng(303);
    std::uniform_real_distribution<double> uniform(-10, 10);
    int compared = 0;
    for (int i = 0; i < kConfigurations; ++i) {
        const Pair p{Body{{uniform(rng), uniform(rng)}, {uniform(rng), uniform(rng)}, 1.0, 1.0},
                     Body{{uniform(rng), uniform(rng)}, {uniform(rng), uniform(rng)}, 0.5, 1.0}};
        const glm::dvec2 shift{uniform(rng) * 100, uniform(rng) * 100};
        Pair moved = p;
        moved.a.position += shift;
        moved.b.position += shift;
        const Encounter e = analyzed(p.a, p.b);
        const Encounter m = analyzed(moved.a, moved.b);
        if (std::abs(e.min_distance - e.radius_sum) < 1e-6 * e.radius_sum) continue;  // a case may flip
        ++compared;
        ASSERT_EQ(e.kind, m.kind) << i;
        const double time_scale = glm::length(e.relative_position) / std::sqrt(e.a);
        // a shift of 1000 perturbs Δp by ~1e-13 relative; times move by that much of |Δp|/|Δv|,
        // more where the roots are ill-conditioned (near contact), hence 1e-9
        if (e.t_enter) {
            EXPECT_NEAR(*e.t_enter, *m.t_enter, 1e-9 * time_scale) << i;
        }
        if (e.t_closest) {
            EXPECT_NEAR(*e.t_closest, *m.t_closest, 1e-12 * time_scale) << i;
        }
    }
    EXPECT_GT(compared, kConfigurations / 2);
}

TEST(Properties, AdvancingTheClockShiftsEveryTime) {
    // analysing the state at t0 gives every time minus t0 (exact on the grid with t0 = k/16)
    std::mt19937_64 rng(404);
    std::uniform_int_distribution<int> sixteenths(-160, 160);
    for (int i = 0; i < kConfigurations; ++i) {
        const Pair p = random_pair(rng);
        const double t0 = sixteenths(rng) / 16.0;
        const Body a_later{p.a.position_at(t0), p.a.velocity, p.a.radius, 1.0};
        const Body b_later{p.b.position_at(t0), p.b.velocity, p.b.radius, 1.0};
        const Encounter e = analyzed(p.a, p.b);
        const Encounter later = analyzed(a_later, b_later);
        if (e.kind == Case::Static || e.kind == Case::Overlapping || later.kind == Case::Overlapping) continue;
        const double time_scale = glm::length(e.relative_position) / std::sqrt(e.a) + std::abs(t0);
        ASSERT_TRUE(e.t_closest && later.t_closest);
        EXPECT_NEAR(*later.t_closest, *e.t_closest - t0, 1e-13 * time_scale) << i;
        EXPECT_NEAR(later.min_distance, e.min_distance, 1e-13 * (e.min_distance + e.radius_sum)) << i;
        if (std::abs(e.min_distance - e.radius_sum) < 1e-9 * e.radius_sum) continue;
        ASSERT_EQ(e.t_enter.has_value(), later.t_enter.has_value()) << i;
        if (e.t_enter) {
            EXPECT_NEAR(*later.t_enter, *e.t_enter - t0, 1e-12 * time_scale) << i;
            EXPECT_NEAR(*later.t_exit, *e.t_exit - t0, 1e-12 * time_scale) << i;
            // which case it is depends on "now": check it against the shifted roots
            const bool future = *e.t_enter - t0 >= 0;
            if (later.kind == Case::Hit) {
                EXPECT_TRUE(future) << i;
            }
            if (later.kind == Case::Receding) {
                EXPECT_LE(*e.t_exit - t0, 1e-12 * time_scale) << i;
            }
        }
    }
}

TEST(Properties, ContactIsOnBothRims) {
    std::mt19937_64 rng(505);
    int contacts = 0;
    for (int i = 0; i < kConfigurations; ++i) {
        const Pair p = random_pair(rng);
        const Encounter e = analyzed(p.a, p.b);
        if (!e.contact) continue;
        ++contacts;
        const Contact& c = *e.contact;
        const double scale = glm::length(e.relative_position) + e.radius_sum;
        EXPECT_NEAR(glm::length(c.normal), 1.0, 1e-14);
        EXPECT_NEAR(glm::distance(c.point, c.position_a), p.a.radius, 1e-12 * scale) << i;
        EXPECT_NEAR(glm::distance(c.point, c.position_b), p.b.radius, 1e-12 * scale) << i;
        EXPECT_NEAR(glm::distance(c.position_a, c.position_b), e.radius_sum, 1e-12 * scale) << i;
    }
    EXPECT_GT(contacts, kConfigurations / 10);
}

}  // namespace
}  // namespace tangent
