#pragma once
// The pitfalls lab: each published first-contact formula (seed_formulas.h) run on one scene,
// set beside Tangent's answer, judged right or wrong, and the mistake explained for a student.
//
// What is compared. The seeds answer "the first contact now or later, or none". Tangent's
// answer to that question (PitfallReport::tangent_t) is t_enter for a hit or a graze, 0 for
// overlapping circles (in contact now: the seeds' "already colliding" is 0), and none for a
// miss, a receding pair (its contact was in the past) and a static pair.
//
// The rule for `wrong`. A variant claims "no contact" when it returns null, or -1 for seed 004
// (its "no collision"); otherwise it claims the time it returned, whatever that is (a negative
// time, infinity and NaN are claims too). It is right when both say "no contact", or when both
// give a time and |t - tangent_t| <= kPitfallTolerance·|tangent_t| (so a tangent_t of 0 must be
// met exactly, and a non-finite time is never right). Inside the graze band (a graze by the
// tolerance, D not exactly 0) a time within √(2τ)·R/|Δv| of the closest approach, where the
// numbers as given may touch, is right too, and so is "no contact" where D < 0. Anything else
// is wrong.

#include <optional>
#include <string>
#include <vector>

#include "encounter.h"
#include "seed_formulas.h"

namespace tangent {

/// Relative agreement with Tangent's time that counts as right: far above the rounding of any
/// sound formula (~1e-15), below the 1e-7..1e-8 that the textbook keeps near contact or a graze.
inline constexpr double kPitfallTolerance = 1e-9;

/// What made a wrong answer wrong, which its `why` names: the formula's own mistake, or the
/// rounding of plain doubles. Decided by PitfallAnswer::exact, the formula computed without
/// rounding error: wrong there too is the mistake; right there is rounding.
enum class PitfallCause : unsigned char {
    None,      ///< the answer is right
    Mistake,   ///< wrong even in exact arithmetic (rounding may move digits besides)
    Rounding,  ///< right in exact arithmetic: its mistake alone does not matter here
};

/// One formula's answer on one scene, and the verdict.
struct PitfallAnswer {
    seeds::Variant variant = seeds::Variant::Textbook;
    /// The variant's answer as it returned it: null for "no collision", seed 004's -1 kept as
    /// -1 (it IS its answer). May be negative, infinite or NaN: check before drawing it.
    std::optional<double> t_first_contact;
    bool says_no_contact = false;  ///< null, or -1 from seed 004: "no collision" in its own terms
    bool wrong = false;            ///< disagrees with tangent_t by the rule at the top of this file
    /// Seed 004 returned -1, its "no collision", a value that reads exactly like a real contact
    /// one second ago: whoever shows t_first_contact as a time should say so. When there is no
    /// contact this is not wrong, and `note` carries the warning; when there is one, it is
    /// wrong as well and `why` says so.
    bool ambiguous = false;
    std::string why;   ///< one sentence: why it is wrong here, with the scene's numbers; empty when right
    std::string note;  ///< a caution that holds although it is right (the -1, digits lost); often empty
    /// Significant digits of t_first_contact that agree with tangent_t: 17 when equal (or when
    /// both say "no contact"), 16 within a unit in the last place of it, otherwise the leading
    /// significant digits at which the two print alike (0..16), 0 when one gives a time and the
    /// other none, or when the time is not finite.
    int correct_digits = 0;
    /// The same formula, its mistake kept, computed without rounding error (exact signs, stable
    /// roots from Tangent's exact a, b, c): what the mistake alone answers, in the same terms as
    /// t_first_contact (seed 004's -1 included). Set beside t_first_contact it tells which
    /// digits the mistake moves and which rounding moves.
    std::optional<double> exact;
    PitfallCause cause = PitfallCause::None;  ///< for a wrong answer, what `why` blames
};

struct PitfallReport {
    std::optional<double> tangent_t;  ///< Tangent's first contact now or ahead (see above), or null
    Case kind = Case::Static;
    std::vector<PitfallAnswer> answers;  ///< one per variant, in seeds::kVariants order
};

/// Every seed formula on the encounter's bodies, judged against the encounter's own answer.
[[nodiscard]] PitfallReport compare_pitfalls(const Encounter& encounter);

/// The significant digits on which `value` agrees with `reference` (PitfallAnswer::correct_digits).
[[nodiscard]] int agreeing_digits(double value, double reference);

}  // namespace tangent
