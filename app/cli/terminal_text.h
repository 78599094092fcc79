#pragma once
// Text from a scene file, made safe to print on a terminal: a caption or a key holding escape
// sequences could otherwise clear the screen, recolour it or retitle the window, and a newline
// could pass for a line of Tangent's own.

#include <cstdio>
#include <string>
#include <string_view>

namespace tangent::cli {

/// `text` with every control character (C0, DEL, and C1 as UTF-8) written as \n, \t or \u00XX.
[[nodiscard]] inline std::string terminal_text(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        const bool c1 = byte == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) >= 0x80 &&
                        static_cast<unsigned char>(text[i + 1]) <= 0x9F;
        if (byte == '\n') {
            out += "\\n";
        } else if (byte == '\t') {
            out += "\\t";
        } else if (byte < 0x20 || byte == 0x7F || c1) {
            const unsigned code = c1 ? static_cast<unsigned char>(text[++i]) : byte;
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\u%04X", code);
            out += escaped;
        } else {
            out += static_cast<char>(byte);
        }
    }
    return out;
}

}  // namespace tangent::cli
