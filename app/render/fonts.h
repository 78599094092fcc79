#pragma once
// The fonts Tangent draws text with (DejaVu, embedded), baked into a Dear ImGui atlas at the
// sizes the panels and the canvas labels use, for one UI scale.

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

    /// The baked font to draw text of `size_px` with: the smallest at least that size (scaled
    /// down when drawn), or the largest there is.
    [[nodiscard]] const Baked& pick(float size_px, bool bold) const;
};

/// Bakes the embedded fonts into `atlas` (cleared first) for text `scale` times the base sizes.
/// The caller rebuilds the atlas's texture afterwards.
FontSet load_fonts(ImFontAtlas& atlas, float scale);

/// For a figure: only the label fonts, and only the characters of `text` (UTF-8; '?' is added).
/// At a figure's largest scales every glyph the window bakes would need an atlas taller than
/// OpenGL's largest texture. `ranges` receives the glyph ranges: the atlas reads them until it
/// is built, so the caller keeps them until then.
FontSet load_label_fonts(ImFontAtlas& atlas, float scale, const char* text, ImVector<ImWchar>& ranges);

}  // namespace tangent
