#pragma once
// Numbers as people read them in messages: the shortest text that reads back to the same double.

#include <string>

#include <glm/vec2.hpp>

namespace tangent {

/// Shortest round-trip form: 0.1 prints as "0.1", 1e-300 as "1e-300", NaN as "nan".
[[nodiscard]] std::string format_number(double value);

/// "[x, y]" with format_number for each part.
[[nodiscard]] std::string format_vec(glm::dvec2 value);

/// Exactly 17 significant digits (printf "%.17g"): enough to read back every double.
[[nodiscard]] std::string format_number_17(double value);

}  // namespace tangent
