#pragma once
// Numbers as people read them in messages: the shortest text that reads back to the same double.

#include <cstddef>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include <glm/vec2.hpp>

namespace tangent {

/// Shortest round-trip form: 0.1 prints as "0.1", 1e-300 as "1e-300", NaN as "nan".
[[nodiscard]] std::string format_number(double value);

/// The fewest significant digits that read back to exactly this double (1 to 17; 1 for 0 and
/// non-finite values): 2.000000002 needs 10, 0.1 needs 1.
[[nodiscard]] int round_trip_digits(double value);

/// "[x, y]" with format_number for each part.
[[nodiscard]] std::string format_vec(glm::dvec2 value);

/// Whether a byte starts a character in UTF-8 (continuation bytes are 10xxxxxx).
[[nodiscard]] inline bool starts_utf8_character(char byte) { return (static_cast<unsigned char>(byte) & 0xC0U) != 0x80U; }

/// Characters, not bytes: "é" is two bytes of UTF-8 and one character.
[[nodiscard]] std::size_t utf8_length(std::string_view text);

/// The first `characters` characters of `text`, cut between characters, never inside one.
[[nodiscard]] std::string utf8_prefix(std::string_view text, std::size_t characters);

/// `text` as it is, or, when it has more than head + tail characters, its first `head` and its
/// last `tail` with " … " between: a key or a notice of 500,000 characters said in a line.
[[nodiscard]] std::string utf8_elided(std::string_view text, std::size_t head, std::size_t tail);

/// `x` and `y` with `digits` significant digits (printf "%.*g"), or more, up to 17, where two
/// different values would read alike: (2.000000001, 2, 4) gives "2.000000001" and "2".
[[nodiscard]] std::pair<std::string, std::string> format_apart(double x, double y, int digits);

/// A share in [0, 1] as a percentage to a tenth, rounded half up as at school (0.5625 is "56.3%"),
/// and never a rounding that reads as its end when it is not: "0%" and "100%" only for exactly 0
/// and 1, "under 0.1%" and "over 99.9%" beside them (7e-7 of the energy lost is no "0.0%").
[[nodiscard]] std::string share_percent(double share);

/// `value` with `digits` significant digits (printf "%.*g"), -0 written as 0.
[[nodiscard]] std::string format_significant(double value, int digits);

/// The fewest significant digits, from `digits` up to 17, at which every two of `values` that
/// differ print differently (printf "%.*g"): the contact's t_enter, t_closest and t_exit, a
/// hit lasting 5.7e-5 at t = 1e4, read "10000" all three at 6 digits, a graze's double root.
[[nodiscard]] int digits_apart(std::initializer_list<double> values, int digits);

/// `value` with at most `digits` significant digits (printf "%.*g"), rounded down rather than to
/// the nearest: the printed number is never above the value ("a dt up to 3.994" for a safe step
/// of 3.99499687, where "3.995" would be a step that is not safe). For 1 <= digits <= 15.
[[nodiscard]] std::string format_at_most(double value, int digits);

/// Exactly 17 significant digits (printf "%.17g"): enough to read back every double.
[[nodiscard]] std::string format_number_17(double value);

/// The time bar's "t = …": fixed decimals, as many as the horizon's scale needs (three; five for a
/// 0.01 s scene), up to seven, so that the digits stay put while it plays; significant digits
/// past 1e5 or below a 1e-4 horizon, and for a time not 0 that would read "0.000" or "-0.000".
[[nodiscard]] std::string time_readout(double t, double horizon);

/// The Levenshtein distance between two words (insertions, deletions and substitutions of bytes),
/// for "did you mean …?" on a mistyped command, option or scene key ("colour" is 1 from "color").
[[nodiscard]] std::size_t edit_distance(std::string_view a, std::string_view b);

/// `text` as a JSON string literal: UTF-8 as it is, quotes, backslashes and control characters escaped.
[[nodiscard]] std::string json_quoted(std::string_view text);

}  // namespace tangent
