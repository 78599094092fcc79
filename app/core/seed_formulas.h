#pragma once
// The first-contact formulas of the articles Tangent grew from, transcribed as published,
// mistakes included. They are the benchmark baseline and the pitfalls lab's exhibits; Tangent's
// own answer is analyze() in encounter.h. Inputs are Δp = pB - pA, Δv = vB - vA, R = rA + rB.

#include <optional>
#include <string_view>

#include <glm/vec2.hpp>

namespace tangent::seeds {

/// The formulas below, by name: the pitfalls lab lists them and scene files name one to draw.
enum class Variant : unsigned char { Textbook, MissingRadius, Precedence, SwappedSquare, ExactZero };
inline constexpr Variant kVariants[] = {Variant::MissingRadius, Variant::Precedence, Variant::SwappedSquare,
                                        Variant::ExactZero, Variant::Textbook};

/// "textbook", "missing-radius", "precedence", "swapped-square", "exact-zero".
[[nodiscard]] std::string_view to_string(Variant variant);
[[nodiscard]] std::optional<Variant> variant_from_string(std::string_view name);

/// Seed 000, "with dot products": the textbook root (-b - √D) / 2a, with its early outs
/// (b >= 0: moving apart, null; c <= 0: already touching, 0). Right in exact arithmetic, but
/// near contact it loses digits twice: c = |Δp|² - R² cancels, and -b - √D subtracts nearly
/// equal numbers.
[[nodiscard]] std::optional<double> textbook(glm::dvec2 dp, glm::dvec2 dv, double radius_sum);

/// Seed 000, "with components": c = dpx² + dpy², the -(r1 + r2)² term forgotten, so it
/// answers when the centres would meet, not the rims.
[[nodiscard]] std::optional<double> missing_radius_term(glm::dvec2 dp, glm::dvec2 dv, double radius_sum);

/// Seed 001: t = (-B ± sqrt(B² - 4AC))/2*A, which C++ reads as ((-B ± √D)/2)·A; the earliest
/// root that is not negative. Right only when A = 1.
[[nodiscard]] std::optional<double> precedence_bug(glm::dvec2 dp, glm::dvec2 dv, double radius_sum);

/// Seed 001's typo carried through: one intermediate line of its expansion reads
/// C²(y) = dy² + 2 dy dvy t + dvx² t² (its collected form and its A = dvx² + dvy² are right);
/// solved with that line, A = dvx² + dvx². Right only when |dvx| = |dvy|. A hypothetical the
/// lab builds from the typo, not the article's final formula.
[[nodiscard]] std::optional<double> swapped_square(glm::dvec2 dp, glm::dvec2 dv, double radius_sum);

/// Seed 004: compares delta == 0 exactly, so a graze is found only when rounding happens to
/// give exactly zero, and returns -1 for "no collision", which is indistinguishable from a real
/// contact one second ago. Returned as published: a plain double.
[[nodiscard]] double exact_zero_test(glm::dvec2 p1, glm::dvec2 v1, double r1, glm::dvec2 p2, glm::dvec2 v2, double r2);

}  // namespace tangent::seeds
