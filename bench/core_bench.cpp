// analyze() and first_contact() per call against the seeds' textbook formula, measured in the
// same run on the same configurations. Read the ratios, not the absolute times: this machine is
// shared. Run: build/bench/tangent_core_bench --benchmark_repetitions=9
//   --benchmark_enable_random_interleaving=true --benchmark_report_aggregates_only=true

#include <benchmark/benchmark.h>

#include <cmath>
#include <limits>
#include <random>
#include <vector>

#include "core/encounter.h"
#include "core/seed_formulas.h"

namespace {

using tangent::Body;

constexpr std::size_t kConfigurations = 4096;  // fits in L1/L2: we time arithmetic, not memory

struct Pair {
    Body a;
    Body b;
};

enum class Mix { Random, NearContact };

// Random: positions in [-10, 10]², velocities in [-5, 5]², radii in [0.1, 2] (about a third
// hit or recede through contact, the rest miss). NearContact: circles starting within 1e-9 R of
// touching, where the plain-double path cannot vouch for its answer and the exact path runs.
std::vector<Pair> configurations(Mix mix) {
    std::mt19937_64 rng(20261120);
    std::uniform_real_distribution<double> position(-10, 10), velocity(-5, 5), radius(0.1, 2), angle(0, 6.283185307179586),
        unit(-1, 1);
    std::vector<Pair> pairs(kConfigurations);
    for (Pair& p : pairs) {
        p.a = Body{{position(rng), position(rng)}, {velocity(rng), velocity(rng)}, radius(rng), 1.0};
        p.b = Body{{position(rng), position(rng)}, {velocity(rng), velocity(rng)}, radius(rng), 1.0};
        if (mix == Mix::NearContact) {
            const double gap = (p.a.radius + p.b.radius) * (1.0 + 1e-9 * unit(rng));
            const double theta = angle(rng);
            p.b.position = p.a.position + gap * glm::dvec2(std::cos(theta), std::sin(theta));
        }
    }
    return pairs;
}

void BM_analyze(benchmark::State& state) {
    const std::vector<Pair> pairs = configurations(static_cast<Mix>(state.range(0)));
    std::size_t i = 0;
    for (auto _ : state) {
        auto encounter = tangent::analyze(pairs[i].a, pairs[i].b);
        benchmark::DoNotOptimize(encounter);
        i = (i + 1) % kConfigurations;
    }
    state.SetItemsProcessed(state.iterations());
}

void BM_first_contact(benchmark::State& state) {
    const std::vector<Pair> pairs = configurations(static_cast<Mix>(state.range(0)));
    std::size_t i = 0;
    for (auto _ : state) {
        auto contact = tangent::first_contact(pairs[i].a, pairs[i].b);
        benchmark::DoNotOptimize(contact);
        i = (i + 1) % kConfigurations;
    }
    state.SetItemsProcessed(state.iterations());
}

// The seeds' textbook formula again, its "null" returned as a NaN: the faster baseline on some
// machines, and so the one the ratios are taken against. GCC returns the std::optional<double>
// of tangent::seeds::textbook() through the stack, a one-byte store read back by an eight-byte
// load, which store-to-load forwarding cannot serve: on AMD Zen 3 that alone cost about 6 ns a
// call (11 ns against 5), on the Intel machine of earlier sessions nothing measurable. noipa:
// compiled as if in a file of its own, as analyze() and textbook() are.
[[gnu::noipa]] double textbook_or_nan(glm::dvec2 dp, glm::dvec2 dv, double radius_sum) {
    const double radius_sum_squared = radius_sum * radius_sum;
    const double a = dv.x * dv.x + dv.y * dv.y;
    const double b = 2.0 * (dv.x * dp.x + dv.y * dp.y);
    const double c = dp.x * dp.x + dp.y * dp.y - radius_sum_squared;
    if (b >= 0.0) return std::numeric_limits<double>::quiet_NaN();  // moving apart
    if (c <= 0.0) return 0.0;                                        // already overlapping
    const double d = b * b - 4.0 * a * c;
    if (d < 0.0) return std::numeric_limits<double>::quiet_NaN();  // no contact
    return (-b - std::sqrt(d)) / (2.0 * a);
}

// Seed 001's form of the same formula: the two circles in, the differences taken inside, as
// analyze() takes them (an outside review timed its own such baseline at 3.5-3.8 ns against the
// 2.9 of the form above, which is given Δp, Δv and R, and analyze() at 2.8-2.9× it). NaN for "none".
[[gnu::noipa]] double textbook_circles(const Body& c1, const Body& c2) {
    const double dx = c2.position.x - c1.position.x, dy = c2.position.y - c1.position.y;
    const double dvx = c2.velocity.x - c1.velocity.x, dvy = c2.velocity.y - c1.velocity.y;
    const double r = c1.radius + c2.radius;
    const double a = dvx * dvx + dvy * dvy;
    const double b = 2.0 * (dx * dvx + dy * dvy);
    const double c = dx * dx + dy * dy - r * r;
    if (b >= 0.0) return std::numeric_limits<double>::quiet_NaN();
    if (c <= 0.0) return 0.0;
    const double d = b * b - 4.0 * a * c;
    if (d < 0.0) return std::numeric_limits<double>::quiet_NaN();
    return (-b - std::sqrt(d)) / (2.0 * a);
}

void BM_textbook_circles(benchmark::State& state) {
    const std::vector<Pair> pairs = configurations(static_cast<Mix>(state.range(0)));
    std::size_t i = 0;
    for (auto _ : state) {
        double t = textbook_circles(pairs[i].a, pairs[i].b);
        benchmark::DoNotOptimize(t);
        i = (i + 1) % kConfigurations;
    }
    state.SetItemsProcessed(state.iterations());
}

// The baseline: seed 000's (-b - √D) / 2a, given Δp, Δv and R as it expects.
void BM_textbook(benchmark::State& state) {
    const std::vector<Pair> pairs = configurations(static_cast<Mix>(state.range(0)));
    std::size_t i = 0;
    for (auto _ : state) {
        const Pair& p = pairs[i];
        auto t = tangent::seeds::textbook(p.b.position - p.a.position, p.b.velocity - p.a.velocity, p.a.radius + p.b.radius);
        benchmark::DoNotOptimize(t);
        i = (i + 1) % kConfigurations;
    }
    state.SetItemsProcessed(state.iterations());
}

void BM_textbook_nan(benchmark::State& state) {
    const std::vector<Pair> pairs = configurations(static_cast<Mix>(state.range(0)));
    std::size_t i = 0;
    for (auto _ : state) {
        const Pair& p = pairs[i];
        double t = textbook_or_nan(p.b.position - p.a.position, p.b.velocity - p.a.velocity, p.a.radius + p.b.radius);
        benchmark::DoNotOptimize(t);
        i = (i + 1) % kConfigurations;
    }
    state.SetItemsProcessed(state.iterations());
}

}  // namespace

BENCHMARK(BM_textbook_nan)->Arg(0)->ArgName("near_contact");
BENCHMARK(BM_textbook_circles)->Arg(0)->ArgName("near_contact");
BENCHMARK(BM_textbook)->Arg(0)->ArgName("near_contact");
BENCHMARK(BM_first_contact)->Arg(0)->ArgName("near_contact");
BENCHMARK(BM_analyze)->Arg(0)->ArgName("near_contact");
BENCHMARK(BM_textbook_nan)->Arg(1)->ArgName("near_contact");
BENCHMARK(BM_textbook_circles)->Arg(1)->ArgName("near_contact");
BENCHMARK(BM_textbook)->Arg(1)->ArgName("near_contact");
BENCHMARK(BM_first_contact)->Arg(1)->ArgName("near_contact");
BENCHMARK(BM_analyze)->Arg(1)->ArgName("near_contact");

BENCHMARK_MAIN();
