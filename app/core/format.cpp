#include "format.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace tangent {

std::string format_number(double value) {
    if (std::isnan(value)) return "nan";
    if (std::isinf(value)) return value > 0 ? "inf" : "-inf";
    std::array<char, 32> buffer{};
    const auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), value);
    return ec == std::errc{} ? std::string(buffer.data(), end) : std::string("?");
}

std::string format_vec(glm::dvec2 value) {
    return "[" + format_number(value.x) + ", " + format_number(value.y) + "]";
}

std::string format_number_17(double value) {
    std::array<char, 40> buffer{};
    const int n = std::snprintf(buffer.data(), buffer.size(), "%.17g", value);
    return std::string(buffer.data(), static_cast<std::size_t>(n));
}

}  // namespace tangent
