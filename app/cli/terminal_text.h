#pragma once
// Text from a scene file, made safe to print on a terminal: a caption or a key holding escape
// sequences could otherwise clear the screen, recolour it or retitle the window, and a newline
// could pass for a line of Tangent's own.

#include <cstdio>
#include <string>
#include <string_view>

#include "draw/text_metrics.h"

namespace tangent::cli {

/// `text` with every control character (C0, DEL, and C1 as UTF-8) written as \n, \t or \u00XX,
/// the invisible controls of text direction (U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069:
/// a caption's U+202E turns the rest of the terminal's line around) as \u20XX, and every byte
/// that is not part of well-formed UTF-8 as \xHH (else a Latin-1 "é" in a scene file reaches the
/// terminal raw).
[[nodiscard]] inline std::string terminal_text(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    const auto escape = [&](const char* format, unsigned code) {
        char escaped[8];
        std::snprintf(escaped, sizeof escaped, format, code);
        out += escaped;
    };
    for (std::size_t i = 0; i < text.size();) {
        const auto byte = static_cast<unsigned char>(text[i]);
        std::size_t next = i;
        const char32_t code = next_code_point(text, next);
        if (byte >= 0x80 && code == 0xFFFD && next == i + 1) {  // malformed (a U+FFFD in the text takes 3 bytes)
            escape("\\x%02X", byte);
        } else if (code == '\n') {
            out += "\\n";
        } else if (code == '\t') {
            out += "\\t";
        } else if (code < 0x20 || (code >= 0x7F && code <= 0x9F) || code == 0x200E || code == 0x200F ||
                   (code >= 0x202A && code <= 0x202E) || (code >= 0x2066 && code <= 0x2069)) {  // C0, DEL, C1, direction
            escape("\\u%04X", static_cast<unsigned>(code));
        } else {
            out.append(text.substr(i, next - i));
        }
        i = next;
    }
    return out;
}

}  // namespace tangent::cli
