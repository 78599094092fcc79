#pragma once
// Text as the window and the figures can draw it: letters and their accents as one character.

#include <string>
#include <string_view>

namespace tangent {

/// `utf8` in Unicode's composed form (NFC): "e" followed by U+0301 (a combining acute, as a Mac's
/// file names and some keyboards write it) becomes "é". The same text by Unicode's rules, but
/// Dear ImGui and the PNG export draw each character alone, so a separate mark lands where the
/// font puts it for a small letter: on "Á" it crossed the letter, and Vietnamese's two marks
/// ("ệ": dot below and circumflex) drew one over the other. Text that is not well-formed UTF-8
/// is returned as it is. A run of more than 30 combining marks (past Unicode's stream-safe
/// limit, which no language needs) keeps its first 30; `marks_cut`, when given, counts the rest.
[[nodiscard]] std::string composed(std::string_view utf8, std::size_t* marks_cut = nullptr);

/// `text` with its control characters left out, as a file's names, captions and tour words are
/// read: a tab becomes a space and a carriage return or U+0085 (next line) a line break ("\r\n"
/// one), other C0 controls, DEL and C1 controls go (a bell drew "?" in a PNG's caption and nothing
/// in its SVG). The warning to give, naming `path` and the first left out, or "" when none was.
[[nodiscard]] std::string without_controls(std::string_view text, const std::string& path, std::string& warning);

}  // namespace tangent
