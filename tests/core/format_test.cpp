// Numbers printed for people: format_at_most() rounds down, never up. Judged by reading the text
// back (strtod is correctly rounded) and by the next number of as many digits up.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

#include "core/format.h"

namespace tangent {
namespace {

// The significant digits of a "%g" text: its digits less the leading zeros (and the exponent's).
int significant_digits(const std::string& text) {
    const std::string mantissa = text.substr(0, text.find_first_of("eE"));
    int count = 0;
    bool leading = true;
    for (const char c : mantissa) {
        if (c < '0' || c > '9') continue;
        if (leading && c == '0') continue;
        leading = false;
        ++count;
    }
    return count;
}

// A safe step of 3.99499687108763578 printed to four digits was "3.995", a step that is not safe.
// On 20,000 random values of every size and sign, 1 to 12 digits: the text reads back at or
// below the value, has at most that many digits, and the next such number up is above the value.
TEST(Format, AtMostRoundsDownToTheDigitsAsked) {
    EXPECT_EQ(format_at_most(3.99499687108763578, 4), "3.994");
    EXPECT_EQ(format_at_most(0.2384851, 4), "0.2384");  // nearest would be 0.2385
    EXPECT_EQ(format_at_most(2.5, 4), "2.5");
    EXPECT_EQ(format_at_most(0.99999999, 3), "0.999");
    EXPECT_EQ(format_at_most(-1.25, 2), "-1.3");  // down is towards -∞
    // where the nearest overflows (it crashed: "inf" has no exponent to read) or lands on the
    // subnormals' coarser grid
    for (const double edge : {1.7976931348623157e308, -1.7976931348623157e308, -1.04e-322, 4.9e-324}) {
        for (int d = 1; d <= 15; ++d) {
            const std::string text = format_at_most(edge, d);
            EXPECT_LE(std::strtod(text.c_str(), nullptr), edge) << text << " for " << edge << " at " << d;
        }
    }
    std::mt19937_64 rng(20261126);
    std::uniform_real_distribution<double> mantissa(1.0, 10.0);
    std::uniform_int_distribution<int> exponent(-20, 20), digits(1, 12), sign(0, 1);
    int rounded = 0;
    for (int i = 0; i < 20000; ++i) {
        const double value = (sign(rng) ? -1.0 : 1.0) * mantissa(rng) * std::pow(10.0, exponent(rng));
        const int d = digits(rng);
        const std::string text = format_at_most(value, d);
        const double back = std::strtod(text.c_str(), nullptr);
        ASSERT_LE(back, value) << text << " for " << value << " at " << d;
        ASSERT_LE(significant_digits(text), d) << text;
        // one unit up in the d-th digit of the text's own scale is above the value
        char scientific[64];
        std::snprintf(scientific, sizeof scientific, "%.*e", d - 1, back);
        const int e = std::atoi(std::strchr(scientific, 'e') + 1);
        const double next = back + std::pow(10.0, e - (d - 1)) * (1.0 + 1e-12);
        EXPECT_GT(next, value) << text << " for " << value << " at " << d << ": not the largest";
        char nearest[64];
        std::snprintf(nearest, sizeof nearest, "%.*g", d, value);
        rounded += text != nearest;
    }
    EXPECT_GT(rounded, 5000);  // about half round up to the nearest: those are the ones changed
}

// digits_apart(): the fewest digits, from those asked, at which the values that differ print
// differently. Judged by printf itself on random triples (a contact's t_enter, t_closest and
// t_exit, a relative width 10^-k apart at every scale): at the digits returned no two different
// values print alike, and one digit fewer (when more than asked) two do.
TEST(Format, DigitsApartIsTheFewestThatTellTheValuesApart) {
    const auto g = [](double v, int d) {
        char text[48];
        std::snprintf(text, sizeof text, "%.*g", d, v);
        return std::string(text);
    };
    const auto alike = [&](double x, double y, double z, int d) {
        return (x != y && g(x, d) == g(y, d)) || (x != z && g(x, d) == g(z, d)) || (y != z && g(y, d) == g(z, d));
    };
    EXPECT_EQ(digits_apart({9999.9999717, 10000.0, 10000.0000283}, 6), 10);
    EXPECT_EQ(digits_apart({4.2, 5.0, 5.8}, 4), 4);
    EXPECT_EQ(digits_apart({2.0, 2.0, 2.0}, 6), 6);  // equal values need nothing
    std::mt19937_64 rng(20261127);
    std::uniform_real_distribution<double> unit(0.1, 10.0);
    std::uniform_int_distribution<int> exponent(-30, 30), width(1, 15), asked(1, 10);
    for (int i = 0; i < 20000; ++i) {
        const double middle = unit(rng) * std::pow(10.0, exponent(rng));
        const double half = middle * std::pow(10.0, -width(rng)) * unit(rng);
        const double x = middle - half, z = middle + half;
        const int d = asked(rng);
        const int n = digits_apart({x, middle, z}, d);
        ASSERT_GE(n, d);
        ASSERT_LE(n, 17);
        EXPECT_FALSE(alike(x, middle, z, n)) << x << " " << middle << " " << z << " at " << n;
        if (n > d) {
            EXPECT_TRUE(alike(x, middle, z, n - 1)) << x << " " << middle << " " << z << ": " << n << " is not the fewest";
        }
    }
}

// A share as a percentage to a tenth, rounded half up, and never rounded onto its ends: a class
// reads "0.0%" as nothing lost and "100.0%" as all of it. Judge: the tenths counted here in
// integers, from shares built as k/1000 ± a hair.
TEST(Format, ASharePercentNeverReadsAsItsEndsUnlessItIsThem) {
    EXPECT_EQ(share_percent(0.0), "0%");
    EXPECT_EQ(share_percent(1.0), "100%");
    EXPECT_EQ(share_percent(1.8e-7), "under 0.1%");
    EXPECT_EQ(share_percent(1.0 - 1e-9), "over 99.9%");
    // exact ties, which the loop below steps off: half up, as at school (0.5625 and 0.0625 are
    // exact doubles, 562.5 and 62.5 tenths)
    EXPECT_EQ(share_percent(0.5625), "56.3%");
    EXPECT_EQ(share_percent(0.0625), "6.3%");
    EXPECT_EQ(share_percent(std::nan("")), "0%");
    for (int tenths = 1; tenths <= 999; ++tenths) {
        const double share = tenths / 1000.0;
        const std::string expected = std::to_string(tenths / 10) + "." + std::to_string(tenths % 10) + "%";
        EXPECT_EQ(share_percent(share * (1 + 1e-12)), expected) << share;
        EXPECT_EQ(share_percent((tenths - 0.5) / 1000.0 + 1e-12), expected) << "half up: " << share;
    }
}

}  // namespace
}  // namespace tangent

