#include "number_text.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <numbers>
#include <optional>
#include <string>

#include "core/format.h"

namespace tangent {
namespace {

constexpr int kMaxDepth = 64;  // nested parentheses, signs and powers: far beyond any typed value

/// Recursive descent over the grammar
///   sum     = product { ("+" | "-") product }
///   product = signed { ("*" | "/") signed }
///   signed  = ("+" | "-") signed | implied
///   implied = power { power }        a product written without a sign: 2pi, 2(1+1), 3√2;
///                                    it binds first, so 1/2pi is 1/(2π)
///   power   = atom [ "^" lone | "²" | "³" ]      2^3pi is 2³·π; 3² as Tangent writes b², R²
///   lone    = ("+" | "-") lone | power
///   atom    = number | "pi" | "sqrt" "(" sum ")" | "√" lone | "(" sum ")"      √4√4 is √4·√4
/// Names may be in capitals (PI, Sqrt). Every step that can nest counts its depth.
/// The first error stops it; each step returns nullopt after setting error_.
class Reader {
public:
    explicit Reader(std::string_view text) : text_(text) {}

    Result<double> read() {
        skip_spaces();
        if (at_end()) return Error{"nothing typed: type a number such as 0.5, 1/3 or 2*pi"};
        const std::optional<double> value = sum(0);
        if (!value) return Error{*error_};
        skip_spaces();
        if (!at_end()) return Error{unexpected()};
        if (std::isnan(*value))
            return Error{"the result is not a number (an even root or a fractional power of a negative number?)"};
        if (!std::isfinite(*value)) return Error{"the result is infinite (a division by zero, or too large?)"};
        return *value;
    }

private:
    bool at_end() const { return pos_ >= text_.size(); }

    void skip_spaces() {
        while (!at_end() && (text_[pos_] == ' ' || text_[pos_] == '\t')) ++pos_;
    }

    /// Consumes `token` (ASCII or UTF-8; ASCII letters in either case) if the text continues with it.
    bool accept(std::string_view token) {
        const std::string_view next = text_.substr(pos_, token.size());
        if (next.size() != token.size()) return false;
        for (std::size_t i = 0; i < token.size(); ++i) {
            const char c = next[i] >= 'A' && next[i] <= 'Z' ? static_cast<char>(next[i] - 'A' + 'a') : next[i];
            if (c != token[i]) return false;
        }
        pos_ += token.size();
        return true;
    }

    static bool is_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

    /// 1-based, in characters (a UTF-8 sign such as × counts once).
    std::size_t character_number() const { return utf8_length(text_.substr(0, pos_)) + 1; }

    std::string unexpected() const {
        if (at_end()) return "the text ends too early: a number or a ( is missing at the end";
        std::size_t end = pos_ + 1;
        while (end < text_.size() && !starts_utf8_character(text_[end])) ++end;
        const std::string_view what = text_.substr(pos_, end - pos_);
        if (what == ",")
            return "use a point for decimals (0.5, not 0,5): unexpected ',' at character " +
                   std::to_string(character_number());
        return "unexpected '" + std::string(what) + "' at character " + std::to_string(character_number());
    }

    std::nullopt_t fail(std::string message) {
        if (!error_) error_ = std::move(message);
        return std::nullopt;
    }

    bool is_multiply() { return accept("*") || accept("×") || accept("·"); }
    bool is_divide() { return accept("/") || accept("÷"); }
    bool is_minus() { return accept("-") || accept("−"); }

    std::optional<double> sum(int depth) {
        std::optional<double> value = product(depth);
        while (value) {
            skip_spaces();
            if (accept("+")) {
                const std::optional<double> rhs = product(depth);
                if (!rhs) return std::nullopt;
                *value += *rhs;
            } else if (is_minus()) {
                const std::optional<double> rhs = product(depth);
                if (!rhs) return std::nullopt;
                *value -= *rhs;
            } else {
                break;
            }
        }
        return value;
    }

    /// Whether the text goes on with a name or "(" right after a factor: 2pi, 2(1+1).
    bool implicit_product() const {
        if (at_end()) return false;
        const char c = text_[pos_];
        return c == '(' || is_letter(c) || text_.substr(pos_).starts_with("π") ||
               text_.substr(pos_).starts_with("√");
    }

    std::optional<double> product(int depth) {
        std::optional<double> value = signed_factor(depth);
        while (value) {
            skip_spaces();
            if (is_multiply()) {
                const std::optional<double> rhs = signed_factor(depth);
                if (!rhs) return std::nullopt;
                *value *= *rhs;
            } else if (is_divide()) {
                const std::optional<double> rhs = signed_factor(depth);
                if (!rhs) return std::nullopt;
                *value /= *rhs;
            } else {
                break;
            }
        }
        return value;
    }

    /// A sign, then a product written without one (signed), or a single power (lone: after √ and ^).
    std::optional<double> signed_factor(int depth, bool with_implied_product = true) {
        if (depth > kMaxDepth) return fail("too deeply nested (more than " + std::to_string(kMaxDepth) + " levels)");
        skip_spaces();
        if (accept("+")) return signed_factor(depth + 1, with_implied_product);
        if (is_minus()) {
            const std::optional<double> value = signed_factor(depth + 1, with_implied_product);
            if (!value) return std::nullopt;
            return -*value;
        }
        return with_implied_product ? implied(depth) : power(depth);
    }

    std::optional<double> implied(int depth) {
        std::optional<double> value = power(depth);
        while (value) {
            skip_spaces();
            if (!implicit_product()) break;
            const std::optional<double> rhs = power(depth);
            if (!rhs) return std::nullopt;
            *value *= *rhs;
        }
        return value;
    }

