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

int round_trip_digits(double value) {
    if (value == 0.0 || !std::isfinite(value)) return 1;
    std::array<char, 40> buffer{};
    const auto [end, ec] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), std::abs(value), std::chars_format::scientific);
    if (ec != std::errc{}) return 17;
    int digits = 0;
    for (const char* c = buffer.data(); c != end && *c != 'e'; ++c) digits += *c >= '0' && *c <= '9';
    return digits;
}

std::string format_vec(glm::dvec2 value) {
    return "[" + format_number(value.x) + ", " + format_number(value.y) + "]";
}

std::size_t utf8_length(std::string_view text) {
    std::size_t characters = 0;
    for (const char byte : text) characters += starts_utf8_character(byte) ? 1 : 0;
    return characters;
}

std::string utf8_prefix(std::string_view text, std::size_t characters) {
    std::size_t seen = 0;
    for (std::size_t at = 0; at < text.size(); ++at)
        if (starts_utf8_character(text[at]) && ++seen > characters) return std::string(text.substr(0, at));
    return std::string(text);
}

std::pair<std::string, std::string> format_apart(double x, double y, int digits) {
    const auto form = [](double value, int d) {
        std::array<char, 40> buffer{};
        const int n = std::snprintf(buffer.data(), buffer.size(), "%.*g", d, value == 0.0 ? 0.0 : value);
        return std::string(buffer.data(), static_cast<std::size_t>(n));
    };
    std::pair<std::string, std::string> out{form(x, digits), form(y, digits)};
    for (int d = digits + 1; out.first == out.second && x != y && d <= 17; ++d) out = {form(x, d), form(y, d)};
    return out;
}

std::string format_number_17(double value) {
    std::array<char, 40> buffer{};
    const int n = std::snprintf(buffer.data(), buffer.size(), "%.17g", value);
    return std::string(buffer.data(), static_cast<std::size_t>(n));
}

}  // namespace tangent
