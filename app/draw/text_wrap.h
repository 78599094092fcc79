#pragma once
// Text broken into lines that fit a width, as the picture's labels and caption are: at the best
// kind of space (after a clause, between words, not inside a formula or brackets), as narrow as
// that allows, a word too wide for a line alone cut where it fills one.

#include <string>

namespace tangent {

// `text` with each line broken at spaces so that none is wider than `width` px at this size: in
// as few lines as breaking between words allows, after a clause where that takes no more lines,
// then as narrow as those lines can be without breaking worse (no last line of one short word:
// "…7 of 16 digits of" above "t."). A word wider than the line alone (a path, a long formula) is
// cut where it fills a line.
std::string wrap_text(const std::string& as_given, double font_px, bool bold, double width);

}  // namespace tangent
