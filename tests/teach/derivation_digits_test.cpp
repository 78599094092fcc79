// The derivation's arithmetic holds as printed. Regression: every number had 6 significant digits,
// so on the textbook-digits preset (B at x = 1.000000002) the page read "Δp = (1, 0) − (−1, 0)",
// "c = 2² + 0² − 2² = 8e−9" and "t = (6 ± 6)/4.82, t_enter = 1.33333e−9": false sums.
// The judge reads the numbers back out of the printed lines, redoes each printed operation on
// them in 600-bit MPFR, and wants the printed result to be what the printed operands give,
// rounded to the digits printed: within half a unit of its last printed digit, as a student
// redoing the line by hand would round. (It allowed a whole unit, and more where Tangent's
// rounded Δp, Δv and R were printed: "(−0.7) − (0.9) = −1.6000000000000001", "6958.23 −
// 8941.564 = −1983.34" passed; the operands give −1983.334.)

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <iostream>
#include <numbers>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "core/graze.h"
#include "core/mpfr_reference.h"
#include "scene/scene_file.h"
#include "teach/derivation.h"
#include "teach/derivation_steps.h"

namespace tangent {
namespace {

using reference::Mp;

constexpr std::string_view kMinus = "−";

/// A number as the page prints it: its exact decimal value and the precision it claims.
struct Printed {
    std::string text;
    Mp value;
    int significant = 0;  ///< digits from the first non-zero one, trailing zeros of an integer dropped
    int exponent = 0;     ///< of the leading digit: 2 for "123.4", −9 for "8e−9"
};

bool is_digit(char ch) { return ch >= '0' && ch <= '9'; }

Printed read_number(std::string_view s, std::size_t& i) {
    Printed p;
    std::string ascii;
    if (s.substr(i).starts_with(kMinus)) {
        ascii += '-';
        p.text += kMinus;
        i += kMinus.size();
    }
    std::string mantissa;
    while (i < s.size() && (is_digit(s[i]) || s[i] == '.')) mantissa += s[i++];
    ascii += mantissa;
    p.text += mantissa;
    int power = 0;
    if (i < s.size() && s[i] == 'e') {
        std::size_t at = i + 1;
        std::string exponent;
        if (s.substr(at).starts_with(kMinus)) {
            exponent = "-";
            at += kMinus.size();
        }
        while (at < s.size() && is_digit(s[at])) exponent += s[at++];
        power = std::stoi(exponent);
        ascii += "e" + exponent;
        p.text += std::string(s.substr(i, at - i));
        i = at;
    }
    mpfr_set_str(p.value.get(), ascii.c_str(), 10, MPFR_RNDN);
    // significant digits and the leading digit's place, from the mantissa's text
    const std::size_t point = mantissa.find('.');
    const std::string integer = mantissa.substr(0, point);
    const std::string fraction = point == std::string::npos ? "" : mantissa.substr(point + 1);
    std::string digits = integer + fraction;
    const std::size_t first = digits.find_first_not_of('0');
    if (first == std::string::npos) return p;  // zero
    p.exponent = static_cast<int>(integer.size()) - 1 - static_cast<int>(first) + power;
    digits = digits.substr(first);
    if (fraction.empty()) digits = digits.substr(0, digits.find_last_not_of('0') + 1);
    p.significant = static_cast<int>(digits.size());
    return p;
}

/// Every number in a printed line, in order: "−" sticks to a digit when it is a sign ("(−6)²"),
/// an operator has a space after it ("36 − 7.7e−8").
std::vector<Printed> numbers_in(std::string_view s) {
    std::vector<Printed> numbers;
    std::size_t i = 0;
    while (i < s.size()) {
        const bool sign = s.substr(i).starts_with(kMinus) && i + kMinus.size() < s.size() && is_digit(s[i + kMinus.size()]);
        if (sign || is_digit(s[i])) {
            numbers.push_back(read_number(s, i));
        } else {
            ++i;
        }
    }
    return numbers;
}

/// The parts of a substituted line that the page separates by ",  ", each after its first "= ".
std::vector<std::vector<Printed>> parts(const std::string& line) {
    std::vector<std::vector<Printed>> out;
    std::size_t start = 0;
    while (start <= line.size()) {
        const std::size_t end = std::min(line.find(",  ", start), line.size());
        const std::string part = line.substr(start, end - start);
        const std::size_t equals = part.find("= ");
        out.push_back(numbers_in(equals == std::string::npos ? part : part.substr(equals + 2)));
        start = end + 3;
    }
    return out;
}

/// One unit in the last digit a printed number claims: it shows at least 6 significant digits
/// (trailing zeros are dropped, so "8e−9" claims 8.00000e−9).
Mp unit(const Printed& p) {
    Mp u;
    const Mp ten(10.0);
    mpfr_pow_si(u.get(), ten.get(), p.exponent - std::max(6, p.significant) + 1, MPFR_RNDN);
    return u;
}

/// The operation redone on the printed operands rounds to the printed result: it lands within
/// half a unit of the result's last digit (a tie could be rounded either way: not enough); a
/// printed 0 must come out exactly. Where the result shows 16 or 17 digits, the whole of a
/// double, plus what Tangent's rounding in doubles can move it: 2^−51 of `size`, the sum of the
/// operation's terms' magnitudes (17 digits of a double are not its exact value).
::testing::AssertionResult redoes(const Mp& redone, const Printed& result, const std::string& what, const Mp& size) {
    const Mp miss = abs(redone - result.value);
    const Mp double_rounding = Mp(0x1p-51) * size;
    const Mp slack = result.significant >= 16 ? double_rounding : Mp(0.0);
    const bool ok = result.value.is_zero() ? miss < Mp(1e-60) : miss < Mp(0.5 - 1e-12) * unit(result) + slack;
    if (ok) return ::testing::AssertionSuccess();
    char redone_text[64];
    mpfr_snprintf(redone_text, sizeof redone_text, "%.20Rg", redone.get());
    return ::testing::AssertionFailure() << what << ": the printed operands give " << redone_text << ", the page prints "
                                         << result.text;
}

/// Within half a unit of the result's last printed digit, whatever its digits: no slack.
::testing::AssertionResult redoes_to_half_a_unit(const Mp& redone, const Printed& result, const std::string& what) {
    return redoes(redone, result, what, Mp(0.0));
}

/// An operation that cancels nothing: its terms are the size of its result.
::testing::AssertionResult redoes(const Mp& redone, const Printed& result, const std::string& what) {
    return redoes(redone, result, what, abs(result.value));
}

using test::step;

/// Every sum, difference and root on a hit's or a receding pair's page, checked on the printed
/// numbers alone. `where` names the scene in failures.
void expect_printed_arithmetic_holds(const Derivation& derivation, const std::string& where) {
    const auto count = [&](const std::vector<Printed>& numbers, std::size_t n, std::string_view title) {
        const bool ok = numbers.size() == n;
        EXPECT_TRUE(ok) << where << ", " << title << ": " << numbers.size() << " numbers, expected " << n;
        return ok;
    };
    const auto checked = [&](const std::string& title) { return where + ", " + title + ": " + step(derivation, title).substituted; };

    // no number beyond a double's range printed as 0 or ∞ ("D = 0 − 0 = 0 > 0" on lengths near
    // 1e−150, "∞ − (∞) = −∞" near 1e150), and a printed comparison with 0 holds as printed
    for (const DerivationStep& s : derivation.steps) {
        for (const std::string* line : {&s.substituted, &s.meaning}) {
            EXPECT_EQ(line->find("∞"), std::string::npos) << where << ", " << s.title << ": " << *line;
            EXPECT_EQ(line->find("NaN"), std::string::npos) << where << ", " << s.title << ": " << *line;
            for (const std::string_view comparison : {" > 0", " < 0"}) {
                for (std::size_t at = line->find(comparison); at != std::string::npos; at = line->find(comparison, at + 1)) {
                    const std::size_t start = line->rfind(' ', at - 1);
                    const std::string before = line->substr(start == std::string::npos ? 0 : start + 1, at - (start + 1));
                    const std::vector<Printed> number = numbers_in(before);
                    if (number.size() != 1 || number[0].text != before) continue;  // "b < 0" and the like
                    const bool holds = comparison == " > 0" ? number[0].value > Mp(0.0) : number[0].value < Mp(0.0);
                    EXPECT_TRUE(holds) << where << ", " << s.title << ": \"" << before << comparison << "\" in " << *line;
                }
            }
        }
    }


    // Δp = pB − pA, Δv = vB − vA, R = rA + rB
    const std::vector<std::vector<Printed>> motion = parts(step(derivation, "Relative motion").substituted);
    if (count(motion.at(0), 6, "Δp") && count(motion.at(1), 6, "Δv") && count(motion.at(2), 3, "R")) {
        for (int v = 0; v < 2; ++v)
            for (int k = 0; k < 2; ++k) {
                const std::vector<Printed>& n = motion.at(v);
                EXPECT_TRUE(redoes(n[k].value - n[2 + k].value, n[4 + k], checked("Relative motion"),
                                   abs(n[k].value) + abs(n[2 + k].value)));
            }
        EXPECT_TRUE(redoes(motion[2][0].value + motion[2][1].value, motion[2][2], checked("Relative motion"),
                           abs(motion[2][0].value) + abs(motion[2][1].value)));
    }

    // a = Δv.x² + Δv.y²,  b = 2(Δp.x Δv.x + Δp.y Δv.y),  c = Δp.x² + Δp.y² − R²
    const std::vector<Printed> a = parts(step(derivation, "The coefficient a").substituted)[0];
    const std::vector<Printed> b = parts(step(derivation, "The coefficient b").substituted)[0];
    const std::vector<Printed> c = parts(step(derivation, "The coefficient c").substituted)[0];
    if (count(a, 3, "a")) {
        EXPECT_TRUE(redoes(a[0].value * a[0].value + a[1].value * a[1].value, a[2], checked("The coefficient a")));
    }
    if (count(b, 7, "b")) {  // the first number is the 2 of "2 Δp·Δv"
        EXPECT_TRUE(redoes(b[1].value * (b[2].value * b[3].value + b[4].value * b[5].value), b[6], checked("The coefficient b"),
                           b[1].value * (abs(b[2].value * b[3].value) + abs(b[4].value * b[5].value))));
    }
    if (count(c, 5, "c")) {  // the last number is the 0 of "> 0"
        EXPECT_TRUE(redoes(c[0].value * c[0].value + c[1].value * c[1].value - c[2].value * c[2].value, c[3],
                           checked("The coefficient c"),
                           c[0].value * c[0].value + c[1].value * c[1].value + c[2].value * c[2].value));
    }

    // from "Expand" (Δp·Δp + 2t(Δp·Δv) + t²(Δv·Δv) = R²) to "Collect": c = Δp·Δp − R²
    const std::vector<Printed> expand = numbers_in(step(derivation, "Expand").substituted);
    if (count(expand, 5, "Expand") && c.size() == 5) {
        EXPECT_TRUE(redoes(expand[0].value - expand[4].value, c[3], checked("Expand") + " and c",
                           abs(expand[0].value) + abs(expand[4].value)));
    }

    // D = b² − 4·a·c = b² − 4ac = D. A printed difference is redone as printed: its operands are
    // printed results, not Tangent's doubles, so nothing beyond the result's last digit is allowed
    // ("3057.34 − 3057.34 = 6.3556e−14" was let through by the operands' size). Where 17 digits
    // cannot give D, the page prints "b² − 4ac = … = X − Y = Z, which is rounding: D = …"
    const std::string& d_line = step(derivation, "The discriminant").substituted;
    const std::string d_what = checked("The discriminant");
    std::optional<Printed> d_value;  // D as the page prints it, for the next step
    // (or "…, which is D to N digits: D = …" where Z and D round alike to N digits: a mathematics
    // teacher read "1.6e−12, which is rounding" of D = 1.59872e−12)
    constexpr std::string_view kRounding = ", which is rounding: D = ";
    if (d_line.starts_with("b² − 4ac = ")) {
        std::size_t words_at = d_line.find(kRounding);
        std::optional<int> shared;  // the digits the page says are D's
        std::size_t d_at = 0;       // where D's number starts, after them
        if (words_at == std::string::npos) {
            // (parsed by hand: <regex> under the sanitizers' -O2 trips GCC 12's maybe-uninitialized)
            constexpr std::string_view kLead = ", which is D to ";
            const std::size_t lead = d_line.find(kLead);
            if (lead != std::string::npos) {
                std::size_t at = lead + kLead.size();
                int n = 0;
                if (d_line.compare(at, 9, "one digit") == 0) {
                    n = 1;
                    at += 9;
                } else {
                    while (at < d_line.size() && d_line[at] >= '0' && d_line[at] <= '9') n = 10 * n + (d_line[at++] - '0');
                    if (d_line.compare(at, 7, " digits") == 0) at += 7; else n = 0;
                }
                if (n > 0 && d_line.compare(at, 6, ": D = ") == 0) {
                    words_at = lead;
                    d_at = at + 6;
                    shared = n;
                }
            }
        }
        EXPECT_NE(words_at, std::string::npos) << d_what;
        if (words_at == std::string::npos) return;
        if (shared) {
            // Z against D as printed after it: they agree to the digits said
            const std::vector<Printed> z = numbers_in(d_line.substr(0, words_at));
            const std::vector<Printed> after = numbers_in(d_line.substr(d_at));
            ASSERT_FALSE(z.empty() || after.empty()) << d_what;
            const double zv = z.back().value.to_double();
            const double dv = after.front().value.to_double();
            // (D printed to fewer digits than Z's said to be its: half a unit of its last one more)
            const double printed_half_unit = 0.5 * std::pow(10.0, after.front().exponent - after.front().significant + 1);
            // (two numbers that round alike to N digits lie within a unit of the N-th of each other)
            EXPECT_LE(std::abs(zv - dv), std::pow(10.0, 1 - *shared) * std::abs(dv) + printed_half_unit)
                << d_what << ": " << zv << " against D = " << dv;
        }
        const std::vector<Printed> d = numbers_in(d_line.substr(std::string_view("b² − 4ac = ").size(), words_at));
        if (count(d, 7, "b² − 4ac")) {
            EXPECT_TRUE(redoes(d[0].value * d[0].value, d[4], d_what + " (b²)"));
            EXPECT_TRUE(redoes(d[1].value * d[2].value * d[3].value, d[5], d_what + " (4ac)"));
            EXPECT_TRUE(redoes(d[4].value - d[5].value, d[6], d_what + " (b² − 4ac)"));
        }
        d_value = numbers_in(d_line.substr(words_at + kRounding.size())).at(0);
    } else {
        const std::vector<Printed> d = parts(d_line)[0];
        // "= 0 > 0": the last number is the 0 compared with; a D printed 0 is compared with nothing
        const bool compared = d_line.find(" > 0") != std::string::npos || d_line.find(" < 0") != std::string::npos ||
                              d_line.find(" ≈ 0") != std::string::npos;
        if (count(d, compared ? 8 : 7, "D")) {
            EXPECT_TRUE(redoes(d[0].value * d[0].value, d[4], d_what + " (b²)"));
            EXPECT_TRUE(redoes(d[1].value * d[2].value * d[3].value, d[5], d_what + " (4ac)"));
            EXPECT_TRUE(redoes(d[4].value - d[5].value, d[6], d_what));
            // and read whole, from b, a and c as printed (c a digit short gave 2.53105 where the
            // page said D = 2.53102: an outside review)
            EXPECT_TRUE(redoes(d[0].value * d[0].value - d[1].value * d[2].value * d[3].value, d[6], d_what + " (read whole)",
                               d[0].value * d[0].value + abs(d[1].value * d[2].value * d[3].value)));
            d_value = d[6];
        }
    }

    // Δp×Δv = Δp.x Δv.y − Δp.y Δv.x,  D = 4(aR² − (Δp×Δv)²), checked as printed; where 17 digits
    // cannot give D: "D ≈ 4(aR² − (Δp×Δv)²) = 4(P − Q) = Z; with the products carried exactly, D = …"
    const std::string& tangent_line = step(derivation, "The discriminant as Tangent computes it").substituted;
    const std::string tangent_what = checked("The discriminant as Tangent computes it");
    const std::vector<std::vector<Printed>> tangent_d = parts(tangent_line);
    if (count(tangent_d.at(0), 5, "Δp×Δv")) {
        const std::vector<Printed>& x = tangent_d[0];
        EXPECT_TRUE(redoes(x[0].value * x[1].value - x[2].value * x[3].value, x[4], tangent_what,
                           abs(x[0].value * x[1].value) + abs(x[2].value * x[3].value)));
    }
    constexpr std::string_view kExactly = "; with the products carried exactly, D = ";
    const std::size_t rough_at = tangent_line.find("D ≈ 4(");
    if (rough_at != std::string::npos) {
        const std::size_t words_at = tangent_line.find(kExactly);
        EXPECT_NE(words_at, std::string::npos) << tangent_what;
        if (words_at == std::string::npos) return;
        const std::vector<Printed> y = numbers_in(tangent_line.substr(rough_at, words_at - rough_at));
        if (count(y, 8, "D ≈ 4(aR² − (Δp×Δv)²) = 4(P − Q)")) {  // 4, a, R, Δp×Δv, 4, P, Q, Z
            EXPECT_TRUE(redoes(y[1].value * y[2].value * y[2].value, y[5], tangent_what + " (aR²)"));
            EXPECT_TRUE(redoes(y[3].value * y[3].value, y[6], tangent_what + " ((Δp×Δv)²)"));
            EXPECT_TRUE(redoes(y[4].value * (y[5].value - y[6].value), y[7], tangent_what + " (4(P − Q))"));
        }
        const Printed exact = numbers_in(tangent_line.substr(words_at + kExactly.size())).at(0);
        if (d_value) {
            EXPECT_EQ(exact.text, d_value->text) << tangent_what << ": not the D of " << d_what;
        }
    } else if (count(tangent_d.at(1), 5, "4(aR² − (Δp×Δv)²)")) {
        const std::vector<Printed>& y = tangent_d[1];
        EXPECT_TRUE(redoes(y[0].value * (y[1].value * y[2].value * y[2].value - y[3].value * y[3].value), y[4], tangent_what));
        if (d_value) {
            EXPECT_EQ(y[4].text, d_value->text) << tangent_what << ": not the D of " << d_what;
        }
    }

    // t_closest = −b/(2a),  d_min = |Δp×Δv|/√a
    // "−b" prints as "−(−6)" for b < 0 and as "−6" for b > 0: the parser reads the latter as −6
    const std::string& closest_line = step(derivation, "Closest approach").substituted;
    const bool closest_negates = closest_line.starts_with("t_closest = −(");
    const std::vector<std::vector<Printed>> closest = parts(closest_line);
    if (count(closest.at(0), 4, "t_closest") && count(closest.at(1), 3, "d_min")) {
        const std::vector<Printed>& x = closest[0];
        const std::vector<Printed>& y = closest[1];
        const Mp minus_b = closest_negates ? -x[0].value : x[0].value;
        EXPECT_TRUE(redoes(minus_b / (x[1].value * x[2].value), x[3], checked("Closest approach")));
        // Tangent's d_min is |Δp×Δv|·√(1/a) in doubles, a few units of its last bit from the
        // quotient: at a snapped graze, where d_min and R print with 16 or 17 digits, they show
        EXPECT_TRUE(redoes(abs(y[0].value) / sqrt(y[1].value), y[2], checked("Closest approach"), Mp(4.0) * abs(y[2].value)));
    }

    // a miss: no real root to redo
    if (step(derivation, "The roots").substituted.find("is not a real number") != std::string::npos) return;

    // a double root: t = −b/(2a) = −b/(2·a) = t = t_enter = t_exit, and no stable form
    if (derivation.kind == Case::Graze || step(derivation, "The roots").substituted.starts_with("t = −b/(2a) = ")) {
        const std::string& line = step(derivation, "The roots").substituted;
        constexpr std::string_view kHead = "t = −b/(2a) = ";
        EXPECT_TRUE(line.starts_with(kHead)) << checked("The roots");
        if (!line.starts_with(kHead)) return;
        const std::vector<Printed> x = numbers_in(line.substr(kHead.size()));
        if (count(x, 4, "t = −b/(2a)")) {  // −b, 2, a, t
            const Mp minus_b = line.substr(kHead.size()).starts_with("−(") ? -x[0].value : x[0].value;
            EXPECT_TRUE(redoes(minus_b / (x[1].value * x[2].value), x[3], checked("The roots")));
        }
        return;
    }

    // t = (−b ± √D)/(2·a) = (−b ± √D)/2a,  t_enter,  t_exit
    const std::string& roots_line = step(derivation, "The roots").substituted;
    const bool roots_negate = roots_line.starts_with("t = (−(");
    const std::vector<std::vector<Printed>> roots = parts(roots_line);
    if (count(roots.at(0), 7, "t = (−b ± √D)/(2a)") && count(roots.at(1), 1, "t_enter") && count(roots.at(2), 1, "t_exit")) {
        const std::vector<Printed>& x = roots[0];
        const std::string what = checked("The roots");
        EXPECT_TRUE(redoes(roots_negate ? -x[0].value : x[0].value, x[4], what + " (−b)"));
        EXPECT_TRUE(redoes(sqrt(x[1].value), x[5], what + " (√D)"));
        EXPECT_TRUE(redoes(x[2].value * x[3].value, x[6], what + " (2a)"));
        // where −b and √D cancel, the page prints what they give, and says so: half a unit, no
        // slack (nearc2's t_enter = 1.0003109451872693e−13 passed by the slack of its 17 digits;
        // (4.0000000000001998 − 3.9999999999999751)/2.245 is 1.00089e−13)
        EXPECT_TRUE(redoes_to_half_a_unit((x[4].value - x[5].value) / x[6].value, roots[1][0], what + " (t_enter)"));
        EXPECT_TRUE(redoes_to_half_a_unit((x[4].value + x[5].value) / x[6].value, roots[2][0], what + " (t_exit)"));
        // the root whose −b and √D do not cancel, read whole: √ of D as printed ("(32.4877 +
        // √1.02492)/(2·6.4337)" is 2.6034850, where the page said t_exit = 2.60348)
        const Mp minus_b = roots_negate ? -x[0].value : x[0].value;
        const bool exit_adds = minus_b > Mp(0.0);
        const Mp whole = (exit_adds ? minus_b + sqrt(x[1].value) : minus_b - sqrt(x[1].value)) / (x[2].value * x[3].value);
        EXPECT_TRUE(redoes(whole, exit_adds ? roots[2][0] : roots[1][0], what + " (read whole)", abs(whole)));
    }

    // b < 0: t_enter = 2c/(−b + √D), t_exit = (−b + √D)/(2a);  b > 0: t_enter = (−b − √D)/(2a),
    // t_exit = 2c/(−b − √D)
    const std::string stable_line = step(derivation, "The roots as Tangent computes them").substituted;
    const std::vector<std::vector<Printed>> stable = parts(stable_line);
    const bool approaching = stable_line.starts_with("t_enter = 2·");
    const std::string what = checked("The roots as Tangent computes them");
    const std::vector<Printed>& over_2c = approaching ? stable.at(0) : stable.at(1);
    const std::vector<Printed>& over_2a = approaching ? stable.at(1) : stable.at(0);
    if (count(over_2c, 5, "2c/(−b ± √D)") && count(over_2a, 5, "(−b ± √D)/(2a)")) {
        const Mp sum = approaching ? over_2c[2].value + over_2c[3].value : over_2c[2].value - over_2c[3].value;
        EXPECT_TRUE(redoes(over_2c[0].value * over_2c[1].value / sum, over_2c[4], what,
                           abs(over_2c[0].value * over_2c[1].value / sum) * (abs(over_2c[2].value) + abs(over_2c[3].value)) / abs(sum)));
        const Mp numerator = approaching ? over_2a[0].value + over_2a[1].value : over_2a[0].value - over_2a[1].value;
        EXPECT_TRUE(redoes(numerator / (over_2a[2].value * over_2a[3].value), over_2a[4], what,
                           (abs(over_2a[0].value) + abs(over_2a[1].value)) / abs(over_2a[2].value * over_2a[3].value)));
    }
}

std::filesystem::path scene_path(std::string_view name) {
    return std::filesystem::path(TANGENT_SOURCE_DIR) / "assets" / "scenes" / name;
}

Derivation derive_preset(std::string_view name) {
    const Result<LoadedScene> loaded = load_scene(scene_path(name));
    EXPECT_TRUE(loaded.ok()) << (loaded.ok() ? "" : loaded.error().message);
    const Scene& scene = loaded.value().scene;
    const Result<Encounter> encounter = analyze(scene.body_a(), scene.body_b());
    EXPECT_TRUE(encounter.ok());
    return derive(encounter.value());
}

TEST(DerivationDigits, TextbookDigitsPresetsArithmeticHoldsAsPrinted) {
    const Derivation derivation = derive_preset("pitfall-textbook-digits.json");
    ASSERT_EQ(derivation.kind, Case::Hit);
    expect_printed_arithmetic_holds(derivation, "pitfall-textbook-digits.json");
}

TEST(DerivationDigits, EveryPresetsArithmeticHoldsAsPrinted) {
    // with two roots, every preset's page (tunnelling's read "D = 20736 − 20503 = 232.96")
    int pages = 0;
    for (const auto& entry : std::filesystem::directory_iterator(scene_path(""))) {
        if (entry.path().extension() != ".json") continue;
        const Result<LoadedScene> loaded = load_scene(entry.path());
        if (!loaded.ok()) continue;  // not a scene: the scene tests say why
        const Scene& scene = loaded.value().scene;
        const Result<Encounter> encounter = analyze(scene.body_a(), scene.body_b());
        if (!encounter.ok() || encounter.value().discriminant_sign != DiscriminantSign::Positive) continue;
        expect_printed_arithmetic_holds(derive(encounter.value()), entry.path().filename().string());
        ++pages;
    }
    EXPECT_GE(pages, 5);
}

TEST(DerivationDigits, TypedPositionsShowAsTyped) {
    // the preset's B stands at x = 1.000000002: the page shows that, not 1
    const Derivation derivation = derive_preset("pitfall-textbook-digits.json");
    const std::string& motion = step(derivation, "Relative motion").substituted;
    EXPECT_TRUE(motion.starts_with("Δp = (1.000000002, 0) − (−1, 0) = (2.000000002, 0)")) << motion;
}

TEST(DerivationDigits, NearlyTouchingPairsArithmeticHoldsAsPrinted) {
    // B starts R(1 + 1e−9 u) from A and heads at it or away from it (off-centre by up to 0.8 rad):
    // c, and −b − √D (or −b + √D), keep only 6 to 7 of their 16 digits
    std::mt19937_64 random(20240917);
    std::uniform_real_distribution<double> coordinate(-5.0, 5.0);
    std::uniform_real_distribution<double> radius(0.3, 2.0);
    std::uniform_real_distribution<double> unit_interval(0.5, 2.0);
    std::uniform_real_distribution<double> angle(-std::numbers::pi, std::numbers::pi);
    std::uniform_real_distribution<double> offset(-0.8, 0.8);
    std::uniform_real_distribution<double> speed(0.5, 3.0);
    for (int n = 0; n < 200; ++n) {
        const glm::dvec2 position_a{coordinate(random), coordinate(random)};
        const glm::dvec2 velocity_a{coordinate(random), coordinate(random)};
        const double radius_a = radius(random);
        const double radius_b = radius(random);
        const double gap = (radius_a + radius_b) * (1.0 + 1e-9 * unit_interval(random));
        const double direction = angle(random);
        const glm::dvec2 towards_b{std::cos(direction), std::sin(direction)};
        const double heading = direction + offset(random) + (n % 2 == 0 ? std::numbers::pi : 0.0);  // at A, or away
        const glm::dvec2 velocity_b = velocity_a + speed(random) * glm::dvec2{std::cos(heading), std::sin(heading)};
        const Body a{position_a, velocity_a, radius_a, 1.0};
        const Body b{position_a + gap * towards_b, velocity_b, radius_b, 1.0};
        const Result<Encounter> encounter = analyze(a, b);
        ASSERT_TRUE(encounter.ok());
        ASSERT_EQ(encounter.value().discriminant_sign, DiscriminantSign::Positive) << "scene " << n;
        const Derivation derivation = derive(encounter.value());
        expect_printed_arithmetic_holds(derivation, "random scene " + std::to_string(n));
        if (HasFailure()) {  // one scene's failures say it all
            std::cerr << to_plain_text(derivation);
            break;
        }
    }
}

TEST(DerivationDigits, SnappedGrazesArithmeticHoldsAsPrinted) {
    // B's velocity turned onto a tangent, as Snap to graze (G) does: rounded to doubles, it leaves
    // D a hair from 0, below what b² and 4ac (≈ 3057 on the default scene) resolve at 17 digits.
    // Regression: the page read "D = (−55.2932)² − 4·6.4999999999999991·117.59 = 3057.34 −
    // 3057.34 = 6.3556e−14 ≈ 0", a subtraction no one can redo.
    std::vector<std::pair<std::string, std::pair<Body, Body>>> scenes;
    for (const std::string_view name : {"oblique-hit.json", "head-on-hit.json", "near-miss.json", "clear-miss.json", "unequal.json",
                                        "chase.json", "tunnelling.json"}) {
        const Result<LoadedScene> loaded = load_scene(scene_path(name));
        ASSERT_TRUE(loaded.ok()) << name;
        scenes.push_back({std::string(name), {loaded.value().scene.body_a(), loaded.value().scene.body_b()}});
    }
    std::mt19937_64 random(20261203);
    std::uniform_real_distribution<double> coordinate(-8.0, 8.0);
    std::uniform_real_distribution<double> radius(0.2, 2.5);
    for (int n = 0; n < 1500; ++n) {
        const Body a{{coordinate(random), coordinate(random)}, {coordinate(random), coordinate(random)}, radius(random), 1.0};
        const Body b{{coordinate(random), coordinate(random)}, {coordinate(random), coordinate(random)}, radius(random), 1.0};
        scenes.push_back({"random scene " + std::to_string(n), {a, b}});
    }
    int grazes = 0, rounding = 0;
    for (auto& [name, bodies] : scenes) {
        const Result<glm::dvec2> velocity = grazing_velocity(bodies.first, bodies.second);
        if (!velocity.ok()) continue;  // overlapping now, or A too fast: no graze to snap to
        bodies.second.velocity = velocity.value();
        const Result<Encounter> encounter = analyze(bodies.first, bodies.second);
        ASSERT_TRUE(encounter.ok());
        ASSERT_EQ(encounter.value().kind, Case::Graze) << name;
        const Derivation derivation = derive(encounter.value());
        rounding += step(derivation, "The discriminant").substituted.starts_with("b² − 4ac = ");
        expect_printed_arithmetic_holds(derivation, name + ", snapped to a graze");
        ++grazes;
        if (HasFailure()) {  // one scene's failures say it all
            std::cerr << to_plain_text(derivation);
            break;
        }
    }
    EXPECT_GE(grazes, 150);  // of 1500: most pairs overlap now, or A moves too fast to aim B at a graze
    EXPECT_GE(rounding, grazes / 2) << "b² − 4ac resolved D on most grazes: the test shows little";
    std::cout << grazes << " snapped grazes, " << rounding << " with b² − 4ac printed as rounding\n";
}

TEST(DerivationDigits, OrdinaryScenesKeepSixDigits) {
    // nothing cancels on these presets: the page reads as it always did, no number over 6 digits
    for (const std::string_view name : {"oblique-hit.json", "head-on-hit.json"}) {
        const Derivation derivation = derive_preset(name);
        for (const DerivationStep& s : derivation.steps)
            for (const std::string* line : {&s.substituted, &s.meaning})
                for (const Printed& number : numbers_in(*line))
                    EXPECT_LE(number.significant, 6) << name << ", " << s.title << ": " << number.text << " in " << *line;
    }
}

}  // namespace
}  // namespace tangent

