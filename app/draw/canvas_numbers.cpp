// The canvas's numbers (canvas_numbers.h): how they are written, and the steps they stand at.

#include "canvas_numbers.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>

#include "core/format.h"
#include "picture_internal.h"

namespace tangent {

std::string bare_exponent(std::string text) {
    const std::size_t e = text.find('e');
    if (e == std::string::npos) return text;
    std::size_t digits = e + 1;
    if (digits < text.size() && text[digits] == '+') text.erase(digits, 1);
    if (digits < text.size() && text[digits] == '-') ++digits;
    while (digits + 1 < text.size() && text[digits] == '0') text.erase(digits, 1);
    return text;
}

std::string short_number(double value) { return short_number(std::abs(value) < 5e-13 ? 0.0 : value, 4); }

std::string short_number(double value, int digits) {
    if (!std::isfinite(value)) return value > 0 ? "∞" : value < 0 ? "-∞" : "?";
    char text[48];
    std::snprintf(text, sizeof text, "%.*g", digits, value == 0.0 ? 0.0 : value);
    // from 10^digits to a million, to the unit and without exponent, as the time ticks' 9000
    // before them ("9000", then "1e4" and "1.1e4"); rounded to `digits` and written out, 12341
    // would read "12340", a digit that is not the value's
    const double rounded = std::strtod(text, nullptr);
    if (std::strchr(text, 'e') != nullptr && std::abs(rounded) >= 1.0 && std::abs(rounded) < 1e6) {
        std::snprintf(text, sizeof text, "%.0f", value);
        return text;
    }
    // a value rounded to a whole number keeps its zeros: "8.000" for 7.9996, where "8" reads as
    // exactly 8 beside the panel's 7.9996
    // Where the digits all stand before the point there are no zeros to keep: one digit more
    // (1003.46 reads "1003.5", not "1003." with a point a copy-editor takes for a typo), and
    // rounded whole even so (9999.96), the whole number without a point
    if (rounded != value && std::strpbrk(text, ".e") == nullptr) {
        std::snprintf(text, sizeof text, "%#.*g", digits, value);
        if (text[std::strlen(text) - 1] == '.') std::snprintf(text, sizeof text, "%#.*g", std::min(digits + 1, 17), value);
        const std::size_t length = std::strlen(text);
        if (text[length - 1] == '.') text[length - 1] = '\0';
    }
    return bare_exponent(text);
}

std::string short_number_beside(double value, double size) { return short_number(std::abs(value) < 5e-13 * size ? 0.0 : value, 4); }

std::string time_number(double t, int digits, double scale) {
    return short_number(std::abs(t) <= 1e-12 * scale ? 0.0 : t, digits);
}

double time_scale(const Scene& scene, const Encounter& e) {
    double scale = scene.time.horizon;
    for (const std::optional<double>& t : {e.t_enter, e.t_exit, e.t_closest})
        if (t && std::isfinite(*t)) scale = std::max(scale, std::abs(*t));
    return scale;
}

double closest_time_scale(const Encounter& e) {
    const double speed = std::hypot(e.relative_velocity.x, e.relative_velocity.y);
    const double passing = speed > 0.0 ? std::hypot(e.relative_position.x, e.relative_position.y) / speed : 0.0;
    const double scale = std::max(std::abs(e.t_closest.value_or(0.0)), std::isfinite(passing) ? passing : 0.0);
    return std::isfinite(scale) ? scale : 0.0;
}

int contact_time_digits(const Encounter& e) {
    if (!e.t_enter || !e.t_exit) return 4;
    return digits_apart({*e.t_enter, *e.t_exit, e.t_closest.value_or(*e.t_enter)}, 4);
}

std::pair<std::string, std::string> telling_apart(double x, double y) {
    // (a hair off 0 is 0 beside the other number's size, not below 5e-13 absolutely: at lengths of
    // 1e-200 "|pB − pA| = 0 ≤ R = 3e-200" read as an overlap: a robustness review)
    return telling_apart(x, y, std::max(std::abs(x), std::abs(y)));
}

std::pair<std::string, std::string> telling_apart(double x, double y, double size) {
    // "closest 2 > R = 2" under a MISS 1e-9 wide: as many digits as it takes to see the gap
    // (told apart by what they read as: "2.000" and "2" are one number)
    const auto shown = [&](double v) { return short_number_beside(v, size); };
    std::pair<std::string, std::string> out{shown(x), shown(y)};
    const bool read_apart = std::strtod(out.first.c_str(), nullptr) != std::strtod(out.second.c_str(), nullptr);
    return read_apart || x == y ? out : format_apart(x, y, 5);
}

// A grid line's number with the digits that tell it from its neighbours `spacing` apart, written
// alike on every line of an axis whose numbers reach `largest` in size: fixed decimals below a
// million (2.775, 2.780, 2.785: with four significant digits 12.3 would stand under both 12.30
// and 12.305), powers of ten with the same digits beyond (9.0e+05, 1.0e+06, 1.1e+06)
// and for steps under 1e-12 (2.0e-20, 4.0e-20), or under 1e-5 on an axis reaching under 1e-3.
// Zero within a millionth of a step is 0 (k·step can land a hair off it).
std::string grid_number(double value, double spacing, double largest, double largest_both, double whole_below) {
    if (!std::isfinite(value)) return short_number(value);
    if (std::abs(value) < spacing * 1e-6) return "0";
    const int step_digit = static_cast<int>(std::floor(std::log10(spacing) + 1e-9));  // 10^step_digit <= spacing
    char text[40];
    // whole numbers stay whole up to a billion: "999998" and "1000002", not 9.999980e+05 (and an
    // axis reaching 1e6 would write "5.0e+05" where the other, shorter one writes "500000")
    // (and powers of ten for steps under 1e-12: at a zoom of 1e20 every number would read
    // "0.00000000000000000", the step past the 17 decimals)
    // (but numbers all under a thousandth with steps under 1e-5, a scene 1e-11 across, as powers
    // of ten: "0.000000000005" beside the figure's "5 × 10^−12": an author's review)
    const bool tiny = largest < 1e-3 && step_digit < -5;
    if ((largest < std::min(1e6, whole_below) && step_digit >= -12 && !tiny) || (step_digit >= 0 && largest < whole_below)) {
        std::snprintf(text, sizeof text, "%.*f", std::clamp(-step_digit, 0, 17), value);
        return text;
    }
    // as many digits on both axes: from the larger reach of the two (per axis, x read "2e-20"
    // beside y's "1.8e-19" at a zoom of 1e20, where y reached further)
    // (only where the other reaches at most a power of ten further: an axis near 0 beside one at
    // 1e-10 would write "1.0000000000e-20")
    const int own = static_cast<int>(std::floor(std::log10(largest) + 1e-9));
    const int both = static_cast<int>(std::floor(std::log10(std::max(largest, largest_both)) + 1e-9));
    const int leading = both - own <= 1 ? both : own;
    std::snprintf(text, sizeof text, "%.*e", std::clamp(leading - step_digit, 0, 16), value);
    return bare_exponent(text);
}

double nice_step(double at_least) {
    if (!(at_least > 0.0) || !std::isfinite(at_least)) return 1.0;
    const double power = std::pow(10.0, std::floor(std::log10(at_least)));
    for (double m : {1.0, 2.0, 5.0, 10.0})
        if (m * power >= at_least) return m * power;
    return 10.0 * power;
}

double grid_step(const View& view, float scale) {
    const double step = nice_step(90.0 * scale / view.pixels_per_unit);
    // A figure 8 cm wide (485 × 303) had one numbered line in all: steps of 10 for a scene ±8
    // tall (an author's review). Three steps across the shorter side where the numbers have
    // room, 45 px apart; the step is then the largest 1, 2 or 5 under a third of that side.
    const double across = std::min(view.size_px.x, view.size_px.y) / view.pixels_per_unit;
    if (!(across / step < 3.0)) return step;
    const double closest = nice_step(45.0 * scale / view.pixels_per_unit);
    double fits = closest;
    for (double s = closest; s < step && across / s >= 3.0; s = nice_step(s * 1.5)) fits = s;
    return fits;
}

}  // namespace tangent
