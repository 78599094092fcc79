#include "motion.h"

#include <algorithm>

namespace tangent {

Motion::Motion(const Scene& scene, const Impact* impact, double relative_blend)
    : scene_(scene), impact_(impact), blend_(std::clamp(relative_blend, 0.0, 1.0)) {}

glm::dvec2 Motion::world_position(int i, double t) const {
    const Body& b = body(i);
    if (!impact_ || t <= impact_->time) return b.position_at(t);
    // p(t) = p(t_i) + (t - t_i)·v' after the impulse at t_i
    const glm::dvec2 at_impact = b.position_at(impact_->time);
    const glm::dvec2 v = i == 0 ? impact_->velocity_a_after : impact_->velocity_b_after;
    return at_impact + (t - impact_->time) * v;
}

glm::dvec2 Motion::world_velocity(int i, double t) const {
    // at the impact itself, the velocity after it: the moment J lands on shows where they go
    if (impact_ && t >= impact_->time) return i == 0 ? impact_->velocity_a_after : impact_->velocity_b_after;
    return body(i).velocity;
}

double Motion::radius(int i) const {
    return i == 0 ? body(0).radius + blend_ * body(1).radius : (1.0 - blend_) * body(1).radius;
}

}  // namespace tangent
