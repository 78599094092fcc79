#pragma once

#include <cmath>
#include <optional>
#include <string_view>

#include <glm/vec2.hpp>

#include "result.h"

namespace tangent {

/// A circle moving at constant velocity. Units are the scene's own (say metres and seconds).
struct Body {
    glm::dvec2 position{0.0, 0.0};
    glm::dvec2 velocity{0.0, 0.0};
    double radius = 1.0;
    double mass = 1.0;  ///< +infinity makes the body immovable in a collision response

    /// p(t) = p + t v; a coordinate that does not move stays put at any t, infinite too (a contact
    /// time past the doubles gave fma(∞, 0, p) = NaN: a game-physics review)
    [[nodiscard]] glm::dvec2 position_at(double t) const {
        return {velocity.x == 0.0 ? position.x : std::fma(t, velocity.x, position.x),
                velocity.y == 0.0 ? position.y : std::fma(t, velocity.y, position.y)};
    }
    [[nodiscard]] bool immovable() const { return std::isinf(mass); }

    friend bool operator==(const Body&, const Body&) = default;
};

/// Why a body cannot be analysed, or nothing if it can: every coordinate finite, radius > 0
/// and finite, mass > 0 (infinity allowed). The message starts with `field_prefix`, which
/// names the body: "body B: " gives "body B: radius must be a finite number > 0, got -1",
/// "bodies[1]." gives "bodies[1].radius must be ...".
[[nodiscard]] std::optional<Error> check_body(const Body& body, std::string_view field_prefix);

}  // namespace tangent
