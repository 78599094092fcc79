#pragma once
// The derivation a teacher walks through, from |Δp + tΔv| = R to the roots, with the scene's
// numbers substituted at every step: the content of the derivation panel and of its plain-text
// and LaTeX exports. Pure: an Encounter in, text out.
//
// Numbers (format_value): 6 significant digits, trailing zeros dropped, so 0.1 + 0.2 reads "0.3";
// scientific when the exponent is below -4 or above 5 ("1e−13", "2.5e20"); −0 reads "0". Where a
// step's sum cancels, derive() gives its operands more digits so that the printed arithmetic
// still comes out ("2.000000002² + 0² − 2² = 8e−9"): up to 17, which tell any double, and up to
// 30 for the inputs, Δp, Δv, R, Δp·Δp and R², whose exact values (Tangent forms Δp, Δv and R
// exactly) a double does not hold; a typed input shows as typed. Where −b and √D cancel in the
// textbook (−b ± √D)/2a, that root is printed as its printed operands give it, and said to be off,
// beside the stable form's true value. Where even 17 digits cannot (near a graze b² and 4ac, or aR² and (Δp×Δv)², agree
// beyond them), the operands show every digit of their doubles, the subtraction is printed as
// it comes out on them, exactly, and called rounding, beside the D Tangent computes. Plain text writes the minus sign U+2212 (−), as on a slide, in numbers and in formulas
// alike; LaTeX writes "-" and "1 \times 10^{-13}" (format_value_latex).

#include <string>
#include <vector>

#include "core/encounter.h"

namespace tangent {

/// One line of the derivation: the general formula, the same with this scene's numbers, and what
/// it says. Plain fields are UTF-8 (Δ, ², ·, ×, √, ±, ≤, −); the *_latex fields are ASCII.
struct DerivationStep {
    std::string title;              ///< "The condition", "Square both sides", "The discriminant", ...
    std::string formula;            ///< "|Δp + tΔv| = R"
    std::string latex;              ///< the formula in LaTeX math mode
    std::string substituted;        ///< "a = Δv·Δv = (−2)² + 0² = 4"
    std::string substituted_latex;  ///< the same in LaTeX math mode (words as \text{...})
    std::string meaning;            ///< one or two sentences for a student, with the numbers
    std::string meaning_latex;      ///< the same in LaTeX text mode (mathematics as $...$)
    /// The step that decides the case: the coefficient a for static, c for overlapping, the roots
    /// for receding (both in the past), the discriminant for hit, graze and miss.
    bool highlighted = false;
};

struct Derivation {
    std::vector<DerivationStep> steps;  ///< in the order of the articles, the answer last
    Case kind = Case::Static;
};

/// The steps for this encounter: relative motion, the condition, squaring, expanding, collecting
/// powers of t, a, b, c, then (when a > 0) D both ways, the closest approach, the roots and the
/// stable form Tangent evaluates, and last the answer in words with the numbers.
[[nodiscard]] Derivation derive(const Encounter& encounter);

/// Numbered steps, each with its formula, substituted line and meaning: for the clipboard.
[[nodiscard]] std::string to_plain_text(const Derivation& derivation);

/// An enumerate list, one align* per step: the formula, then the substituted line (the deciding
/// one \boxed) broken into rows where the plain text separates parts by ",  "; a substituted line
/// with words in it follows as a sentence that can wrap; then the meaning. A fragment for a
/// document that loads amsmath.
[[nodiscard]] std::string to_latex(const Derivation& derivation);

/// to_latex() wrapped in a complete article (amsmath, geometry) that pdflatex compiles as it stands.
[[nodiscard]] std::string to_latex_document(const Derivation& derivation);

/// How numbers appear in plain text (see the top of this file): "0.3", "−40", "1e−13", "0".
/// With more significant digits (at most 17) where a step needs them: "2.000000002".
[[nodiscard]] std::string format_value(double value, int significant_digits = 6);

/// The same number for LaTeX math mode: "0.3", "-40", "1 \times 10^{-13}", "0".
[[nodiscard]] std::string format_value_latex(double value, int significant_digits = 6);

}  // namespace tangent
