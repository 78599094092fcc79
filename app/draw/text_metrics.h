#pragma once
// How the picture's labels measure: UTF-8 text in the embedded DejaVu Sans (regular and bold),
// measured with stb_truetype the way Dear ImGui's font atlas measures and places it, so that
// text in an SVG lands where the window and the PNG export draw it.
//
// What ImGui (1.86, stb_truetype atlas builder, PixelSnapH off) does, and what this follows:
//  - the size is the font's ascent - descent, not its em: s = stbtt_ScaleForPixelHeight(size)
//    = size / (ascent - descent) pixels per font unit (em_size() converts, for SVG and CSS);
//  - a glyph advances by advance_width · s (no kerning,
//    no ligatures, no rounding); '\t' is four spaces; a character the font lacks, or one past
//    U+FFFF (ImGui's characters are 16 bits), measures as '?';
//  - a line is `size` pixels tall and a block of n lines n · size (CalcTextSizeA);
//  - the baseline lies floor(ascent · s + 1) pixels below the line's top (the atlas rounds the
//    ascent up), and the top-left is truncated to whole pixels of the target when drawn.

#include <memory>
#include <string>
#include <string_view>

#include "core/result.h"

namespace tangent {

/// What a piece of text measures at one size, in pixels.
struct TextExtent {
    double width = 0.0;   ///< advance width of the widest line
    double height = 0.0;  ///< lines · line height
    int lines = 1;
};

class TextMetrics {
public:
    /// Parses the embedded DejaVuSans.ttf and DejaVuSans-Bold.ttf.
    [[nodiscard]] static Result<TextMetrics> create();
    /// One instance for the whole process, made on first use and never changed after (so any
    /// thread may use it); null when the fonts are not embedded in this build.
    [[nodiscard]] static const TextMetrics* shared();

    TextMetrics();  ///< empty: measures nothing until assigned from create()
    ~TextMetrics();
    TextMetrics(TextMetrics&&) noexcept;
    TextMetrics& operator=(TextMetrics&&) noexcept;

    [[nodiscard]] bool loaded() const { return faces_ != nullptr; }

    /// Width and height of `utf8` set at `size_px` (lines split at '\n'), as ImGui's CalcTextSizeA.
    [[nodiscard]] TextExtent measure(std::string_view utf8, double size_px, bool bold) const;
    /// Whether the font draws `c` as itself: false past U+FFFF (ImGui's characters are 16 bits)
    /// and where the font has no glyph for it, which ImGui draws as its fallback ('?' or U+FFFD);
    /// true for line breaks and tabs, which it lays out. False when no fonts are loaded.
    [[nodiscard]] bool has_glyph(char32_t c, bool bold) const;
    /// Advance width of the widest line.
    [[nodiscard]] double width(std::string_view utf8, double size_px, bool bold) const {
        return measure(utf8, size_px, bold).width;
    }
    /// From a line's top down to its baseline, rounded as ImGui's atlas rounds it at that size.
    [[nodiscard]] double ascent(double size_px, bool bold) const;
    /// From the baseline down to the lowest descender (negative), rounded the same way.
    [[nodiscard]] double descent(double size_px, bool bold) const;
    /// The distance from one line's top to the next: the font size.
    [[nodiscard]] static double line_height(double size_px) { return size_px; }
    /// Font units to pixels at this size (stbtt_ScaleForPixelHeight).
    [[nodiscard]] double scale(double size_px, bool bold) const;
    /// The em size that sets glyphs as large as ImGui does at `size_px`: ImGui's size is the
    /// font's ascent - descent (2384 units for DejaVu Sans), a CSS font-size is its em (2048).
    [[nodiscard]] double em_size(double size_px, bool bold) const;

private:
    struct Faces;
    std::unique_ptr<const Faces> faces_;
};

/// The next code point of `text` from byte `at`, advancing `at`; malformed UTF-8 gives U+FFFD
/// and skips one byte.
[[nodiscard]] char32_t next_code_point(std::string_view text, std::size_t& at);

/// `text` with every byte that is not part of well-formed UTF-8 written as "\xHH" (a Latin-1 "é"
/// in a file's name): Dear ImGui reads such a byte as the start of a character and swallows the
/// bytes after it ("Saved lat?son" for "latéx.json").
[[nodiscard]] std::string well_formed_utf8(std::string_view text);

/// Whether `text` (UTF-8) holds a letter of a right-to-left script (Hebrew, Arabic, Syriac,
/// Thaana, N'Ko and their presentation forms), which Dear ImGui draws left to right, unjoined.
[[nodiscard]] bool has_right_to_left(std::string_view text);

/// The words a long equation breaks beside, as typeset mathematics does, alike on the canvas and in
/// the window's panels: before a relation (its next line starts "= …"), after an operation ("… +").
[[nodiscard]] inline bool is_relation(std::string_view word) {
    return word == "=" || word == "≤" || word == "≥" || word == "<" || word == ">" || word == "≈" || word == "≠" || word == "⇔" ||
           word == "⇒";
}
[[nodiscard]] inline bool is_operation(std::string_view word) {
    return word == "+" || word == "−" || word == "-" || word == "±" || word == "∓" || word == "·" || word == "×" || word == "/" ||
           word == "→";
}

}  // namespace tangent
