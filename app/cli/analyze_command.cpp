#include "analyze_command.h"

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ostream>
#include <sstream>

#include "core/format.h"
#include "teach/derivation.h"
#include "scene/scene_file.h"
#include "terminal_text.h"

namespace tangent::cli {

namespace {

// 17 significant digits; null for a value that does not exist or overflowed the double range.
std::string json_number(std::optional<double> value) {
    if (!value || !std::isfinite(*value)) return "null";
    return format_number_17(*value == 0.0 ? 0.0 : *value);
}

std::string json_vec(std::optional<glm::dvec2> value) {
    if (!value) return "null";
    return "[" + json_number(value->x) + ", " + json_number(value->y) + "]";
}

// Readable numbers for the summary: ten significant digits are plenty to follow the steps.
std::string num(double value) {
    if (std::isinf(value)) return value > 0 ? "+inf (beyond the range of a double)" : "-inf (beyond the range of a double)";
    if (!std::isfinite(value)) return format_number(value);
    char text[32];
    std::snprintf(text, sizeof text, "%.10g", value == 0.0 ? 0.0 : value);
    return text;
}

std::string vec(glm::dvec2 v) { return "(" + num(v.x) + ", " + num(v.y) + ")"; }

// How many significant digits a, b and c need for b² − 4ac, redone from them as printed, to come
// within a millionth of D (ten at least, 17 at most): a pass 1e-9 R outside a graze printed
// "a = 4, b = -40, c = 100, D = -6.4e-08", whose b² − 4ac is 0 (an author's review); c is
// 100.000000004. Nothing where even 17 digits do not (D cancels beyond the doubles a, b and c).
std::optional<int> coefficient_digits(const Encounter& e) {
    if (!std::isfinite(e.a) || !std::isfinite(e.b) || !std::isfinite(e.c) || !std::isfinite(e.discriminant)) return 10;
    for (int digits = 10; digits <= 17; ++digits) {
        const auto printed = [&](double x) {
            char text[40];
            std::snprintf(text, sizeof text, "%.*g", digits, x);
            return static_cast<__float128>(std::strtod(text, nullptr));
        };
        const __float128 a = printed(e.a), b = printed(e.b), c = printed(e.c);
        const __float128 d = b * b - 4 * a * c;  // exact for doubles of ordinary size: 106 bits of 113
        const __float128 off = d - static_cast<__float128>(e.discriminant);
        if ((off < 0 ? -off : off) <= 1e-6 * std::abs(e.discriminant)) return digits;
    }
    return std::nullopt;
}

// A contact's time as num() writes it, with more digits where ten would write two of t_enter,
// t_closest and t_exit alike ("they first touch at t = 131532689.4 (and would part at t =
// 131532689.4", and "first touch at t = 99.9999999999998 … would part at t = 100" beside a
// closest approach at t = 100).
std::string contact_time(const Encounter& e, double t) {
    if (!std::isfinite(t) || !e.t_enter || !e.t_exit || !e.t_closest) return num(t);
    return format_significant(t, digits_apart({*e.t_enter, *e.t_closest, *e.t_exit, t}, 10));
}

// A value too small for a double, printed 0, said to be no 0 (as the summary says of a, b, c and D).
constexpr const char* kBelowRange = " (not 0, but below the range of a double)";

enum class TimeOf { Enter, Exit, Closest };

// kBelowRange where t_enter, t_exit or t_closest reads 0 though it is not (lengths near 1e-200
// meeting at 1e200 a second touch near t = 1e-399), decided by the exact predicates, not by the
// rounded times: t_closest is 0 exactly when the centres neither approach nor part now, and a root
// when the circles touch now (c = 0: in contact, not overlapping), t_enter approaching, t_exit parting.
std::string below_range(const Encounter& e, TimeOf which) {
    const std::optional<double>& t = which == TimeOf::Enter ? e.t_enter : which == TimeOf::Exit ? e.t_exit : e.t_closest;
    if (!t || *t != 0.0) return {};
    const int parting = e.separating_at(0.0);
    bool zero = false;
    if (which == TimeOf::Closest) {
        zero = parting == 0;
    } else {
        const bool touching_now = e.overlaps_at(0.0) && e.kind != Case::Overlapping;
        zero = touching_now && (which == TimeOf::Enter ? parting <= 0 : parting >= 0);
    }
    return zero ? std::string() : kBelowRange;
}

// contact_time() of t_enter, t_exit or t_closest, with kBelowRange where it reads 0 but is not.
std::string time_of(const Encounter& e, TimeOf which) {
    const std::optional<double>& t = which == TimeOf::Enter ? e.t_enter : which == TimeOf::Exit ? e.t_exit : e.t_closest;
    return contact_time(e, *t) + below_range(e, which);
}

// A computed vector for the summary. Its components are good to about 1e-12 of `scale` (at least
// the vector's length), not each to 1e-12 of itself: a component below that is shown as 0, as
// rounding ("(2.220446049e-16, 0.6)" for a contact on the y-axis), and a small one with only the
// digits above that level (a normal's "2.666666334e-10" beside 1 is wrong from its 7th digit; it
// reads "2.7e-10"). The JSON keeps every digit.
std::string computed_vec(glm::dvec2 v, double scale) {
    scale = std::max(std::hypot(v.x, v.y), scale);
    // a scale beyond a double (R = rA + rB for radii near 1e308) says nothing of the rounding:
    // the components' own (else at ±1e308 every position would read "(0, 0)")
    if (!std::isfinite(scale)) scale = std::max(std::abs(v.x), std::abs(v.y));
    const double tiny = 1e-12 * scale;
    const auto shown = [&](double x) {
        if (std::abs(x) < tiny || x == 0.0) return num(0.0);  // (and no log10(0): a momentum of (0, 0))
        if (!std::isfinite(x) || !std::isfinite(scale)) return num(x);
        // the digits down to 1e-11 of the scale (ten at most), so that the error, 1e-12 of the
        // scale, stays below a tenth of the last digit (down to 1e-10, the normal's 2.666666591e-10
        // read "3e-10", 12% off the truth it is within 1e-16 of: a mathematics teacher's review)
        const int below = static_cast<int>(std::floor(std::log10(scale))) - static_cast<int>(std::floor(std::log10(std::abs(x))));
        const int digits = std::clamp(12 - below, 1, 10);
        char text[40];
        std::snprintf(text, sizeof text, "%.*g", digits, x);
        return std::string(text);
    };
    return "(" + shown(v.x) + ", " + shown(v.y) + ")";
}

std::string upper(std::string_view text) {
    std::string result(text);
    for (char& ch : result) ch = static_cast<char>(ch >= 'a' && ch <= 'z' ? ch - 'a' + 'A' : ch);
    return result;
}

// The bounce at first contact as the window's Bounce panel gives it: the impulse, the velocities,
// momentum and kinetic energy before and after.
std::string bounce_summary(const Encounter& e, const Bounce& bounce) {
    std::ostringstream out;
    // e as typed, to its last digit: 0.99999999999 at ten digits would read "e = 1", an elastic
    // bounce, beside the energy it loses
    out << "\nBounce at " << (e.kind == Case::Overlapping ? "t = 0 (overlapping now)" : "first contact")
        << ", restitution e = " << format_number(bounce.restitution) << ":";
    if (!bounce.impact) {
        out << " none, " << bounce.why_none << ".\n";
        return out.str();
    }
    const Impact& i = *bounce.impact;
    const bool finite = std::isfinite(i.momentum_before.x) && std::isfinite(i.momentum_before.y) &&
                        std::isfinite(i.momentum_after.x) && std::isfinite(i.momentum_after.y);
    // the scale of a velocity's rounding: the larger speed before or after
    const double speed = std::max({std::hypot(e.body_a.velocity.x, e.body_a.velocity.y), std::hypot(e.body_b.velocity.x, e.body_b.velocity.y),
                                   std::hypot(i.velocity_a_after.x, i.velocity_a_after.y), std::hypot(i.velocity_b_after.x, i.velocity_b_after.y)});
    const double speed_after = i.normal_speed_after_shown();
    out << " at t = " << contact_time(e, i.time)
        << (e.kind != Case::Overlapping && e.t_enter && i.time == *e.t_enter ? below_range(e, TimeOf::Enter) : std::string())
        << ", along the normal n = " << computed_vec(i.normal, 1.0) << "\n";
    if (!i.approaching) {
        // (a closing too slow for the velocities to show an impulse is said as such, not as a graze:
        // a QA recheck found "Δv·n = -2: … not approaching (a graze slides past)" beside a HIT)
        out << "  Δv·n = " << num(i.normal_speed_before)
            << (i.normal_speed_before < 0.0 && e.kind != Case::Graze
                    ? ": closing, but so slowly beside their speeds that an impulse would be lost in the velocities' rounding, "
                      "so none acts.\n"
                    : ": they are not approaching along n (a graze slides past), so no impulse acts.\n");
    } else {
        out << "  impulse j = -(1 + e)(Δv·n) / (1/mA + 1/mB) = " << num(i.impulse) << " with Δv·n = " << num(i.normal_speed_before)
            << (e.body_a.immovable() ? ": B takes +j n (A is immovable)\n"
                : e.body_b.immovable() ? ": A takes -j n (B is immovable)\n"
                                       : ": B takes +j n, A takes -j n\n")
            << "  Δv·n after = -e·(Δv·n) = " << num(speed_after) << "\n";
    }
    // a velocity changed by a few ulps (a catch at 4e15 closing at 2) read "(4e+15, 0) -> (4e+15, 0)":
    // where the change does not show in ten digits, all seventeen (a QA recheck)
    const auto before_after = [&](glm::dvec2 before, glm::dvec2 after) {
        std::string from = vec(before), to = computed_vec(after, speed);
        if (from == to && before != after) {
            const auto full = [](glm::dvec2 v) { return "(" + format_number(v.x) + ", " + format_number(v.y) + ")"; };
            from = full(before);
            to = full(after);
        }
        return from + "  ->  " + to;
    };
    out << "  vA  " << before_after(e.body_a.velocity, i.velocity_a_after) << "\n"
        << "  vB  " << before_after(e.body_b.velocity, i.velocity_b_after) << "\n";
    const bool fixed = e.body_a.immovable() || e.body_b.immovable();
    if (finite) {
        const double momentum = std::max(std::hypot(i.momentum_before.x, i.momentum_before.y), std::hypot(i.momentum_after.x, i.momentum_after.y));
        out << "  momentum" << (fixed ? " (of the movable body)" : "") << "  " << computed_vec(i.momentum_before, momentum) << "  ->  "
            << computed_vec(i.momentum_after, momentum) << "\n";
    } else {
        out << "  momentum: beyond the range of a double at these masses\n";
    }
    const double lost = i.energy_lost();
    if (!std::isfinite(lost) || !std::isfinite(i.kinetic_energy_before)) {
        out << "  kinetic energy: beyond the range of a double at these masses\n";
    } else {
        out << "  kinetic energy" << (fixed ? " (in the immovable body's frame)" : "") << "  " << num(i.kinetic_energy_before) << "  ->  "
            << num(i.kinetic_energy_after);
        if (i.energy_kept()) {
            out << "  (kept)\n";
        } else {
            out << "  (lost " << num(lost) << ", " << share_percent(i.energy_lost_share()) << ")\n";
        }
    }
    return out.str();
}

}  // namespace

Bounce bounce_of(const Encounter& encounter, double restitution) {
    Bounce bounce;
    bounce.restitution = restitution;
    Result<Impact> impact = respond(encounter, restitution);
    if (impact) {
        bounce.impact = std::move(impact).value();
    } else {
        bounce.why_none = impact.error().message;
    }
    return bounce;
}

// The frame the kinetic energies are taken in: an immovable body's that moves (a or b), else
// the world's (a physics lecturer's review: the momenta were the ground's and the energies A's,
// and a script reading the JSON could not tell).
std::string energy_frame(const Encounter& e) {
    const auto moving_fixed = [](const Body& body) { return body.immovable() && body.velocity != glm::dvec2(0.0); };
    return moving_fixed(e.body_a) ? "a" : moving_fixed(e.body_b) ? "b" : "world";
}

std::string encounter_json(const Encounter& e, const std::optional<SamplingResult>& sampling, const std::optional<Bounce>& bounce) {
    std::ostringstream out;
    const std::optional<glm::dvec2> point = e.contact ? std::optional(e.contact->point) : std::nullopt;
    const std::optional<glm::dvec2> normal = e.contact ? std::optional(e.contact->normal) : std::nullopt;
    out << "{\n"
        << "  \"a\": " << json_number(e.a) << ",\n"
        << "  \"b\": " << json_number(e.b) << ",\n"
        << "  \"c\": " << json_number(e.c) << ",\n"
        << "  \"discriminant\": " << json_number(e.discriminant) << ",\n"
        // the case's reading of D: "D = 0" for a graze to the tolerance beside a D of 6.7e-17, and
        // "a = 0" where D = 0 only because every term is (the panel's "none (a = 0)": a teacher's review)
        << "  \"discriminant_sign\": \"" << to_string(e.discriminant_sign) << "\",\n"
        << "  \"case\": \"" << to_string(e.kind) << "\",\n"
        << "  \"t_closest\": " << json_number(e.t_closest) << ",\n"
        << "  \"min_distance\": " << json_number(e.min_distance) << ",\n"
        << "  \"t_enter\": " << json_number(e.t_enter) << ",\n"
        << "  \"t_exit\": " << json_number(e.t_exit) << ",\n"
        << "  \"contact_point\": " << json_vec(point) << ",\n"
        << "  \"contact_normal\": " << json_vec(normal);
    if (sampling) {
        const SamplingResult& s = *sampling;
        out << ",\n  \"discrete\": {\n"
            << "    \"dt\": " << json_number(s.input.dt) << ",\n"
            << "    \"phase\": " << json_number(s.input.phase) << ",\n"
            << "    \"horizon\": " << json_number(s.input.horizon) << ",\n"
            << "    \"detected\": " << (s.detected ? "true" : "false") << ",\n"
            << "    \"first_detect_t\": " << json_number(s.first_detect_t) << ",\n"
            << "    \"missed\": " << (s.missed ? "true" : "false") << ",\n"
            << "    \"max_safe_dt\": " << json_number(s.max_safe_dt) << "\n"
            << "  }";
    }
    if (bounce) {
        const std::optional<Impact>& i = bounce->impact;
        const auto number = [&](double Impact::*field) { return json_number(i ? std::optional(*i.*field) : std::nullopt); };
        const auto vector = [&](glm::dvec2 Impact::*field) { return json_vec(i ? std::optional(*i.*field) : std::nullopt); };
        out << ",\n  \"response\": {\n"
            << "    \"restitution\": " << json_number(bounce->restitution) << ",\n"
            << "    \"time\": " << number(&Impact::time) << ",\n"
            << "    \"normal\": " << vector(&Impact::normal) << ",\n"
            << "    \"normal_speed_before\": " << number(&Impact::normal_speed_before) << ",\n"
            << "    \"normal_speed_after\": " << number(&Impact::normal_speed_after) << ",\n"
            << "    \"impulse\": " << number(&Impact::impulse) << ",\n"
            << "    \"velocity_a_after\": " << vector(&Impact::velocity_a_after) << ",\n"
            << "    \"velocity_b_after\": " << vector(&Impact::velocity_b_after) << ",\n"
            << "    \"momentum_before\": " << vector(&Impact::momentum_before) << ",\n"
            << "    \"momentum_after\": " << vector(&Impact::momentum_after) << ",\n"
            << "    \"kinetic_energy_before\": " << number(&Impact::kinetic_energy_before) << ",\n"
            << "    \"kinetic_energy_after\": " << number(&Impact::kinetic_energy_after) << ",\n"
            << "    \"kinetic_energy_lost\": " << number(&Impact::kinetic_energy_lost) << ",\n"
            << "    \"energy_frame\": " << (i ? "\"" + energy_frame(e) + "\"" : std::string("null")) << ",\n"
            << "    \"none_because\": " << (i ? std::string("null") : json_quoted(bounce->why_none)) << "\n"
            << "  }";
    }
    out << "\n}\n";
    return out.str();
}

std::string encounter_summary(const Encounter& e, const std::optional<SamplingResult>& sampling, const std::array<std::string, 2>& names,
                              const std::optional<Bounce>& bounce) {
    std::ostringstream out;
    const Body& a = e.body_a;
    const Body& b = e.body_b;
    // a scene's own labels beside the letters the formulas use ("A (Cue)": the figures say Cue)
    const auto named = [&](int i, const char* letter) {
        const std::string& name = names[static_cast<std::size_t>(i)];
        return name.empty() || name == letter ? std::string(letter) : std::string(letter) + " (" + terminal_text(name) + ")";
    };
    // with the bounce on, a time after its impulse is of the paths without it: the closest
    // approach 1.5 apart beside R = 2.5 read as the bounced motion's (a game-physics review)
    const auto after_the_bounce = [&](double t) {
        return bounce && bounce->impact && bounce->impact->approaching && t > bounce->impact->time;
    };
    // the masses matter only to the bounce
    const auto mass = [&](const Body& body) {
        if (!bounce) return std::string();
        return body.immovable() ? std::string("  immovable") : "  mass " + num(body.mass);
    };
    out << "  " << named(0, "A") << "  position " << vec(a.position) << "  velocity " << vec(a.velocity) << "  radius " << num(a.radius) << mass(a) << "\n"
        << "  " << named(1, "B") << "  position " << vec(b.position) << "  velocity " << vec(b.velocity) << "  radius " << num(b.radius) << mass(b) << "\n\n"
        << "B as seen from A:\n"
        << "  Δp = pB - pA = " << vec(e.relative_position) << "\n"
        << "  Δv = vB - vA = " << vec(e.relative_velocity) << "\n"
        << "  R  = rA + rB = " << num(e.radius_sum) << "\n\n";
    if (e.kind == Case::Static || (e.kind == Case::Overlapping && !e.t_closest)) {
        const bool moving = a.velocity.x != 0.0 || a.velocity.y != 0.0;  // and vB = vA
        out << (moving ? "Both move with the same velocity, so there is no relative motion (Δv = 0)"
                       : "No relative motion (Δv = 0)")
            << ": the distance between the centres never changes, |Δp| = " << num(e.min_distance) << ".\n"
            << "(a = Δv·Δv = 0, so there is no quadratic to solve.)\n\n";
    } else {
        // a and D can be too small for a double although they are not 0 (lengths 1e300 moving at 1e-300)
        const char* underflow = kBelowRange;
        const Underflows zero = underflows(e);
        // "2 apart (R = 2)" under a MISS 1e-11 wide: the digits that tell d_min from R; a graze's
        // are R to the tolerance, and 17 digits of each would only show the doubles' rounding
        // (R would print 0.30000000000000004, the rounded sum, where Tangent uses the exact one)
        const bool finite_apart = std::isfinite(e.min_distance) && std::isfinite(e.radius_sum);
        // (a touch in the past to the tolerance too, receding with D = 0)
        const auto apart = e.discriminant_sign == DiscriminantSign::Zero || !finite_apart ? std::pair{num(e.min_distance), num(e.radius_sum)}
                                                                  : format_apart(e.min_distance, e.radius_sum, 10);
        // a, b and c with the digits that give D back (coefficient_digits), or where no digits do,
        // ten and a word on why b² − 4ac from them is not D
        const std::optional<int> digits = coefficient_digits(e);
        const auto coefficient = [&](double x) {
            if (!std::isfinite(x) || x == 0.0) return num(x);
            char text[40];
            std::snprintf(text, sizeof text, "%.*g", digits.value_or(10), x);
            return std::string(text);
        };
        out << "They touch when |Δp + tΔv| = R. Squaring gives a t² + b t + c = 0 with\n"
            << "  a = Δv·Δv       = " << coefficient(e.a) << (zero.a ? underflow : "") << "\n"
            << "  b = 2 Δp·Δv     = " << coefficient(e.b) << (zero.b ? underflow : "") << "\n"
            << "  c = Δp·Δp - R²  = " << coefficient(e.c) << (zero.c ? underflow : "") << "\n"
            << "  D = b² - 4ac    = " << num(e.discriminant) << (zero.discriminant ? underflow : "") << "   ("
            << to_string(e.discriminant_sign)
            << (e.discriminant_sign == DiscriminantSign::Zero && !e.exact_zero_discriminant() ? " to the graze tolerance, see below" : "")
            << ")\n";
        // (not where that value, as a double, is D itself: "is 0" beside D = 0 at lengths near
        // 1e-170; and said as overflowing, not "-inf", near 1e308: a code review)
        const double rounded = static_cast<double>(static_cast<__float128>(e.b) * e.b - 4 * static_cast<__float128>(e.a) * e.c);
        if (!digits && rounded != e.discriminant) {
            out << "  (b² - 4ac from a, b and c as doubles, each rounded, "
                << (std::isfinite(rounded) ? "is " + num(rounded) : std::string("overflows a double"))
                << "; D is formed from Δp, Δv and R without that rounding: --derivation shows how)\n";
        }
        out << "\n"
            << "Closest approach at t = -b/(2a) = " << time_of(e, TimeOf::Closest) << ": the centres are " << apart.first
            << " apart (R = " << apart.second << ")" << (after_the_bounce(*e.t_closest) ? ", were there no bounce" : "") << ".\n\n";
    }

    out << "Case: " << upper(to_string(e.kind)) << " - ";
    switch (e.kind) {
        case Case::Hit: {
            out << "D > 0 and the first root is now or later: they first touch at t = " << time_of(e, TimeOf::Enter)
                << "\n  (and would part at t = " << time_of(e, TimeOf::Exit) << " if they passed through each other).\n";
            break;
        }
        case Case::Graze:
            // (D exactly 0, not as rounded: a d_min equal to R in doubles may still miss it exactly, and a
            // D below the doubles' range, at lengths near 1e-80, rounds to 0 where it is not)
            if (e.exact_graze()) {
                out << "D = 0: the closest approach equals R, so they just touch, once, at t = " << num(*e.t_enter) << below_range(e, TimeOf::Enter) << ".\n";
            } else {
                // a graze by the tolerance: say so, and how near (the numbers above differ)
                char tau[16];
                std::snprintf(tau, sizeof tau, "%g", kGrazeTolerance);
                // (|d_min − R| itself is not printed: d_min is a rounded double, R the exact sum
                // rA + rB, and their difference is down at d_min's own last digit)
                // (the tolerance decides, not the given numbers' rounding, which may tell a pass
                // 1e-13 R away from a touch: a teacher's review)
                out << "D = 0 to the graze tolerance: the closest approach is within τ·R = " << num(kGrazeTolerance * e.radius_sum)
                    << " of R (τ = " << tau << "), which Tangent counts as a touch:\n  they just touch, once, at t = "
                    << num(*e.t_enter) << below_range(e, TimeOf::Enter) << " (computed exactly on the numbers as the computer holds them, in binary, they would " << (e.exact_discriminant_sign() > 0 ? "overlap for a moment" : "pass a hair apart")
                    << ").\n";
            }
            break;
        case Case::Miss:
            out << "D < 0: the closest approach is more than R, so they never touch.\n";
            break;
        case Case::Receding:
            // a graze in the past: "from t = -5 to t = -5" would read as a slip (but two roots that
            // both underflowed to 0, at lengths near 1e-200, are a contact; and touching now is by
            // the exact check, c = 0, not by a t_exit of 0)
            if (*e.t_enter == *e.t_exit && (e.discriminant_sign == DiscriminantSign::Zero || *e.t_enter != 0.0)) {
                out << "the contact is in the past: they touched, just once, at t = " << num(*e.t_enter) << below_range(e, TimeOf::Enter) << " and are moving apart now.\n";
                if (e.discriminant_sign == DiscriminantSign::Zero && !e.exact_zero_discriminant())
                    out << "  (D = 0 to the graze tolerance: the closest approach is within τ·R = " << num(kGrazeTolerance * e.radius_sum)
                        << " of R, which Tangent counts as a touch; computed exactly on the numbers as the computer holds them, "
                           "in binary, they would "
                        << (e.exact_discriminant_sign() > 0 ? "overlap for a moment" : "pass a hair apart") << ".)\n";
            } else if (e.overlaps_at(0.0)) {  // c = 0, b > 0: the contact ends now, it is not all past
                out << "touching now and moving apart: traced back, their paths met at t = " << time_of(e, TimeOf::Enter)
                    << " and overlapped, passing through each other, until now: they part at t = 0.\n";
            } else {
                out << "the contact is in the past: traced back, their paths met at t = " << time_of(e, TimeOf::Enter)
                    << " and overlapped, passing through each other, until t = " << time_of(e, TimeOf::Exit)
                    << "; now they are moving apart, with no contact ahead.\n";
            }
            break;
        case Case::Overlapping:
            if (e.t_enter) {
                out << "c < 0: they overlap now. They began to touch at t = " << time_of(e, TimeOf::Enter) << " and "
                    << (after_the_bounce(*e.t_exit) ? "would separate, were there no bounce, at t = " : "separate at t = ")
                    << time_of(e, TimeOf::Exit) << ".\n";
            } else {
                out << "c < 0: they overlap now, and with no relative motion they always will.\n";
            }
            break;
        case Case::Static:
            // c = 0 with |Δp| = R in doubles: touching (c alone also underflows to 0 for lengths
            // near 1e-160 that are well apart)
            // (by the exact check: c and |Δp| - R may both round to 0 at lengths near 1e-170
            // while the circles are apart: a robustness review)
            if (e.c == 0.0 && e.overlaps_at(0.0)) {
                out << "no relative motion and |Δp| = R: they touch now and always will, without overlapping.\n";
            } else {
                // (by how much: |Δp| and R may print alike, "|Δp| = 2" beside R = 2: a teacher's review)
                const double gap = e.static_gap();
                out << "no relative motion and |Δp| > R ("
                    << (gap > 0.0 ? "|Δp| - R = " + num(gap) : std::string("by less than the doubles here can show"))
                    << "): they never touch.\n";
            }
            break;
    }
    const auto finite = [](glm::dvec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); };
    if (e.contact && !(std::isfinite(*e.t_enter) && finite(e.contact->position_a) && finite(e.contact->position_b))) {
        out << "The bodies' positions at t = " << num(*e.t_enter) << " are beyond the range of a double.\n";
    } else if (e.contact) {
        const Contact& c = *e.contact;
        // the scene's length there: the positions' rounding is relative to the largest of them
        const double length = std::max({std::hypot(c.position_a.x, c.position_a.y), std::hypot(c.position_b.x, c.position_b.y), e.radius_sum});
        out << "At t = " << time_of(e, TimeOf::Enter) << ": A at " << computed_vec(c.position_a, length) << ", B at "
            << computed_vec(c.position_b, length) << ", contact point " << computed_vec(c.point, length) << ", normal "
            << computed_vec(c.normal, 1.0) << ".\n";
    }

