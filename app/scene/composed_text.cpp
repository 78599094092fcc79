#include "composed_text.h"

#include <cstdio>

#include <cstdlib>
#include <memory>

#include <utf8proc.h>

namespace tangent {

std::string composed(std::string_view utf8, std::size_t* marks_cut) {
    if (marks_cut != nullptr) *marks_cut = 0;
    // every character below U+0300 is its own composed form and composes with nothing before it:
    // its UTF-8 bytes are all below 0xCC (U+0300 is CC 80), so most text needs no work
    bool plain = true;
    for (const char byte : utf8) plain = plain && static_cast<unsigned char>(byte) < 0xCC;
    if (plain) return std::string(utf8);
    // more than 30 marks in a row (Unicode's stream-safe limit; no language needs them) are cut to
    // 30: utf8proc sorts a run of marks by insertion, and 100,000 took 18 s (a code review), and
    // Dear ImGui drew 30,000 stacked on one letter as one run of 120,000 vertices, past its 16-bit
    // indices, and the window aborted (a QA review)
    const auto* bytes = reinterpret_cast<const utf8proc_uint8_t*>(utf8.data());
    std::string safe;
    safe.reserve(utf8.size());
    int marks_in_a_row = 0;
    for (std::size_t at = 0; at < utf8.size();) {
        utf8proc_int32_t c = 0;
        const utf8proc_ssize_t length = utf8proc_iterate(bytes + at, static_cast<utf8proc_ssize_t>(utf8.size() - at), &c);
        if (length <= 0) return std::string(utf8);  // not UTF-8
        // (a mark of class 0, as the grapheme joiner U+034F, or a format character such as U+200D,
        // joins the run too: 30 marks and a joiner, repeated, stacked thousands on one letter: a code review)
        const utf8proc_property_t* property = utf8proc_get_property(c);
        const bool zero_width = property->combining_class != 0 || property->category == UTF8PROC_CATEGORY_MN ||
                                property->category == UTF8PROC_CATEGORY_ME || property->category == UTF8PROC_CATEGORY_CF;
        marks_in_a_row = zero_width ? marks_in_a_row + 1 : 0;
        if (marks_in_a_row <= 30) {
            safe.append(utf8.substr(at, static_cast<std::size_t>(length)));
        } else if (marks_cut != nullptr) {
            ++*marks_cut;
        }
        at += static_cast<std::size_t>(length);
    }
    utf8proc_uint8_t* out = nullptr;
    const auto options = static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE);
    const utf8proc_ssize_t length =
        utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(safe.data()), static_cast<utf8proc_ssize_t>(safe.size()), &out, options);
    if (length < 0) return safe;  // (out stays null)
    const std::unique_ptr<utf8proc_uint8_t, decltype(&std::free)> owned(out, &std::free);
    return std::string(reinterpret_cast<const char*>(out), static_cast<std::size_t>(length));
}

std::string without_controls(std::string_view text, const std::string& path, std::string& warning) {
    std::string kept;
    kept.reserve(text.size());
    std::size_t controls = 0;
    unsigned first = 0;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const auto byte = static_cast<unsigned char>(text[i]);
        const unsigned next = i + 1 < text.size() ? static_cast<unsigned char>(text[i + 1]) : 0u;
        const bool c1 = byte == 0xC2 && next >= 0x80 && next <= 0x9F;  // U+0080..U+009F
        if (byte == '\t') {
            kept += ' ';
        } else if (byte == '\r') {
            kept += '\n';
            if (next == '\n') ++i;
        } else if (c1 && next == 0x85) {
            kept += '\n';
            ++i;
        } else if ((byte < 0x20 && byte != '\n') || byte == 0x7F || c1) {
            if (controls++ == 0) first = c1 ? next : byte;
            if (c1) ++i;
        } else {
            kept += text[i];
        }
    }
    warning.clear();
    if (controls > 0) {
        char code[8];
        std::snprintf(code, sizeof code, "%04X", first);
        warning = path + ": " + std::to_string(controls) + (controls == 1 ? " control character" : " control characters") + " (U+" +
                  code + (controls == 1 ? "" : " and others") + ") left out: text has no use for them";
    }
    return kept;
}

}  // namespace tangent
