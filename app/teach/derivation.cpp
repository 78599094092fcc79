#include "derivation.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string_view>

namespace tangent {
namespace {

struct NumberParts {
    bool negative = false;
    std::string mantissa;         // "1.5", "40"; empty for infinity and NaN
    std::optional<int> exponent;  // set in scientific form
    bool infinite = false;
    bool nan = false;
};

NumberParts number_parts(double value) {
    NumberParts parts;
    if (std::isnan(value)) {
        parts.nan = true;
        return parts;
    }
    parts.negative = value < 0.0;  // false for -0: it prints as 0
    if (std::isinf(value)) {
        parts.infinite = true;
        return parts;
    }
    if (value == 0.0) {
        parts.mantissa = "0";
        return parts;
    }
    // %g: 6 significant digits, trailing zeros dropped, scientific below 1e-4 and from 1e6
    std::array<char, 32> buffer{};
    const int length = std::snprintf(buffer.data(), buffer.size(), "%.6g", std::abs(value));
    const std::string text(buffer.data(), static_cast<std::size_t>(length));
    const std::size_t e = text.find('e');
    parts.mantissa = text.substr(0, e);
    if (e != std::string::npos) parts.exponent = std::atoi(text.c_str() + e + 1);  // "+20", "-13"
    return parts;
}

// Every line is written once, in the plain notation, with a backtick switching between
// mathematics and words. Formulas and substituted lines start in mathematics, meanings in words.
// Plain text drops the backticks; LaTeX translates the mathematics symbol by symbol and escapes
// the words.

constexpr char kSwitch = '`';

/// Words inside a line of mathematics.
std::string words(std::string_view text) { return kSwitch + std::string(text) + kSwitch; }
/// Mathematics inside a sentence.
std::string math(std::string_view formula) { return kSwitch + std::string(formula) + kSwitch; }

std::string unmarked(std::string_view marked) {
    std::string out;
    for (const char ch : marked)
        if (ch != kSwitch) out += ch;
    return out;
}

struct Symbol {
    std::string_view plain;
    std::string_view latex;  // math mode
};
constexpr std::array kSymbols{
    Symbol{"Δ", "\\Delta"},  Symbol{"·", "\\cdot"}, Symbol{"×", "\\times"},  Symbol{"−", "-"},
    Symbol{"±", "\\pm"},     Symbol{"∓", "\\mp"},   Symbol{"≤", "\\le"},     Symbol{"≥", "\\ge"},
    Symbol{"≈", "\\approx"}, Symbol{"≠", "\\ne"},   Symbol{"τ", "\\tau"},    Symbol{"…", "\\dots"},
    Symbol{"⇔", "\\iff"},    Symbol{"∞", "\\infty"}, Symbol{"²", "^2"},       Symbol{"√", "\\surd"}};
constexpr std::string_view kRoot = "√";
constexpr std::string_view kMinus = "−";

bool is_letter(char ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'); }
bool is_digit(char ch) { return ch >= '0' && ch <= '9'; }

const Symbol* symbol_at(std::string_view s, std::size_t i) {
    for (const Symbol& symbol : kSymbols)
        if (s.substr(i).starts_with(symbol.plain)) return &symbol;
    return nullptr;
}

/// The end of the number that starts at s[i]: digits, a point, and "e", "e−" exponent digits.
std::size_t number_end(std::string_view s, std::size_t i) {
    while (i < s.size() && (is_digit(s[i]) || s[i] == '.')) ++i;
    if (i < s.size() && s[i] == 'e') {
        std::size_t exponent = i + 1;
        if (s.substr(exponent).starts_with(kMinus)) exponent += kMinus.size();
        if (exponent < s.size() && is_digit(s[exponent])) {
            i = exponent;
            while (i < s.size() && is_digit(s[i])) ++i;
        }
    }
    return i;
}

/// "1.5e−13" -> "1.5 \times 10^{-13}"; "40" -> "40".
std::string number_to_latex(std::string_view number) {
    const std::size_t e = number.find('e');
    if (e == std::string_view::npos) return std::string(number);
    std::string_view exponent = number.substr(e + 1);
    const bool negative = exponent.starts_with(kMinus);
    if (negative) exponent.remove_prefix(kMinus.size());
    return std::string(number.substr(0, e)) + " \\times 10^{" + (negative ? "-" : "") + std::string(exponent) + "}";
}

/// Plain mathematics to LaTeX math mode.
std::string math_to_latex(std::string_view s) {
    std::string out;
    bool inside_bars = false;
    // a control word runs on into a following letter unless a space ends it
    const auto command = [&](std::string_view name, std::size_t next) {
        out += name;
        if (next < s.size() && is_letter(s[next])) out += ' ';
    };
    std::size_t i = 0;
    while (i < s.size()) {
        const char ch = s[i];
        if (is_digit(ch)) {
            const std::size_t end = number_end(s, i);
            out += number_to_latex(s.substr(i, end - i));
            i = end;
        } else if (ch == ' ') {
            const std::size_t end = std::min(s.find_first_not_of(' ', i), s.size());
            if (end - i >= 2) {
                command("\\quad", end);
            } else {
                out += ' ';
            }
            i = end;
        } else if (ch == '|') {
            command(inside_bars ? "\\rvert" : "\\lvert", i + 1);
            inside_bars = !inside_bars;
            ++i;
        } else if (ch == '_') {  // t_enter -> t_{\mathrm{enter}}
            std::size_t end = i + 1;
            while (end < s.size() && is_letter(s[end])) ++end;
            out += "_{\\mathrm{" + std::string(s.substr(i + 1, end - i - 1)) + "}}";
            i = end;
        } else if ((ch == 'p' || ch == 'v' || ch == 'r') && i + 1 < s.size() && (s[i + 1] == 'A' || s[i + 1] == 'B') &&
                   (i == 0 || !is_letter(s[i - 1]))) {  // pB -> p_B
            out += ch;
            out += '_';
            out += s[i + 1];
            i += 2;
        } else if (s.substr(i).starts_with(kRoot)) {
            i += kRoot.size();
            std::size_t end = i;
            std::string radicand;
            if (i < s.size() && s[i] == '(') {  // √(…): the parentheses become the root's bar
                int depth = 0;
                for (end = i; end < s.size(); ++end) {
                    if (s[end] == '(') ++depth;
                    if (s[end] == ')' && --depth == 0) break;
                }
                radicand = math_to_latex(s.substr(i + 1, end - i - 1));
                end = std::min(end + 1, s.size());
            } else if (i < s.size() && is_digit(s[i])) {
                end = number_end(s, i);
                radicand = number_to_latex(s.substr(i, end - i));
            } else if (i < s.size() && is_letter(s[i])) {
                end = i + 1;
                radicand = std::string(1, s[i]);
            }
            out += "\\sqrt{" + radicand + "}";
            i = end;
        } else if (const Symbol* symbol = symbol_at(s, i)) {
            // a thin space between a factor and a vector: t\,\Delta v
            if (symbol->plain == "Δ" && i > 0 && is_letter(s[i - 1])) out += "\\,";
            i += symbol->plain.size();
            if (symbol->latex.starts_with('\\')) {
                command(symbol->latex, i);
            } else {
                out += symbol->latex;
            }
        } else if (ch == '%' || ch == '#' || ch == '&' || ch == '$' || ch == '{' || ch == '}') {
            out += '\\';
            out += ch;
            ++i;
        } else {
            out += ch;
            ++i;
        }
    }
    return out;
}

/// Words to LaTeX text mode: specials escaped, symbols and scientific numbers as \ensuremath.
std::string text_to_latex(std::string_view s) {
    std::string out;
    std::size_t i = 0;
    while (i < s.size()) {
        const char ch = s[i];
        if (is_digit(ch)) {
            const std::size_t end = number_end(s, i);
            const std::string number = number_to_latex(s.substr(i, end - i));
            out += number.find('\\') == std::string::npos ? number : "\\ensuremath{" + number + "}";
            i = end;
            continue;
        }
        std::string_view replacement;
        switch (ch) {
            case '\\': replacement = "\\textbackslash{}"; break;
            case '{': replacement = "\\{"; break;
            case '}': replacement = "\\}"; break;
            case '$': replacement = "\\$"; break;
            case '&': replacement = "\\&"; break;
            case '#': replacement = "\\#"; break;
            case '%': replacement = "\\%"; break;
            case '_': replacement = "\\_"; break;
            case '^': replacement = "\\^{}"; break;
            case '~': replacement = "\\~{}"; break;
            case '<': replacement = "\\textless{}"; break;
            case '>': replacement = "\\textgreater{}"; break;
            case '|': replacement = "\\textbar{}"; break;
            default: break;
        }
        if (!replacement.empty()) {
            out += replacement;
            ++i;
        } else if (const Symbol* symbol = symbol_at(s, i)) {
            out += "\\ensuremath{" + std::string(symbol->latex) + "}";
            i += symbol->plain.size();
        } else if (s.substr(i).starts_with("’")) {
            out += '\'';
            i += std::string_view("’").size();
        } else {
            out += ch;  // anything else non-ASCII is left for the tests to catch
            ++i;
        }
    }
    return out;
}

/// A marked line in LaTeX: in math mode with the words as \text{…} (formulas), or in text mode
/// with the mathematics as $…$ (meanings).
std::string marked_to_latex(std::string_view marked, bool math_mode) {
    std::string out;
    bool in_math = math_mode;
    std::size_t start = 0;
    while (start <= marked.size()) {
        const std::size_t end = std::min(marked.find(kSwitch, start), marked.size());
        const std::string_view chunk = marked.substr(start, end - start);
        if (!chunk.empty()) {
            if (math_mode) {
                out += in_math ? math_to_latex(chunk) : "\\text{" + text_to_latex(chunk) + "}";
            } else {
                out += in_math ? "$" + math_to_latex(chunk) + "$" : text_to_latex(chunk);
            }
        }
        in_math = !in_math;
        start = end + 1;
    }
    return out;
}

std::string num(double value) { return format_value(value); }

bool bare(const std::string& formatted) { return formatted.find_first_not_of("0123456789.") == std::string::npos; }

/// A number where a sign or a power follows or precedes it: negative and scientific ones in
/// parentheses, so that (−2)² is not read as −2², nor 1e−13² as 1e−(13²).
std::string operand(double value) {
    const std::string formatted = num(value);
    return bare(formatted) ? formatted : "(" + formatted + ")";
}

std::string squared(double value) { return operand(value) + "²"; }

/// A product of two components: "(10)(−2)".
std::string product(double x, double y) { return "(" + num(x) + ")(" + num(y) + ")"; }

std::string vec(glm::dvec2 value) { return "(" + num(value.x) + ", " + num(value.y) + ")"; }

std::string root(double value) {
    const std::string formatted = num(value);
    return bare(formatted) ? "√" + formatted : "√(" + formatted + ")";
}

/// "−b" with b substituted: "−(−40)", "−20"; 0 rather than "−0".
std::string negated(double value) { return value == 0.0 ? "0" : "−" + operand(value); }

/// A non-negative coefficient times a variable: "4t²", "t", "(1e−13)t".
std::string times(double magnitude, std::string_view variable) {
    if (magnitude == 1.0) return std::string(variable);
    return operand(magnitude) + std::string(variable);
}

std::string signed_times(double value, std::string_view variable) {
    return (value < 0.0 ? std::string(kMinus) : std::string()) + times(std::abs(value), variable);
}

/// " + x" or " − |x|".
std::string plus(double value) { return (value < 0.0 ? " − " : " + ") + num(std::abs(value)); }

/// (p + vt)², written as a student would: "(10 − 2t)²", "(−10 + t)²", "3²".
std::string squared_linear(double p, double v) {
    if (v == 0.0) return squared(p);
    if (p == 0.0) return "(" + signed_times(v, "t") + ")²";
    return "(" + num(p) + (v < 0.0 ? " − " : " + ") + times(std::abs(v), "t") + ")²";
}

/// at² + bt + c with the signs folded in: "4t² − 40t + 96".
std::string polynomial(double a, double b, double c) {
    return times(a, "t²") + (b < 0.0 ? " − " : " + ") + times(std::abs(b), "t") + plus(c);
}

double value_or_nan(std::optional<double> value) { return value.value_or(std::numeric_limits<double>::quiet_NaN()); }

struct Draft {
    std::string title;
    std::string formula;      // marked, mathematics first
    std::string substituted;  // marked, mathematics first
    std::string meaning;      // marked, words first
};

DerivationStep render(const Draft& draft, bool highlighted) {
    DerivationStep step;
    step.title = draft.title;
    step.formula = unmarked(draft.formula);
    step.latex = marked_to_latex(draft.formula, true);
    step.substituted = unmarked(draft.substituted);
    step.substituted_latex = marked_to_latex(draft.substituted, true);
    step.meaning = unmarked(draft.meaning);
    step.meaning_latex = marked_to_latex(draft.meaning, false);
    step.highlighted = highlighted;
    return step;
}

constexpr std::string_view kTitleA = "The coefficient a";
constexpr std::string_view kTitleC = "The coefficient c";
constexpr std::string_view kTitleDiscriminant = "The discriminant";
constexpr std::string_view kTitleRoots = "The roots";

std::string_view deciding_title(Case kind) {
    switch (kind) {
        case Case::Static: return kTitleA;
        case Case::Overlapping: return kTitleC;
        case Case::Receding: return kTitleRoots;
        case Case::Hit:
        case Case::Graze:
        case Case::Miss: return kTitleDiscriminant;
    }
    return kTitleDiscriminant;
}

Draft answer(const Encounter& e) {
    const double radius = e.radius_sum;
    const double t_enter = value_or_nan(e.t_enter);
    const double t_exit = value_or_nan(e.t_exit);
    Draft d{"The answer", "", "", ""};
    switch (e.kind) {
        case Case::Hit:
            d.formula = "c ≥ 0" + words(", ") + "D > 0" + words(" and ") + "b < 0";
            d.substituted = "D = " + num(e.discriminant) + " > 0" + words(": two roots, ") + "t_enter = " + num(t_enter) +
                            words(" and ") + "t_exit = " + num(t_exit) + words(": the circles first touch at ") +
                            "t = " + num(t_enter);
            d.meaning = "A hit: the earlier root is the time of impact. The later one, " + math("t_exit") +
                        ", would matter only if the circles could pass through each other.";
            break;
        case Case::Graze:
            d.formula = "c ≥ 0" + words(", ") + "D = 0" + words(" and ") + "b ≤ 0";
            d.substituted = "D = 0" + words(" (within ") + "τ = " + num(kGrazeTolerance) +
                            words(" relative): one double root at ") + "t = " + num(t_enter);
            d.meaning = "A graze: the circles touch at a single instant and part without overlapping. A hair "
                        "closer would be a hit, a hair farther a miss.";
            break;
        case Case::Miss:
            d.formula = "D < 0";
            d.substituted = "D = " + num(e.discriminant) + " < 0" + words(": no real root; at the closest approach (") +
                            "t = " + num(value_or_nan(e.t_closest)) + words(") the centres are ") + num(e.min_distance) +
                            words(" apart, more than ") + "R = " + num(radius);
            d.meaning = "A miss: at their closest the rims stay " + math("d_min − R = " + num(e.min_distance - radius)) +
                        " apart.";
            break;
        case Case::Receding:
            d.formula = "c ≥ 0" + words(", ") + "D ≥ 0" + words(" and ") + "b > 0";
            if (e.discriminant_sign == DiscriminantSign::Zero) {
                d.substituted = "D = 0" + words(": one double root at ") + "t = " + num(t_enter) +
                                words(", in the past: the circles grazed then");
            } else if (t_exit < 0.0) {
                d.substituted = words("Both roots are negative: the contact was at ") + "t = " + num(t_enter) + " … " +
                                num(t_exit);
            } else {
                d.substituted = words("The roots are ") + "t = " + num(t_enter) + words(" and ") + "t = " +
                                num(t_exit) + words(": the circles touch now and are moving apart");
            }
            d.meaning = "Receding: no contact lies ahead; from now on the centres only move apart (" +
                        math("b > 0") + ").";
            break;
        case Case::Overlapping:
            d.formula = "c < 0";
            if (e.discriminant_sign == DiscriminantSign::NotQuadratic) {
                d.substituted = "c = " + num(e.c) + " < 0" + words(" and ") + "a = 0" +
                                words(": they overlap now and always; the distance stays ") + num(e.min_distance) +
                                " < R = " + num(radius);
                d.meaning = "Overlapping for good: with " + math("Δv = 0") + " the distance never changes.";
            } else {
                d.substituted = "c = " + num(e.c) + " < 0" + words(": they overlap now; one root in the past (") +
                                "t = " + num(t_enter) + words("), one ahead (") + "t = " + num(t_exit) + words(")");
                d.meaning = "Overlapping: the circles have overlapped since " + math("t_enter = " + num(t_enter)) +
                            " and separate at " + math("t_exit = " + num(t_exit)) + ".";
            }
            break;
        case Case::Static:
            d.formula = "a = 0" + words(" and ") + "c ≥ 0";
            d.substituted = "a = 0" + words(": ") + "Δv = 0" + words(", no quadratic; the distance stays ") +
                            num(e.min_distance) +
                            (e.c > 0.0 ? words(", more than ") + "R = " + num(radius)
                                       : words(", equal to ") + "R = " + num(radius));
            d.meaning = e.c > 0.0 ? "Static: the circles move together and never touch."
                                  : "Static: the circles move together, touching for good without overlapping.";
            break;
    }
    return d;
}

/// A title in LaTeX text mode, its one-letter words (the symbols a, b, c, t) set as mathematics.
std::string title_to_latex(std::string_view title) {
    std::string out;
    std::size_t start = 0;
    while (start <= title.size()) {
        const std::size_t end = std::min(title.find(' ', start), title.size());
        const std::string_view word = title.substr(start, end - start);
        if (!out.empty()) out += ' ';
        out += word.size() == 1 && is_letter(word[0]) ? "$" + std::string(word) + "$" : text_to_latex(word);
        start = end + 1;
    }
    return out;
}

/// The parts of a line that the plain text separates by ",  " (\quad in LaTeX), one per row
/// of an align*, so that long substitutions stay within the page.
std::vector<std::string> align_rows(const std::string& latex) {
    constexpr std::string_view kSeparator = ",\\quad";
    std::vector<std::string> rows;
    std::size_t start = 0;
    for (std::size_t at = latex.find(kSeparator); at != std::string::npos; at = latex.find(kSeparator, start)) {
        rows.push_back(latex.substr(start, at + 1 - start));  // keeps the comma
        start = at + kSeparator.size();
        if (start < latex.size() && latex[start] == ' ') ++start;  // "\quad R": the space ended the command
    }
    rows.push_back(latex.substr(start));
    return rows;
}

/// A math-mode line with its words in \\text{…} turned inside out: the words as text, the rest
/// as $…$.
std::string math_to_sentence(const std::string& latex) {
    constexpr std::string_view kText = "\\text{";
    std::string out;
    std::string formula;
    const auto flush = [&] {
        if (!formula.empty()) out += "$" + formula + "$";
        formula.clear();
    };
    std::size_t i = 0;
    while (i < latex.size()) {
        if (latex.compare(i, kText.size(), kText) != 0) {
            formula += latex[i++];
            continue;
        }
        flush();
        std::size_t end = i + kText.size();
        for (int depth = 1; end < latex.size(); ++end) {
            if (latex[end] == '\\') {
                ++end;
            } else if (latex[end] == '{') {
                ++depth;
            } else if (latex[end] == '}' && --depth == 0) {
                break;
            }
        }
        out += latex.substr(i + kText.size(), end - i - kText.size());
        i = end + 1;
    }
    flush();
    return out;
}

}  // namespace

std::string format_value(double value) {
    const NumberParts parts = number_parts(value);
    if (parts.nan) return "NaN";
    std::string out = parts.negative ? std::string(kMinus) : std::string();
    if (parts.infinite) return out + "∞";
    out += parts.mantissa;
    if (parts.exponent) out += "e" + std::string(*parts.exponent < 0 ? kMinus : "") + std::to_string(std::abs(*parts.exponent));
    return out;
}

std::string format_value_latex(double value) {
    const NumberParts parts = number_parts(value);
    if (parts.nan) return "\\mathrm{NaN}";
    std::string out = parts.negative ? "-" : "";
    if (parts.infinite) return out + "\\infty";
    out += parts.mantissa;
    if (parts.exponent)
        out += " \\times 10^{" + std::string(*parts.exponent < 0 ? "-" : "") + std::to_string(std::abs(*parts.exponent)) + "}";
    return out;
}

Derivation derive(const Encounter& e) {
    const Body& body_a = e.body_a;
    const Body& body_b = e.body_b;
    const glm::dvec2 dp = e.relative_position;
    const glm::dvec2 dv = e.relative_velocity;
    const double radius = e.radius_sum;
    // the pieces of the expansion, for display; a, b, c and D are the Encounter's accurate values
    const double dp_dot_dp = dp.x * dp.x + dp.y * dp.y;
    const double dp_dot_dv = dp.x * dv.x + dp.y * dv.y;
    const double dv_dot_dv = dv.x * dv.x + dv.y * dv.y;
    const double dp_cross_dv = dp.x * dv.y - dp.y * dv.x;
    const bool quadratic = e.discriminant_sign != DiscriminantSign::NotQuadratic;

    std::vector<Draft> drafts;
    drafts.push_back({"Relative motion", "Δp = pB − pA,  Δv = vB − vA,  R = rA + rB",
                      "Δp = " + vec(body_b.position) + " − " + vec(body_a.position) + " = " + vec(dp) +
                          ",  Δv = " + vec(body_b.velocity) + " − " + vec(body_a.velocity) + " = " + vec(dv) +
                          ",  R = " + num(body_a.radius) + " + " + num(body_b.radius) + " = " + num(radius),
                      "Watch from A: A's centre stays at the origin while B's starts at " + math("Δp") +
                          " and moves with velocity " + math("Δv") + ". The circles touch when the centres are " +
                          math("R") + " apart."});

    drafts.push_back({"The condition", "|Δp + tΔv| = R", "|" + vec(dp) + " + t" + vec(dv) + "| = " + num(radius),
                      "At time " + math("t") + ", B's centre is at " + math("Δp + tΔv") +
                          " as seen from A; the circles touch when that distance equals " + math("R") + ". " +
                          math("t = 0") + " is the scene as drawn, negative " + math("t") + " the past."});

    drafts.push_back({"Square both sides", "|Δp + tΔv|² = (Δp + tΔv)·(Δp + tΔv) = R²",
                      squared_linear(dp.x, dv.x) + " + " + squared_linear(dp.y, dv.y) + " = " + squared(radius),
                      "A squared length is the vector dotted with itself: the sum of its squared components. Both "
                      "sides are " +
                          math("≥ 0") + ", so squaring neither gains nor loses a solution."});

    drafts.push_back({"Expand", "Δp·Δp + 2t(Δp·Δv) + t²(Δv·Δv) = R²",
                      num(dp_dot_dp) + " + 2t(" + num(dp_dot_dv) + ") + t²(" + num(dv_dot_dv) + ") = " +
                          num(radius * radius),
                      "The dot product distributes like multiplication. " + math("Δp·Δp = " + num(dp_dot_dp)) +
                          " is the squared distance now, " + math("Δv·Δv = " + num(dv_dot_dv)) +
                          " the squared relative speed."});

    drafts.push_back({"Collect powers of t", "(Δv·Δv)t² + 2(Δp·Δv)t + (Δp·Δp − R²) = 0",
                      polynomial(e.a, e.b, e.c) + " = 0",
                      "Move " + math("R²") + " to the left and group by powers of " + math("t") + ": a quadratic " +
                          math("at² + bt + c = 0") + "."});

    drafts.push_back({std::string(kTitleA), "a = Δv·Δv",
                      "a = Δv·Δv = " + squared(dv.x) + " + " + squared(dv.y) + " = " + num(e.a),
                      quadratic ? math("a = |Δv|²") +
                                      ", the squared relative speed. It is positive whenever the circles move "
                                      "relative to each other, so this is a true quadratic."
                                : math("a = 0") + ": " + math("Δv = 0") +
                                      ", the circles move together and their distance never changes. There is no "
                                      "quadratic to solve."});

    std::string b_meaning;
    if (!quadratic) {
        b_meaning = math("b = 0") + " as well, since " + math("Δv = 0") + ".";
    } else if (e.b < 0.0) {
        b_meaning = math("b < 0") + ": " + math("Δp·Δv < 0") + ", the centres are getting closer at " + math("t = 0") + ".";
    } else if (e.b > 0.0) {
        b_meaning = math("b > 0") + ": " + math("Δp·Δv > 0") + ", the centres are moving apart at " + math("t = 0") + ".";
    } else {
        b_meaning = math("b = 0") + ": at " + math("t = 0") + " the centres are neither approaching nor separating.";
    }
    drafts.push_back({"The coefficient b", "b = 2 Δp·Δv",
                      "b = 2 Δp·Δv = 2(" + product(dp.x, dv.x) + " + " + product(dp.y, dv.y) + ") = " + num(e.b),
                      b_meaning});

    const std::string c_sign = e.c < 0.0 ? " < 0" : e.c > 0.0 ? " > 0" : "";
    std::string c_meaning;
    if (e.c < 0.0) {
        c_meaning = math("c < 0") + ": the centres are less than " + math("R") + " apart, so the circles overlap now.";
    } else if (e.c > 0.0) {
        c_meaning = math("c > 0") + ": the centres are more than " + math("R") + " apart, so the circles are apart now.";
    } else {
        c_meaning = math("c = 0") + ": the centres are exactly " + math("R") + " apart: the circles touch now, and " +
                    math("t = 0") + " is a root.";
    }
    drafts.push_back({std::string(kTitleC), "c = Δp·Δp − R²",
                      "c = Δp·Δp − R² = " + squared(dp.x) + " + " + squared(dp.y) + " − " + squared(radius) + " = " +
                          num(e.c) + c_sign,
                      c_meaning});

    if (quadratic) {
        const double d = e.discriminant;
        const double root_d = std::sqrt(std::max(d, 0.0));
        const double minus_b = -e.b;
        const double t_closest = value_or_nan(e.t_closest);
        const double t_enter = value_or_nan(e.t_enter);
        const double t_exit = value_or_nan(e.t_exit);
        const DiscriminantSign sign = e.discriminant_sign;

        std::string d_compared;
        std::string d_meaning;
        switch (sign) {
            case DiscriminantSign::Positive:
                d_compared = " > 0";
                d_meaning = math("D > 0") + ": two real roots, two times at which the distance is exactly " +
                            math("R") + ".";
                break;
            case DiscriminantSign::Negative:
                d_compared = " < 0";
                d_meaning = math("D < 0") + ": no real root: the distance never comes down to " + math("R") + ".";
                break;
            case DiscriminantSign::Zero:
            case DiscriminantSign::NotQuadratic:
                d_compared = d == 0.0 ? "" : " ≈ 0";
                d_meaning = math("D = 0") + ": one double root, a single instant at which the distance is " +
                            math("R") + ". Tangent counts " + math("D") + " as zero when " +
                            math("|d_min − R| ≤ τR") + ", " + math("τ = " + num(kGrazeTolerance)) +
                            ", so that a graze does not hinge on the last bit of rounding.";
                break;
        }
        drafts.push_back({std::string(kTitleDiscriminant), "D = b² − 4ac",
                          "D = " + squared(e.b) + " − 4·" + operand(e.a) + "·" + operand(e.c) + " = " +
                              num(e.b * e.b) + " − " + operand(4.0 * e.a * e.c) + " = " + num(d) + d_compared,
                          d_meaning});

        drafts.push_back({"The discriminant as Tangent computes it", "D = 4(aR² − (Δp×Δv)²)",
                          "Δp×Δv = " + product(dp.x, dv.y) + " − " + product(dp.y, dv.x) + " = " + num(dp_cross_dv) +
                              ",  D = 4(" + operand(e.a) + "·" + squared(radius) + " − " + squared(dp_cross_dv) +
                              ") = " + num(d),
                          "The same " + math("D") + ", rewritten with Lagrange's identity " +
                              math("(Δp·Δv)² + (Δp×Δv)² = (Δp·Δp)(Δv·Δv)") +
                              ". Tangent evaluates this form: when the circles barely touch, " + math("b²") +
                              " and " + math("4ac") +
                              " are nearly equal, and subtracting them loses the digits that decide the case."});

        std::string closest_meaning = "The vertex of the parabola, where the distance is smallest: at " +
                                      math("t = " + num(t_closest)) + (t_closest < 0.0 ? ", in the past," : "") +
                                      " the centres are " +
                                      math(num(e.min_distance)) + " apart, ";
        switch (sign) {
            case DiscriminantSign::Positive: closest_meaning += "less than " + math("R = " + num(radius)) + "."; break;
            case DiscriminantSign::Negative: closest_meaning += "more than " + math("R = " + num(radius)) + "."; break;
            case DiscriminantSign::Zero:
            case DiscriminantSign::NotQuadratic: closest_meaning += "exactly " + math("R = " + num(radius)) + "."; break;
        }
        closest_meaning += " In general " + math("D ≥ 0") + " exactly when " + math("d_min ≤ R") +
                           ": the closest approach decides whether they ever touch.";
        drafts.push_back({"Closest approach", "t_closest = −b/(2a),  d_min = |Δp×Δv|/|Δv|",
                          "t_closest = " + negated(e.b) + "/(2·" + operand(e.a) + ") = " + num(t_closest) +
                              ",  d_min = |" + num(dp_cross_dv) + "|/" + root(e.a) + " = " + num(e.min_distance),
                          closest_meaning});

        const std::string over_two_a = "/(2·" + operand(e.a) + ")";
        std::string roots_line;
        std::string roots_meaning;
        switch (sign) {
            case DiscriminantSign::Positive:
                roots_line = "t = (" + negated(e.b) + " ± " + root(d) + ")" + over_two_a + " = (" + num(minus_b) +
                             " ± " + num(root_d) + ")/" + operand(2.0 * e.a) + ",  t_enter = " + num(t_enter) +
                             ",  t_exit = " + num(t_exit);
                if (e.kind == Case::Receding && t_exit < 0.0) {
                    roots_meaning = "Both roots are negative: the circles touched, and parted, in the past.";
                } else if (e.kind == Case::Receding) {
                    roots_meaning = "The later root is " + math("t = 0") +
                                    ": the circles touch now, and the earlier contact is in the past.";
                } else if (e.kind == Case::Overlapping) {
                    roots_meaning = "One root is negative and one positive (their product " + math("c/a") +
                                    " is negative): the overlap began at " + math("t_enter") + " and ends at " +
                                    math("t_exit") + ".";
                } else {
                    roots_meaning = "The distance equals " + math("R") + " at " + math("t_enter") +
                                    ", when the circles first touch, and at " + math("t_exit") +
                                    ", when they would part had they passed through each other.";
                }
                break;
            case DiscriminantSign::Zero:
            case DiscriminantSign::NotQuadratic:
                roots_line = "t = −b/(2a) = " + negated(e.b) + over_two_a + " = " + num(t_enter) +
                             " = t_enter = t_exit";
                roots_meaning = e.kind == Case::Receding
                                    ? "With " + math("D = 0") + " the " + math("±") +
                                          " adds nothing: one double root, and it is negative: the graze is past."
                                    : "With " + math("D = 0") + " the " + math("±") +
                                          " adds nothing: one double root, the instant at which the circles touch.";
                break;
            case DiscriminantSign::Negative:
                roots_line = "t = (" + negated(e.b) + " ± " + root(d) + ")" + over_two_a + words(": ") + root(d) +
                             words(" is not a real number");
                roots_meaning = "No real " + math("t") + " makes the distance " + math("R") +
                                ": the circles never touch.";
                break;
        }
        drafts.push_back({std::string(kTitleRoots), "t = (−b ± √D)/(2a)", roots_line, roots_meaning});

        if (sign == DiscriminantSign::Positive) {
            const std::string sum = num(minus_b) + " + " + num(root_d);
            const std::string difference = num(minus_b) + " − " + num(root_d);
            if (e.b < 0.0) {
                drafts.push_back(
                    {"The roots as Tangent computes them", "t_enter = 2c/(−b + √D),  t_exit = (−b + √D)/(2a)",
                     "t_enter = 2·" + operand(e.c) + "/(" + sum + ") = " + num(t_enter) + ",  t_exit = (" + sum + ")" +
                         over_two_a + " = " + num(t_exit),
                     "The textbook " + math("(−b − √D)/(2a)") + " subtracts nearly equal numbers when " + math("c") +
                         " is small (then " + math("√D ≈ −b") + ") and loses digits. Multiplied above and below by " +
                         math("−b + √D") + " it becomes the equal " + math("2c/(−b + √D)") +
                         ", which only adds: Tangent evaluates that form."});
            } else if (e.b > 0.0) {
                drafts.push_back(
                    {"The roots as Tangent computes them", "t_enter = (−b − √D)/(2a),  t_exit = 2c/(−b − √D)",
                     "t_enter = (" + difference + ")" + over_two_a + " = " + num(t_enter) + ",  t_exit = 2·" +
                         operand(e.c) + "/(" + difference + ") = " + num(t_exit),
                     "The textbook " + math("(−b + √D)/(2a)") + " subtracts nearly equal numbers when " + math("c") +
                         " is small (then " + math("√D ≈ b") + ") and loses digits. Multiplied above and below by " +
                         math("−b − √D") + " it becomes the equal " + math("2c/(−b − √D)") +
                         ", which only adds: Tangent evaluates that form."});
            } else {
                drafts.push_back({"The roots as Tangent computes them", "t_enter = −√D/(2a),  t_exit = √D/(2a)",
                                  "t_enter = −" + num(root_d) + over_two_a + " = " + num(t_enter) + ",  t_exit = " +
                                      num(root_d) + over_two_a + " = " + num(t_exit),
                                  "With " + math("b = 0") + ", " + math("−b ± √D = ±√D") +
                                      ": nothing cancels, and Tangent takes the roots as they stand."});
            }
        }
    }

    drafts.push_back(answer(e));

    Derivation derivation;
    derivation.kind = e.kind;
    const std::string_view deciding = deciding_title(e.kind);
    for (const Draft& draft : drafts) derivation.steps.push_back(render(draft, draft.title == deciding));
    return derivation;
}

std::string to_plain_text(const Derivation& derivation) {
    std::string out = "When do the circles touch? Case: " + std::string(to_string(derivation.kind)) + "\n";
    int number = 1;
    for (const DerivationStep& step : derivation.steps) {
        out += "\n" + std::to_string(number++) + ". " + step.title;
        if (step.highlighted) out += "  (this decides the case)";
        out += "\n   " + step.formula + "\n   " + step.substituted + "\n   " + step.meaning + "\n";
    }
    return out;
}

std::string to_latex(const Derivation& derivation) {
    std::string out = "% When do the circles touch? Case: " + std::string(to_string(derivation.kind)) +
                      ". Needs \\usepackage{amsmath}.\n\\begin{enumerate}\n";
    for (const DerivationStep& step : derivation.steps) {
        out += "\\item \\textbf{" + title_to_latex(step.title) + "}";
        if (step.highlighted) out += " (this decides the case)";
        // a substituted line with words in it is a sentence: set as a paragraph, it can wrap
        const bool sentence = step.substituted_latex.find("\\text{") != std::string::npos;
        std::vector<std::string> rows{step.latex};  // formulas are short: one row
        if (!sentence) {
            for (const std::string& row : align_rows(step.substituted_latex))
                rows.push_back(step.highlighted ? "\\boxed{" + row + "}" : row);
        }
        out += "\n\\begin{align*}\n";
        for (std::size_t i = 0; i < rows.size(); ++i) out += "  &" + rows[i] + (i + 1 < rows.size() ? "\\\\\n" : "\n");
        out += "\\end{align*}\n";
        if (sentence) {
            const std::string text = math_to_sentence(step.substituted_latex);
            out += (step.highlighted ? "\\fbox{" + text + "}" : text) + "\n\n";
        }
        out += step.meaning_latex + "\n";
    }
    out += "\\end{enumerate}\n";
    return out;
}

std::string to_latex_document(const Derivation& derivation) {
    return "\\documentclass{article}\n\\usepackage{amsmath}\n\\usepackage[margin=2cm]{geometry}\n"
           "\\begin{document}\n"
           "\\section*{When do the circles touch?}\n" +
           to_latex(derivation) + "\\end{document}\n";
}

}  // namespace tangent
