#pragma once
// A number as a person types it into a field: "0.25", "-1/3", "2*pi", "sqrt(2)/2", "1.5e-3".
// Dear ImGui reads a typed field with sscanf, which stops at the first character it does not
// expect: "-1/3" gives -1 without a word. The window's number fields read their text here.

#include <string>
#include <string_view>

#include "core/result.h"

namespace tangent {

/// The value of `text`: decimal numbers (with an exponent: 1.5e-3), + - * / and ^ (a power),
/// parentheses, pi (or π) and sqrt(...) (or √; names in either case). Precedence as in
/// mathematics: ^ first (to the right: 2^3^2 = 2^9; √ and ^ take the one factor after them,
/// so √4√4 = 4 and 2^3pi = 8π), then a product written without a sign (2pi, 3(1+1): 1/2pi is
/// 1/(2π)), then a sign (-2^2 = -4), then * and / (also × ÷), then + and - (also −). Each
/// operation is one rounded double operation, so "1/3" is the double nearest to 1/3.
/// An error says what is wrong and at which character: "unexpected ')' at character 5".
[[nodiscard]] Result<double> read_number_text(std::string_view text);

/// The printf format a field shows `value` with: the fewest significant digits, from 4 up to
/// 12, that give the value back exactly ("%.10g" for 1.000000002, which "%.4g" shows as 1), or
/// 4 digits and "…" where even 12 do not (1/3: "0.3333…"): a field never hides digits unsaid.
[[nodiscard]] std::string field_format(double value);

/// `value` rounded to a multiple of the coarsest power of ten not over `resolution` (> 0): a
/// value dragged on the canvas, where one pixel is `resolution` world units, keeps the digits
/// the pixel can tell and no more (-8.22 where the mouse gave -8.2229347…), so the fields and
/// the analysis show short numbers. The result is the double nearest to that decimal (it
/// prints as one), within half a step of `value`. Left as it is where the decimal cannot be
/// formed exactly: a step under 1e-22 or a multiple beyond 2^53, and for non-finite values.
[[nodiscard]] double round_to_decimal(double value, double resolution);

}  // namespace tangent
