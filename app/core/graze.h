#pragma once
// A construction for the classroom: turn B's velocity (relative to A) onto a tangent of the
// circle of radius R = rA + rB around A, so that the closest approach is exactly R: D = 0.

#include <glm/vec2.hpp>

#include "body.h"
#include "result.h"

namespace tangent {

/// The velocity for B that makes the pair graze in the future, keeping the relative speed |Δv|
/// and turning Δv by the smaller angle onto one of the two tangents from B's centre to the
/// circle of radius R around A. Errors: the bodies overlap now (no tangent from inside), or B
/// does not move relative to A.
[[nodiscard]] Result<glm::dvec2> grazing_velocity(const Body& body_a, const Body& body_b);

}  // namespace tangent
