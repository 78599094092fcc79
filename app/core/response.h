#pragma once
// The impact at first contact: an impulse j along the contact normal n (A towards B),
//   j = -(1 + e) (Δv·n) / (1/mA + 1/mB),   vA' = vA - (j/mA) n,   vB' = vB + (j/mB) n,
// with restitution e in [0, 1] (1 is elastic) and 1/m = 0 for an immovable body; computed as
// vA' = vA + (1 + e)(Δv·n)·mB/(mA + mB) n from the masses' ratio, so that any masses > 0 work.

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include <glm/vec2.hpp>

#include "encounter.h"
#include "result.h"

namespace tangent {

struct Impact {
    double time = 0.0;          ///< t_enter, when the impulse acts
    double restitution = 1.0;   ///< e
    glm::dvec2 normal{0.0};     ///< unit, from A towards B
    double normal_speed_before = 0.0;  ///< Δv·n before: < 0 when approaching
    double normal_speed_after = 0.0;   ///< Δv'·n after: -e times the one before
    double impulse = 0.0;       ///< j >= 0: the impulse on B is j n, on A it is -j n
    /// Δv·n < 0 at a hit (or an overlap closing) and an impulse that changes a velocity: it acts.
    /// False: a graze sliding past, or a closing so slow that the impulse is lost in the
    /// velocities' rounding; no impulse then, the velocities as they were.
    bool approaching = false;
    glm::dvec2 velocity_a_after{0.0};
    glm::dvec2 velocity_b_after{0.0};

    /// Momentum m v and kinetic energy ½ m |v|² summed over the movable bodies (an immovable
    /// body has no finite momentum and its velocity never changes). With an immovable body the
    /// energy is taken in its rest frame, v - v_immovable: there e = 1 keeps it (in the ground
    /// frame a moving immovable body does work on the other, and an elastic bounce would show a gain).
    glm::dvec2 momentum_before{0.0};
    glm::dvec2 momentum_after{0.0};
    double kinetic_energy_before = 0.0;
    double kinetic_energy_after = 0.0;
    /// ½ μ (1 − e²)(Δv·n)², μ = mA mB/(mA + mB): exactly 0 for e = 1 or no approach, and in any
    /// frame. (Before minus after would lose the digits of a small loss from a large energy:
    /// a mass 1e13 at e = 0 lost 1.5 of 5e12, which read "kept".)
    double kinetic_energy_lost = 0.0;
    [[nodiscard]] double energy_lost() const { return kinetic_energy_lost; }
    [[nodiscard]] bool energy_kept() const { return kinetic_energy_lost == 0.0; }
    /// The share of the energy before that is lost, in [0, 1] (0 when there was none). A loss
    /// too small for its share to be a double (1.5e-200 of 1e200) is the least there is, not 0.
    [[nodiscard]] double energy_lost_share() const {
        if (!(kinetic_energy_before > 0.0)) return 0.0;
        const double share = std::min(1.0, kinetic_energy_lost / kinetic_energy_before);
        return share == 0.0 && kinetic_energy_lost > 0.0 ? std::numeric_limits<double>::denorm_min() : share;
    }
    /// Δv·n after, with a value within 1e-12 of the one before written as the 0 it is (e = 0).
    [[nodiscard]] double normal_speed_after_shown() const {
        // (finite only: ∞ ≤ 1e-12·∞ would write an overflowed Δv·n after as 0)
        return std::isfinite(normal_speed_after) && std::abs(normal_speed_after) <= 1e-12 * std::abs(normal_speed_before)
                   ? 0.0
                   : normal_speed_after;
    }
};

/// Why no response can be computed, or nothing: e must be in [0, 1].
[[nodiscard]] std::optional<Error> check_restitution(double restitution);

/// The impact at encounter.t_enter, for a hit or a graze (the contact is now or ahead; a graze
/// slides past with a zero impulse); for a pair overlapping now and closing along the line of
/// centres (n = Δp/|Δp|, Δv·n < 0), at t = 0, as a game engine's solver resolves it (a start one
/// rounding inside touching would otherwise pass straight through where touching bounces).
/// Errors: any other case (a miss or static pair never touches, a receding pair touched in the
/// past, an overlapping one already moving apart, or closing so slowly that the impulse would be
/// lost in the velocities' rounding, or with its centres together), restitution outside [0, 1],
/// both bodies immovable.
/// A simulation decides whether to respond by this answer (the error, or `approaching`), not by
/// the exact sign of Δv·(Δp + tΔv) (Encounter::separating_at): a pair closing by less than its
/// velocities can show gets no impulse, and asking again would give the same answer.
[[nodiscard]] Result<Impact> respond(const Encounter& encounter, double restitution);

}  // namespace tangent