namespace tangent {
namespace {

Derivation derive_bodies(const Body& a, const Body& b) {
    const Result<Encounter> encounter = analyze(a, b);
    EXPECT_TRUE(encounter.ok());
    return derive(encounter.value());
}

Body body(glm::dvec2 position, glm::dvec2 velocity, double radius) { return Body{position, velocity, radius, 1.0}; }

TEST(DerivationDigits, TinyScaleIsDerivedInAUnitOfItsOwn) {
    // lengths and speeds near 1e−150: b² and 4ac near 1e−598 are 0 in doubles, and the page read
    // "D = (−1.6e−299)² − 4·(1e−300)·(6.225e−299) = 0 − 0 = 0 > 0" and "t_enter =
    // 2·(6.225e−299)/(1.6e−299 + 0) = 6.67712" (that is 7.78125). In units of 1e−150:
    // Δp = (−8, 1.5), Δv = (1, 0), R = 2, D = 256 − 249 = 7.
    const Derivation derivation = derive_bodies(body({0, 0}, {0, 0}, 1e-150), body({-8e-150, 1.5e-150}, {1e-150, 0}, 1e-150));
    ASSERT_EQ(derivation.kind, Case::Hit);
    expect_printed_arithmetic_holds(derivation, "lengths near 1e−150");
    const DerivationStep& motion = step(derivation, "Relative motion");
    EXPECT_TRUE(motion.substituted.starts_with("In units of 1e−150: Δp = (−8, 1.5) − (0, 0) = (−8, 1.5)")) << motion.substituted;
    EXPECT_NE(motion.meaning.find("below the range of a double"), std::string::npos) << motion.meaning;
    EXPECT_NE(step(derivation, "The discriminant").substituted.find("= 256 − 249 = 7 > 0"), std::string::npos)
        << step(derivation, "The discriminant").substituted;
    EXPECT_NE(derivation.steps.back().meaning.find("units of 1e−150"), std::string::npos) << derivation.steps.back().meaning;
}

TEST(DerivationDigits, HugeScaleIsDerivedInAUnitOfItsOwn) {
    // lengths near 1e150, speeds 1e150: D = −1.64e596 is beyond a double; the page read
    // "∞ − (∞) = −∞ < 0" and "D = 4(…) = −∞"
    const Derivation derivation = derive_bodies(body({0, 0}, {0, 0}, 1e148), body({-8e150, 2.1e148}, {1e150, 0}, 1e148));
    ASSERT_EQ(derivation.kind, Case::Miss);
    expect_printed_arithmetic_holds(derivation, "lengths near 1e150");
    EXPECT_TRUE(step(derivation, "Relative motion").substituted.starts_with("In units of 1e150: "))
        << step(derivation, "Relative motion").substituted;
    EXPECT_NE(step(derivation, "Relative motion").meaning.find("beyond the range of a double"), std::string::npos);
}

// A numerics review: a near graze at lengths near 1e150, its centres 1e4 times nearer each other
// than to the origin, was derived in units of 1e150 from the positions shifted and rounded to
// doubles; Δp lost its last digits, and the page's D came out 21 times too small and its
// t_enter wrong from the 6th digit, under "with the products carried exactly". Where the shift
// would change an answer, the page counts in a power of two, which rounds nothing. The judge:
// analyze() in the scene's own units (checked against MPFR elsewhere): the page's t_enter and
// t_exit in its answer lie within half a unit of their last printed digit of it, at huge and
// tiny scales, and the page's arithmetic holds as printed.
TEST(DerivationDigits, ANearGrazeFarFromTheOriginKeepsItsAnswerInAUnitOfItsOwn) {
    std::mt19937_64 rng(20261127);
    std::uniform_real_distribution<double> unit_draw(-1.0, 1.0);
    int binary = 0;
    for (int k = 0; k < 24; ++k) {
        const double scale = k % 2 == 0 ? 1e150 : 1e-155;
        const double offset = scale * 1e5 * (1.0 + 0.5 * unit_draw(rng));  // the pair's distance from the origin
        const double r = 0.5 * scale * (1.0 + 0.2 * unit_draw(rng));
        const double angle = 3.0 * unit_draw(rng);
        const glm::dvec2 along(std::cos(angle), std::sin(angle));
        const glm::dvec2 across(-along.y, along.x);
        const double gap = 1.0 - 1e-11 * (1.0 + unit_draw(rng));  // d_min = 2r·gap: a hit, within 1e-11 of a graze
        const glm::dvec2 a_at(offset, 3.0 * offset);
        const Body a = body(a_at, {0, 0}, r);
        const Body b = body(a_at + across * (2.0 * r * gap) - along * (4.0 * scale * 2.0), along * (2.0 * scale), r);
        const Result<Encounter> e = analyze(a, b);
        ASSERT_TRUE(e.ok());
        if (e->kind != Case::Hit) continue;
        const Derivation derivation = derive(*e);
        const std::string name = "near graze " + std::to_string(k) + " at " + (k % 2 == 0 ? "1e150" : "1e-155");
        const std::string& first = step(derivation, "Relative motion").substituted;
        ASSERT_TRUE(first.starts_with("In units of ")) << name << ": " << first;
        binary += first.starts_with("In units of 2^");
        expect_printed_arithmetic_holds(derivation, name);
        // the answer: "… t_enter = 4.229119 and t_exit = 4.229123 …"
        const std::string& answer = derivation.steps.back().substituted;
        for (const auto& [label, truth] : {std::pair<std::string, double>{"t_enter = ", *e->t_enter}, {"t_exit = ", *e->t_exit}}) {
            const std::size_t at = answer.find(label);
            ASSERT_NE(at, std::string::npos) << name << ": " << answer;
            std::size_t i = at + label.size();
            const Printed printed = read_number(answer, i);
            const Mp miss = abs(printed.value - Mp(truth));
            EXPECT_TRUE(miss < Mp(0.5) * unit(printed) + Mp(1e-15 * std::abs(truth)))
                << name << ": " << label << printed.text << " where analyze() has " << truth << "\n" << answer;
        }
    }
    EXPECT_GT(binary, 6) << "the shift's rounding never mattered: the test would not tell";
    // and where the shift changes nothing the page reads in tens: hits and misses at 1e±150,
    // head-on (d_min zero but for rounding, which once sent it to a power of two) and oblique
    for (int k = 0; k < 24; ++k) {
        const double scale = k % 2 == 0 ? 1e150 : 1e-150;
        const double angle = 3.0 * unit_draw(rng);
        const glm::dvec2 along(std::cos(angle), std::sin(angle));
        const glm::dvec2 across(-along.y, along.x);
        const double aim = k % 3 == 0 ? 0.0 : 2.5 * unit_draw(rng);  // head-on, a hit or a miss
        const Body a = body({0, 0}, {0, 0}, scale);
        const Body b = body(across * (aim * scale) - along * (8.0 * scale), along * scale, scale);
        const Derivation derivation = derive_bodies(a, b);
        const std::string& first = step(derivation, "Relative motion").substituted;
        EXPECT_TRUE(first.starts_with(k % 2 == 0 ? "In units of 1e150: " : "In units of 1e−150: "))
            << "pass " << k << " (aim " << aim << "): " << first.substr(0, 80);
    }
}

// A numerics review: a result printed with 16 or 17 digits was a double's, and its last digits
// were rounding: "c = … = −1.9287086136249316e132" for −1.92870861362493227e132 (the terms
// cancel 1e-16 of themselves), "d_min = … = 0.093906755557145921" for 0.0939067555571459333.
// Now c and d_min are the exact values rounded. The judge: MPFR at 3000 bits from the scene's
// doubles; the page's c and d_min lie within half a unit of their last printed digit, on random
// scenes at scales from 1e-100 to 1e100, many with |Δp| within 1e-14 of R.
TEST(DerivationDigits, LongResultsAreTheExactValuesRounded) {
    const reference::PrecisionScope bits(3000);
    std::mt19937_64 rng(202611271);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    int long_c = 0;
    int long_d_min = 0;
    for (int k = 0; k < 300; ++k) {
        const double scale = std::pow(10.0, 100.0 * u(rng));
        const double ra = scale * (1.0 + 0.5 * u(rng));
        const double rb = scale * (1.0 + 0.5 * u(rng));
        const double angle = 3.0 * u(rng);
        // |Δp| = R (1 + ε), ε from 1e-14 to 1e-2: c cancels
        const double excess = std::pow(10.0, -2.0 - 12.0 * (0.5 + 0.5 * u(rng)));
        const double distance = (ra + rb) * (1.0 + excess);
        const Body a = body({0, 0}, {u(rng), u(rng)}, ra);
        const Body b = body({distance * std::cos(angle), distance * std::sin(angle)}, {u(rng), u(rng)}, rb);
        const Result<Encounter> e = analyze(a, b);
        ASSERT_TRUE(e.ok());
        const Derivation derivation = derive(*e);
        const Mp dpx = Mp(b.position.x) - Mp(a.position.x);
        const Mp dpy = Mp(b.position.y) - Mp(a.position.y);
        const Mp dvx = Mp(b.velocity.x) - Mp(a.velocity.x);
        const Mp dvy = Mp(b.velocity.y) - Mp(a.velocity.y);
        const Mp radius = Mp(a.radius) + Mp(b.radius);
        const Mp c = dpx * dpx + dpy * dpy - radius * radius;
        const Mp d_min = abs(dpx * dvy - dpy * dvx) / sqrt(dvx * dvx + dvy * dvy);
        const std::string name = "scene " + std::to_string(k);
        // the last number of a line, after its last " = "
        const auto last_result = [](const std::string& line, std::string_view label) -> std::optional<Printed> {
            const std::size_t at = line.find(label);
            if (at == std::string::npos) return std::nullopt;
            const std::size_t end = line.find(',', at);
            const std::string piece = line.substr(at, end == std::string::npos ? std::string::npos : end - at);
            std::size_t i = piece.rfind(" = ");
            if (i == std::string::npos) return std::nullopt;
            i += 3;
            return read_number(piece, i);
        };
        const auto check = [&](const std::optional<Printed>& printed, const Mp& truth, const char* what, int& counted) {
            ASSERT_TRUE(printed.has_value()) << name << ": no " << what;
            if (printed->significant < 16) return;
            ++counted;
            EXPECT_TRUE(abs(printed->value - truth) < Mp(0.5) * unit(*printed))
                << name << ": " << what << " printed " << printed->text << ", exactly " << [&] {
                       char text[64];
                       mpfr_snprintf(text, sizeof text, "%.22Rg", truth.get());
                       return std::string(text);
                   }();
        };
        check(last_result(step(derivation, "The coefficient c").substituted, "c = Δp·Δp − R²"), c, "c", long_c);
        if (e->a > 0.0) check(last_result(step(derivation, "Closest approach").substituted, "d_min = |"), d_min, "d_min", long_d_min);
    }
    EXPECT_GT(long_c, 30) << "few long c: the test would not tell";
    EXPECT_GT(long_d_min, 5) << "few long d_min: the test would not tell";
}

// Bodies at ±1e308: Δp = pB − pA and R = rA + rB are past the range as doubles, and the page
// printed "Δp = (1e308, 0) − (−1e308, 0) = (NaN, 0)", "R = 1e308 + 1e308 = NaN" and went on from
// there with no word of warning (an outside review). Where one unit fits them, the page counts in
// it and its arithmetic holds as printed; where none does, it says so first; never NaN.
TEST(DerivationDigits, DifferencesPastTheRangeAreDerivedInAUnitOrWarned) {
    const Derivation fits = derive_bodies(body({-1e308, 0}, {1e308, 0}, 5e307), body({1e308, 0.5e308}, {-1e308, 0}, 5e307));
    EXPECT_TRUE(step(fits, "Relative motion").substituted.starts_with("In units of 1e308: "))
        << step(fits, "Relative motion").substituted;
    expect_printed_arithmetic_holds(fits, "lengths and speeds near 1e308");
    const Derivation mixed = derive_bodies(body({-1e308, 0}, {1, 0}, 1), body({1e308, 0}, {-1, 0}, 1));
    EXPECT_NE(step(mixed, "Relative motion").meaning.find("too far apart in size for any one unit"), std::string::npos)
        << step(mixed, "Relative motion").meaning;
    for (const Derivation* d : {&fits, &mixed})
        for (const DerivationStep& s : d->steps)
            for (const std::string* field : {&s.substituted, &s.meaning, &s.substituted_latex, &s.meaning_latex})
                EXPECT_EQ(field->find("NaN"), std::string::npos) << s.title << ": " << *field;
}

TEST(DerivationDigits, ExactDifferencesArePrintedAsUsed) {
    // Tangent takes Δp, Δv and R exactly (two-sum): (−0.7) − 0.9 in doubles is
    // −1.59999999999999997780, not the double −1.6000000000000000888 that the page printed as
    // "(−0.7) − (0.9) = −1.6000000000000001", then squared; 0.1 + 0.2 is 0.30000000000000001665,
    // printed "0.10000000000000001 + 0.20000000000000001 = 0.30000000000000004"
    for (const std::string_view name : {"pitfall-exact-zero.json", "exact-graze.json"}) {
        const Derivation derivation = derive_preset(name);
        expect_printed_arithmetic_holds(derivation, std::string(name));
    }
    const Derivation exact_zero = derive_preset("pitfall-exact-zero.json");
    EXPECT_NE(step(exact_zero, "Relative motion").substituted.find("Δv = (−0.7, 0) − (0.9, 0) = (−1.6, 0)"), std::string::npos)
        << step(exact_zero, "Relative motion").substituted;
    const Derivation decimal_graze = derive_bodies(body({0, 0}, {0, 0}, 0.1), body({-1, 0.3}, {1, 0}, 0.2));
    expect_printed_arithmetic_holds(decimal_graze, "0.1 + 0.2 against 0.3");
    // 0.1 + 0.2 against 0.3 is a graze by τ alone because the doubles are not those decimals: the
    // page shows the digits that D = 4(aR² − (Δp×Δv)²) turns on, and says why they are there
    const DerivationStep& motion = step(decimal_graze, "Relative motion");
    EXPECT_NE(motion.substituted.find("R = 0.10000000000000000555112 + 0.20000000000000001110223 = 0.30000000000000001665335"),
              std::string::npos)
        << motion.substituted;
    EXPECT_NE(motion.meaning.find("are not exactly doubles: it holds the nearest"), std::string::npos) << motion.meaning;
}

// "The scene's 0.9919750421901585 … are not exactly doubles: it holds the nearest, 0.991975042"
// (an outside review): the "nearest" was the page's 10-digit rounding, farther from the double
// than the typed number, its minus sign dropped. Judge: each number the sentence calls the
// double held reads back as that very double (strtod), with more digits than the one typed.
void expect_stored_digits_true(const Derivation& derivation, const Body& a, const Body& b, const std::string& name, bool says_it) {
    const std::string& meaning = step(derivation, "Relative motion").meaning;
    const std::string head = "The scene's ", middle = " not exactly ", nearest = ": it holds the nearest, ", tail = ". Tangent";
    const std::size_t start = meaning.find(head);
    ASSERT_EQ(start != std::string::npos, says_it) << name << (says_it ? ": no word on the doubles held: " : ": a word on the doubles held: ")
                                                   << meaning;
    if (!says_it) return;
    const std::size_t held = meaning.find(nearest, start), end = meaning.find(tail, start);
    ASSERT_NE(held, std::string::npos) << name << ": " << meaning;
    ASSERT_NE(end, std::string::npos) << name << ": " << meaning;
    const auto numbers = [](std::string list) {
        for (const std::string separator : {" and ", ", ", " is", " are"})
            for (std::size_t at; (at = list.find(separator)) != std::string::npos;) list.replace(at, separator.size(), " ");
        for (std::size_t at; (at = list.find("−")) != std::string::npos;) list.replace(at, std::string("−").size(), "-");
        std::vector<std::string> out;
        std::istringstream words(list);
        for (std::string word; words >> word;) out.push_back(word);
        return out;
    };
    const std::vector<std::string> typed = numbers(meaning.substr(start + head.size(), meaning.find(middle, start) - start - head.size()));
    const std::vector<std::string> shown = numbers(meaning.substr(held + nearest.size(), end - held - nearest.size()));
    ASSERT_EQ(typed.size(), shown.size()) << name << ": " << meaning;
    const auto significant = [](const std::string& text) {
        return std::count_if(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(std::min(text.find('e'), text.size())),
                             [](char ch) { return ch >= '0' && ch <= '9'; });
    };
    const double inputs[] = {a.position.x, a.position.y, a.velocity.x, a.velocity.y, a.radius,
                             b.position.x, b.position.y, b.velocity.x, b.velocity.y, b.radius};
    for (std::size_t i = 0; i < typed.size(); ++i) {
        const double value = std::strtod(typed[i].c_str(), nullptr);
        EXPECT_TRUE(std::find(std::begin(inputs), std::end(inputs), value) != std::end(inputs))
            << name << ": " << typed[i] << " is not one of the scene's numbers, sign and all";
        EXPECT_EQ(std::strtod(shown[i].c_str(), nullptr), value) << name << ": " << shown[i] << " is not the double of " << typed[i];
        EXPECT_GT(significant(shown[i]), significant(typed[i])) << name << ": " << shown[i] << " shows no more than " << typed[i];
    }
}

TEST(DerivationDigits, TheDoublesHeldAreTheOnesShown) {
    const std::vector<std::pair<Body, Body>> scenes{
        // B's velocity snapped to a graze, then dragged into a hit (the review's lesson)
        {body({-6, -3}, {1.5, 0.75}, 1.2), body({9.6, -7.82}, {-0.9919750421901585, 1.2885725476677723}, 0.9)},
        {body({0, 0}, {0, 0}, 0.1), body({-1, 0.3}, {1, 0}, 0.2)},
        {body({0, 0}, {0, 0}, 0.1), body({1, -0.3}, {-1, 0}, 0.2)},
        {body({0.1, 0}, {-0.3, 0}, 0.1), body({-1.1, -0.3}, {0.7, 0}, 0.2)}};
    // Whether each says it (a test audit: where the sentence was missing, nothing was checked).
    // Not the review's scene: its page shows B's snapped velocity to 10 digits, fewer than typed,
    // so not as the double held, and has no other number to explain; the others' 0.1 + 0.2 against
    // 0.3 (and the like) need the doubles' digits.
    const bool says_it[] = {false, true, true, true};
    for (std::size_t i = 0; i < scenes.size(); ++i) {
        const auto& [a, b] = scenes[i];
        expect_stored_digits_true(derive_bodies(a, b), a, b, "scene " + std::to_string(i), says_it[i]);
    }
}

TEST(DerivationDigits, ReviewersScenesArithmeticHoldsAsPrinted) {
    // scenes of the outside review: decimal grazes, a contact 1e−13 away, and random scenes
    // with two-decimal inputs, on which 6-digit lines were a unit off in their last digit
    // ("6958.23 − 8941.564 = −1983.34": the printed operands give −1983.334)
    const std::vector<std::pair<std::string, std::pair<Body, Body>>> scenes{
        {"dgraze2", {body({0, 0}, {0.3, 0}, 1.1), body({-5.5, 3.3}, {1.2, 0}, 2.2)}},
        {"near-graze-tol", {body({0, 0}, {0, 0}, 1), body({-8, 2.0000000000002}, {1, 0}, 1)}},
        {"nearc2", {body({-1.1, 0.3}, {0.3, 0.1}, 1.3), body({0.9000000000000999, 0.3}, {-0.7, 0.45}, 0.7)}},
        {"nc/c", {body({0.1, 0}, {0.5, 0.2}, 0.7), body({1.2000000001, 0}, {-1, 0.6}, 0.4)}},
        {"rand0", {body({-3.2, -6.3}, {2.72, -7.7}, 1.12), body({-2.4, -8.0}, {0.13, -8.33}, 0.92)}},
        {"rand1", {body({-7.7, -7.4}, {-1.36, 5.88}, 0.34), body({-5.0, 2.3}, {8.06, 1.39}, 0.85)}},
        {"rand2", {body({8.6, -8.2}, {6.45, -3.79}, 0.37), body({-6.9, -3.4}, {5.69, -5.75}, 1.21)}},
        {"rand3", {body({2.5, -2.3}, {0.86, -7.87}, 0.21), body({-5.3, 3.2}, {-1.3, -3.35}, 1.21)}},
        {"rand4", {body({-0.8, -3.6}, {5.3, 3.58}, 0.56), body({1.3, 0.5}, {6.75, 4.13}, 0.65)}},
        {"rand5", {body({8.6, -6.9}, {-1.47, 4.63}, 0.39), body({-0.2, -8.3}, {3.03, 4.76}, 1.19)}},
        {"rand6", {body({6.8, -3.4}, {3.52, 1.7}, 1.2), body({-0.8, 6.1}, {8.0, -0.47}, 1.36)}},
        {"rand7", {body({-7.9, 3.6}, {2.65, 8.88}, 1.66), body({-3.9, -2.1}, {3.04, -8.59}, 0.98)}},
        {"rand8", {body({-6.0, -6.9}, {-7.94, 4.83}, 0.35), body({-4.5, -2.0}, {6.69, -7.55}, 0.95)}},
        {"rand9", {body({0.9, 6.9}, {5.75, 6.55}, 0.63), body({-1.5, -2.5}, {6.92, 8.24}, 0.39)}},
        // a later review's: lines that held step by step but not read whole
        {"D whole", {body({0, 0}, {0, 0}, 1), body({-8.594, 6.885}, {2.23, -1.18}, 1.09)}},
        {"D whole big", {body({-4.24, -7.86}, {2.47, 0.55}, 1.85), body({-12.5301939885047, -13.1724719701718}, {4.76, 3.0200000000000005}, 0.62)}},
        {"root whole", {body({0, 0}, {0, 0}, 1), body({-7.027, -0.423}, {2.24, 1.19}, 1.93)}},
    };
    for (const auto& [name, bodies] : scenes) {
        const Result<Encounter> encounter = analyze(bodies.first, bodies.second);
        ASSERT_TRUE(encounter.ok()) << name;
        if (encounter.value().kind == Case::Overlapping || encounter.value().kind == Case::Static) continue;
        expect_printed_arithmetic_holds(derive(encounter.value()), name);
    }
}

TEST(DerivationDigits, RandomDecimalScenesArithmeticHoldsAsPrinted) {
    // as typed in the panel: positions with one decimal, velocities and radii with two
    std::mt19937_64 random(20250611);
    std::uniform_int_distribution<int> position(-90, 90);
    std::uniform_int_distribution<int> velocity(-900, 900);
    std::uniform_int_distribution<int> radius(20, 150);
    int pages = 0;
    for (int n = 0; n < 400; ++n) {
        const auto p = [&] { return position(random) / 10.0; };
        const auto v = [&] { return velocity(random) / 100.0; };
        const auto r = [&] { return radius(random) / 100.0; };
        const Body a = body({p(), p()}, {v(), v()}, r());
        const Body b = body({p(), p()}, {v(), v()}, r());
        const Result<Encounter> encounter = analyze(a, b);
        ASSERT_TRUE(encounter.ok());
        if (encounter.value().kind == Case::Overlapping || encounter.value().kind == Case::Static) continue;
        const Derivation derivation = derive(encounter.value());
        expect_printed_arithmetic_holds(derivation, "random decimal scene " + std::to_string(n));
        ++pages;
        if (HasFailure()) {
            std::cerr << to_plain_text(derivation);
            break;
        }
    }
    EXPECT_GE(pages, 300);
}

}  // namespace
}  // namespace tangent

