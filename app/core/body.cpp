#include "body.h"

#include <cmath>
#include <string>

#include "format.h"

namespace tangent {

std::optional<Error> check_body(const Body& body, std::string_view field_prefix) {
    const auto fail = [&](std::string_view what) { return Error{std::string(field_prefix) + std::string(what)}; };
    if (!std::isfinite(body.position.x) || !std::isfinite(body.position.y))
        return fail("position must be two finite numbers, got " + format_vec(body.position));
    if (!std::isfinite(body.velocity.x) || !std::isfinite(body.velocity.y))
        return fail("velocity must be two finite numbers, got " + format_vec(body.velocity));
    if (!(body.radius > 0.0) || !std::isfinite(body.radius))
        return fail("radius must be a finite number > 0, got " + format_number(body.radius));
    if (!(body.mass > 0.0))  // NaN fails here too; +inf is an immovable body
        return fail("mass must be > 0 (or infinite: immovable), got " + format_number(body.mass));
    return std::nullopt;
}

}  // namespace tangent
