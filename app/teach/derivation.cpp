#include "derivation.h"

#include <algorithm>
#include <cctype>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string_view>
#include <tuple>
#include <utility>

#include "core/double_double.h"
#include "core/expansion.h"
#include "core/format.h"

namespace tangent {
namespace {

struct NumberParts {
    bool negative = false;
    std::string mantissa;         // "1.5", "40"; empty for infinity and NaN
    std::optional<int> exponent;  // set in scientific form
    bool infinite = false;
    bool nan = false;
};

NumberParts number_parts(long double value, int significant_digits) {
    NumberParts parts;
    if (std::isnan(value)) {
        parts.nan = true;
        return parts;
    }
    parts.negative = value < 0.0L;  // false for -0: it prints as 0
    if (std::isinf(value)) {
        parts.infinite = true;
        return parts;
    }
    if (value == 0.0L) {
        parts.mantissa = "0";
        return parts;
    }
    // as %g, whatever the digits: scientific below 1e-4 and from 1e6, trailing zeros dropped
    const int digits = std::clamp(significant_digits, 1, 17);
    std::array<char, 40> buffer{};
    std::snprintf(buffer.data(), buffer.size(), "%.*Le", digits - 1, std::abs(value));
    const std::string scientific(buffer.data());
    const std::size_t e = scientific.find('e');
    const int exponent = std::atoi(scientific.c_str() + e + 1);  // after rounding: 9.9999996 has exponent 1
    std::string mantissa;
    if (exponent < -4 || exponent > 5) {
        mantissa = scientific.substr(0, e);
        parts.exponent = exponent;
    } else {
        std::snprintf(buffer.data(), buffer.size(), "%.*Lf", std::max(0, digits - 1 - exponent), std::abs(value));
        mantissa = buffer.data();
    }
    if (mantissa.find('.') != std::string::npos) {
        mantissa.erase(mantissa.find_last_not_of('0') + 1);
        if (mantissa.back() == '.') mantissa.pop_back();
    }
    parts.mantissa = mantissa;
    return parts;
}

/// A number's printed parts as text: "−", the mantissa, "e−5"; "NaN" and "∞" as such.
std::string parts_text(const NumberParts& parts) {
    if (parts.nan) return "NaN";
    std::string out = parts.negative ? "−" : "";
    if (parts.infinite) return out + "∞";
    out += parts.mantissa;
    if (parts.exponent) out += "e" + std::string(*parts.exponent < 0 ? "−" : "") + std::to_string(std::abs(*parts.exponent));
    return out;
}

/// format_value() of a long double: the results of arithmetic on printed numbers, which need
/// more than a double's 53 bits to print their 17 digits right.
std::string format_number(long double value, int significant_digits) {
    return parts_text(number_parts(value, significant_digits));
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
        } else if (ch == '^') {  // 2^−498 -> 2^{-498}
            std::size_t end = i + 1;
            std::string exponent;
            if (s.substr(end).starts_with("−")) {
                exponent = "-";
                end += std::string_view("−").size();
            }
            while (end < s.size() && is_digit(s[end])) exponent += s[end++];
            out += "^{" + exponent + "}";
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

bool bare(const std::string& formatted) { return formatted.find_first_not_of("0123456789.") == std::string::npos; }


/// A number on the page: a double, or a double-double where the value Tangent works with is not
/// a double (Δp = pB − pA and R = rA + rB are exact differences and sums, by two-sum: (−0.7) −
/// 0.9 is −1.59999999999999997780…, not the double −1.6000000000000000888). Printed, it is
/// hi + lo exactly, rounded once to the digits shown.
struct Value {
    double hi = 0.0;
    double lo = 0.0;
    Value() = default;
    Value(double x) : hi(x) {}  // NOLINT: a double is a value
    Value(dd::DD x) : hi(x.hi), lo(x.lo) {}  // NOLINT
    operator dd::DD() const { return {hi, lo}; }  // NOLINT
    [[nodiscard]] bool is_zero() const { return hi == 0.0 && lo == 0.0; }
    [[nodiscard]] bool negative() const { return hi < 0.0 || (hi == 0.0 && lo < 0.0); }
    [[nodiscard]] Value magnitude() const { return negative() ? Value(dd::neg(*this)) : *this; }
    [[nodiscard]] bool finite() const { return std::isfinite(hi) && std::isfinite(lo); }
    [[nodiscard]] std::pair<double, double> key() const {
        const Value m = magnitude();
        return {m.hi + 0.0, m.lo + 0.0};  // + 0.0: −0 and 0 are one key
    }
};

/// A decimal held exactly: the integer `digits` (no leading zeros) times 10^low.
struct ExactDecimal {
    bool negative = false;
    std::string digits;  // empty for 0
    int low = 0;
};

/// A double's exact decimal value: every double is a finite decimal (of at most 767 significant digits).
ExactDecimal exact_decimal(double x) {
    ExactDecimal out;
    if (x == 0.0) return out;
    out.negative = x < 0.0;
    std::array<char, 800> buffer{};
    std::snprintf(buffer.data(), buffer.size(), "%.766e", std::abs(x));
    const std::string text(buffer.data());
    const std::size_t e = text.find('e');
    out.digits = text.substr(0, 1) + text.substr(2, e - 2);
    out.low = std::atoi(text.c_str() + e + 1) - 766;
    const std::size_t last = out.digits.find_last_not_of('0');
    out.low += static_cast<int>(out.digits.size() - 1 - last);
    out.digits.erase(last + 1);
    return out;
}

/// The magnitudes' sum or difference (|x| ≥ |y| for a difference), digit strings aligned at `low`.
std::string add_digits(const std::string& x, const std::string& y, bool subtract) {
    std::string out;
    int carry = 0;
    for (std::size_t i = 0; i < std::max(x.size(), y.size()); ++i) {
        const int dx = i < x.size() ? x[x.size() - 1 - i] - '0' : 0;
        const int dy = i < y.size() ? y[y.size() - 1 - i] - '0' : 0;
        int d = subtract ? dx - dy - carry : dx + dy + carry;
        carry = 0;
        if (d < 0) {
            d += 10;
            carry = 1;
        } else if (d > 9) {
            d -= 10;
            carry = 1;
        }
        out.insert(out.begin(), static_cast<char>('0' + d));
    }
    if (carry != 0) out.insert(out.begin(), '1');
    const std::size_t first = out.find_first_not_of('0');
    return first == std::string::npos ? std::string() : out.substr(first);
}

/// hi + lo exactly.
ExactDecimal exact_decimal(Value v) {
    ExactDecimal x = exact_decimal(v.hi);
    ExactDecimal y = exact_decimal(v.lo);
    if (y.digits.empty()) return x;
    if (x.digits.empty()) return y;
    const int low = std::min(x.low, y.low);
    x.digits.append(static_cast<std::size_t>(x.low - low), '0');
    y.digits.append(static_cast<std::size_t>(y.low - low), '0');
    ExactDecimal out;
    out.low = low;
    if (x.negative == y.negative) {
        out.negative = x.negative;
        out.digits = add_digits(x.digits, y.digits, false);
    } else {
        const bool x_larger = x.digits.size() != y.digits.size() ? x.digits.size() > y.digits.size() : x.digits >= y.digits;
        out.negative = x_larger ? x.negative : y.negative;
        out.digits = x_larger ? add_digits(x.digits, y.digits, true) : add_digits(y.digits, x.digits, true);
    }
    if (out.digits.empty()) return {};
    const std::size_t last = out.digits.find_last_not_of('0');
    out.low += static_cast<int>(out.digits.size() - 1 - last);
    out.digits.erase(last + 1);
    return out;
}

/// `x` rounded to `significant` digits, half to even (as printf rounds a double): the digits,
/// exactly `significant` of them (trailing zeros kept), and the exponent of the leading one.
std::pair<std::string, int> rounded_digits(const ExactDecimal& x, int significant) {
    std::string digits = x.digits;
    int leading = x.low + static_cast<int>(digits.size()) - 1;
    const auto n = static_cast<std::size_t>(significant);
    if (digits.size() > n) {
        const char next = digits[n];
        const bool beyond = digits.find_first_not_of('0', n + 1) != std::string::npos;
        const bool odd = (digits[n - 1] - '0') % 2 == 1;
        digits.erase(n);
        if (next > '5' || (next == '5' && (beyond || odd))) {
            std::size_t i = n;
            while (i > 0 && digits[i - 1] == '9') digits[--i] = '0';
            if (i == 0) {
                digits.insert(digits.begin(), '1');
                digits.pop_back();
                ++leading;
            } else {
                ++digits[i - 1];
            }
        }
    }
    digits.append(n - std::min(n, digits.size()), '0');
    return {digits, leading};
}

/// 10^k as a double-double (exact for |k| ≤ 22, to about 32 digits beyond).
dd::DD power_of_ten_dd(int k) {
    dd::DD p{1.0, 0.0};
    for (int i = 0; i < std::abs(k); ++i) p = dd::mul(p, 10.0);
    if (k >= 0) return p;
    // 1/p: a Newton step on the double quotient
    const double q = 1.0 / p.hi;
    const dd::DD r = dd::sub({1.0, 0.0}, dd::mul(p, q));
    return dd::fast_two_sum(q, r.hi / p.hi);
}

/// The decimal digits·10^(leading − n + 1), read as a double-double (about 32 digits).
dd::DD read_decimal(bool negative, const std::string& digits, int leading) {
    dd::DD m{0.0, 0.0};
    for (const char c : digits) m = dd::add(dd::mul(m, 10.0), dd::DD{static_cast<double>(c - '0'), 0.0});
    const int k = leading - static_cast<int>(digits.size()) + 1;
    dd::DD x;
    if (k >= 0) {
        x = dd::mul(m, power_of_ten_dd(k));
    } else {
        // divide by 10^−k: q ≈ m/p, corrected once
        const dd::DD p = power_of_ten_dd(-k);
        const double q1 = m.hi / p.hi;
        const dd::DD r = dd::sub(m, dd::mul(p, q1));
        const double q2 = r.hi / p.hi;
        const dd::DD r2 = dd::sub(r, dd::mul(p, q2));
        x = dd::add(dd::fast_two_sum(q1, q2), dd::DD{r2.hi / p.hi, 0.0});
    }
    return negative ? dd::neg(x) : x;
}

/// How a value prints with `significant` digits, in the form number_parts() gives a double.
NumberParts value_parts(Value value, int significant) {
    NumberParts parts;
    // past the range the sum's rounding error is ∞ − ∞, NaN, beside its ±∞: the value is that ∞
    // (not "Δp = (1e308, 0) − (−1e308, 0) = (NaN, 0)")
    if (std::isinf(value.hi)) {
        parts.negative = value.hi < 0.0;
        parts.infinite = true;
        return parts;
    }
    if (std::isnan(value.hi) || std::isnan(value.lo)) {
        parts.nan = true;
        return parts;
    }
    parts.negative = value.negative();
    const ExactDecimal exact = exact_decimal(value);
    if (exact.digits.empty()) {
        parts.mantissa = "0";
        parts.negative = false;
        return parts;
    }
    const auto [digits, leading] = rounded_digits(exact, significant);
    std::string mantissa;
    if (leading < -4 || leading > 5) {
        mantissa = digits.substr(0, 1) + "." + digits.substr(1);
        parts.exponent = leading;
    } else if (leading >= 0) {
        const auto integer = static_cast<std::size_t>(leading + 1);
        std::string padded = digits;
        if (padded.size() < integer) padded.append(integer - padded.size(), '0');
        mantissa = padded.substr(0, integer) + "." + padded.substr(integer);
    } else {
        mantissa = "0." + std::string(static_cast<std::size_t>(-leading - 1), '0') + digits;
    }
    mantissa.erase(mantissa.find_last_not_of('0') + 1);
    if (mantissa.back() == '.') mantissa.pop_back();
    parts.mantissa = mantissa;
    return parts;
}

/// How many significant digits each number on the page shows, keyed by its magnitude so that a
/// number reads the same wherever it appears (b and −b included): 6 unless a step needs more.
/// Most stop at 17, which tell every double; the scene's inputs and Δp, Δv and R (`allow_long`)
/// may show more where a line needs them: near a touch, c = Δp·Δp − R² keeps only the last
/// digits of Δp, and those are the exact difference's, not a double's.
class Numbers {
public:
    [[nodiscard]] int digits(Value value) const {
        const auto found = digits_.find(value.key());
        return found == digits_.end() ? kDefaultDigits : found->second;
    }
    void allow_long(Value value) { long_.insert(value.key()); }
    [[nodiscard]] int max_digits(Value value) const { return long_.contains(value.key()) ? kLongDigits : kMaxDigits; }
    [[nodiscard]] bool can_grow(Value value) const { return value.finite() && digits(value) < max_digits(value); }
    /// Shows `value` with at least `digits` significant digits (at most max_digits()).
    bool grow(Value value, int digits) {
        if (!value.finite()) return false;
        const int wanted = std::min(digits, max_digits(value));
        if (wanted <= this->digits(value)) return false;
        digits_[value.key()] = wanted;
        return true;
    }
    /// The decimal the page shows, read back as a double-double: a reader's "1.2" is not the
    /// double 1.19999999999999996 that Tangent computes with.
    [[nodiscard]] dd::DD shown(Value value) const {
        if (!value.finite()) return value;
        return printed(value).shown;
    }
    /// One unit in the last digit the shown value claims: it shows at least 6 (trailing zeros are
    /// dropped, so "8e−9" claims 8.00000e−9); 0 for 0. Counted on the digits printed, not on the
    /// double's shortest form: R printed "2.8523501973874001" claims 17 digits, though
    /// "2.8523501973874" would tell the same double (claiming 14, "2.3726591417265 +
    /// 0.479691055661" would pass for it, one unit of the 14th digit away).
    [[nodiscard]] double unit(Value value) const {
        if (!value.finite()) return 0.0;
        const Printed& p = printed(value);
        if (p.shown.hi == 0.0) return 0.0;
        // the largest double's 17 digits, 1.7976931348623157e308, read back past the range (∞, or
        // NaN from ∞ − ∞ in double-double): as large as a double is (an int from log10 of either
        // would be undefined)
        const double shown = std::abs(p.shown.hi);
        const double size = std::isfinite(shown) ? shown : std::numeric_limits<double>::max();
        const int exponent = static_cast<int>(std::floor(std::log10(size)));
        std::string significant;
        for (const char c : p.parts.mantissa)
            if (c != '.' && (c != '0' || !significant.empty())) significant += c;
        if (p.parts.mantissa.find('.') == std::string::npos) significant.erase(significant.find_last_not_of('0') + 1);
        const int claimed = std::max(kDefaultDigits, static_cast<int>(significant.size()));
        return std::pow(10.0, exponent - claimed + 1);
    }

    [[nodiscard]] std::string num(Value value) const {
        if (!value.finite()) return parts_text(value_parts(value, 6));
        return parts_text(printed(value).parts);
    }

    /// A constant in its shortest form, whatever digits another number of the same value needed
    /// (else τ reads "9.9999999999999998e−13" on a page where a length equal to it needs 17).
    [[nodiscard]] static std::string constant(double value) { return parts_text(value_parts(value, round_trip_digits(value))); }

    /// A number where a sign or a power follows or precedes it: negative and scientific ones in
    /// parentheses, so that (−2)² is not read as −2², nor 1e−13² as 1e−(13²).
    [[nodiscard]] std::string operand(Value value) const {
        const std::string formatted = num(value);
        return bare(formatted) ? formatted : "(" + formatted + ")";
    }

    [[nodiscard]] std::string squared(Value value) const { return operand(value) + "²"; }

    /// A product of two components: "(10)(−2)".
    [[nodiscard]] std::string product(Value x, Value y) const { return "(" + num(x) + ")(" + num(y) + ")"; }

    [[nodiscard]] std::string vec(Value x, Value y) const { return "(" + num(x) + ", " + num(y) + ")"; }
    [[nodiscard]] std::string vec(glm::dvec2 value) const { return vec(value.x, value.y); }

    [[nodiscard]] std::string root(Value value) const {
        const std::string formatted = num(value);
        return bare(formatted) ? "√" + formatted : "√(" + formatted + ")";
    }

    /// "−b" with b substituted: "−(−40)", "−20"; 0 rather than "−0".
    [[nodiscard]] std::string negated(Value value) const { return value.is_zero() ? "0" : "−" + operand(value); }

    /// A non-negative coefficient times a variable: "4t²", "t", "(1e−13)t".
    [[nodiscard]] std::string times(Value magnitude, std::string_view variable) const {
        if (magnitude.hi == 1.0 && magnitude.lo == 0.0) return std::string(variable);
        return operand(magnitude) + std::string(variable);
    }

    [[nodiscard]] std::string signed_times(Value value, std::string_view variable) const {
        return (value.negative() ? std::string(kMinus) : std::string()) + times(value.magnitude(), variable);
    }

    /// " + x" or " − |x|".
    [[nodiscard]] std::string plus(Value value) const { return (value.negative() ? " − " : " + ") + num(value.magnitude()); }

    /// (p + vt)², written as a student would: "(10 − 2t)²", "(−10 + t)²", "3²".
    /// With keep_zero_t, a zero v still shows its t ("(5 + 0t)²"): where Δv = 0 the equation
    /// would otherwise read as a false statement with no t in it ("5² + 2² = 2.2²").
    [[nodiscard]] std::string squared_linear(Value p, Value v, bool keep_zero_t = false) const {
        if (v.is_zero() && keep_zero_t) return "(" + num(p) + " + " + times(v, "t") + ")²";
        if (v.is_zero()) return squared(p);
        if (p.is_zero()) return "(" + signed_times(v, "t") + ")²";
        return "(" + num(p) + (v.negative() ? " − " : " + ") + times(v.magnitude(), "t") + ")²";
    }

    /// at² + bt + c with the signs folded in: "4t² − 40t + 96".
    [[nodiscard]] std::string polynomial(Value a, Value b, Value c) const {
        return times(a, "t²") + (b.negative() ? " − " : " + ") + times(b.magnitude(), "t") + plus(c);
    }

private:
    static constexpr int kDefaultDigits = 6;
    static constexpr int kMaxDigits = 17;
    static constexpr int kLongDigits = 30;
    struct Printed {
        NumberParts parts;
        dd::DD shown;
    };
    [[nodiscard]] const Printed& printed(Value value) const {
        const int n = digits(value);
        const std::tuple key{value.hi + 0.0, value.lo + 0.0, n};
        if (const auto found = printed_.find(key); found != printed_.end()) return found->second;
        Printed p;
        const ExactDecimal exact = exact_decimal(value);
        p.parts = value_parts(value, n);
        if (!exact.digits.empty()) {
            const auto [digits, leading] = rounded_digits(exact, n);
            p.shown = read_decimal(exact.negative, digits, leading);
        }
        return printed_[key] = p;
    }
    std::map<std::pair<double, double>, int> digits_;
    std::set<std::pair<double, double>> long_;
    mutable std::map<std::tuple<double, double, int>, Printed> printed_;  // printing is the slow part
};

/// An operation the page prints with its result: how far the operation, redone on given operand
/// values, lands from a given result (redone − result), computed without cancelling digits away.
struct Operation {
    Value result;
    std::vector<Value> operands;
    std::function<double(dd::DD result, const std::vector<dd::DD>& operands)> miss;
    /// The textbook root that subtracts −b and √D: where even Tangent's doubles, redone so, miss
    /// its printed digits, the result does not grow to hide that; the page prints what the
    /// printed operands give and says why (see choose_digits()).
    bool may_cancel = false;
};

/// Redone minus printed, in double-double: about 32 digits, far beyond the 17 shown.
double missed(dd::DD redone, dd::DD result) { return dd::to_double(dd::sub(redone, result)); }

/// √x in double-double (x >= 0): the double's root and one Newton step, r + (x − r²)/2r.
dd::DD dd_sqrt(dd::DD x) {
    const double root = std::sqrt(std::max(x.hi, 0.0));
    if (root == 0.0) return {0.0, 0.0};
    const dd::DD residual = dd::sub(x, dd::two_prod(root, root));
    return dd::fast_two_sum(root, dd::to_double(residual) / (2.0 * root));
}

/// Where the operation redone on the printed operands does not round to the printed result (it
/// misses it by half a unit of its last digit or more), grows the operands' digits until it
/// does, or until it misses by no more than the operands' full values do: each time the operand
/// whose rounding alone moves the result most, by a digit for each power of ten it moves it over
/// a unit. Where even that leaves it half a unit or more away (the result is all but halfway
/// between two printed values: "6958.2336 − 8941.5693" is −1983.3357), the result shows a digit
/// more. Returns whether any number grew.
bool settle(Numbers& numbers, const Operation& operation) {
    const std::vector<Value>& operands = operation.operands;
    std::vector<dd::DD> exact;
    for (const Value operand : operands) exact.push_back(operand);
    const auto shown_miss = [&] {
        std::vector<dd::DD> shown(exact.size());
        for (std::size_t i = 0; i < shown.size(); ++i) shown[i] = numbers.shown(operands[i]);
        return std::abs(operation.miss(numbers.shown(operation.result), shown));
    };
    bool grown = false;
    for (;;) {
        const dd::DD result = numbers.shown(operation.result);
        const double exact_miss = operation.miss(result, exact);
        const double unit = numbers.unit(operation.result);
        // a tie, which a reader could round either way, is not enough
        double half = unit / 2.0 * (1.0 - 1e-9);
        if (unit == 0.0) {  // a printed 0: exactly, but for double-double's own rounding of the decimals
            double largest = 1.0;
            for (const Value operand : operands) largest = std::max(largest, std::abs(operand.hi));
            half = 1e-24 * largest * largest;
        }
        double missing = shown_miss();
        while (missing >= half && missing > std::abs(exact_miss) + unit / 20.0) {
            std::optional<std::size_t> worst;
            double largest = 0.0;
            for (std::size_t i = 0; i < exact.size(); ++i) {
                if (!numbers.can_grow(operands[i])) continue;
                std::vector<dd::DD> one_rounded = exact;
                one_rounded[i] = numbers.shown(operands[i]);
                const double moved = std::abs(operation.miss(result, one_rounded) - exact_miss);
                if (moved > largest) {
                    worst = i;
                    largest = moved;
                }
            }
            if (!worst) break;  // every operand that could grow already shows its value exactly enough
            // each digit more divides its rounding by about ten
            const double digits_short = std::ceil(std::log10(largest / half));
            const int more = digits_short > 1.0 ? static_cast<int>(std::min(digits_short, 17.0)) : 1;
            grown |= numbers.grow(operands[*worst], numbers.digits(operands[*worst]) + more);
            missing = shown_miss();
        }
        // a digit more of the result helps where the result itself is near halfway, not where
        // the operands cannot show enough of theirs
        if (operation.may_cancel && std::abs(exact_miss) >= half) return grown;
        if (missing < half || unit == 0.0 || std::abs(exact_miss) < unit / 4.0 || !numbers.can_grow(operation.result))
            return grown;
        if (!numbers.grow(operation.result, numbers.digits(operation.result) + 1)) return grown;
        grown = true;
    }
}

/// A result printed with 17 significant digits, held exactly: digits·10^exponent. Where a
/// difference cancels beyond what 17 digits of its operands resolve, the page prints them so, and
/// their difference exactly, for the reader to redo.
struct Decimal {
    long long digits = 0;
    int exponent = 0;
    [[nodiscard]] long double value() const { return static_cast<long double>(digits) * std::pow(10.0L, exponent); }
    /// As the page prints it: every digit there is, trailing zeros dropped.
    [[nodiscard]] std::string text() const { return format_number(value(), 17); }
    /// Where a sign or a power is beside it: in parentheses when negative.
    [[nodiscard]] std::string operand() const { return digits < 0 ? "(" + text() + ")" : text(); }
};

long double to_long(dd::DD x) { return static_cast<long double>(x.hi) + static_cast<long double>(x.lo); }

/// `value` rounded to 17 significant digits.
Decimal rounded(long double value) {
    if (value == 0.0L || !std::isfinite(value)) return {};
    std::array<char, 48> buffer{};
    std::snprintf(buffer.data(), buffer.size(), "%.16Le", std::abs(value));  // "3.0573399999999997e+03"
    const std::string text(buffer.data());
    const std::size_t e = text.find('e');
    std::string digits = text.substr(0, e);
    digits.erase(1, 1);  // the point
    const long long magnitude = std::stoll(digits);
    return {value < 0.0L ? -magnitude : magnitude, std::atoi(text.c_str() + e + 1) - 16};
}

/// x − y, exactly where their exponents are close (as where they cancel), else rounded to 17 digits.
Decimal difference(Decimal x, Decimal y) {
    const int exponent = std::min(x.exponent, y.exponent);
    const auto aligned = [exponent](Decimal d) {
        for (int k = exponent; k < d.exponent; ++k) d.digits *= 10;
        return d.digits;
    };
    if (std::max(x.exponent, y.exponent) - exponent > 1) return rounded(x.value() - y.value());
    return {aligned(x) - aligned(y), exponent};
}

/// How many of their 17 digits a subtraction of two nearly equal numbers cancels (not core's
/// agreeing_digits(), which compares a value with a reference as printed): 16 for 3057.3400000000003 and
/// 3057.3399999999996 (they differ by 7 units of the 17th digit); 0 where they do not cancel.
int cancelled_digits(Decimal x, Decimal y) {
    if ((x.digits < 0) != (y.digits < 0) || x.exponent != y.exponent) return 0;
    const long long apart = std::llabs(x.digits - y.digits);
    return apart == 0 ? 17 : std::max(0, 17 - static_cast<int>(std::to_string(apart).size()));
}

double value_or_nan(std::optional<double> value) { return value.value_or(std::numeric_limits<double>::quiet_NaN()); }

/// The page's numbers as Tangent works with them: Δp, Δv and R exact (two-sum), the pieces of
/// the expansion and a, b, c formed from them in double-double (32 digits, beyond any shown), D,
/// the times and distances the Encounter's doubles.
struct Pieces {
    Value dpx, dpy, dvx, dvy, radius;
    Value dp_dot_dp, dp_dot_dv, dv_dot_dv, radius_squared, dp_cross_dv;
    Value a, b, c;
    Value root_d;  ///< √D of the Encounter's D, to about 32 digits: a double's √ holds less than 17 of them
    Value d_min;   ///< |Δp×Δv|/|Δv| (|Δp| with no relative motion) to about 32 digits, from the exact Δp×Δv
};

/// An exact value rounded to a double-double: hi the double nearest it, lo the rest rounded (a
/// product or sum that left the normal range comes out ∞ or NaN: held() then takes the plain one).
dd::DD rounded_dd(const expansion::Expansion& exact) {
    const expansion::Expansion e = expansion::compress(exact);
    const double hi = expansion::estimate(e);
    expansion::Expansion hi_term;
    hi_term.push(-hi);
    const double lo = expansion::estimate(expansion::compress(expansion::sum(e, hi_term)));
    return dd::fast_two_sum(hi, lo);
}

/// `x`, or where a double-double sum or product passes the doubles' range (its error term ∞ − ∞,
/// NaN: the page would read "b = … = NaN" and "c = NaN > 0"), what plain doubles give, ±∞ where
/// the true value overflows.
dd::DD held(dd::DD x, double plain) { return std::isfinite(x.hi) && std::isfinite(x.lo) ? x : dd::DD{plain, 0.0}; }

/// x1·x2 + s·y1·y2 (s = ±1) in plain doubles on operands scaled by powers of two, so that past
/// the range it comes out ±∞ of the right sign, never ∞ − ∞ (NaN: "Δp·Δv = ∞ + (−∞)").
double scaled_products(double x1, double y1, double x2, double y2, double s) {
    const auto exponent = [](double a, double b) {
        const double m = std::max(std::abs(a), std::abs(b));
        return m > 0.0 && std::isfinite(m) ? std::ilogb(m) : 0;
    };
    const int e1 = exponent(x1, y1);
    const int e2 = exponent(x2, y2);
    // an ∞ here stands for a number past the range (Δp = 1e308 − (−1e308)), so times an exact 0
    // it is 0, not NaN ("Δp×Δv = (∞)(0) − (0)(−2) = NaN")
    const auto times = [](double a, double b) { return a == 0.0 || b == 0.0 ? 0.0 : a * b; };
    const double v = times(std::ldexp(x1, -e1), std::ldexp(x2, -e2)) + s * times(std::ldexp(y1, -e1), std::ldexp(y2, -e2));
    return std::ldexp(v, e1 + e2);
}

/// x² + y² − r² the same way (c = Δp·Δp − R² with |Δp| and R both past 1e154: ∞ − ∞).
double scaled_squares_less(double x, double y, double r) {
    const double m = std::max({std::abs(x), std::abs(y), std::abs(r)});
    const int e = m > 0.0 && std::isfinite(m) ? std::ilogb(m) : 0;
    const double sx = std::ldexp(x, -e);
    const double sy = std::ldexp(y, -e);
    const double sr = std::ldexp(r, -e);
    return std::ldexp(sx * sx + sy * sy - sr * sr, 2 * e);
}

/// b² and 4ac as the discriminant's line prints them (±∞ past the range, not NaN).
dd::DD b_squared_of(Value b) { return held(dd::sqr(b), b.hi * b.hi); }
dd::DD four_ac_of(Value a, Value c) { return held(dd::scale(dd::mul(a, c), 4.0), 4.0 * a.hi * c.hi); }

Pieces pieces(const Encounter& e) {
    using dd::DD;
    Pieces p;
    const DD dpx = dd::two_diff(e.body_b.position.x, e.body_a.position.x);
    const DD dpy = dd::two_diff(e.body_b.position.y, e.body_a.position.y);
    const DD dvx = dd::two_diff(e.body_b.velocity.x, e.body_a.velocity.x);
    const DD dvy = dd::two_diff(e.body_b.velocity.y, e.body_a.velocity.y);
    const DD radius = dd::two_sum(e.body_a.radius, e.body_b.radius);
    p.dpx = dpx;
    p.dpy = dpy;
    p.dvx = dvx;
    p.dvy = dvy;
    p.radius = radius;
    // each sum of products exactly (expansions), then rounded to a double-double: 2^-106 of the
    // value itself, not of its terms (c = Δp·Δp − R² at 1e74 cancelling 1e-16 of its terms read
    // −1.9287086136249316e132 under operands whose exact result is −1.92870861362493227e132)
    namespace ex = expansion;
    const auto xp = [](DD x) { return ex::from(x); };
    const auto dot = [&](DD x1, DD y1, DD x2, DD y2, double s) {
        return ex::sum(ex::product(xp(x1), xp(x2)), ex::scale(ex::product(xp(y1), xp(y2)), s));
    };
    const ex::Expansion dp_dot_dp_exact = dot(dpx, dpy, dpx, dpy, 1.0);
    const ex::Expansion radius_squared_exact = ex::square(xp(radius));
    const DD dp_dot_dp = held(rounded_dd(dp_dot_dp_exact), scaled_products(dpx.hi, dpy.hi, dpx.hi, dpy.hi, 1.0));
    const DD dp_dot_dv = held(rounded_dd(dot(dpx, dpy, dvx, dvy, 1.0)), scaled_products(dpx.hi, dpy.hi, dvx.hi, dvy.hi, 1.0));
    const DD dv_dot_dv = held(rounded_dd(dot(dvx, dvy, dvx, dvy, 1.0)), scaled_products(dvx.hi, dvy.hi, dvx.hi, dvy.hi, 1.0));
    const DD radius_squared = held(rounded_dd(radius_squared_exact), scaled_products(radius.hi, 0.0, radius.hi, 0.0, 1.0));
    p.dp_dot_dp = dp_dot_dp;
    p.dp_dot_dv = dp_dot_dv;
    p.dv_dot_dv = dv_dot_dv;
    p.radius_squared = radius_squared;
    p.dp_cross_dv = held(rounded_dd(dot(dpx, dpy, dvy, dvx, -1.0)), scaled_products(dpx.hi, dpy.hi, dvy.hi, dvx.hi, -1.0));
    // the Encounter's a, b and c are these, rounded; where it finds one 0, it is 0
    p.a = e.a == 0.0 ? Value(0.0) : Value(dv_dot_dv);
    p.b = e.b == 0.0 ? Value(0.0) : Value(held(dd::scale(dp_dot_dv, 2.0), 2.0 * dp_dot_dv.hi));
    p.c = e.c == 0.0 ? Value(0.0)
                     : Value(held(rounded_dd(ex::sum(dp_dot_dp_exact, ex::negate(radius_squared_exact))),
                                  scaled_squares_less(dpx.hi, dpy.hi, radius.hi)));
    // √D to about 32 digits (a Newton step from the double): the double √D is D's √ rounded to
    // 53 bits, coarser than 17 digits near 7.19 (its 17 digits, 7.1864755831236415, are 3
    // units from those of √51.64543130683228, 7.1864755831236412)
    const double d = std::max(e.discriminant, 0.0);
    const double root = std::sqrt(d);
    p.root_d = root == 0.0 || !std::isfinite(root) ? dd::DD{root, 0.0} : dd::fast_two_sum(root, dd::to_double(dd::sub({d, 0.0}, dd::two_prod(root, root))) / (2.0 * root));
    // d_min to about 32 digits: its 17 printed from the core's double were a few units off in the
    // last ("0.093906755557145921" for 0.0939067555571459333, a numerics review)
    const auto square_root = [](DD x) -> DD {
        const double r = std::sqrt(x.hi);
        if (r == 0.0 || !std::isfinite(r)) return {r, 0.0};
        return dd::fast_two_sum(r, dd::to_double(dd::sub(x, dd::two_prod(r, r))) / (2.0 * r));
    };
    const auto quotient = [](DD x, DD y) -> DD {
        const double q1 = x.hi / y.hi;
        const double q2 = dd::to_double(dd::sub(x, dd::mul(y, q1))) / y.hi;
        return dd::fast_two_sum(q1, q2);
    };
    const DD cross = p.dp_cross_dv;
    const DD d_min = e.a == 0.0 ? square_root(dp_dot_dp)
                                : quotient(cross.hi < 0.0 ? dd::neg(cross) : cross, square_root(dv_dot_dv));
    // (the core's own where they part by more than its rounding: where Δv·Δv is near the
    // subnormals, the quotient keeps 3 digits, "d_min = 1.500668" for 1.5)
    const bool agrees = std::abs(d_min.hi - e.min_distance) <= 1e-13 * e.min_distance;
    p.d_min = std::isfinite(d_min.hi) && std::isfinite(d_min.lo) && e.min_distance > 0.0 && agrees ? Value(d_min) : Value(e.min_distance);
    return p;
}

/// The numbers' digits, and which of the discriminant's two subtractions cancels beyond what
/// 17 digits of its operands resolve: b² − 4ac, or aR² − (Δp×Δv)² (near a graze, both).
struct Digits {
    Numbers numbers;
    bool textbook_is_rounding = false;  ///< b² − 4ac at 17 digits is not D to its printed digits
    bool tangent_is_rounding = false;   ///< nor 4(aR² − (Δp×Δv)²)
    /// The textbook root that subtracts (t_enter for b < 0, t_exit for b > 0) does not come out
    /// of its printed operands at its printed digits: −b and √D cancel. The roots line prints
    /// what they give (cancelled_root()), −b and √D with the digits of their doubles.
    bool root_cancels = false;
};

/// a/b in double-double (about 32 digits): a quotient corrected twice.
dd::DD divide(dd::DD x, dd::DD y) {
    const double q1 = x.hi / y.hi;
    const dd::DD r1 = dd::sub(x, dd::mul(y, q1));
    const double q2 = r1.hi / y.hi;
    const dd::DD r2 = dd::sub(r1, dd::mul(y, q2));
    return dd::add(dd::fast_two_sum(q1, q2), dd::DD{r2.hi / y.hi, 0.0});
}

/// A value as printed where nothing else on the page fixes its digits: 6 significant, more
/// only where 6 would leave it all but halfway between two printed values.
std::string cancelled_text(dd::DD value) {
    int n = 6;
    for (; n < 17; ++n) {
        const ExactDecimal exact = exact_decimal(Value(value));
        if (exact.digits.empty()) break;
        const auto [digits, leading] = rounded_digits(exact, n);
        const dd::DD shown = read_decimal(exact.negative, digits, leading);
        const double unit = std::pow(10.0, leading - n + 1);
        if (std::abs(dd::to_double(dd::sub(value, shown))) < unit / 2.0 * (1.0 - 1e-6)) break;
    }
    return parts_text(value_parts(Value(value), n));
}

/// How many leading digits two nearly equal positive numbers share in value: 13 for
/// 4.0000000000001998 and 3.9999999999999751 (their difference is 2.247e−13).
int cancelled_digits(dd::DD x, dd::DD y) {
    const double difference = std::abs(dd::to_double(dd::sub(x, y)));
    const double size = std::max(std::abs(dd::to_double(x)), std::abs(dd::to_double(y)));
    if (difference == 0.0) return 17;
    return std::max(0, static_cast<int>(std::floor(std::log10(size))) - static_cast<int>(std::floor(std::log10(difference))));
}

/// The most digits of √D (at most its double's) that √ of D as printed rounds to.
int root_digits(const Numbers& numbers, double d, Value root_d) {
    const dd::DD shown_d = numbers.shown(d);
    const double root = std::sqrt(dd::to_double(shown_d));
    // √ of the printed D to about 32 digits: a Newton step from the double
    const dd::DD exact_root = dd::add(dd::DD{root, 0.0}, dd::DD{dd::to_double(dd::sub(shown_d, dd::sqr(dd::DD{root, 0.0}))) / (2.0 * root), 0.0});
    for (int n = 17; n > numbers.digits(root_d); --n) {
        Numbers trial = numbers;
        trial.grow(root_d, n);
        if (std::abs(dd::to_double(dd::sub(exact_root, trial.shown(root_d)))) < trial.unit(root_d) / 2.0 * (1.0 - 1e-9)) return n;
    }
    return numbers.digits(root_d);
}

/// (−b ∓ √D)/2a, the textbook root that subtracts, redone on the numbers as printed.
dd::DD cancelled_root(const Numbers& numbers, const Pieces& p, double b) {
    const dd::DD minus_b = numbers.shown(dd::neg(p.b));
    const dd::DD root_d = numbers.shown(p.root_d);
    const dd::DD numerator = b < 0.0 ? dd::sub(minus_b, root_d) : dd::add(minus_b, root_d);
    return divide(numerator, numbers.shown(dd::scale(p.a, 2.0)));
}

/// The digits every number on the page needs. Typed inputs show as typed (their round-trip
/// form, up to 12 digits); then every printed operation, last step first, settles its operands.
/// Where one of D's subtractions still misses D by more than a unit of its last digit, its
/// operands get the digits that name their doubles (up to 17) and the page shows that subtraction as
/// rounding (see derive()).
Digits choose_digits(const Encounter& e, const Pieces& p) {
    using dd::add;
    using dd::DD;
    using dd::mul;
    using dd::scale;
    using dd::sqr;
    using dd::sub;
    using Operands = std::vector<DD>;
    const auto difference = [](DD z, const Operands& x) { return missed(sub(x[0], x[1]), z); };
    const auto sum_of_squares = [](DD z, const Operands& x) { return missed(add(sqr(x[0]), sqr(x[1])), z); };
    const auto dot = [](DD z, const Operands& x) { return missed(add(mul(x[0], x[1]), mul(x[2], x[3])), z); };
    const auto signed_sum = [](DD x, double sign, DD y) { return sign > 0.0 ? add(x, y) : sub(x, y); };
    // z = (x0 ± x1)/(2 x2): (x0 ± x1 − 2 x2 z)/(2 x2)
    const auto over_two_a = [signed_sum](double sign) {
        return [sign, signed_sum](DD z, const Operands& x) {
            return dd::to_double(sub(signed_sum(x[0], sign, x[1]), scale(mul(x[2], z), 2.0))) / (2.0 * dd::to_double(x[2]));
        };
    };
    // z = x0/(2 x1): (x0 − 2 x1 z)/(2 x1)
    const auto half_over = [](DD z, const Operands& x) {
        return dd::to_double(sub(x[0], scale(mul(x[1], z), 2.0))) / (2.0 * dd::to_double(x[1]));
    };
    // z = 2 x0/(x1 ± x2): (2 x0 − z(x1 ± x2))/(x1 ± x2)
    const auto two_c_over = [signed_sum](double sign) {
        return [sign, signed_sum](DD z, const Operands& x) {
            const DD denominator = signed_sum(x[1], sign, x[2]);
            return dd::to_double(sub(scale(x[0], 2.0), mul(z, denominator))) / dd::to_double(denominator);
        };
    };

    const Body& body_a = e.body_a;
    const Body& body_b = e.body_b;
    const Value radius = p.radius;
    const Value a = p.a;
    const Value b = p.b;
    const Value c = p.c;
    const Value minus_b = dd::neg(b);
    std::vector<Operation> operations{
        {p.dpx, {body_b.position.x, body_a.position.x}, difference},
        {p.dpy, {body_b.position.y, body_a.position.y}, difference},
        {p.dvx, {body_b.velocity.x, body_a.velocity.x}, difference},
        {p.dvy, {body_b.velocity.y, body_a.velocity.y}, difference},
        {radius, {body_a.radius, body_b.radius}, [](DD z, const Operands& x) { return missed(add(x[0], x[1]), z); }},
        // squaring (Δp + tΔv)² gives the Expand step's numbers
        {p.dp_dot_dp, {p.dpx, p.dpy}, sum_of_squares},
        {p.dp_dot_dv, {p.dpx, p.dvx, p.dpy, p.dvy}, dot},
        {p.dv_dot_dv, {p.dvx, p.dvy}, sum_of_squares},
        {p.radius_squared, {radius}, [](DD z, const Operands& x) { return missed(sqr(x[0]), z); }},
        // and collecting them gives a, b and c
        {a, {p.dv_dot_dv}, [](DD z, const Operands& x) { return missed(x[0], z); }},
        {b, {p.dp_dot_dv}, [](DD z, const Operands& x) { return missed(scale(x[0], 2.0), z); }},
        {c, {p.dp_dot_dp, p.radius_squared}, difference},
        {a, {p.dvx, p.dvy}, sum_of_squares},
        {b, {p.dpx, p.dvx, p.dpy, p.dvy}, [](DD z, const Operands& x) {
             return missed(scale(add(mul(x[0], x[1]), mul(x[2], x[3])), 2.0), z);
         }},
        {c, {p.dpx, p.dpy, radius}, [](DD z, const Operands& x) { return missed(sub(add(sqr(x[0]), sqr(x[1])), sqr(x[2])), z); }},
    };
    std::vector<Operation> textbook;  // D = b² − 4ac
    std::vector<Operation> tangent;   // D = 4(aR² − (Δp×Δv)²)
    if (e.discriminant_sign != DiscriminantSign::NotQuadratic) {
        const double d = e.discriminant;
        const Value b_squared = sqr(b);
        const Value four_ac = scale(mul(a, c), 4.0);
        const Value two_a = scale(a, 2.0);
        textbook.push_back({b_squared, {b}, [](DD z, const Operands& x) { return missed(sqr(x[0]), z); }});
        textbook.push_back({four_ac, {a, c}, [](DD z, const Operands& x) { return missed(scale(mul(x[0], x[1]), 4.0), z); }});
        textbook.push_back({d, {b_squared, four_ac}, difference});
        // and the line read whole, from b, a and c as printed: where b² and 4ac cancel, c printed
        // a digit short leaves "(−54.57784)² − 4·6.3653·116.89196" at 2.53105, the page's D 2.53102
        textbook.push_back({d, {b, a, c}, [](DD z, const Operands& x) { return missed(sub(sqr(x[0]), scale(mul(x[1], x[2]), 4.0)), z); }});
        operations.push_back({p.dp_cross_dv, {p.dpx, p.dvy, p.dpy, p.dvx}, [](DD z, const Operands& x) {
                                  return missed(sub(mul(x[0], x[1]), mul(x[2], x[3])), z);
                              }});
        tangent.push_back({d, {a, radius, p.dp_cross_dv}, [](DD z, const Operands& x) {
                               return missed(scale(sub(mul(sqr(x[1]), x[0]), sqr(x[2])), 4.0), z);
                           }});
        operations.push_back({value_or_nan(e.t_closest), {minus_b, a}, half_over});
        // d_min = |x0|/√x1: (x0² − z² x1)/(x1 (|x0|/√x1 + z))
        operations.push_back({p.d_min, {p.dp_cross_dv, a}, [](DD z, const Operands& x) {
                                  const double x1 = dd::to_double(x[1]);
                                  const double denominator = x1 * (std::abs(dd::to_double(x[0])) / std::sqrt(x1) + dd::to_double(z));
                                  const double residual = dd::to_double(sub(sqr(x[0]), mul(sqr(z), x[1])));
                                  return denominator > 0.0 ? residual / denominator : residual;
                              }});
        switch (e.discriminant_sign) {
            case DiscriminantSign::Positive: {
                const double t_enter = value_or_nan(e.t_enter);
                const double t_exit = value_or_nan(e.t_exit);
                // √D: (x0 − z²)/(√x0 + z)
                operations.push_back({p.root_d, {d}, [](DD z, const Operands& x) {
                                          const double denominator = std::sqrt(std::max(dd::to_double(x[0]), 0.0)) + dd::to_double(z);
                                          const double residual = dd::to_double(sub(x[0], sqr(z)));
                                          return denominator > 0.0 ? residual / denominator : residual;
                                      }});
                operations.push_back({two_a, {a}, [](DD z, const Operands& x) { return missed(scale(x[0], 2.0), z); }});
                // (−b ± √D)/2a, the 2a printed as one number
                const auto over_printed_two_a = [signed_sum](double sign) {
                    return [sign, signed_sum](DD z, const Operands& x) {
                        return dd::to_double(sub(signed_sum(x[0], sign, x[1]), mul(x[2], z))) / dd::to_double(x[2]);
                    };
                };
                operations.push_back({t_enter, {minus_b, p.root_d, two_a}, over_printed_two_a(-1.0), e.b < 0.0});
                operations.push_back({t_exit, {minus_b, p.root_d, two_a}, over_printed_two_a(1.0), e.b > 0.0});
                // the same line read from its start, √ of D as printed: "(32.4877 + √1.02492)/(2·6.4337)"
                // is 2.6034850, where the page says t_exit = 2.60348
                const auto over_two_a_root_of = [signed_sum](double sign) {
                    return [sign, signed_sum](DD z, const Operands& x) {
                        return dd::to_double(sub(signed_sum(x[0], sign, dd_sqrt(x[1])), scale(mul(x[2], z), 2.0))) /
                               (2.0 * dd::to_double(x[2]));
                    };
                };
                operations.push_back({t_enter, {minus_b, d, a}, over_two_a_root_of(-1.0), e.b < 0.0});
                operations.push_back({t_exit, {minus_b, d, a}, over_two_a_root_of(1.0), e.b > 0.0});
                if (e.b < 0.0) {
                    operations.push_back({t_enter, {c, minus_b, p.root_d}, two_c_over(1.0)});
                    operations.push_back({t_exit, {minus_b, p.root_d, a}, over_two_a(1.0)});
                } else if (e.b > 0.0) {
                    operations.push_back({t_enter, {minus_b, p.root_d, a}, over_two_a(-1.0)});
                    operations.push_back({t_exit, {c, minus_b, p.root_d}, two_c_over(-1.0)});
                } else {
                    operations.push_back({t_enter, {0.0, p.root_d, a}, over_two_a(-1.0)});
                    operations.push_back({t_exit, {0.0, p.root_d, a}, over_two_a(1.0)});
                }
                break;
            }
            case DiscriminantSign::Zero:
                operations.push_back({value_or_nan(e.t_enter), {minus_b, a}, half_over});
                break;
            case DiscriminantSign::Negative:
                operations.push_back({sub(p.d_min, radius), {p.d_min, radius}, difference});
                break;
            case DiscriminantSign::NotQuadratic: break;
        }
    }

    Numbers numbers;
    for (const Value exact : {p.dpx, p.dpy, p.dvx, p.dvy, radius, p.dp_dot_dp, p.radius_squared}) numbers.allow_long(exact);
    for (const Body* body : {&body_a, &body_b})
        for (const double input : {body->position.x, body->position.y, body->velocity.x, body->velocity.y, body->radius})
            numbers.allow_long(input);
    for (const Body* body : {&body_a, &body_b})
        for (const double typed : {body->position.x, body->position.y, body->velocity.x, body->velocity.y, body->radius})
            if (round_trip_digits(typed) <= 12) numbers.grow(typed, round_trip_digits(typed));
    Digits chosen;
    // how far the printed subtraction lands from the printed D, redone in double-double
    const auto misses = [&](dd::DD redone, double size) {
        const double unit = numbers.unit(e.discriminant);
        const double half = unit == 0.0 ? 1e-24 * size : unit / 2.0 * (1.0 - 1e-9);
        // (a difference of exactly 0 misses nothing: b = c = 0 gave "0 − 0 = 0, which is rounding")
        const double missed_by = std::abs(dd::to_double(sub(redone, numbers.shown(e.discriminant))));
        return missed_by >= half && missed_by > 0.0;
    };
    // the digits grown before a subtraction of D proves to be rounding: those it grew in vain go
    const Numbers typed = numbers;
    for (;;) {
        numbers = typed;
        for (const Value operand : {b, a, c})
            if (chosen.textbook_is_rounding) numbers.grow(operand, round_trip_digits(dd::to_double(operand)));
        for (const Value operand : {a, p.dp_cross_dv})
            if (chosen.tangent_is_rounding) numbers.grow(operand, round_trip_digits(dd::to_double(operand)));
        std::vector<Operation> active;
        for (const Operation& operation : operations)
            if (!(chosen.root_cancels && operation.may_cancel)) active.push_back(operation);
        if (!chosen.textbook_is_rounding) active.insert(active.end(), textbook.begin(), textbook.end());
        if (!chosen.tangent_is_rounding) active.insert(active.end(), tangent.begin(), tangent.end());
        // digits only grow, and no further than a double has to give: this ends
        for (bool grown = true; grown;) {
            grown = false;
            for (auto operation = active.rbegin(); operation != active.rend(); ++operation) grown |= settle(numbers, *operation);
            // where −b and √D cancel, the roots line shows them with every digit it can, so that
            // the reader sees how many agree: −b as its double, √D as far as √ of the printed D
            // gives it
            if (chosen.root_cancels) {
                grown |= numbers.grow(minus_b, round_trip_digits(dd::to_double(minus_b)));
                grown |= numbers.grow(p.root_d, root_digits(numbers, e.discriminant, p.root_d));
            }
            // two roots that differ are printed apart, and apart from the vertex between them: a hit
            // lasting 5.7e-5 at t = 1e4 would read "t_enter = 10000, t_exit = 10000", a graze's double root
            if (e.discriminant_sign == DiscriminantSign::Positive && e.t_enter && e.t_exit && e.t_closest && *e.t_enter != *e.t_exit) {
                const std::initializer_list<double> times{*e.t_enter, *e.t_closest, *e.t_exit};
                int least = 1;
                for (const double t : times) least = std::max(least, numbers.digits(t));
                const int apart = digits_apart(times, least);
                for (const double t : times) grown |= numbers.grow(t, apart);
            }
            // and d_min apart from R, but at a graze, where it is R to the tolerance ("the centres
            // are 2 apart, less than R = 2" for a pass 1e-10 inside)
            if (e.discriminant_sign != DiscriminantSign::Zero && e.discriminant_sign != DiscriminantSign::NotQuadratic &&
                std::isfinite(p.d_min.hi) && p.d_min.hi != dd::to_double(radius)) {
                const double r = dd::to_double(radius);
                const int apart = digits_apart({p.d_min.hi, r}, std::max(numbers.digits(p.d_min), numbers.digits(radius)));
                grown |= numbers.grow(p.d_min, apart);
                grown |= numbers.grow(radius, apart);
            }
        }
        if (e.discriminant_sign == DiscriminantSign::NotQuadratic) break;
        bool more = false;
        if (!chosen.textbook_is_rounding &&
            misses(sub(numbers.shown(sqr(b)), numbers.shown(scale(mul(a, c), 4.0))), std::abs(dd::to_double(sqr(b))))) {
            chosen.textbook_is_rounding = more = true;
        }
        if (!chosen.tangent_is_rounding &&
            misses(scale(sub(mul(sqr(numbers.shown(radius)), numbers.shown(a)), sqr(numbers.shown(p.dp_cross_dv))), 4.0),
                   4.0 * std::abs(dd::to_double(mul(sqr(radius), a))))) {
            chosen.tangent_is_rounding = more = true;
        }
        // the textbook root that subtracts, where its operands cannot give its printed digits
        if (!chosen.root_cancels && e.discriminant_sign == DiscriminantSign::Positive && e.b != 0.0) {
            const double root = value_or_nan(e.b < 0.0 ? e.t_enter : e.t_exit);
            const double unit = numbers.unit(root);
            const double miss = std::abs(dd::to_double(sub(cancelled_root(numbers, p, e.b), numbers.shown(root))));
            if (std::isfinite(root) && unit > 0.0 && miss >= unit / 2.0 * (1.0 - 1e-9)) chosen.root_cancels = more = true;
        }
        if (!more) break;
    }
    chosen.numbers = std::move(numbers);
    return chosen;
}

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

Draft answer(const Encounter& e, const Pieces& p, const Numbers& numbers) {
    const Value radius = p.radius;
    const double t_enter = value_or_nan(e.t_enter);
    const double t_exit = value_or_nan(e.t_exit);
    Draft d{"The answer", "", "", ""};
    switch (e.kind) {
        case Case::Hit:
            d.formula = "c ≥ 0" + words(", ") + "D > 0" + words(" and ") + "b < 0";
            d.substituted = "D = " + numbers.num(e.discriminant) + " > 0" + words(": two roots, ") + "t_enter = " + numbers.num(t_enter) +
                            words(" and ") + "t_exit = " + numbers.num(t_exit) + words(": the circles first touch at ") +
                            "t = " + numbers.num(t_enter);
            d.meaning = "A hit: the earlier root is the time of impact. The later one, " + math("t_exit") +
                        ", would matter only if the circles could pass through each other.";
            break;
        case Case::Graze:
            d.formula = "c ≥ 0" + words(", ") + "D = 0" + words(" and ") + "b ≤ 0";
            // the tolerance is on the closest approach, not on D ("D = 0 within τ relative" reads as if
            // D itself were compared, beside a D of 6.66e−17)
            d.substituted = e.exact_graze()
                                ? "D = 0" + words(": one double root at ") + "t = " + numbers.num(t_enter)
                                : "D = 0" + words(" as a graze counts it (") + "|d_min − R| ≤ τR" + words(", ") + "τ = " +
                                      Numbers::constant(kGrazeTolerance) + words("): one double root at ") + "t = " + numbers.num(t_enter);
            d.meaning = e.exact_graze()
                            ? "A graze: the circles touch at a single instant and part without overlapping. A hair "
                              "closer would be a hit, a hair farther a miss."
                            // (within the tolerance only: "part without overlapping" beside D = +1.6e−12,
                            // an overlap of 1.3e−6 time units: a teacher's review)
                            : std::string("A graze to the tolerance: the circles touch at about a single instant. Computed exactly "
                                          "on the numbers as the computer holds them (in binary, which may be a hair from a "
                                          "decimal typed, as 0.1 is), they ") +
                                  (e.exact_discriminant_sign() > 0 ? "overlap for a moment (" + math("D > 0") + ")"
                                                        : "pass a hair apart (" + math("D < 0") + ")") +
                                  ", by less than the tolerance allows.";
            break;
        case Case::Miss:
            d.formula = "D < 0";
            d.substituted = "D = " + numbers.num(e.discriminant) + " < 0" + words(": no real root; at the closest approach (") +
                            "t = " + numbers.num(value_or_nan(e.t_closest)) + words(") the centres are ") + numbers.num(p.d_min) +
                            words(" apart, more than ") + "R = " + numbers.num(radius);
            d.meaning = "A miss: at their closest the rims stay " + math("d_min − R = " + numbers.num(dd::sub(p.d_min, radius))) +
                        " apart.";
            break;
        case Case::Receding:
            d.formula = "c ≥ 0" + words(", ") + "D ≥ 0" + words(" and ") + "b > 0";
            if (e.discriminant_sign == DiscriminantSign::Zero) {
                // (to the tolerance too, said as the graze's is: a teacher's review)
                d.substituted = (e.exact_zero_discriminant()
                                     ? "D = 0" + words(": one double root at ")
                                     : "D = 0" + words(" as a graze counts it (") + "|d_min − R| ≤ τR" + words(", ") + "τ = " +
                                           Numbers::constant(kGrazeTolerance) + words("): one double root at ")) +
                                "t = " + numbers.num(t_enter) + words(", in the past: the circles grazed then");
            } else if (t_exit < 0.0) {
                d.substituted = words("Both roots are negative: the contact was at ") + "t = " + numbers.num(t_enter) + " … " +
                                numbers.num(t_exit);
            } else {
                d.substituted = words("The roots are ") + "t = " + numbers.num(t_enter) + words(" and ") + "t = " +
                                numbers.num(t_exit) + words(": the circles touch now and are moving apart");
            }
            d.meaning = "Receding: no contact lies ahead; from now on the centres only move apart (" +
                        math("b > 0") + ").";
            break;
        case Case::Overlapping:
            d.formula = "c < 0";
            if (e.discriminant_sign == DiscriminantSign::NotQuadratic) {
                d.substituted = "c = " + numbers.num(p.c) + " < 0" + words(" and ") + "a = 0" +
                                words(": they overlap now and always; the distance stays ") + numbers.num(p.d_min) +
                                " < R = " + numbers.num(radius);
                d.meaning = "Overlapping for good: with " + math("Δv = 0") + " the distance never changes.";
            } else {
                d.substituted = "c = " + numbers.num(p.c) + " < 0" + words(": they overlap now; one root in the past (") +
                                "t = " + numbers.num(t_enter) + words("), one ahead (") + "t = " + numbers.num(t_exit) + words(")");
                d.meaning = "Overlapping: the circles have overlapped since " + math("t_enter = " + numbers.num(t_enter)) +
                            " and separate at " + math("t_exit = " + numbers.num(t_exit)) + ".";
            }
            break;
        case Case::Static:
            d.formula = "a = 0" + words(" and ") + "c ≥ 0";
            d.substituted = "a = 0" + words(": ") + "Δv = 0" + words(", no quadratic; the distance stays ") +
                            numbers.num(p.d_min) +
                            (e.c > 0.0 ? words(", more than ") + "R = " + numbers.num(radius) +
                                             // by less than the digits show: "stays 2, more than R = 2" (a teacher's review)
                                             (numbers.num(p.d_min) == numbers.num(radius)
                                                  ? words(" by ") + numbers.num(dd::sub(p.d_min, radius))
                                                  : std::string())
                                       : words(", equal to ") + "R = " + numbers.num(radius));
            // ("move together" read wrong of two circles at rest: an education researcher's review)
            d.meaning = e.c > 0.0 ? "Static: no relative motion (the same velocity, or both at rest), so the distance never "
                                    "changes and they never touch."
                                  : "Static: no relative motion (the same velocity, or both at rest), so they touch for "
                                    "good without overlapping.";
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

std::string format_value(double value, int significant_digits) { return format_number(value, significant_digits); }

std::string format_value_latex(double value, int significant_digits) {
    const NumberParts parts = number_parts(value, significant_digits);
    if (parts.nan) return "\\mathrm{NaN}";
    std::string out = parts.negative ? "-" : "";
    if (parts.infinite) return out + "\\infty";
    out += parts.mantissa;
    if (parts.exponent)
        out += " \\times 10^{" + std::string(*parts.exponent < 0 ? "-" : "") + std::to_string(std::abs(*parts.exponent)) + "}";
    return out;
}

namespace {

/// Whether the page's numbers fit a double: its products of two and of four lengths and speeds
/// (c, a, b, then b², 4ac, aR², (Δp×Δv)² and D) have, in powers of ten, these extremes.
struct Magnitudes {
    double low = 0.0;   ///< log10 of the smallest product of nonzero factors
    double high = 0.0;  ///< log10 of the largest
    bool any = false;
};

/// log10 of the smallest and largest magnitudes of Δp, R (lengths) and Δv (speeds), scaled by
/// 10^-k, and of the page's products of them.
Magnitudes magnitudes(const Encounter& e, int k) {
    double low_l = HUGE_VAL, high_l = -HUGE_VAL, low_v = HUGE_VAL, high_v = -HUGE_VAL;
    for (const double x : {e.relative_position.x, e.relative_position.y, e.radius_sum}) {
        if (x == 0.0) continue;
        const double l = std::log10(std::abs(x)) - k;
        low_l = std::min(low_l, l);
        high_l = std::max(high_l, l);
    }
    for (const double x : {e.relative_velocity.x, e.relative_velocity.y}) {
        if (x == 0.0) continue;
        const double l = std::log10(std::abs(x)) - k;
        low_v = std::min(low_v, l);
        high_v = std::max(high_v, l);
    }
    Magnitudes m;
    if (!std::isfinite(high_l)) return m;
    m.any = true;
    m.low = 2.0 * low_l;
    m.high = 2.0 * high_l;
    if (std::isfinite(high_v)) {
        m.low = std::min({m.low, 2.0 * low_v, 2.0 * (low_l + low_v)});
        m.high = std::max({m.high, 2.0 * high_v, 2.0 * (high_l + high_v)});
    }
    return m;
}

// A double holds about 2.2e−308 to 1.8e308; the page wants room below and above its largest
// and smallest products for the differences and quotients formed from them.
constexpr double kPageLow = -250.0;
constexpr double kPageHigh = 250.0;

bool fits(const Magnitudes& m) { return !m.any || (m.low >= kPageLow && m.high <= kPageHigh); }

Body in_unit(Body body, int k);

/// Whether Δp, Δv or R is past the range of a double, as a double (their exact values are not).
bool overflowed(const Encounter& e) {
    return !std::isfinite(e.relative_position.x) || !std::isfinite(e.relative_position.y) || !std::isfinite(e.radius_sum) ||
           !std::isfinite(e.relative_velocity.x) || !std::isfinite(e.relative_velocity.y);
}

/// The power of ten the page counts lengths in (speeds in that per unit of time, so times are
/// unchanged): 0 unless some product the page prints leaves the range of a double, then that of
/// the largest length or speed, if with it every product fits.
int page_unit(const Encounter& e) {
    if (overflowed(e)) {
        // Δp, Δv or R past the range (bodies at ±1e308 would print "Δp = (NaN, 0)"): the unit of the
        // largest number typed, where in it every product fits
        double largest = 0.0;
        for (const Body* body : {&e.body_a, &e.body_b})
            for (const double x : {body->position.x, body->position.y, body->velocity.x, body->velocity.y, body->radius})
                if (std::isfinite(x)) largest = std::max(largest, std::abs(x));
        if (!(largest > 0.0)) return 0;
        const int k = static_cast<int>(std::floor(std::log10(largest)));
        const Result<Encounter> scaled = analyze(in_unit(e.body_a, k), in_unit(e.body_b, k));
        return scaled.ok() && !overflowed(scaled.value()) && fits(magnitudes(scaled.value(), 0)) ? k : 0;
    }
    if (fits(magnitudes(e, 0))) return 0;
    double largest = e.radius_sum;
    for (const double x : {e.relative_position.x, e.relative_position.y, e.relative_velocity.x, e.relative_velocity.y})
        largest = std::max(largest, std::abs(x));
    const int k = static_cast<int>(std::floor(std::log10(largest)));
    return fits(magnitudes(e, k)) ? k : 0;
}

/// value·10^-k as a reader shifts the decimal point: the typed "−8e−150" reads −8 in units of
/// 1e−150 (the double nearest the shifted shortest decimal).
double in_unit(double value, int k) {
    if (value == 0.0 || !std::isfinite(value)) return value;
    std::array<char, 48> buffer{};
    std::snprintf(buffer.data(), buffer.size(), "%.*e", round_trip_digits(value) - 1, value);
    const std::string text(buffer.data());
    const std::size_t e = text.find('e');
    const std::string shifted = text.substr(0, e) + "e" + std::to_string(std::atoi(text.c_str() + e + 1) - k);
    return std::strtod(shifted.c_str(), nullptr);
}

Body in_unit(Body body, int k) {
    body.position = {in_unit(body.position.x, k), in_unit(body.position.y, k)};
    body.velocity = {in_unit(body.velocity.x, k), in_unit(body.velocity.y, k)};
    body.radius = in_unit(body.radius, k);
    return body;
}

/// A point as typed: "(−8e−150, 1.5e−150)".
std::string typed_vec(glm::dvec2 v) {
    return "(" + format_value(v.x, round_trip_digits(v.x)) + ", " + format_value(v.y, round_trip_digits(v.y)) + ")";
}

/// "1e−150"
std::string power_of_ten(int k) {
    if (k >= -4 && k <= 5) return format_value(std::pow(10.0, k));
    return "1e" + std::string(k < 0 ? "−" : "") + std::to_string(std::abs(k));  // also beyond a double: 1e600
}

/// The unit a page counts lengths in: 10^exponent (a reader's shift of the decimal point), or,
/// where that shift's rounding of the scene's numbers would change what the page shows (a near
/// graze whose Δp is small beside its positions: D off 21 times), 2^exponent, which rounds nothing.
struct PageUnit {
    int exponent = 0;
    bool binary = false;
    [[nodiscard]] bool none() const { return exponent == 0; }
    /// "1e−150", or "2^−500 ≈ 3.05e−151"
    [[nodiscard]] std::string name() const {
        if (!binary) return power_of_ten(exponent);
        const double log10 = exponent * 0.30102999566398120;
        const int decade = static_cast<int>(std::floor(log10));
        char lead[16];
        std::snprintf(lead, sizeof lead, "%.3g", std::pow(10.0, log10 - decade));
        return "2^" + std::string(exponent < 0 ? "−" : "") + std::to_string(std::abs(exponent)) + " ≈ " + lead + "e" +
               (decade < 0 ? "−" : "") + std::to_string(std::abs(decade));
    }
    /// log10 of the unit
    [[nodiscard]] double decades() const { return binary ? exponent * 0.30102999566398120 : exponent; }
};

Body in_binary_unit(Body body, int j) {
    body.position = {std::ldexp(body.position.x, -j), std::ldexp(body.position.y, -j)};
    body.velocity = {std::ldexp(body.velocity.x, -j), std::ldexp(body.velocity.y, -j)};
    body.radius = std::ldexp(body.radius, -j);
    return body;
}

/// Whether two answers for the same scene in two units agree in everything a page shows: the case,
/// and, each to 1e-12 of itself, the times, b/(|Δp||Δv|), c/R², d_min/R and D/(aR²). Of itself,
/// not of the time scale: a t_exit of −3.5e-23 beside |Δp|/|Δv| of 1e-8 was wrong in its 4th
/// digit in units of 1e-167 and passed. (d_min and b are zero but for rounding in a head-on or
/// sideways pass: for them, to 1e-15 of |Δp|/R and of 1 too.)
bool same_answers(const Encounter& x, const Encounter& y) {
    if (x.kind != y.kind || x.discriminant_sign != y.discriminant_sign) return false;
    const auto close = [](double u, double v, double floor) {
        if (!std::isfinite(u) || !std::isfinite(v)) return false;
        return u == v || std::abs(u - v) <= 1e-12 * std::abs(v) || std::abs(u - v) <= 1e-15 * floor;
    };
    const auto close_times = [&](const std::optional<double>& s, const std::optional<double>& t) {
        return s.has_value() == t.has_value() && (!s || close(*s, *t, 0.0));
    };
    if (!close_times(x.t_closest, y.t_closest) || !close_times(x.t_enter, y.t_enter) || !close_times(x.t_exit, y.t_exit)) return false;
    const double apart = std::hypot(y.relative_position.x, y.relative_position.y);
    const auto scaled_b = [](const Encounter& e) {
        return e.b / (std::hypot(e.relative_position.x, e.relative_position.y) * std::hypot(e.relative_velocity.x, e.relative_velocity.y));
    };
    const auto scaled_c = [](const Encounter& e) { return e.c / (e.radius_sum * e.radius_sum); };
    const auto scaled_d = [](const Encounter& e) { return e.discriminant / (4.0 * e.a * e.radius_sum * e.radius_sum); };
    if (x.a > 0.0 && !(close(scaled_b(x), scaled_b(y), 1.0) && close(scaled_d(x), scaled_d(y), 0.0))) return false;
    return close(scaled_c(x), scaled_c(y), 0.0) &&
           close(x.min_distance / x.radius_sum, y.min_distance / y.radius_sum, apart / y.radius_sum);
}

Derivation derive_page(const Encounter& e, const Encounter& scene, PageUnit unit);

}  // namespace

Derivation derive(const Encounter& e) {
    // Lengths near 1e−150 have products of four near 1e−600: as doubles those are 0, and the page
    // would read "D = 0 − 0 = 0 > 0". Such a scene is derived in a unit of length of its own size.
    if (const int k = page_unit(e); k != 0) {
        const Result<Encounter> scaled = analyze(in_unit(e.body_a, k), in_unit(e.body_b, k));
        // the same scene scaled by the power of two nearest 10^k, exactly: the judge of the shift's rounding
        const int j = static_cast<int>(std::lround(k * 3.32192809488736235));
        const Result<Encounter> exact = analyze(in_binary_unit(e.body_a, j), in_binary_unit(e.body_b, j));
        if (scaled.ok() && exact.ok() && scaled.value().kind == e.kind && same_answers(scaled.value(), exact.value()))
            return derive_page(scaled.value(), e, PageUnit{k, false});
        if (exact.ok() && exact.value().kind == e.kind && fits(magnitudes(exact.value(), 0)) && !overflowed(exact.value()))
            return derive_page(exact.value(), e, PageUnit{j, true});
    }
    Derivation page = derive_page(e, e, PageUnit{});
    // Lengths and speeds far apart in size (10 and 1e−300) leave the page's products out of the
    // doubles' range in any one unit: it would read "a = 0", "D = 0 > 0", "/(2·0)". It says so first.
    if ((!fits(magnitudes(e, 0)) || overflowed(e)) && !page.steps.empty()) {
        const std::string warning =
            "This scene's lengths and speeds lie too far apart in size for any one unit to keep the products on this "
            "page within the range of a double (about " + math("2.2e−308") + " to " + math("1.8e308") +
            "): lines below may read 0 or ∞, or contradict themselves, where the true value is neither. The case and "
            "the times in the panel are Tangent's, computed without that loss. ";
        DerivationStep& first = page.steps.front();
        first.meaning = unmarked(warning) + first.meaning;
        first.meaning_latex = marked_to_latex(warning, false) + " " + first.meaning_latex;
    }
    return page;
}

namespace {

/// The page for `e`, in units of 10^unit of length (and of speed) where `scene`, the encounter
/// as drawn, has numbers beyond the range of a double (then `e` is the scene in those units).
Derivation derive_page(const Encounter& e, const Encounter& scene, PageUnit unit) {
    const Body& body_a = e.body_a;
    const Body& body_b = e.body_b;
    // the page's numbers as Tangent works with them (Δp, Δv, R exact); D and the times its doubles
    const Pieces p = pieces(e);
    const Digits digits = choose_digits(e, p);
    const Value radius = p.radius;
    const Value a = p.a;
    const Value b = p.b;
    const Value c = p.c;
    const Value dp_dot_dp = p.dp_dot_dp;
    const Value dp_dot_dv = p.dp_dot_dv;
    const Value dv_dot_dv = p.dv_dot_dv;
    const Value dp_cross_dv = p.dp_cross_dv;
    const Value root_d = p.root_d;
    const Numbers& numbers = digits.numbers;
    const bool quadratic = e.discriminant_sign != DiscriminantSign::NotQuadratic;

    // where the page counts in a unit of its own, it says so first, with the scene's numbers
    std::string unit_words;
    std::string unit_meaning;
    if (!unit.none()) {
        Magnitudes m = magnitudes(scene, 0);
        if (!m.any) {  // Δp, Δv or R past the range as doubles: the page's own, in the scene's unit
            m = magnitudes(e, 0);
            m.low += 4.0 * unit.decades();
            m.high += 4.0 * unit.decades();
        }
        const bool below = m.low < kPageLow;
        const int extreme = static_cast<int>(std::floor(below ? m.low : m.high));
        const std::string name = unit.name();
        unit_words = words("In units of ") + name + words(": ");
        // (a shift of the decimal point rounds each number to the double nearest it: said so; where
        // that rounding would change the answer, the unit is a power of two, which rounds nothing)
        const std::string how = unit.binary
            ? " per unit of time, which leaves every time unchanged. The unit is a power of two, not of ten: in tens, rounding "
              "each number to a double would change this scene's answer (its closest approach is too near R, or its "
              "centres too near each other beside their distance from the origin), while halving or doubling a double "
              "rounds nothing. B's centre "
            : " per unit of time, which leaves every time unchanged; each number, shifted, is rounded to the double nearest "
              "it, which changes none of the answers below. B's centre ";
        unit_meaning = "This scene's lengths and speeds are near " + math(power_of_ten(static_cast<int>(std::floor(unit.decades())))) +
                       ", and the products of them below (such as " + math("b²") + " and " + math("4ac") + ", near " +
                       math(power_of_ten(extreme)) + ") lie " + (below ? "below" : "beyond") +
                       " the range of a double (about " + math("2.2e−308") + " to " + math("1.8e308") +
                       "): not " + (below ? "0" : "infinite") + ", but a double cannot hold them. So this page counts lengths in units of " +
                       math(name) + ", and speeds in " + math(name) + how +
                       math(typed_vec(scene.body_b.position)) + " reads " + math(numbers.vec(body_b.position)) + ". ";
    }

    // a typed 0.1 is the double nearest it, 0.1000000000000000055511…: where the page needs those
    // digits, it says why they are there
    std::string stored_meaning;
    {
        std::vector<double> stored;
        for (const Body* body : {&body_a, &body_b})
            for (const double input : {body->position.x, body->position.y, body->velocity.x, body->velocity.y, body->radius}) {
                // only where the page shows more digits than the typed number has (a velocity
                // snapped to a graze, shown to 10 digits, is not "shown" as the double it holds)
                if (input == 0.0 || !std::isfinite(input) || numbers.digits(input) <= round_trip_digits(input) ||
                    numbers.num(input) == format_value(input, round_trip_digits(input)))
                    continue;
                if (std::none_of(stored.begin(), stored.end(), [&](double s) { return std::abs(s) == std::abs(input); }))
                    stored.push_back(input);
            }
        const auto listed = [&](const std::function<std::string(double)>& text) {
            std::string out;
            for (std::size_t i = 0; i < stored.size(); ++i)
                out += (i == 0 ? "" : i + 1 == stored.size() ? " and " : ", ") + math(text(stored[i]));
            return out;
        };
        if (!stored.empty() && !unit.binary) {  // (in a power of two's unit the numbers are the scene's doubles, scaled)
            stored_meaning = "The scene's " + listed([](double x) { return format_value(x, round_trip_digits(x)); }) +
                             (stored.size() == 1 ? " is" : " are") + " not exactly " + (stored.size() == 1 ? "a double" : "doubles") +
                             ": it holds the nearest, " + listed([&](double x) { return numbers.num(x); }) +
                             ". Tangent subtracts and adds these exactly, and here their last digits decide lines below, "
                             "so the page shows them. ";
        }
    }

    std::vector<Draft> drafts;
    drafts.push_back({"Relative motion", "Δp = pB − pA,  Δv = vB − vA,  R = rA + rB",
                      unit_words + "Δp = " + numbers.vec(body_b.position) + " − " + numbers.vec(body_a.position) + " = " + numbers.vec(p.dpx, p.dpy) +
                          ",  Δv = " + numbers.vec(body_b.velocity) + " − " + numbers.vec(body_a.velocity) + " = " + numbers.vec(p.dvx, p.dvy) +
                          ",  R = " + numbers.num(body_a.radius) + " + " + numbers.num(body_b.radius) + " = " + numbers.num(radius),
                      unit_meaning + stored_meaning + "Watch from A: A's centre stays at the origin while B's starts at " + math("Δp") +
                          " and moves with velocity " + math("Δv") + ". The circles touch when the centres are " +
                          math("R") + " apart."});

    drafts.push_back({"The condition", "|Δp + tΔv| = R", "|" + numbers.vec(p.dpx, p.dpy) + " + t" + numbers.vec(p.dvx, p.dvy) + "| = " + numbers.num(radius),
                      "At time " + math("t") + ", B's centre is at " + math("Δp + tΔv") +
                          " as seen from A, at a distance " + math("|Δp + tΔv|") + "; the circles touch when that distance equals " +
                          math("R") + ". " +
                          math("t = 0") + " is the scene as drawn, negative " + math("t") + " the past."});

    // Δv = 0: t is kept in view (times 0), and the page says what the equation then asks
    const bool no_relative_motion = p.dvx.is_zero() && p.dvy.is_zero();
    drafts.push_back({"Square both sides", "|Δp + tΔv|² = (Δp + tΔv)·(Δp + tΔv) = R²",
                      numbers.squared_linear(p.dpx, p.dvx, no_relative_motion) + " + " +
                          numbers.squared_linear(p.dpy, p.dvy, no_relative_motion) + " = " + numbers.squared(radius),
                      "A squared length is the vector dotted with itself: the sum of its squared components. Both "
                      "sides are " +
                          math("≥ 0") + ", so squaring neither gains nor loses a solution." +
                          (no_relative_motion ? " Here " + math("Δv = 0") + ", so every " + math("t") +
                                                    " term is 0: the equation asks whether " +
                                                    math(numbers.num(dp_dot_dp) + " = " + numbers.num(p.radius_squared)) +
                                                    ", the same at every time."
                                              : std::string())});

    drafts.push_back({"Expand", "Δp·Δp + 2t(Δp·Δv) + t²(Δv·Δv) = R²",
                      numbers.num(dp_dot_dp) + " + 2t(" + numbers.num(dp_dot_dv) + ") + t²(" + numbers.num(dv_dot_dv) + ") = " +
                          numbers.num(p.radius_squared),
                      "The dot product distributes like multiplication. " + math("Δp·Δp = " + numbers.num(dp_dot_dp)) +
                          " is the squared distance now, " + math("Δv·Δv = " + numbers.num(dv_dot_dv)) +
                          " the squared relative speed."});

    drafts.push_back({"Collect powers of t", "(Δv·Δv)t² + 2(Δp·Δv)t + (Δp·Δp − R²) = 0",
                      numbers.polynomial(a, b, c) + " = 0",
                      "Move " + math("R²") + " to the left and group by powers of " + math("t") + ": a quadratic " +
                          math("at² + bt + c = 0") +
                          // (with Δv = 0 the t² and t terms vanish: not a quadratic, as the next step says)
                          (e.discriminant_sign == DiscriminantSign::NotQuadratic ? ", or, with " + math("a = 0") + " here, no quadratic at all"
                                                                                 : std::string()) +
                          "."});

    // a speed below about 1e−154 squares to below the doubles' range: a is then held as 0, though
    // the circles move (the page says so: "= 0" alone would contradict "it is positive")
    const bool a_underflows = quadratic && a.is_zero();
    drafts.push_back({std::string(kTitleA), "a = Δv·Δv",
                      "a = Δv·Δv = " + numbers.squared(p.dvx) + " + " + numbers.squared(p.dvy) + " = " + numbers.num(a) +
                          (a_underflows ? words(" in doubles (not 0: below their range)") : std::string()),
                      quadratic ? math("a = |Δv|²") +
                                      ", the squared relative speed. It is positive whenever the circles move "
                                      "relative to each other, so this is a true quadratic." +
                                      (a_underflows ? " Here it lies below the smallest double, about " + math("2.2e−308") +
                                                          ", so a double holds it as 0; Tangent's own arithmetic keeps it "
                                                          "(it works in a unit of speed of the scene's own size)."
                                                    : std::string())
                                : math("a = 0") + ": " + math("Δv = 0") +
                                      ": no relative motion (the same velocity, or both at rest), so their distance never changes. There is no "
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
                      "b = 2 Δp·Δv = 2(" + numbers.product(p.dpx, p.dvx) + " + " + numbers.product(p.dpy, p.dvy) + ") = " + numbers.num(b),
                      b_meaning});

    const std::string c_sign = e.c < 0.0 ? " < 0" : e.c > 0.0 ? " > 0" : "";
    std::string c_meaning;
    if (e.c < 0.0) {
        c_meaning = math("c < 0") + ": the centres are less than " + math("R") + " apart, so the circles overlap now.";
    } else if (e.c > 0.0) {
        c_meaning = math("c > 0") + ": the centres are more than " + math("R") + " apart, so the circles are apart now.";
    } else {
        c_meaning = math("c = 0") + ": the centres are exactly " + math("R") + " apart: the circles touch now, and " +
                    (e.discriminant_sign == DiscriminantSign::NotQuadratic && e.b == 0.0
                         ? "with " + math("a = b = 0") + " every " + math("t") + " is a root: they touch for good."
                         : math("t = 0") + " is a root.");
    }
    drafts.push_back({std::string(kTitleC), "c = Δp·Δp − R²",
                      "c = Δp·Δp − R² = " + numbers.squared(p.dpx) + " + " + numbers.squared(p.dpy) + " − " + numbers.squared(radius) + " = " +
                          numbers.num(c) + c_sign,
                      c_meaning});

    if (quadratic) {
        const double d = e.discriminant;
        const Value minus_b = dd::neg(b);
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
                            math("|d_min − R| ≤ τR") + ", " + math("τ = " + Numbers::constant(kGrazeTolerance)) +
                            ", so that a graze does not hinge on the last bit of rounding.";
                break;
        }
        // a read as ∞ beside c read as 0 (or a as 0 beside c as ∞): past and below the doubles'
        // range, not ∞ and 0, so their product as doubles (NaN) is no value of 4ac; an exact 0 (c
        // with the circles touching now) makes it 0, as an exact 0 does in scaled_products()
        const dd::DD four_ac_shown = four_ac_of(a, c);
        const bool four_ac_undefined = std::isnan(four_ac_shown.hi) && !(c.is_zero() && !underflows(e).c);
        if (!digits.textbook_is_rounding && four_ac_undefined) {
            const bool a_infinite = std::isinf(a.hi);
            drafts.push_back({std::string(kTitleDiscriminant), "D = b² − 4ac",
                              "D = " + numbers.squared(b) + " − 4·" + numbers.operand(a) + "·" + numbers.operand(c) +
                                  words(": ∞ times 0 has no value, so ") + "D = " + numbers.num(d) + d_compared + words(" (next step)"),
                              "Here " + math("a") + " reads " + math(numbers.num(a)) + " and " + math("c") + " reads " +
                                  math(numbers.num(c)) + ", though neither is: " + math(a_infinite ? "a" : "c") +
                                  " lies beyond the range of a double and " + math(a_infinite ? "c" : "a") +
                                  " below it. Their product, " + math("∞") + " times " + math("0") + ", has no value, so " + math("4ac") +
                                  " cannot be formed from them as printed; " + math("D") +
                                  " is Tangent's, from the cross product without that loss (next step). " + d_meaning});
        } else if (!digits.textbook_is_rounding) {
            const Value shown_four_ac = std::isnan(four_ac_shown.hi) ? Value(0.0) : Value(four_ac_shown);
            drafts.push_back({std::string(kTitleDiscriminant), "D = b² − 4ac",
                              "D = " + numbers.squared(b) + " − 4·" + numbers.operand(a) + "·" + numbers.operand(c) + " = " +
                                  numbers.num(b_squared_of(b)) + " − " + numbers.operand(shown_four_ac) + " = " + numbers.num(d) + d_compared,
                              d_meaning});
        } else {
            // b² and 4ac agree beyond 17 digits: their printed difference is rounding, printed as
            // such and exactly, and D comes from the cross product (near a graze)
            const Decimal b_squared = rounded(to_long(dd::sqr(numbers.shown(b))));
            const Decimal four_ac = rounded(to_long(dd::scale(dd::mul(numbers.shown(a), numbers.shown(c)), 4.0)));
            const Decimal left = difference(b_squared, four_ac);
            const double half_ulp = (std::nextafter(std::abs(e.b), std::numeric_limits<double>::infinity()) - std::abs(e.b)) / 2.0;
            const double moved = 2.0 * std::abs(e.b) * half_ulp;
            const int agree = cancelled_digits(b_squared, four_ac);
            // b is exact where 2Δp·Δv of the exact differences is a double (b = −16 from integers)
                        const bool b_rounded = b.lo != 0.0;
            // 17 digits of two numbers that agree to `agree` leave 17 − agree of their difference
            // (none if it has not even D's sign): say how many, not that it is only rounding
            const long double left_value = left.value();
            const bool left_has_sign = (left_value > 0.0L && d > 0.0) || (left_value < 0.0L && d < 0.0);
            const int left_digits = left_has_sign ? 17 - agree : 0;
            // how many of them are D's indeed: b, rounded to a double, can move b² by more than D
            // ("2.2e−14" beside D = 9.4964e−15 has none). The most digits at which the difference
            // and D round alike, and no more than the difference prints ("1.6e−11" is D to two
            // digits, not three: a recheck; 9.096e−12 beside D = 9.0949e−12 rounds to 9.10 and 9.09)
            int printed_digits = 0;
            for (const char ch : left.text()) {
                if (ch == 'e') break;
                if (ch >= '0' && ch <= '9' && (printed_digits > 0 || ch != '0')) ++printed_digits;
            }
            int shared_digits = 0;
            for (int n = std::min(left_digits, printed_digits); n >= 1 && shared_digits == 0 && std::isfinite(d) && d != 0.0; --n) {
                char ours[64];
                char theirs[64];
                std::snprintf(ours, sizeof ours, "%.*Le", n - 1, left_value);
                std::snprintf(theirs, sizeof theirs, "%.*Le", n - 1, static_cast<long double>(d));
                if (std::string_view(ours) == std::string_view(theirs)) shared_digits = n;
            }
            const std::string what_is_left =
                shared_digits <= 0
                    ? ". What " + math("b² − 4ac") + " leaves here is rounding, which cannot tell a graze from a hit or a miss"
                    : ". So 17 digits of them leave " + (shared_digits == 1 ? std::string("one") : std::to_string(shared_digits)) + " of " +
                          math("D") + "'s digits: " + math(left.text()) + " against " + math("D = " + numbers.num(d)) +
                          ", too few for a graze, where " + math("D") + " is all but 0";
            drafts.push_back(
                {std::string(kTitleDiscriminant), "D = b² − 4ac",
                 "b² − 4ac = " + numbers.squared(b) + " − 4·" + numbers.operand(a) + "·" + numbers.operand(c) + " = " +
                     b_squared.text() + " − " + four_ac.operand() + " = " + left.text() +
                     // (rounding only where none of its digits is D's: "1.6e−12, which is rounding" where
                     // 1.6e−12 was D to two digits, beside a later step's "D > 0": a mathematics teacher)
                     words(shared_digits < 1 ? std::string(", which is rounding: ")
                                             : ", which is D to " + (shared_digits == 1 ? std::string("one digit") : std::to_string(shared_digits) + " digits") +
                                                   ": ") +
                     "D = " +
                     numbers.num(d) + d_compared + words(" (next step)"),
                 math("b²") + " and " + math("4ac") +
                     (agree > 0 ? " agree to " + std::to_string(agree) + (agree == 1 ? " digit" : " digits") : " nearly cancel") +
                     (b_rounded ? ", and " + math("b") + " is itself rounded to a double: half a unit in its last bit moves " +
                                      math("b²") + " by up to " + math(format_value(moved, 2)) +
                                      (moved > std::abs(d) ? ", more than " + math("D") + " itself" : "")
                                : std::string()) +
                     what_is_left + ": this is why Tangent computes " + math("D") + " from the cross product (next step). " +
                     d_meaning});
        }

        const std::string cross_line = "Δp×Δv = " + numbers.product(p.dpx, p.dvy) + " − " + numbers.product(p.dpy, p.dvx) + " = " +
                                       numbers.num(dp_cross_dv) + ",  ";
        const std::string cross_terms = numbers.operand(a) + "·" + numbers.squared(radius) + " − " + numbers.squared(dp_cross_dv);
        const std::string lagrange = "The same " + math("D") + ", rewritten with Lagrange's identity " +
                                     math("(Δp·Δv)² + (Δp×Δv)² = (Δp·Δp)(Δv·Δv)") + ". ";
        if (!digits.tangent_is_rounding) {
            drafts.push_back({"The discriminant as Tangent computes it", "D = 4(aR² − (Δp×Δv)²)",
                              cross_line + "D = 4(" + cross_terms + ") = " + numbers.num(d),
                              lagrange + "Tangent evaluates this form: when the circles barely touch, " + math("b²") + " and " +
                                  math("4ac") + " are nearly equal, and subtracting them loses the digits that decide the case."});
        } else {
            // aR² and (Δp×Δv)² too agree beyond 17 digits: by hand, D only roughly; Tangent
            // subtracts the products of the doubles carried exactly
            const Decimal a_r_squared = rounded(to_long(dd::mul(dd::sqr(numbers.shown(radius)), numbers.shown(a))));
            const Decimal cross_squared = rounded(to_long(dd::sqr(numbers.shown(dp_cross_dv))));
            Decimal rough = difference(a_r_squared, cross_squared);
            rough.digits *= 4;
            const int agree = cancelled_digits(a_r_squared, cross_squared);
            drafts.push_back(
                {"The discriminant as Tangent computes it", "D = 4(aR² − (Δp×Δv)²)",
                 cross_line + "D ≈ 4(" + cross_terms + ") = 4(" + a_r_squared.text() + " − " + cross_squared.operand() + ") = " +
                     rough.text() + words("; with the products carried exactly, ") + "D = " + numbers.num(d),
                 lagrange + "Here " + math("aR²") + " and " + math("(Δp×Δv)²") +
                     (agree > 0 ? " agree to " + std::to_string(agree) + (agree == 1 ? " digit" : " digits") : " nearly cancel") +
                     " too, so by hand, to 17 digits, " + math("D") + " comes out only roughly. Tangent forms each product of "
                     "two doubles exactly (in double-double, about 32 digits) and subtracts once, so that " + math("D") +
                     " keeps the digits that decide the case."});
        }

        std::string closest_meaning = "The vertex of the parabola, where the distance is smallest: at " +
                                      math("t = " + numbers.num(t_closest)) + (t_closest < 0.0 ? ", in the past," : "") +
                                      " the centres are " +
                                      math(numbers.num(p.d_min)) + " apart, ";
        switch (sign) {
            case DiscriminantSign::Positive: closest_meaning += "less than " + math("R = " + numbers.num(radius)) + "."; break;
            case DiscriminantSign::Negative: closest_meaning += "more than " + math("R = " + numbers.num(radius)) + "."; break;
            case DiscriminantSign::Zero:
            case DiscriminantSign::NotQuadratic:
                // a graze by the tolerance alone is not "exactly R": say by how much it may differ
                closest_meaning += p.d_min.hi == e.radius_sum && p.d_min.lo == 0.0 && radius.lo == 0.0
                                       ? "exactly " + math("R = " + numbers.num(radius)) + "."
                                       : math("R = " + numbers.num(radius)) + " to within " +
                                             math("τR = " + format_value(kGrazeTolerance * e.radius_sum)) +
                                             ", which Tangent counts as touching.";
                break;
        }
        closest_meaning += " In general " + math("D ≥ 0") + " exactly when " + math("d_min ≤ R") +
                           ": the closest approach decides whether they ever touch.";
        drafts.push_back({"Closest approach", "t_closest = −b/(2a),  d_min = |Δp×Δv|/|Δv|",
                          "t_closest = " + numbers.negated(b) + "/(2·" + numbers.operand(a) + ") = " + numbers.num(t_closest) +
                              ",  d_min = |" + numbers.num(dp_cross_dv) + "|/" + numbers.root(a) + " = " + numbers.num(p.d_min),
                          closest_meaning});

        const std::string over_two_a = "/(2·" + numbers.operand(a) + ")";
        std::string roots_line;
        std::string roots_meaning;
        switch (sign) {
            case DiscriminantSign::Positive: {
                // where −b and √D cancel, the root that subtracts them is what their printed digits give
                const std::string cancelled = digits.root_cancels ? cancelled_text(cancelled_root(numbers, p, e.b)) : "";
                const bool enter_cancels = digits.root_cancels && e.b < 0.0;
                const bool exit_cancels = digits.root_cancels && e.b > 0.0;
                roots_line = "t = (" + numbers.negated(b) + " ± " + numbers.root(d) + ")" + over_two_a + " = (" + numbers.num(minus_b) +
                             " ± " + numbers.num(root_d) + ")/" + numbers.operand(dd::scale(a, 2.0)) +
                             ",  t_enter = " + (enter_cancels ? cancelled : numbers.num(t_enter)) +
                             ",  t_exit = " + (exit_cancels ? cancelled : numbers.num(t_exit));
                if (e.kind == Case::Receding && t_exit < 0.0) {
                    roots_meaning = "Both roots are negative: traced back, the paths met, and (passing through each other) "
                                    "parted, in the past. No contact lies ahead.";
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
                if (digits.root_cancels) {
                    const std::string root = enter_cancels ? "t_enter" : "t_exit";
                    const std::string subtraction = enter_cancels ? "−b − √D" : "−b + √D";
                    const std::string stable = enter_cancels ? "2c/(−b + √D)" : "2c/(−b − √D)";
                    const int lost = cancelled_digits(numbers.shown(minus_b), numbers.shown(root_d));
                    roots_meaning += " But " + math("−b") + " and " + math("√D") + " are nearly equal here: " + math(subtraction) +
                                     " cancels " + (lost > 0 ? "the first " + std::to_string(lost) + " of their digits" : "their digits") +
                                     ", and what is left is mostly their rounding, so " + math(root + " = " + cancelled) +
                                     " is only what these printed numbers give. The next step's " + math(stable) +
                                     ", which does not subtract them, gives the true " + math(root + " = " + numbers.num(enter_cancels ? t_enter : t_exit)) + ".";
                }
                break;
            }
            case DiscriminantSign::Zero:
            case DiscriminantSign::NotQuadratic:
                roots_line = "t = −b/(2a) = " + numbers.negated(b) + over_two_a + " = " + numbers.num(t_enter) +
                             " = t_enter = t_exit";
                roots_meaning = e.kind == Case::Receding
                                    ? "With " + math("D = 0") + " the " + math("±") +
                                          " adds nothing: one double root, and it is negative: the graze is past."
                                    : "With " + math("D = 0") + " the " + math("±") +
                                          " adds nothing: one double root, the instant at which the circles touch.";
                break;
            case DiscriminantSign::Negative:
                roots_line = "t = (" + numbers.negated(b) + " ± " + numbers.root(d) + ")" + over_two_a + words(": ") + numbers.root(d) +
                             words(" is not a real number");
                roots_meaning = "No real " + math("t") + " makes the distance " + math("R") +
                                ": the circles never touch.";
                break;
        }
        drafts.push_back({std::string(kTitleRoots), "t = (−b ± √D)/(2a)", roots_line, roots_meaning});

        if (sign == DiscriminantSign::Positive) {
            const std::string sum = numbers.num(minus_b) + " + " + numbers.num(root_d);
            const std::string difference = numbers.num(minus_b) + " − " + numbers.num(root_d);
            if (e.b < 0.0) {
                drafts.push_back(
                    {"The roots as Tangent computes them", "t_enter = 2c/(−b + √D),  t_exit = (−b + √D)/(2a)",
                     "t_enter = 2·" + numbers.operand(c) + "/(" + sum + ") = " + numbers.num(t_enter) + ",  t_exit = (" + sum + ")" +
                         over_two_a + " = " + numbers.num(t_exit),
                     "The textbook " + math("(−b − √D)/(2a)") + " subtracts nearly equal numbers when " + math("c") +
                         " is small (then " + math("√D ≈ −b") + ") and loses digits. Multiplied above and below by " +
                         math("−b + √D") + " it becomes the equal " + math("2c/(−b + √D)") +
                         ", which only adds: Tangent evaluates that form."});
            } else if (e.b > 0.0) {
                drafts.push_back(
                    {"The roots as Tangent computes them", "t_enter = (−b − √D)/(2a),  t_exit = 2c/(−b − √D)",
                     "t_enter = (" + difference + ")" + over_two_a + " = " + numbers.num(t_enter) + ",  t_exit = 2·" +
                         numbers.operand(c) + "/(" + difference + ") = " + numbers.num(t_exit),
                     "The textbook " + math("(−b + √D)/(2a)") + " subtracts nearly equal numbers when " + math("c") +
                         " is small (then " + math("√D ≈ b") + ") and loses digits. Multiplied above and below by " +
                         math("−b − √D") + " it becomes the equal " + math("2c/(−b − √D)") +
                         ", which only adds: Tangent evaluates that form."});
            } else {
                drafts.push_back({"The roots as Tangent computes them", "t_enter = −√D/(2a),  t_exit = √D/(2a)",
                                  "t_enter = −" + numbers.num(root_d) + over_two_a + " = " + numbers.num(t_enter) + ",  t_exit = " +
                                      numbers.num(root_d) + over_two_a + " = " + numbers.num(t_exit),
                                  "With " + math("b = 0") + ", " + math("−b ± √D = ±√D") +
                                      ": nothing cancels, and Tangent takes the roots as they stand."});
            }
        }
    }

    drafts.push_back(answer(e, p, numbers));
    if (!unit.none()) {
        drafts.back().meaning += " Lengths here are in units of " + math(unit.name()) +
                                 " (multiply them by it for the scene's); times need no change.";
    }

    Derivation derivation;
    derivation.kind = e.kind;
    const std::string_view deciding = deciding_title(e.kind);
    for (const Draft& draft : drafts) derivation.steps.push_back(render(draft, draft.title == deciding));
    return derivation;
}

}  // namespace

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

namespace {

/// About how many characters wide a page's row of math sets in the document's text width (10 pt
/// type, 2 cm margins, an enumerate's indent).
constexpr std::size_t kLatexRowChars = 78;

/// About how many characters a row of LaTeX math sets: each visible character one, a command
/// (\times, \Delta) one, \quad two; braces, ^, _ and spaces none.
std::size_t latex_width(std::string_view latex) {
    std::size_t width = 0;
    for (std::size_t i = 0; i < latex.size();) {
        const char ch = latex[i];
        if (ch == '\\') {
            std::size_t end = i + 1;
            while (end < latex.size() && std::isalpha(static_cast<unsigned char>(latex[end]))) ++end;
            const std::string_view name = latex.substr(i + 1, end - i - 1);
            width += name == "quad" ? 2 : name.empty() || name == "left" || name == "right" || name == "mathrm" ? 0 : 1;
            i = std::max(end, i + (name.empty() ? 2 : 1));
            continue;
        }
        if (ch != '{' && ch != '}' && ch != '^' && ch != '_' && ch != ' ') ++width;
        ++i;
    }
    return width;
}

/// A row of math that TeX may break inside a paragraph: after each comma too (it breaks after
/// operators and relations by itself), and \left( \right) as plain parentheses, which do not
/// hold what is between them together.
std::string breakable(std::string latex, bool in_math = true) {
    std::string out;
    for (std::size_t i = 0; i < latex.size(); ++i) {
        if (latex[i] == '$' && (i == 0 || latex[i - 1] != '\\')) in_math = !in_math;  // (a sentence's formulas only)
        if (latex.compare(i, 5, "\\left") == 0 && i + 5 < latex.size() && !std::isalpha(static_cast<unsigned char>(latex[i + 5]))) {
            i += 4;
            continue;
        }
        if (latex.compare(i, 6, "\\right") == 0 && i + 6 < latex.size() && !std::isalpha(static_cast<unsigned char>(latex[i + 6]))) {
            i += 5;
            continue;
        }
        out += latex[i];
        if (latex[i] == ',' && in_math) out += "\\allowbreak ";
    }
    return out;
}

}  // namespace

std::string to_latex(const Derivation& derivation) {
    std::string out = "% When do the circles touch? Case: " + std::string(to_string(derivation.kind)) +
                      ". Needs \\usepackage{amsmath}.\n\\begin{enumerate}\n";
    for (const DerivationStep& step : derivation.steps) {
        out += "\\item \\textbf{" + title_to_latex(step.title) + "}";
        if (step.highlighted) out += " (this decides the case)";
        // a substituted line with words in it is a sentence: set as a paragraph, it can wrap
        const bool sentence = step.substituted_latex.find("\\text{") != std::string::npos;
        std::vector<std::string> rows{step.latex};  // formulas are short: one row
        std::vector<bool> long_rows{false};
        if (!sentence) {
            for (const std::string& row : align_rows(step.substituted_latex)) {
                // a row wider than the page (30-digit operands, a power of two's unit) is set as
                // a paragraph that breaks after its commas and operators; a box cannot break
                const bool too_long = latex_width(row) > kLatexRowChars;
                rows.push_back(step.highlighted && !too_long ? "\\boxed{" + row + "}" : row);
                long_rows.push_back(too_long);
            }
        }
        for (std::size_t i = 0; i < rows.size();) {
            if (long_rows[i]) {
                // (sloppy: the breaks lie far apart, between 30-digit numbers)
                out += "\n{\\sloppy\\noindent$" + breakable(rows[i]) + "$\\par}\n";
                ++i;
                continue;
            }
            out += "\n\\begin{align*}\n";
            for (bool first = true; i < rows.size() && !long_rows[i]; ++i, first = false) out += std::string(first ? "" : "\\\\\n") + "  &" + rows[i];
            out += "\n\\end{align*}\n";
        }
        if (sentence) {
            const std::string text = math_to_sentence(step.substituted_latex);
            // (framed, in a box as wide as the line that wraps: a bare \fbox keeps a long sentence on one line)
            out += (step.highlighted ? "\\fbox{\\parbox{\\dimexpr\\linewidth-2\\fboxsep-2\\fboxrule\\relax}{\\sloppy " + breakable(text, false) + "}}"
                                     : "{\\sloppy " + breakable(text, false) + "\\par}") +
                   "\n\n";
        }
        out += "{\\sloppy " + step.meaning_latex + "\\par}\n";
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