namespace tangent {
namespace {

TEST(DerivationDigits, CancellingTextbookRootIsPrintedAsItsOperandsGiveIt) {
    // the review's nearc2: B 1e−13 beyond contact, heading at A. −b and √D agree to 13 digits, so
    // (−b − √D)/2a on the printed numbers is not t_enter: the page printed "t_enter =
    // 1.0003109451872693e−13" there (the operands give 1.00089e−13), passing only by the slack of
    // its 17 digits. Now the roots line prints what the operands give, and says why it is off.
    const Derivation derivation =
        derive_bodies(body({-1.1, 0.3}, {0.3, 0.1}, 1.3), body({0.9000000000000999, 0.3}, {-0.7, 0.45}, 0.7));
    ASSERT_EQ(derivation.kind, Case::Hit);
    expect_printed_arithmetic_holds(derivation, "nearc2");
    const DerivationStep& roots = step(derivation, "The roots");
    EXPECT_EQ(roots.substituted.find("t_enter = 1.00031e−13"), std::string::npos) << roots.substituted;
    EXPECT_NE(roots.meaning.find("−b and √D are nearly equal here: −b − √D cancels the first 13 of their digits"),
              std::string::npos)
        << roots.meaning;
    EXPECT_NE(roots.meaning.find("The next step's 2c/(−b + √D), which does not subtract them, gives the true t_enter = 1.00031e−13."),
              std::string::npos)
        << roots.meaning;
    EXPECT_NE(step(derivation, "The roots as Tangent computes them").substituted.find("= 1.00031e−13"), std::string::npos);
    EXPECT_NE(derivation.steps.back().substituted.find("first touch at t = 1.00031e−13"), std::string::npos)
        << derivation.steps.back().substituted;
}

TEST(DerivationDigits, ReceedingCancellingRootPointsToItsStableForm) {
    // b > 0: t_exit = (−b + √D)/2a is the root that cancels; the review's nc/c approached, so
    // this is nearc2 run backwards (velocities negated)
    const Derivation derivation =
        derive_bodies(body({-1.1, 0.3}, {-0.3, -0.1}, 1.3), body({0.9000000000000999, 0.3}, {0.7, -0.45}, 0.7));
    expect_printed_arithmetic_holds(derivation, "nearc2 backwards");
    const DerivationStep& roots = step(derivation, "The roots");
    EXPECT_NE(roots.meaning.find("−b + √D cancels"), std::string::npos) << roots.meaning;
    EXPECT_NE(roots.meaning.find("2c/(−b − √D)"), std::string::npos) << roots.meaning;
}

}  // namespace
}  // namespace tangent
