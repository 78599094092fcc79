#pragma once
// The fonts Tangent draws text with (DejaVu, embedded), baked into a Dear ImGui atlas at the
// sizes the panels and the canvas labels use, for one UI scale.

#include <memory>
#include <string_view>
#include <vector>

#include <imgui.h>

namespace tangent {

struct FontSet {
    struct Baked {
        ImFont* font = nullptr;
        float size_px = 0.0f;
        bool bold = false;
    };
    std::vector<Baked> label_fonts;  ///< several sizes, regular and bold
    ImFont* ui = nullptr;            ///< panels
    ImFont* ui_bold = nullptr;
    ImFont* mono = nullptr;          ///< formulas and numbers in columns
    ImFont* heading = nullptr;       ///< large text in panels (the case)
    /// The glyph ranges of the blocks added for the user's text (the atlas reads them as it builds).
    std::shared_ptr<ImVector<ImWchar>> ranges;

    /// The baked font to draw text of `size_px` with: the smallest at least that size (scaled
    /// down when drawn), or the largest there is.
    [[nodiscard]] const Baked& pick(float size_px, bool bold) const;
};

/// Characters are baked in blocks of this many (U+0100 to U+017F: Latin Extended-A), so that a
/// name typed in Polish or Greek rebuilds the atlas once, not once a letter.
inline constexpr unsigned kGlyphBlock = 128;
/// At most this many blocks beyond the base set (Latin-1 and Tangent's own symbols), each with
/// glyphs in DejaVu, to keep the atlas within a texture at UI scale 3: Latin Extended-A and -B,
/// Greek, Cyrillic, Vietnamese, punctuation and currency take 8.
inline constexpr std::size_t kMostGlyphBlocks = 12;

/// Bakes the embedded fonts into `atlas` (cleared first) for text `scale` times the base sizes;
/// the fonts of text (not the monospaced one of the formulas) also get the blocks of kGlyphBlock
/// characters starting at each of `blocks`. The caller rebuilds the atlas's texture afterwards.
FontSet load_fonts(ImFontAtlas& atlas, float scale, const std::vector<ImWchar>& blocks = {});

/// Adds to `blocks` the block of each character of `text` that the fonts lack and DejaVu has
/// (Latin-1 and Tangent's symbols are baked always), up to `most` blocks in all: where there is no
/// room, the blocks `text` does not use are dropped first. True when `blocks` changed:
/// load_fonts() again. (`text`: all the text on show that the user or the file system wrote.)
bool wish_glyphs(const FontSet& fonts, std::u32string_view text, std::vector<ImWchar>& blocks,
                 std::size_t most = kMostGlyphBlocks);

/// For a figure: only the label fonts, and only the characters of `text` (UTF-8; '?' is added).
/// At a figure's largest scales every glyph the window bakes would need an atlas taller than
/// OpenGL's largest texture. `ranges` receives the glyph ranges: the atlas reads them until it
/// is built, so the caller keeps them until then.
FontSet load_label_fonts(ImFontAtlas& atlas, float scale, const char* text, ImVector<ImWchar>& ranges);

}  // namespace tangent