namespace tangent {
namespace {

// The time bar's readout reads back near the time it shows, never "0.000" or "-0.000" for a time
// not 0 (a contact at t = 0.0002, jumped to, read "t = 0.000" where the badge said 0.0002: a
// mathematics teacher's review), and keeps a fixed number of decimals across a horizon's times
// (its digits stay put while it plays). Judge: the printed number parsed back.
TEST(TimeReadout, ReadsBackNearTheTimeAndNeverAsZeroForANonzeroTime) {
    std::mt19937_64 rng(20261129);
    std::uniform_real_distribution<double> exponent(-12.0, 7.0), unit(-1.0, 1.0);
    for (const double horizon : {10.0, 8.0, 0.01, 1e-5, 1e-9, 1e4}) {
        for (int i = 0; i < 2000; ++i) {
            const double t = unit(rng) * std::pow(10.0, exponent(rng));
            const std::string text = time_readout(t, horizon);
            ASSERT_TRUE(text.starts_with("t = ")) << text;
            const double back = std::strtod(text.c_str() + 4, nullptr);
            // within half a unit of its last decimal, or 5e-4 relative for significant digits
            const std::size_t point = text.find('.');
            const bool fixed = text.find('e') == std::string::npos && point != std::string::npos;
            const double unit_last = fixed ? std::pow(10.0, -static_cast<double>(text.size() - point - 1)) : 0.0;
            EXPECT_LE(std::abs(back - t), std::max(0.5000001 * unit_last, 5e-4 * std::abs(t))) << horizon << ": " << t << " read " << text;
            EXPECT_NE(back, 0.0) << horizon << ": " << t << " read " << text;
            EXPECT_EQ(back < 0.0, t < 0.0) << horizon << ": " << t << " read " << text;
        }
        // the same decimals for every time of the horizon's own size
        const std::string a = time_readout(0.37 * horizon, horizon), b = time_readout(0.91 * horizon, horizon);
        if (horizon < 1e5 && horizon >= 1e-4) {  // (fixed decimals: up to seven)
            EXPECT_EQ(a.size() - a.find('.'), b.size() - b.find('.')) << a << " / " << b;
        }
    }
    EXPECT_EQ(time_readout(0.0, 10.0), "t = 0.000");
    EXPECT_EQ(time_readout(-0.0, 10.0), "t = 0.000");
}

}  // namespace
}  // namespace tangent

namespace tangent {
namespace {

// A long text said in a line keeps its first and last characters, cut between characters, never
// inside one. Judge: the characters counted by hand (UTF-8 lead bytes) on mixed-width text.
TEST(Format, ElidedTextKeepsItsEndsWholeCharacters) {
    EXPECT_EQ(utf8_elided("short", 3, 2), "short");
    EXPECT_EQ(utf8_elided("abcdefghij", 3, 2), "abc \u2026 ij");
    std::string mixed;
    for (int i = 0; i < 100; ++i) mixed += i % 3 == 0 ? "\xC3\xA9" : (i % 3 == 1 ? "\xE2\x82\xAC" : "z");  // é, €, z
    const std::string out = utf8_elided(mixed, 10, 5);
    EXPECT_EQ(out, utf8_prefix(mixed, 10) + " \u2026 " + mixed.substr(mixed.size() - (1 + 2 + 3 + 1 + 2)));  // z é € z é: i = 95..99
    EXPECT_EQ(utf8_length(out), 10u + 3u + 5u);
}

}  // namespace
}  // namespace tangent
