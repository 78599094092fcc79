#pragma once
// The overlap check of the seeds, |Δp + tΔv| <= R, run only at sample times
//   t_k = phase + k·dt   (k = 0, 1, ... while t_k <= horizon; rounded exactly as written),
// against the continuous answer: what a fixed time step sees, and what it tunnels through.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "encounter.h"
#include "result.h"

namespace tangent {

struct SamplingInput {
    double dt = 0.5;       ///< > 0
    double phase = 0.0;    ///< >= 0: time of the first sample
    double horizon = 10.0; ///< >= 0: last time sampled
};

/// How a caller names the three inputs in its messages (a scene file says "discrete.dt").
struct SamplingFieldNames {
    std::string_view dt = "dt";
    std::string_view phase = "phase";
    std::string_view horizon = "horizon";
};

/// Why sampling cannot run, or nothing: dt > 0, phase >= 0, horizon >= 0, all finite, and
/// at most 1e12 samples, each step dt at least 2^-40 of the sample times (so t_k moves on).
[[nodiscard]] std::optional<Error> check_sampling(const SamplingInput& input, const SamplingFieldNames& names = {});

/// Why no check saw a contact that the continuous answer finds in [0, horizon].
enum class MissCause {
    SteppedOver,  ///< a check before the contact, the next after it: the step carries the bodies through (tunnelling)
    Instant,      ///< what lies in [0, horizon] lasts no time (a graze): only a check exactly then sees it
    HorizonCut,   ///< the checks stop at the horizon while the circles still overlap, with none after the contact
    StartsAfter,  ///< no check before the contact: the first comes after it has ended
    NoCheck,      ///< no check at all: the first would come after the horizon
};

struct SamplingResult {
    SamplingInput input;
    std::int64_t sample_count = 0;  ///< how many t_k lie in [phase, horizon]

    bool detected = false;                       ///< some sample overlaps
    std::optional<std::int64_t> first_detect_k;  ///< the first that does
    std::optional<double> first_detect_t;        ///< and its time t_k
    std::optional<std::int64_t> last_detect_k;   ///< the last that does: they form one run

    /// The exact motion touches somewhere in [0, horizon] — but for a contact that ends at t = 0
    /// exactly as the pair parts (receding, touching now): that one is past, its end now.
    bool continuous_contact = false;
    /// That case: touching exactly at t = 0 and parting, the contact all past but its last instant.
    /// A check at t = 0 sees the touch; nothing lies ahead for any check to miss.
    bool contact_ends_at_start = false;
    bool missed = false;              ///< it does, and no sample saw it
    /// Seen, but at a dt longer than the contact (max_safe_dt): another phase would miss it.
    bool caught_by_phase = false;
    /// Seen first only after t_closest: the bodies are parting by then (a response would act on
    /// bodies already separating).
    bool caught_parting = false;
    std::optional<MissCause> miss_cause;  ///< why, when missed: tunnelling is only SteppedOver

    /// The largest dt that catches the contact whatever the phase in [0, dt): the length of the
    /// contact's part inside [0, horizon], t_exit - t_enter when it lies wholly inside (a contact
    /// cut off at 0 or at the horizon can only be caught in the part the checks run over). 0 for
    /// a graze. Null when there is no contact inside [0, horizon] (a miss, a pair apart, a
    /// contact wholly past or beyond the horizon).
    std::optional<double> max_safe_dt;
    /// The contact begins before t = 0 or ends after the horizon: max_safe_dt is then its part inside.
    bool contact_cut_off = false;
    /// max_safe_dt less what rounding can take from it: the error of the roots or the duration
    /// (2^-42 of them), and that of the checks' times t_k = φ + k·dt, each rounded (their
    /// spacing is dt within 4u·t_k). At exactly max_safe_dt a check can land an ulp outside the
    /// contact; any dt up to this one catches it whatever the phase. What the window's "Use the
    /// safe dt" sets (the numbers printed are max_safe_dt rounded down to their digits).
    std::optional<double> safe_dt;

    /// The samples on either side of a missed contact: the last before t_enter and the first
    /// after t_exit, when they exist. The swept capsules between them show the tunnel.
    std::optional<std::int64_t> before_contact_k;
    std::optional<std::int64_t> after_contact_k;

    /// t_k, rounded exactly as the sampler rounds it: φ + k·dt, the product rounded before the sum.
    /// (Out of line, so that it is compiled with the core's -ffp-contract=off: inline, a program
    /// built with GCC's default fused it into one FMA, and fires_at(k) then disagreed with
    /// overlaps_at(sample_time(k)) at 4% of the checks: a game-engine author's review.)
    [[nodiscard]] double sample_time(std::int64_t k) const;
    /// The next check's time, φ + n·dt for n = sample_count, where it lies past the horizon by no
    /// more than the rounding of that sum (0.1 + 2·0.1 is 0.30000000000000004, past a horizon of
    /// 0.3): a check a class would expect, not made. Null otherwise.
    [[nodiscard]] std::optional<double> next_check_rounded_past() const {
        const double next = sample_time(sample_count);
        const double reach = 4.0 * 0x1p-52 * std::max({std::abs(input.phase), std::abs(next), std::abs(input.horizon)});
        if (next > input.horizon && next - input.horizon <= reach) return next;
        return std::nullopt;
    }
    /// Whether the overlap check fires at sample k (the overlapping samples are consecutive).
    [[nodiscard]] bool fires_at(std::int64_t k) const {
        return detected && k >= *first_detect_k && k <= *last_detect_k;
    }
};

/// The safe step as a summary prints it at `digits` significant digits: max_safe_dt rounded
/// down ("0.2384" for 0.238485; "0.2385" would step over it), or, where that number is
/// max_safe_dt itself (a contact lasting 0.5), `just_under` it: at exactly that step a check's
/// rounding can miss the contact, and safe_dt lies a few units of rounding below (so close that
/// the printed number a unit below max_safe_dt is safe; else it says "up to" safe_dt's digits).
struct SafeStepText {
    std::string number;
    bool just_under = false;
};
[[nodiscard]] SafeStepText safe_step_text(const SamplingResult& s, int digits);

/// Runs the sampling analytically (no loop over samples), so dt may be tiny.
[[nodiscard]] Result<SamplingResult> sample_overlaps(const Encounter& encounter, const SamplingInput& input);

}  // namespace tangent
