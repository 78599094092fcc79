// Bad numbers get a message naming the body and the field, never an answer.

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include <glm/geometric.hpp>

#include "core/encounter.h"

namespace tangent {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

std::string error_of(const Body& a, const Body& b) {
    const Result<Encounter> e = analyze(a, b);
    const Result<FirstContact> f = first_contact(a, b);
    EXPECT_FALSE(e.ok());
    EXPECT_FALSE(f.ok());
    if (e.ok() || f.ok()) return "";
    EXPECT_EQ(e.error().message, f.error().message);
    return e.error().message;
}

TEST(InvalidInput, NonFiniteCoordinatesNameTheField) {
    const Body good{{0, 0}, {1, 0}, 1.0, 1.0};
    for (double bad : {kNaN, kInf, -kInf}) {
        Body b = good;
        b.position.y = bad;
        EXPECT_EQ(error_of(good, b).rfind("body B: position must be two finite numbers", 0), 0u);
        b = good;
        b.velocity.x = bad;
        EXPECT_EQ(error_of(b, good).rfind("body A: velocity must be two finite numbers", 0), 0u);
    }
}

TEST(InvalidInput, RadiusMustBePositiveAndFinite) {
    const Body good{{0, 0}, {1, 0}, 1.0, 1.0};
    for (double bad : {0.0, -0.0, -1.0, kNaN, kInf}) {
        Body b = good;
        b.radius = bad;
        EXPECT_EQ(error_of(good, b).rfind("body B: radius must be a finite number > 0", 0), 0u) << bad;
    }
}

TEST(InvalidInput, MassMustBePositive) {
    const Body good{{0, 0}, {1, 0}, 1.0, 1.0};
    for (double bad : {0.0, -2.0, kNaN, -kInf}) {
        Body b = good;
        b.mass = bad;
        const std::string message = error_of(b, good);
        EXPECT_EQ(message.rfind("body A: mass must be > 0", 0), 0u) << message;
    }
}

TEST(InvalidInput, MessageShowsTheValue) {
    Body b{{0, 0}, {1, 0}, -2.5, 1.0};
    EXPECT_EQ(error_of(Body{}, b), "body B: radius must be a finite number > 0, got -2.5");
}

TEST(InvalidInput, ExtremeButFiniteInputsAreAnswered) {
    // the largest and smallest doubles are valid input: an answer, never a NaN
    constexpr double huge = std::numeric_limits<double>::max();
    constexpr double tiny = std::numeric_limits<double>::denorm_min();
    const Body cases[][2] = {
        {{{-huge, 0}, {huge, 0}, huge, 1.0}, {{huge, 0}, {-huge, 0}, huge, 1.0}},
        {{{0, 0}, {0, 0}, tiny, 1.0}, {{tiny, tiny}, {-tiny, 0}, tiny, 1.0}},
        {{{huge, -huge}, {tiny, 0}, tiny, 1.0}, {{-huge, huge}, {0, tiny}, 1.0, 1.0}},
        // R and Δp×Δv both vanish in the units of a length near 1.8e308: ilogb(0) negated was
        // undefined (UBSan, an outside review's fuzzing; the sanitizer run of this test caught it)
        {{{-1.0, -1e-300}, {1e-16, 0}, 1e-300, 1.0}, {{-huge, tiny}, {1e308, tiny}, tiny, 1.0}},
        // a contact so far away at so slow a speed that its time is past the doubles: the bodies
        // "then" were fma(∞, 0, p) = NaN in the coordinates that do not move (a game-physics review)
        {{{0, 0}, {0, 0}, 1.0, 1.0}, {{-1e200, 0.5}, {1e-120, 0}, 1.0, 1.0}},
        {{{0, 0}, {0, 0}, huge, 1.0}, {{1.0, 0}, {1e-300, 0}, huge, 1.0}},
    };
    for (const auto& pair : cases) {
        const Result<Encounter> e = analyze(pair[0], pair[1]);
        ASSERT_TRUE(e.ok());
        EXPECT_FALSE(std::isnan(e->min_distance));
        if (e->t_enter) {
            EXPECT_FALSE(std::isnan(*e->t_enter));
            EXPECT_LE(*e->t_enter, *e->t_exit);
        }
        if (e->contact) {
            EXPECT_NEAR(glm::length(e->contact->normal), 1.0, 1e-12);
            for (const glm::dvec2 p : {e->contact->position_a, e->contact->position_b, e->contact->point}) {
                EXPECT_FALSE(std::isnan(p.x) || std::isnan(p.y)) << "(" << p.x << ", " << p.y << ")";
            }
            // a coordinate that does not move is where it was, at any time
            for (int i = 0; i < 2; ++i) {
                const Body& body = pair[i];
                const glm::dvec2 at = i == 0 ? e->contact->position_a : e->contact->position_b;
                if (body.velocity.x == 0.0) {
                    EXPECT_EQ(at.x, body.position.x);
                }
                if (body.velocity.y == 0.0) {
                    EXPECT_EQ(at.y, body.position.y);
                }
            }
        }
    }
}

}  // namespace
}  // namespace tangent
