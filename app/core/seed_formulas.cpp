#include "seed_formulas.h"

#include <cmath>

namespace tangent::seeds {

std::string_view to_string(Variant variant) {
    switch (variant) {
        case Variant::Textbook: return "textbook";
        case Variant::MissingRadius: return "missing-radius";
        case Variant::Precedence: return "precedence";
        case Variant::SwappedSquare: return "swapped-square";
        case Variant::ExactZero: return "exact-zero";
    }
    return "textbook";
}

std::optional<Variant> variant_from_string(std::string_view name) {
    for (Variant variant : kVariants)
        if (to_string(variant) == name) return variant;
    return std::nullopt;
}

std::optional<double> textbook(glm::dvec2 dp, glm::dvec2 dv, double radius_sum) {
    const double radius_sum_squared = radius_sum * radius_sum;
    const double a = dv.x * dv.x + dv.y * dv.y;
    const double b = 2.0 * (dv.x * dp.x + dv.y * dp.y);
    const double c = dp.x * dp.x + dp.y * dp.y - radius_sum_squared;
    if (b >= 0.0) return std::nullopt;
    if (c <= 0.0) return 0.0;
    const double d = b * b - 4.0 * a * c;
    if (d < 0.0) return std::nullopt;
    return (-b - std::sqrt(d)) / (2.0 * a);
}

std::optional<double> missing_radius_term(glm::dvec2 dp, glm::dvec2 dv, double /*radius_sum*/) {
    const double a = dv.x * dv.x + dv.y * dv.y;
    const double b = 2.0 * (dp.x * dv.x + dp.y * dv.y);
    const double c = dp.x * dp.x + dp.y * dp.y;
    if (b >= 0.0) return std::nullopt;
    if (c <= 0.0) return 0.0;
    const double d = b * b - 4.0 * a * c;
    if (d < 0.0) return std::nullopt;
    return (-b - std::sqrt(d)) / (2.0 * a);
}

namespace {

// The earliest root of A t² + B t + C that is not negative, with the given (maybe wrong) root
// expression; seed 001 discards negative times as "in the past".
template <class RootFormula>
std::optional<double> earliest_future_root(double A, double B, double C, RootFormula root) {
    const double discriminant = B * B - 4.0 * A * C;
    if (discriminant < 0.0) return std::nullopt;
    const double first = root(A, B, -std::sqrt(discriminant));
    const double second = root(A, B, std::sqrt(discriminant));
    const double earliest = std::fmin(first, second);
    const double latest = std::fmax(first, second);
    if (earliest >= 0.0) return earliest;
    if (latest >= 0.0) return latest;
    return std::nullopt;
}

}  // namespace

std::optional<double> precedence_bug(glm::dvec2 dp, glm::dvec2 dv, double radius_sum) {
    const double r_sq = radius_sum * radius_sum;
    const double A = dv.x * dv.x + dv.y * dv.y;
    const double B = 2.0 * (dp.x * dv.x + dp.y * dv.y);
    const double C = dp.x * dp.x + dp.y * dp.y - r_sq;
    // as published: t = (-B +/- sqrt(B^2 - 4*A*C))/2*A
    return earliest_future_root(A, B, C, [](double a, double b, double root_d) { return (-b + root_d) / 2 * a; });
}

std::optional<double> swapped_square(glm::dvec2 dp, glm::dvec2 dv, double radius_sum) {
    const double r_sq = radius_sum * radius_sum;
    const double A = dv.x * dv.x + dv.x * dv.x;  // the typo of one published line carried into A: dvx^2 where dvy^2 belongs
    const double B = 2.0 * (dp.x * dv.x + dp.y * dv.y);
    const double C = dp.x * dp.x + dp.y * dp.y - r_sq;
    return earliest_future_root(A, B, C, [](double a, double b, double root_d) { return (-b + root_d) / (2 * a); });
}

double exact_zero_test(glm::dvec2 p1, glm::dvec2 v1, double r1, glm::dvec2 p2, glm::dvec2 v2, double r2) {
    const double a = (p1.x * p1.x) + (p2.x * p2.x) - 2 * p1.x * p2.x;
    const double b = (p1.y * p1.y) + (p2.y * p2.y) - 2 * p1.y * p2.y;
    const double c = (p1.x - p2.x) * (v1.x - v2.x) + (p1.y - p2.y) * (v1.y - v2.y);
    const double d = (v1.x - v2.x) * (v1.x - v2.x) + (v1.y - v2.y) * (v1.y - v2.y);
    const double e = a + b - r1 * r1 - r2 * r2 - 2 * r1 * r2;
    const double delta = 4 * (c * c) - 4 * d * e;
    if (delta == 0) return -1 * (c / d);
    if (delta > 0) return (-2 * c - std::sqrt(4 * (c * c) - 4 * d * e)) / (2 * d);
    return -1;
}

}  // namespace tangent::seeds