    if (bounce) out << bounce_summary(e, *bounce);
    if (sampling) {
        const SamplingResult& s = *sampling;
        out << "\nOverlap check |Δp + tΔv| <= R only at t = " << num(s.input.phase) << " + k·" << num(s.input.dt)
            << " up to t = " << num(s.input.horizon) << " (" << s.sample_count << (s.sample_count == 1 ? " check" : " checks") << "):\n";
        // (a class expects the check at 0.1 + 2·0.1 = 0.3 over a horizon of 0.3: a game-dev teacher's review)
        if (const std::optional<double> next = s.next_check_rounded_past()) {
            out << "  (the next, φ + " << s.sample_count << "·dt, is " << format_number_17(*next) << " as the computer rounds it, a hair past the horizon "
                << num(s.input.horizon) << ", so it is not made)\n";
        }
        if (s.detected && s.contact_ends_at_start) {
            out << "  it sees the circles touch at check k = 0, t = 0, as their contact ends.\n";
        } else if (s.detected) {
            out << "  it first sees the overlap at check k = " << *s.first_detect_k << ", t = " << num(*s.first_detect_t) << ".\n";
            // a catch is not yet a safe step, nor in time (the canvas's own line says so too: a recheck)
            if (s.caught_by_phase)
                out << "  That catch is the phase's luck: the contact lasts " << num(*s.max_safe_dt)
                    << (s.contact_cut_off ? " in the checked time" : "") << ", less than dt = " << num(s.input.dt)
                    << ", so another phase misses it.\n";
            if (s.caught_parting)
                out << "  " << (s.caught_by_phase ? "And it" : "It") << " comes only after the closest approach, t = "
                    << time_of(e, TimeOf::Closest) << ": the bodies are parting by then.\n";
        } else if (s.missed) {
            out << "  MISSED: the circles do touch between t = 0 and " << num(s.input.horizon)
                << ", but no check lands inside the contact. ";
            switch (*s.miss_cause) {
                case MissCause::NoCheck:
                    out << "No check runs at all: the first, at t = " << num(s.input.phase) << ", would come after the horizon.\n";
                    break;
                case MissCause::Instant:
                    out << "The touch lasts no time, so only a check exactly at it could see it.\n";
                    break;
                case MissCause::StartsAfter:
                    out << "The first check, at t = " << num(s.input.phase)
                        << ", comes after the contact has ended: the checks start too late to see it.\n";
                    break;
                case MissCause::HorizonCut:
                    out << "The last check, at t = " << num(s.sample_time(*s.before_contact_k))
                        << ", comes before the contact, and the checks stop at the horizon, t = " << num(s.input.horizon)
                        << ", while the circles still overlap.\n";
                    break;
                case MissCause::SteppedOver: {
                    const std::int64_t after = *s.before_contact_k + 1;
                    const double before_t = s.sample_time(*s.before_contact_k);
                    const double later_t = s.sample_time(after);
                    const int digits = std::isfinite(before_t) && std::isfinite(later_t) ? digits_apart({before_t, later_t}, 10) : 10;
                    const std::string before = std::isfinite(before_t) ? format_significant(before_t, digits) : num(before_t);
                    const std::string later = std::isfinite(later_t) ? format_significant(later_t, digits) : num(later_t);
                    out << "The checks at t = " << before << " and " << later << (after >= s.sample_count ? " (past the horizon)" : "")
                        << " fall on either side of it: the step carries the bodies through each other between two "
                           "checks. This is tunnelling.\n";
                    // a check that reads as the contact's own time is a hair outside it, by rounding:
                    // said, with the digits below the double's (a recheck: "checks at 0.3 and 0.6 fall
                    // on either side" of a contact said to begin at t = 0.3)
                    const auto hair = [&](double check, double edge, const char* side) {
                        if (!std::isfinite(check) || num(check) != num(edge)) return;
                        char exact[40];
                        std::snprintf(exact, sizeof exact, "%.20g", check);
                        out << "  (The check at t = " << num(check) << " is " << exact << " as the computer holds φ + k·dt: "
                            << "a hair " << side << " the contact, as the exact overlap check finds there.)\n";
                    };
                    hair(before_t, *e.t_enter, "before");
                    if (after < s.sample_count) hair(later_t, *e.t_exit, "after");
                    break;
                }
            }
        } else {
            out << (s.contact_ends_at_start ? "  it sees no overlap: the contact ended as the checks began.\n"
                                            : "  it sees no overlap, and there is none to see in that time.\n");
        }
        // max_safe_dt is the part of the contact in [0, horizon], what the checks can see (for a
        // contact past the horizon, or begun before t = 0, its whole duration is not safe: a smaller
        // dt can still miss it); none when the contact lies outside that time
        const double horizon = s.input.horizon;
        const bool cut_off = s.contact_cut_off;
        // "up to 0.2384848003" (rounded down), or "just under 0.5 or shorter" where the digits
        // give the duration itself: at exactly that step a check rounded late can miss it
        const auto up_to = [](const SafeStepText& t) {
            return t.just_under ? "just under " + t.number + " or shorter" : "up to " + t.number;
        };
        if (s.contact_ends_at_start) {
            // touching at t = 0 exactly and parting (receding): the contact's end, not one ahead
            out << "  The contact ends now: they touch at t = 0 exactly and are parting. "
                << (s.detected ? "The check at t = 0 sees that touch" : "A check at t = 0 would see that touch")
                << "; nothing lies ahead for any dt to catch.\n";
        } else if (!s.max_safe_dt && e.t_enter && e.t_exit && !s.continuous_contact) {
            const std::string enter = time_of(e, TimeOf::Enter);
            const std::string exit = time_of(e, TimeOf::Exit);
            out << "  The " << (*e.t_enter == *e.t_exit ? "touch at t = " + num(*e.t_enter) + below_range(e, TimeOf::Enter) : "contact, from t = " + enter + " to " + exit + ",")
                << " lies outside t = 0 to " << num(horizon) << ": no check in that time can see it, whatever dt.\n";
        } else if (s.max_safe_dt && cut_off) {
            const double from = std::max(*e.t_enter, 0.0);
            const double to = std::min(*e.t_exit, horizon);
            const std::string enter = time_of(e, TimeOf::Enter);
            const std::string exit = time_of(e, TimeOf::Exit);
            const std::string contact = "of the contact, from t = " + enter + " to " + exit + " (lasting " +
                                        num(e.contact_duration.value_or(*e.t_exit - *e.t_enter)) + "), only ";
            if (*s.safe_dt > 0.0) {
                out << "  Any dt " << up_to(safe_step_text(s, 10)) << " would catch the contact whatever the phase: " << contact
                    << "t = " << contact_time(e, from) << " to " << contact_time(e, to) << " lies in the checked time 0 to " << num(horizon) << ".\n";
            } else if (*s.max_safe_dt > 0.0) {
                out << "  No dt is safe: " << contact << "t = " << contact_time(e, from) << " to " << contact_time(e, to)
                    << " lies in the checked time, no longer than the rounding of the checks' times there.\n";
            } else if (to < from && *e.t_exit < 0.0) {
                // inside the graze band, touching exactly at t = 0 (c = 0: the exact check sees them
                // touch then) and parting: the touch counted at the closest approach lies a hair before
                out << "  No dt is safe: they touch at t = 0 exactly, within the graze tolerance of the touch at t = " << enter
                    << ", so only a check exactly then sees it.\n";
            } else if (to < from) {
                // the graze's touch counted a hair past the horizon, with the circles in contact at
                // the horizon by the exact check: they may overlap a moment before it, by less
                // than the tolerance (not "touch at t = T exactly": a robustness review)
                char touch[32];  // with the digits that set it apart from T ("at t = 16 … past 0 to 16")
                std::snprintf(touch, sizeof touch, "%.17g", *e.t_enter);
                out << "  No dt is safe by the graze's count: its touch, at t = " << (enter == num(horizon) ? std::string(touch) : enter)
                    << ", lies a hair past the checked time 0 to " << num(horizon)
                    << ", and only a check at its very end sees the circles in contact.\n";
            } else {  // touching at t = 0 and parting, say
                out << "  No dt is safe: " << contact << "the instant t = " << contact_time(e, from) << " lies in the checked time 0 to "
                    << num(horizon) << ", so only a check exactly then sees it.\n";
            }
        } else if (s.max_safe_dt && *s.max_safe_dt == 0.0) {
            out << "  No dt is safe: the contact lasts no time (a graze), so only a check exactly at the touch sees it.\n";
        } else if (s.max_safe_dt && *s.safe_dt == 0.0) {  // B at -1e300 moving at 1e300: a contact of 4e-300
            out << "  No dt is safe: the contact lasts " << num(*s.max_safe_dt)
                << ", no longer than the rounding of the checks' times there.\n";
        } else if (s.max_safe_dt && e.t_enter) {
            // the step printed is a few roundings of the checks' times short of the duration; where
            // that shows in its digits, the duration is given too (else 9.327901663e-06 would pass
            // for the contact's duration, which is 9.328079300e-06)
            const SafeStepText safe = safe_step_text(s, 10);
            out << "  Any dt " << up_to(safe)
                << (safe.number == format_at_most(*s.max_safe_dt, 10)  // (both rounded down)
                        ? std::string(" (the contact's duration t_exit - t_enter)")
                        : " (the contact's duration t_exit - t_enter = " + num(*s.max_safe_dt) +
                              ", less the rounding of the checks' times there)")
                << " would catch the contact whatever the phase.\n";
            // catching is not stopping: the first check to fire may come after the closest approach,
            // with the centres moving apart, and a solver resolving the overlap there pushes B on
            // through A (a game-physics review); a check in [t_enter, t_closest] needs dt <= half
            // half the duration less the whole step's rounding margin (duration - safe_dt): at exactly
            // half, near t = 1.3e7, the first check to fire fell on t_closest itself (a code review)
            const double approach = s.safe_dt ? *s.safe_dt - 0.5 * *s.max_safe_dt : 0.0;
            if (e.t_closest && *e.t_enter < *e.t_exit && approach > 0.0) {
                out << "  Catching is not yet stopping: a check that first fires after the closest approach (t = "
                    << time_of(e, TimeOf::Closest) << ") sees them already moving apart, and a solver that pushes them apart there sends "
                    << "B on through A. Only a dt up to " << format_at_most(approach, 10)
                    << ", under half the duration, makes the first check that fires come while they still approach, whatever the phase.\n";
            }
        } else if (s.max_safe_dt) {  // no relative motion, in contact throughout
            out << "  Any dt " << up_to(safe_step_text(s, 10)) << " (the horizon: they are in contact throughout) would catch it.\n";
        }
    }
    return out.str();
}