    std::optional<double> power(int depth) {
        if (depth > kMaxDepth) return fail("too deeply nested (more than " + std::to_string(kMaxDepth) + " levels)");
        const std::optional<double> base = atom(depth);
        if (!base) return std::nullopt;
        skip_spaces();
        // the squares the panel itself writes (b², R², t²): "2²" was refused (a recheck)
        if (accept("²")) return *base * *base;
        if (accept("³")) return *base * *base * *base;
        if (!accept("^")) return base;
        const std::optional<double> exponent = signed_factor(depth + 1, false);
        if (!exponent) return std::nullopt;
        return std::pow(*base, *exponent);
    }

    std::optional<double> atom(int depth) {
        skip_spaces();
        if (at_end()) return fail(unexpected());
        const char c = text_[pos_];
        if ((c >= '0' && c <= '9') || c == '.') return number();
        if (accept("(")) return parenthesised(depth);
        if (accept("pi") || accept("π")) return std::numbers::pi;
        const std::size_t name_at = pos_;
        if (accept("sqrt") || accept("√")) {
            skip_spaces();
            // √2 and √-4 read without parentheses; sqrt needs them
            std::optional<double> value;
            if (accept("(")) {
                value = parenthesised(depth);
            } else if (text_.substr(name_at).starts_with("√")) {
                value = signed_factor(depth + 1, false);
            } else {
                return fail("sqrt needs parentheses: sqrt(2), at character " + std::to_string(character_number()));
            }
            if (!value) return std::nullopt;
            if (*value < 0.0) {
                pos_ = name_at;
                return fail("the square root of a negative number (" + format_number(*value) + ") at character " +
                            std::to_string(character_number()));
            }
            return std::sqrt(*value);
        }
        if (is_letter(c)) {
            std::size_t end = pos_;
            while (end < text_.size() && is_letter(text_[end])) ++end;
            return fail("unknown name '" + std::string(text_.substr(pos_, end - pos_)) + "' at character " +
                        std::to_string(character_number()) + " (pi and sqrt are known)");
        }
        return fail(unexpected());
    }

    /// After "(": the sum and its ")".
    std::optional<double> parenthesised(int depth) {
        const std::optional<double> value = sum(depth + 1);
        if (!value) return std::nullopt;
        skip_spaces();
        if (!accept(")")) return fail(at_end() ? "a ')' is missing at the end" : unexpected());
        return value;
    }

    /// Digits with an optional point and exponent; the nearest double (from_chars rounds
    /// correctly, and never reads "inf" or "nan" here: the text starts with a digit or a point).
    std::optional<double> number() {
        const std::size_t start = pos_;
        std::size_t end = pos_;
        const auto digits = [&] {
            while (end < text_.size() && text_[end] >= '0' && text_[end] <= '9') ++end;
        };
        digits();
        if (end < text_.size() && text_[end] == '.') {
            ++end;
            digits();
        }
        if (end == start + 1 && text_[start] == '.') return fail(unexpected());
        if (end < text_.size() && (text_[end] == 'e' || text_[end] == 'E')) {
            std::size_t exponent = end + 1;
            if (exponent < text_.size() && (text_[exponent] == '+' || text_[exponent] == '-')) ++exponent;
            if (exponent < text_.size() && text_[exponent] >= '0' && text_[exponent] <= '9') {
                end = exponent;
                digits();
            }
        }
        double value = 0.0;
        const auto [ptr, ec] = std::from_chars(text_.data() + start, text_.data() + end, value);
        const std::string lexeme(text_.substr(start, end - start));
        if (ec == std::errc::result_out_of_range) {
            const bool tiny = lexeme.find("e-") != std::string::npos || lexeme.find("E-") != std::string::npos;
            return fail(lexeme + (tiny ? " is too small for a number (the least is about 5e-324)"
                                       : " is too large for a number (the most is about 1.8e308)") +
                        " at character " + std::to_string(character_number()));
        }
        if (ec != std::errc() || ptr != text_.data() + end) return fail(unexpected());
        pos_ = end;
        return value;
    }

    std::string_view text_;
    std::size_t pos_ = 0;
    std::optional<std::string> error_;
};

}  // namespace

Result<double> read_number_text(std::string_view text) {
    return Reader(text).read();
}

std::string field_format(double value) {
    if (!std::isfinite(value)) return "%.4g";
    char text[40];
    for (int digits = 4; digits <= 12; ++digits) {
        std::snprintf(text, sizeof text, "%.*g", digits, value);
        if (std::strtod(text, nullptr) == value) return "%." + std::to_string(digits) + "g";
    }
    return "%.4g\u2026";
}

double round_to_decimal(double value, double resolution) {
    if (!std::isfinite(value) || !std::isfinite(resolution) || resolution <= 0.0) return value;
    // 10^0 … 10^22: every one exactly a double (5^22 < 2^53)
    constexpr double kPowers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                  1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    constexpr int kLast = 22;
    constexpr double kExact = 9007199254740992.0;  // 2^53: every integer below it is a double
    // step = 10^-k, the coarsest power of ten not over the resolution
    int k = -static_cast<int>(std::floor(std::log10(resolution)));
    if (k >= -kLast && k <= kLast && (k >= 0 ? 1.0 / kPowers[k] : kPowers[-k]) > resolution) ++k;  // log10 rounded up
    if (k > kLast || k < -kLast) return value;
    if (k > 0) {
        // n / 10^k, both exact: one rounding, to the double nearest the decimal
        const double n = std::round(value * kPowers[k]);
        return std::abs(n) < kExact ? n / kPowers[k] + 0.0 : value;
    }
    const double n = std::round(value / kPowers[-k]) * kPowers[-k];  // exact below 2^53
    return std::abs(n) < kExact ? n + 0.0 : value;
}

}  // namespace tangent
