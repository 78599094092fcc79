#include "format.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace tangent {

std::string format_significant(double value, int digits) {
    std::array<char, 40> buffer{};
    const int n = std::snprintf(buffer.data(), buffer.size(), "%.*g", digits, value == 0.0 ? 0.0 : value);
    return std::string(buffer.data(), static_cast<std::size_t>(n));
}

std::string share_percent(double share) {
    if (!(share > 0.0)) return "0%";
    if (share >= 1.0) return "100%";
    const double tenths = std::round(1000.0 * share);
    if (tenths < 1.0) return "under 0.1%";
    if (tenths > 999.0) return "over 99.9%";
    std::array<char, 16> buffer{};
    std::snprintf(buffer.data(), buffer.size(), "%.1f%%", tenths / 10.0);
    return buffer.data();
}

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

std::string utf8_elided(std::string_view text, std::size_t head, std::size_t tail) {
    if (utf8_length(text) <= head + tail) return std::string(text);
    // the start of the last `tail` characters, from the end
    std::size_t from = text.size();
    for (std::size_t seen = 0; from > 0 && seen < tail;)
        if (starts_utf8_character(text[--from])) ++seen;
    return utf8_prefix(text, head) + " \u2026 " + std::string(text.substr(from));
}

std::pair<std::string, std::string> format_apart(double x, double y, int digits) {
    std::pair<std::string, std::string> out{format_significant(x, digits), format_significant(y, digits)};
    for (int d = digits + 1; out.first == out.second && x != y && d <= 17; ++d) out = {format_significant(x, d), format_significant(y, d)};
    return out;
}

int digits_apart(std::initializer_list<double> values, int digits) {
    const auto alike = [&](int d) {
        for (auto x = values.begin(); x != values.end(); ++x)
            for (auto y = x + 1; y != values.end(); ++y)
                if (*x != *y && format_significant(*x, d) == format_significant(*y, d)) return true;
        return false;
    };
    while (digits < 17 && alike(digits)) ++digits;
    return digits;
}

std::string format_at_most(double value, int digits) {
    std::string text = format_significant(value, digits);
    const double nearest = std::strtod(text.c_str(), nullptr);
    if (!std::isfinite(value) || nearest <= value) return text;
    // rounded up: one unit less in the last of `digits` digits. The nearest is M·10^(E - digits + 1)
    // with |M| of `digits` digits; M - 1 below 10^(digits-1) (1000 → 999) takes the exponent one down.
    std::array<char, 40> buffer{};
    // (the value's own digits, rounded as the nearest's were: the nearest itself may have
    // overflowed to inf, or underflowed onto the subnormals' coarser grid)
    std::snprintf(buffer.data(), buffer.size(), "%.*e", digits - 1, value);
    const char* exponent_at = std::strchr(buffer.data(), 'e');
    if (exponent_at == nullptr) return text;
    int exponent = std::atoi(exponent_at + 1) - (digits - 1);
    std::string mantissa(static_cast<const char*>(buffer.data()), exponent_at);
    mantissa.erase(std::remove(mantissa.begin(), mantissa.end(), '.'), mantissa.end());
    long long units = std::stoll(mantissa) - 1;  // towards -inf; |mantissa| < 10^15
    long long smallest = 1;
    for (int k = 1; k < digits; ++k) smallest *= 10;
    if (units >= 0 && units < smallest) {
        units = smallest * 10 - 1;
        --exponent;
    }
    std::snprintf(buffer.data(), buffer.size(), "%lldE%d", units, exponent);
    return format_significant(std::strtod(buffer.data(), nullptr), digits);
}

std::string format_number_17(double value) {
    std::array<char, 40> buffer{};
    const int n = std::snprintf(buffer.data(), buffer.size(), "%.17g", value);
    return std::string(buffer.data(), static_cast<std::size_t>(n));
}

std::string json_quoted(std::string_view text) {
    std::string quoted = "\"";
    for (const char ch : text) {
        if (ch == '"' || ch == '\\') {
            quoted += '\\';
            quoted += ch;
        } else if (static_cast<unsigned char>(ch) < 0x20) {
            char escape[8];
            std::snprintf(escape, sizeof escape, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(ch)));
            quoted += escape;
        } else {
            quoted += ch;
        }
    }
    return quoted + "\"";
}

std::string time_readout(double t, double horizon) {
    // (significant digits past 1e5: at t = 1e308 the fixed form would run 309 digits under the
    // panel; a scene lasting 1e-19 read "t = 0.000" throughout)
    const int scale = horizon > 0.0 && std::isfinite(horizon) ? static_cast<int>(std::floor(std::log10(horizon))) : 0;
    const int decimals = 3 + std::max(0, -scale);
    // (a contact at t = 0.0002 jumped to read "t = 0.000" where the badge said 0.0002, and the
    // moment before it "-0.000": a mathematics teacher's review)
    const bool rounds_to_zero = t != 0.0 && std::abs(t) < 0.5 * std::pow(10.0, -decimals);
    char text[48];
    if (std::abs(t) < 1e5 && decimals <= 7 && !rounds_to_zero) {
        std::snprintf(text, sizeof text, "t = %.*f", decimals, t + 0.0);
    } else {
        std::snprintf(text, sizeof text, rounds_to_zero ? "t = %.4g" : "t = %.6g", t + 0.0);
    }
    return text;
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
    // (short words: the plain table is fine)
    std::vector<std::size_t> row(b.size() + 1);
    for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
        std::size_t diagonal = row[0];
        row[0] = i;
        for (std::size_t j = 1; j <= b.size(); ++j) {
            const std::size_t above = row[j];
            row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
            diagonal = above;
        }
    }
    return row[b.size()];
}

}  // namespace tangent