int run_analyze(const std::filesystem::path& scene_path, AnalyzeOutput output, std::ostream& out, std::ostream& err, bool strict) {
    const Result<LoadedScene> loaded = load_scene(scene_path);
    if (!loaded) {
        err << "tangent analyze: " << terminal_text(loaded.error().message) << "\n";
        return 2;
    }
    for (const std::string& warning : loaded->warnings)
        err << "tangent analyze: warning: " << terminal_text(scene_path.string()) << ": " << terminal_text(warning) << "\n";
    if (strict && !loaded->warnings.empty()) {
        err << "tangent analyze: --strict: the scene has " << loaded->warnings.size() << (loaded->warnings.size() == 1 ? " warning" : " warnings")
            << "; nothing printed\n";
        return 2;
    }
    const Scene& scene = loaded->scene;
    const Result<Encounter> encounter = analyze(scene.body_a(), scene.body_b());
    if (!encounter) {  // check_scene already refused these; kept so no path can print garbage
        err << "tangent analyze: " << terminal_text(scene_path.string()) << ": " << encounter.error().message << "\n";
        return 2;
    }
    std::optional<SamplingResult> sampling;
    if (scene.discrete.enabled) {
        Result<SamplingResult> sampled = sample_overlaps(*encounter, scene.sampling());
        if (!sampled) {
            err << "tangent analyze: " << terminal_text(scene_path.string()) << ": discrete: " << sampled.error().message << "\n";
            return 2;
        }
        sampling = std::move(sampled).value();
    }
    std::optional<Bounce> bounce;
    if (scene.response.enabled) bounce = bounce_of(*encounter, scene.response.restitution);
    std::string text;
    switch (output) {
        case AnalyzeOutput::Json: text = encounter_json(*encounter, sampling, bounce); break;
        case AnalyzeOutput::Derivation: text = to_plain_text(derive(*encounter)); break;
        case AnalyzeOutput::Latex: text = to_latex_document(derive(*encounter)); break;
        case AnalyzeOutput::Summary:
            text = "Scene " + terminal_text(scene_path.string());
            if (!scene.caption.empty()) text += ": " + terminal_text(scene.caption);
            text += "\n" + encounter_summary(*encounter, sampling, {scene.bodies[0].label, scene.bodies[1].label}, bounce);
            break;
    }
    // written and flushed here, so that a full disk or a closed pipe is reported, not lost at
    // exit; errno cleared just before, so that it is the write's (a text larger than the stream's
    // buffer is written during <<, not at the flush: "--latex > /dev/full" said no reason)
    errno = 0;
    out << text;
    out.flush();
    if (!out.good()) {
        const int error = errno;
        err << "tangent analyze: cannot write the result" << (error != 0 ? std::string(": ") + std::strerror(error) : std::string()) << "\n";
        return 1;
    }
    return 0;
}

}  // namespace tangent::cli
