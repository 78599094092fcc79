#pragma once
// Where the picture puts the bodies at time t: along their straight paths, turned at the impact
// when the collision response is on, and seen from the world or from A (the relative frame:
// every point at time t shifted by A's position then, A grown to radius R = rA + rB and B shrunk
// to a point), or anywhere between the two while the view animates.

#include <optional>

#include <glm/vec2.hpp>

#include "core/response.h"
#include "scene/scene.h"

namespace tangent {

class Motion {
public:
    /// `impact` applies from its time on (when the response is on and there is one);
    /// `relative_blend` is 0 for the world frame, 1 for A's frame.
    Motion(const Scene& scene, const Impact* impact, double relative_blend);

    /// In the world, with the response.
    [[nodiscard]] glm::dvec2 world_position(int body, double t) const;
    [[nodiscard]] glm::dvec2 world_velocity(int body, double t) const;

    /// In the frame shown: p − s·pA(t).
    [[nodiscard]] glm::dvec2 place(glm::dvec2 world_point, double t) const { return world_point - blend_ * world_position(0, t); }
    [[nodiscard]] glm::dvec2 position(int body, double t) const { return place(world_position(body, t), t); }
    /// v − s·vA(t)
    [[nodiscard]] glm::dvec2 velocity(int body, double t) const { return world_velocity(body, t) - blend_ * world_velocity(0, t); }
    /// The velocity arrow as drawn from the body's centre: v·Scene::arrow_time() in the frame shown.
    [[nodiscard]] glm::dvec2 arrow(int body, double t) const { return velocity(body, t) * scene_.arrow_time(); }
    /// A: rA + s·rB; B: (1 - s)·rB.
    [[nodiscard]] double radius(int body) const;

    [[nodiscard]] std::optional<double> impact_time() const { return impact_ ? std::optional(impact_->time) : std::nullopt; }
    [[nodiscard]] double blend() const { return blend_; }

private:
    const Scene& scene_;
    const Impact* impact_;
    double blend_;
    [[nodiscard]] const Body& body(int i) const { return scene_.bodies[static_cast<std::size_t>(i)].body; }
};

}  // namespace tangent
