#include "discrete.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "format.h"

namespace tangent {

namespace {

// More samples than this would make t_k = phase + k·dt lose whole steps to rounding.
constexpr double kMaxSamples = 1e12;
// A step smaller than this fraction of the sample times would vanish in their rounding.
constexpr double kSmallestStep = 0x1p-40;

// The first k in [0, count] with t_k >= t (count if none), robust to the rounding of t_k.
std::int64_t first_sample_at_or_after(const SamplingResult& s, double t) {
    const std::int64_t count = s.sample_count;
    const double guess = std::ceil((t - s.input.phase) / s.input.dt);
    std::int64_t k = guess <= 0.0 ? 0 : guess >= static_cast<double>(count) ? count : static_cast<std::int64_t>(guess);
    while (k > 0 && s.sample_time(k - 1) >= t) --k;
    while (k < count && s.sample_time(k) < t) ++k;
    return k;
}

// The first k in [lo, hi] whose sample overlaps, given that hi's does and that the check is
// false and then true over [lo, hi] (before t_enter, then inside the contact): by bisection.
std::int64_t first_overlapping(const Encounter& e, const SamplingResult& s, std::int64_t lo, std::int64_t hi) {
    while (lo < hi) {
        const std::int64_t mid = lo + (hi - lo) / 2;
        if (e.overlaps_at(s.sample_time(mid))) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    return hi;
}

// The last k in [lo, hi] whose sample overlaps, given that lo's does and that the check is true
// and then false over [lo, hi].
std::int64_t last_overlapping(const Encounter& e, const SamplingResult& s, std::int64_t lo, std::int64_t hi) {
    while (lo < hi) {
        const std::int64_t mid = hi - (hi - lo) / 2;
        if (e.overlaps_at(s.sample_time(mid))) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    return lo;
}

}  // namespace

std::optional<Error> check_sampling(const SamplingInput& input, const SamplingFieldNames& names) {
    const auto fail = [](std::string_view name, const std::string& what) {
        return Error{std::string(name) + " " + what};
    };
    if (!std::isfinite(input.dt) || !(input.dt > 0.0))
        return fail(names.dt, "must be a finite number > 0, got " + format_number(input.dt));
    if (!std::isfinite(input.phase) || !(input.phase >= 0.0))
        return fail(names.phase, "must be a finite number >= 0, got " + format_number(input.phase));
    if (!std::isfinite(input.horizon) || !(input.horizon >= 0.0))
        return fail(names.horizon, "must be a finite number >= 0, got " + format_number(input.horizon));
    if ((input.horizon - input.phase) / input.dt > kMaxSamples)
        return fail(names.dt, format_number(input.dt) + " is too small for " + std::string(names.horizon) + " " +
                                  format_number(input.horizon) + ": more than 1e12 checks");
    // t_k = phase + k·dt must move on at every step: dt no smaller than 2^-40 of the times it is added to
    if (input.dt < kSmallestStep * std::max(input.phase, input.horizon))
        return fail(names.dt, format_number(input.dt) + " is too small beside " + std::string(names.phase) + " " +
                                  format_number(input.phase) + " and " + std::string(names.horizon) + " " +
                                  format_number(input.horizon) + ": the checks' times would round to the same number");
    return std::nullopt;
}

SafeStepText safe_step_text(const SamplingResult& s, int digits) {
    if (!s.max_safe_dt || !s.safe_dt) return {};
    char nearest[40];
    std::snprintf(nearest, sizeof nearest, "%.*g", digits, *s.max_safe_dt);
    const double shown = std::strtod(nearest, nullptr);
    // "just under X" also says that the printed number a unit below X is safe: where safe_dt lies
    // further down (contacts at t ~ 1e7, the checks' times rounded there), "just under
    // 0.1020400526" would be read as 0.1020400525, which misses
    if (shown > *s.safe_dt && shown <= *s.max_safe_dt) {
        const double below = std::strtod(format_at_most(std::nextafter(shown, 0.0), digits).c_str(), nullptr);
        if (below <= *s.safe_dt) return {nearest, true};
    }
    return {format_at_most(*s.safe_dt, digits), false};
}

double SamplingResult::sample_time(std::int64_t k) const { return input.phase + static_cast<double>(k) * input.dt; }

Result<SamplingResult> sample_overlaps(const Encounter& e, const SamplingInput& input) {
    if (auto error = check_sampling(input)) return *error;
    // An Encounter's fields are public: one edited after analyze() (its duration reset) read an
    // empty optional (a game-engine author's review). The times come together, as analyze() makes them.
    if (e.t_enter.has_value() != e.t_exit.has_value() || e.t_enter.has_value() != e.contact_duration.has_value())
        return Error{"the encounter's t_enter, t_exit and contact_duration must all be there or all be null, as analyze() makes them"};

    SamplingResult s;
    s.input = input;
    if (input.horizon >= input.phase) {
        auto count = static_cast<std::int64_t>(std::floor((input.horizon - input.phase) / input.dt)) + 1;
        while (s.sample_time(count) <= input.horizon) ++count;
        while (count > 0 && s.sample_time(count - 1) > input.horizon) --count;
        s.sample_count = count;
    }

    const auto detect = [&](std::int64_t k) {
        s.detected = true;
        s.first_detect_k = k;
        s.first_detect_t = s.sample_time(k);
    };

    if (!e.t_enter) {
        // no contact interval: no relative motion (always in contact, or never) or a miss. A
        // static pair exactly touching (c = 0, "static") is in contact at every moment too.
        if (e.kind == Case::Overlapping || (e.kind == Case::Static && e.overlaps_at(0.0))) {
            s.continuous_contact = true;
            if (s.sample_count > 0) {
                detect(0);
                s.last_detect_k = s.sample_count - 1;
            }
        }
        s.missed = s.continuous_contact && !s.detected;
        if (s.missed) s.miss_cause = MissCause::NoCheck;  // in contact throughout: only no check at all misses it
        // in contact at every moment: any step with a check by the horizon sees it (the first
        // check, at φ <= dt, is exact)
        if (s.continuous_contact) s.max_safe_dt = s.safe_dt = input.horizon;
        return s;
    }

    const double t_enter = *e.t_enter;
    const double t_exit = *e.t_exit;
    // Is there a contact inside [0, T]: t_enter <= T and t_exit >= 0, decided exactly, not from
    // the rounded roots (a root a few ulps past T would count as a contact, and one a few ulps
    // before it would not). T is at or past t_enter when the bodies overlap at T, or when they move apart
    // there (T is then past the contact: f is convex); 0 is at or before t_exit when they overlap
    // at 0 or approach there. A graze's touch is the closest approach itself, unless the exact
    // check sees them touch at 0 or T (c = 0 exactly).
    // (a double root by the classification, D = 0 within τ, so not an overlap: c < 0 makes D > 0,
    // and its roots are the two it has; a hit's duration may underflow to 0)
    const bool graze = e.discriminant_sign == DiscriminantSign::Zero && e.kind != Case::Overlapping;
    const bool enters_by_horizon =
        e.overlaps_at(input.horizon) || (graze ? e.separating_at(input.horizon) >= 0 : e.separating_at(input.horizon) > 0);
    // (touching at t = 0 while moving apart is receding: its contact is all past, the touch now
    // its end, and no check need catch it; counted, it raised MISSED beside "RECEDING": a review)
    const int sign_at_start = e.contact_sign_at(0.0);
    const bool exits_after_start = sign_at_start < 0 || (graze ? e.separating_at(0.0) <= 0 : e.separating_at(0.0) < 0);
    s.continuous_contact = enters_by_horizon && exits_after_start;
    s.contact_ends_at_start = !s.continuous_contact && sign_at_start == 0 && e.kind == Case::Receding;
    // The contact the checks can see is [max(t_enter, 0), min(t_exit, T)]: with checks dt apart
    // from a phase in [0, dt), one lands in it exactly when it is at least dt long. Its length is
    // the duration √D / a (not a difference of the rounded roots) when nothing is cut off.
    s.contact_cut_off = t_enter < 0.0 || t_exit > input.horizon;
    if (s.continuous_contact) {
        const double from = std::max(t_enter, 0.0);
        const double to = std::min(t_exit, input.horizon);
        s.max_safe_dt = s.contact_cut_off ? std::max(0.0, to - from) : *e.contact_duration;
        // the roots (or the duration) within 2^-42 relative (the core promises 1e-12, and its
        // bounds give 7.3e-14); the checks that decide lie within a step of the contact's part
        // in [0, T], at times up to |t| = max(|from|, |to|) + max_safe_dt, each rounded twice,
        // so two in a row are dt apart within 4u·|t|: 16u·|t| leaves a factor of 4 to spare
        // (a margin sized by the horizon, 1e15, would take the whole of a contact of 0.24)
        const double roots = s.contact_cut_off ? std::abs(from) + std::abs(to) : *e.contact_duration;
        const double latest = std::max(std::abs(from), std::abs(to)) + *s.max_safe_dt;
        s.safe_dt = std::max(0.0, *s.max_safe_dt - (0x1p-42 * roots + 16.0 * 0x1p-53 * latest));
    }

    // The samples that overlap form a run of consecutive k around [t_enter, t_exit]: the
    // first one is the first at or after t_enter, give or take the rounding of t_enter.
    const std::int64_t k0 = first_sample_at_or_after(s, t_enter);
    // A graze (t_enter = t_exit): D = 0 to within τ. The true D may be a little above 0 there,
    // and the contact then lasts up to 2√(2τ)·R/|Δv| around t_closest, far longer than the
    // rounding of the roots: the checks a step that short sees are found by bisection on the
    // exact check (the overlapping samples are one run, and a sample next to t_closest is in it
    // if any is).
    for (std::int64_t k = k0 - 1; k <= k0 + 1; ++k) {
        if (k < 0 || k >= s.sample_count || !e.overlaps_at(s.sample_time(k))) continue;
        detect(graze ? first_overlapping(e, s, 0, k) : k);
        if (graze) s.last_detect_k = last_overlapping(e, s, k, s.sample_count - 1);
        break;
    }
    if (s.detected && !s.last_detect_k) {
        // the last overlapping sample is the last at or before t_exit, give or take rounding
        const std::int64_t k1 = first_sample_at_or_after(s, t_exit);
        s.last_detect_k = s.first_detect_k;
        for (std::int64_t k = std::min(k1 + 1, s.sample_count - 1); k >= std::max(k1 - 1, *s.first_detect_k); --k) {
            if (e.overlaps_at(s.sample_time(k))) {
                s.last_detect_k = k;
                break;
            }
        }
    }
    s.missed = s.continuous_contact && !s.detected;
    if (s.missed) {
        // The checks either side of the contact. None lies in it, so those before it approach
        // and those after it move apart: told by that sign, exactly, not by the rounded t_enter (a
        // check on it, a hair before the contact, was counted after it, and the miss blamed on
        // no check before the contact: a mutation test). Only a step or two from k0.
        std::int64_t after = k0;
        while (after > 0 && e.separating_at(s.sample_time(after - 1)) >= 0) --after;
        while (after < s.sample_count && e.separating_at(s.sample_time(after)) < 0) ++after;
        if (after > 0) s.before_contact_k = after - 1;
        if (after < s.sample_count) s.after_contact_k = after;
        // why: only a check before the contact and the next after it is the step carrying the
        // bodies through; the checks may instead stop at the horizon while they still overlap
        if (s.sample_count == 0) {
            s.miss_cause = MissCause::NoCheck;
        } else if (s.max_safe_dt && *s.max_safe_dt == 0.0) {
            s.miss_cause = MissCause::Instant;
        } else if (!s.before_contact_k) {
            s.miss_cause = MissCause::StartsAfter;
        } else if (!s.after_contact_k && e.overlaps_at(input.horizon)) {
            s.miss_cause = MissCause::HorizonCut;  // (still overlapping when the checks stop)
        } else {
            s.miss_cause = MissCause::SteppedOver;
        }
    }
    // A catch is not yet a safe step, nor in time: at a dt longer than the contact another phase
    // misses it; a first firing check past t_closest finds the bodies already parting.
    if (s.detected && s.continuous_contact) {
        s.caught_by_phase = s.max_safe_dt && *s.max_safe_dt > 0.0 && input.dt > *s.max_safe_dt;
        s.caught_parting = e.t_closest && *s.first_detect_t > *e.t_closest;
    }
    return s;
}

}  // namespace tangent
