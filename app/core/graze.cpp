#include "graze.h"

#include <cmath>
#include <limits>

#include <glm/geometric.hpp>

#include "encounter.h"

namespace tangent {

Result<glm::dvec2> grazing_velocity(const Body& body_a, const Body& body_b) {
    if (auto error = check_body(body_a, "body A: ")) return *error;
    if (auto error = check_body(body_b, "body B: ")) return *error;
    const glm::dvec2 dp = body_b.position - body_a.position;
    const glm::dvec2 dv = body_b.velocity - body_a.velocity;
    const double distance = glm::length(dp);
    const double radius = body_a.radius + body_b.radius;
    const double speed = glm::length(dv);
    if (!(distance > radius)) return Error{"the circles overlap now: there is no graze to aim for from inside"};
    if (!(speed > 0.0)) return Error{"B does not move relative to A (their velocities are equal): give B a velocity different from A's first"};

    // from B's centre, the tangents to the circle |x| = R make an angle asin(R/|Δp|) with -Δp
    const glm::dvec2 towards = -dp / distance;
    const double sine = radius / distance;
    const double cosine = std::sqrt((1.0 - sine) * (1.0 + sine));
    const glm::dvec2 left{towards.x * cosine - towards.y * sine, towards.x * sine + towards.y * cosine};
    const glm::dvec2 right{towards.x * cosine + towards.y * sine, -towards.x * sine + towards.y * cosine};
    // the tangent nearer the current direction of Δv (the larger cosine between them)
    const glm::dvec2 direction = glm::dot(left, dv) >= glm::dot(right, dv) ? left : right;
    const glm::dvec2 velocity = body_a.velocity + speed * direction;

    const auto grazes = [&](glm::dvec2 v) {
        Body grazing = body_b;
        grazing.velocity = v;
        const Result<Encounter> check = analyze(body_a, grazing);
        return check.ok() && check->discriminant_sign == DiscriminantSign::Zero;
    };
    if (!grazes(velocity)) return Error{"cannot reach a graze to within the tolerance here (A moves too fast relative to Δv)"};
    // a component that is rounding beside the speed (-2.8e-17 beside 1) is 0, where that still
    // grazes: else the field shows "-2.7757e-17…" for a tangent along x
    glm::dvec2 clean = velocity;
    const double noise = 8.0 * std::numeric_limits<double>::epsilon() * (speed + glm::length(body_a.velocity));
    for (int k = 0; k < 2; ++k)
        if (std::abs(clean[k]) < noise) clean[k] = 0.0;
    return clean != velocity && grazes(clean) ? clean : velocity;
}

}  // namespace tangent
