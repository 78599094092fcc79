// The notice after "Snap to graze", judged by exact arithmetic on the snapped pair.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/encounter.h"
#include "core/graze.h"
#include "core/mpfr_reference.h"
#include "teach/graze_notice.h"

namespace tangent {
namespace {

using reference::compute_truth;
using reference::Truth;

// The number that follows `lead` in `text`, or NaN.
double number_after(const std::string& text, const std::string& lead) {
    const std::size_t at = text.find(lead);
    return at == std::string::npos ? NAN : std::strtod(text.c_str() + at + lead.size(), nullptr);
}

// Regression: after G on the near-miss preset the notice read "the closest approach is R to
// within 0.0e+00·R (B's velocity is rounded)": d_min rounds to R itself there, while D = -9.2e-16.
// Judged by exact arithmetic (MPFR) on the snapped pair: "exact graze, D = 0" exactly when the true
// D is 0; otherwise the D it quotes (three digits) and the relative miss |d_min - R| / R (two
// digits, or "the last digit" when it is within a couple of ulps), never a zero written as 0.0e+00.
TEST(Graze, SnapNoticeSaysExactOnlyWhenDIsZeroAndHowCloseOtherwise) {
    std::mt19937_64 rng(29);
    std::uniform_real_distribution<double> position(-10, 10), velocity(-4, 4), radius(0.2, 2);
    std::vector<std::pair<Body, Body>> pairs{{Body{{0, 0}, {0, 0}, 1.0, 1.0}, Body{{-8, 2.1}, {1, 0}, 1.0, 1.0}}};
    for (int i = 0; i < 3000; ++i)
        pairs.emplace_back(Body{{position(rng), position(rng)}, {velocity(rng), velocity(rng)}, radius(rng), 1.0},
                           Body{{position(rng), position(rng)}, {velocity(rng), velocity(rng)}, radius(rng), 1.0});
    // B at (-4, 3)·k from A, R = 3k, heading nearly along +x: the tangent it snaps to is +x itself,
    // which the rounding can hit exactly (sine 0.6, cosine 0.8), so D comes out exactly 0
    for (const double k : {0.25, 0.5, 1.0, 2.0, 4.0})
        for (const double speed : {0.5, 1.0, 2.0})
            pairs.emplace_back(Body{{0, 0}, {0, 0}, 1.0 * k, 1.0}, Body{{-4 * k, 3 * k}, {speed, 0.1 * speed}, 2.0 * k, 1.0});
    // lengths and speeds near 1e-80, where D's terms fall below the doubles and D may round to 0
    // though it is not 0 (a mutation test: "exact" decided by D == 0.0 passed every pair above);
    // the first is the mutation test's own
    pairs.emplace_back(Body{{-7.3224671197493454e-80, -7.2718592726760551e-80}, {-3.9028076924369469e-81, -3.8318061726661834e-80},
                            8.3161660480925526e-81, 1.0},
                       Body{{8.2271609582235359e-80, -5.8495735019535288e-81}, {-5.5125911411694272e-80, -5.2896392245376068e-80},
                            1.343416192964725e-80, 1.0});
    const std::size_t tiny_from = pairs.size() - 1;
    for (int i = 0; i < 300; ++i) {
        const double k = 1e-80;
        pairs.emplace_back(Body{{k * position(rng), k * position(rng)}, {k * velocity(rng), k * velocity(rng)}, k * radius(rng), 1.0},
                           Body{{k * position(rng), k * position(rng)}, {k * velocity(rng), k * velocity(rng)}, k * radius(rng), 1.0});
    }
    int exact = 0, last_digit = 0, within = 0, tiny_not_exact = 0;
    for (std::size_t i = 0; i < pairs.size(); ++i) {
        const auto& [a, b] = pairs[i];
        const Result<glm::dvec2> v = grazing_velocity(a, b);
        if (!v.ok()) continue;
        Body snapped = b;
        snapped.velocity = *v;
        const Encounter e = analyze(a, snapped).value();
        const std::string notice = graze_snap_notice(e);
        const Truth truth = compute_truth(a, snapped);
        EXPECT_EQ(notice.find("e+00"), std::string::npos) << i << ": " << notice;
        if (truth.discriminant.is_zero()) {
            ++exact;
            EXPECT_NE(notice.find("an exact graze, D = 0"), std::string::npos) << i << ": " << notice;
            EXPECT_EQ(notice.find("rounded"), std::string::npos) << i << ": " << notice;
            continue;
        }
        EXPECT_EQ(notice.find("exact"), std::string::npos) << i << ": " << notice;
        if (i >= tiny_from) {
            ++tiny_not_exact;
            continue;  // (D itself below the doubles there: the words on it are the derivation's tests')
        }
        const double d = truth.discriminant.to_double();
        EXPECT_NEAR(number_after(notice, "leaves D = "), d, 5e-3 * std::abs(d)) << i << ": " << notice;
        const double gap = std::abs(truth.graze_gap.to_double());
        constexpr double kUlps = 4.5e-16;  // two ulps of R: how far d_min, a rounded double, may stand from the truth
        if (notice.find("to the last digit") != std::string::npos) {
            ++last_digit;
            EXPECT_LE(gap, kUlps) << i << ": " << notice;
        } else {
            ++within;
            const double quoted = number_after(notice, "to within ");
            EXPECT_GT(quoted, 0.0) << i << ": " << notice;
            EXPECT_NEAR(quoted, gap, 0.05 * quoted + kUlps) << i << ": " << notice;
        }
    }
    EXPECT_GT(exact, 0);
    EXPECT_GT(tiny_not_exact, 50);
    EXPECT_GT(last_digit, 0);
    EXPECT_GT(within, 0);
}

}  // namespace
}  // namespace tangent
