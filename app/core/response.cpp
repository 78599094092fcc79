#include "response.h"

#include <algorithm>
#include <cmath>
#include <glm/geometric.hpp>

#include "format.h"

namespace tangent {

namespace {

// The share of the change in relative velocity that `self` takes: mB/(mA + mB) for A, from the
// masses' ratio (1/mA + 1/mB overflows for masses near 1e-310, giving NaN velocities, and
// vanishes against the velocities for masses near 1e-308).
double share(const Body& self, const Body& other) {
    if (self.immovable()) return 0.0;
    if (other.immovable()) return 1.0;
    return 1.0 / (1.0 + self.mass / other.mass);
}

// The reduced mass mA·mB/(mA + mB) (the movable one's mass where the other is immovable), as the
// lighter mass over 1 + light/heavy: mA times A's share lost it where mA/mB overflows (1e300
// beside 1e-30: A's share 0, so μ, the impulse and the energy lost read 0 while B bounced).
double reduced_mass(const Body& a, const Body& b) {
    if (a.immovable()) return b.mass;
    if (b.immovable()) return a.mass;
    const double light = std::min(a.mass, b.mass);
    const double heavy = std::max(a.mass, b.mass);
    return light / (1.0 + light / heavy);
}

glm::dvec2 momentum(const Body& body, glm::dvec2 velocity) {
    return body.immovable() ? glm::dvec2(0.0) : body.mass * velocity;
}

double kinetic_energy(const Body& body, glm::dvec2 velocity) {
    return body.immovable() ? 0.0 : 0.5 * body.mass * glm::dot(velocity, velocity);
}

}  // namespace

std::optional<Error> check_restitution(double restitution) {
    if (!(restitution >= 0.0 && restitution <= 1.0))
        return Error{"restitution must be between 0 and 1, got " + format_number(restitution)};
    return std::nullopt;
}

Result<Impact> respond(const Encounter& encounter, double restitution) {
    if (auto error = check_restitution(restitution)) return *error;
    const bool overlapping = encounter.kind == Case::Overlapping;
    if (encounter.kind != Case::Hit && encounter.kind != Case::Graze && !overlapping)
        return Error{"no contact ahead to bounce at (the case is " + to_capitals(encounter.kind) + ")"};
    const Body& a = encounter.body_a;
    const Body& b = encounter.body_b;
    // An Encounter's fields are public: one edited after analyze() (a mass set to 0, -1 or NaN)
    // gave infinite or NaN velocities as a success, and a hand-made one without its contact read
    // an empty optional (a game-physics review). Checked again here, as analyze() checks them.
    if (auto error = check_body(a, "body A: ")) return *error;
    if (auto error = check_body(b, "body B: ")) return *error;
    if (!overlapping && !(encounter.t_enter && encounter.contact))
        return Error{"the encounter says " + to_capitals(encounter.kind) + " but has no contact (t_enter): analyze() makes both"};
    if (a.immovable() && b.immovable()) return Error{"both bodies are immovable: no impulse can separate them"};

    // Velocities near the top of the doubles (±1e308 head-on): Δv·n, and (1 + e) times it,
    // overflow where the velocities after fit; the change is then taken on the velocities scaled
    // by 2^-4 (exactly), and scaled back.
    const double largest = std::max({std::abs(a.velocity.x), std::abs(a.velocity.y), std::abs(b.velocity.x), std::abs(b.velocity.y)});
    const double k = largest > 0x1p1000 ? 0x1p-4 : 1.0;
    Impact impact;
    impact.restitution = restitution;
    if (overlapping) {
        // inside each other now: the impulse acts now, along the line of centres (Δp/|Δp|)
        // (scaled first by a power of two, exactly, to a largest part in [1, 2): at a subnormal Δp
        // hypot's rounding made a "unit" normal (1, 1), and e = 1 gained energy: a game-physics review)
        glm::dvec2 dp = encounter.relative_position;
        const double part = std::max(std::abs(dp.x), std::abs(dp.y));
        if (!(part > 0.0))
            return Error{"the case is OVERLAPPING with the centres together: no line of centres to bounce along"};
        if (std::isfinite(part)) dp = {std::ldexp(dp.x, -std::ilogb(part)), std::ldexp(dp.y, -std::ilogb(part))};
        impact.time = 0.0;
        impact.normal = dp / std::hypot(dp.x, dp.y);
    } else {
        impact.time = *encounter.t_enter;
        impact.normal = encounter.contact->normal;
    }
    // only an approach (Δv·n < 0) is resisted; bodies already parting need no impulse, and a
    // graze slides past (Δv·n = 0: its rounded value, ±1e-16 or so, is no approach)
    const double scaled_speed = glm::dot(b.velocity * k - a.velocity * k, impact.normal);  // (Δv·n)·k
    impact.normal_speed_before = scaled_speed / k;  // ±∞ only where Δv·n itself is past the doubles
    if (overlapping && !(scaled_speed < 0.0))
        // (four digits: the message stands on the canvas, where 1.9824558013652693 read as noise: a review)
        return Error{"the case is OVERLAPPING and they are not closing along the line of centres (Δv·n = " +
                     format_significant(impact.normal_speed_before, 4) + "): no impulse to give"};
    bool approaching = scaled_speed < 0.0 && encounter.kind != Case::Graze;
    // j = −(1 + e)(Δv·n) / (1/mA + 1/mB); vA' = vA − (j/mA) n = vA + (1 + e)(Δv·n)·mB/(mA + mB) n
    const double change = approaching ? -(1.0 + restitution) * scaled_speed : 0.0;  // of Δv·n, times k
    const double share_a = share(a, b);
    const double share_b = share(b, a);
    const double mu = reduced_mass(a, b);
    impact.impulse = change * mu / k;
    impact.velocity_a_after = (a.velocity * k - (change * share_a) * impact.normal) / k;
    impact.velocity_b_after = (b.velocity * k + (change * share_b) * impact.normal) / k;
    // An approach whose change both velocities lose to their rounding is no approach: Δv·n =
    // −1.7e-18 at speeds 0.1 (an overlap of 1e-15 in a simulation) got an impulse of 1e-18 that
    // left both as they were, a success that changed nothing, and a loop that responds while
    // respond() succeeds asked again forever (a game-engine author's review). Decided on the
    // velocities themselves: a change of 8 ulps at 4e15 acts, as it should.
    if (approaching && impact.velocity_a_after == a.velocity && impact.velocity_b_after == b.velocity) {
        if (overlapping)
            return Error{"the case is OVERLAPPING and they close along the line of centres by less than the velocities' rounding "
                         "(Δv·n = " + format_significant(impact.normal_speed_before, 4) + "): no impulse can change them"};
        approaching = false;
        impact.impulse = 0.0;
    }
    impact.approaching = approaching;
    impact.normal_speed_after = glm::dot(impact.velocity_b_after * k - impact.velocity_a_after * k, impact.normal) / k;

    impact.momentum_before = momentum(a, a.velocity) + momentum(b, b.velocity);
    impact.momentum_after = momentum(a, impact.velocity_a_after) + momentum(b, impact.velocity_b_after);
    // in the immovable body's rest frame, if there is one (its velocity is the same after)
    const glm::dvec2 frame = a.immovable() ? a.velocity : b.immovable() ? b.velocity : glm::dvec2(0.0);
    impact.kinetic_energy_before = kinetic_energy(a, a.velocity - frame) + kinetic_energy(b, b.velocity - frame);
    impact.kinetic_energy_after =
        kinetic_energy(a, impact.velocity_a_after - frame) + kinetic_energy(b, impact.velocity_b_after - frame);
    // ½ μ (1 − e²)(Δv·n)², as ½ μ·((1 − e)(Δv·n))·((1 + e)(Δv·n)) so that no square overflows
    // first, on the scaled Δv·n; exactly 0 for e = 1, whatever the size of Δv·n
    impact.kinetic_energy_lost = approaching && restitution < 1.0
                                     ? (0.5 * mu) * ((1.0 - restitution) * scaled_speed / k) * ((1.0 + restitution) * scaled_speed / k)
                                     : 0.0;
    return impact;
}

}  // namespace tangent
