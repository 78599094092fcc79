#include "fonts.h"

#include <algorithm>
#include <memory>

#include <imgui.h>

#include "draw/text_metrics.h"
#include "embedded/embedded.h"

namespace tangent {

namespace {

// Latin-1 and the few other characters Tangent writes (Greek letters of the formulas, math
// operators, super- and subscripts, arrows): a small atlas is a fast one to sample from.
constexpr const char* kExtraCharacters =
    "ΔΣαβγδεθλμπρστφψωΩ−–—…·•×÷±≈≠≤≥∞√∓⇔⇒→←↑↓↔∈∑∫∂∇‖′″‹›“”‘’²³⁰¹⁴⁵⁶⁷⁸⁹ⁿ₀₁₂₃₄₅₆₇₈₉ᵢₖ▶◀■●○□";

// Built once, read by every bake: ImGui keeps a pointer to the ranges until the atlas is built.
const ImWchar* glyph_ranges() {
    static const ImVector<ImWchar> ranges = [] {
        ImFontGlyphRangesBuilder builder;
        builder.AddRanges(ImFontAtlas().GetGlyphRangesDefault());  // Basic Latin + Latin-1
        builder.AddText(kExtraCharacters);
        ImVector<ImWchar> built;
        builder.BuildRanges(&built);
        return built;
    }();
    return ranges.Data;
}

// Label sizes the picture uses (12 to 26 px at scale 1), baked a little above each.
constexpr float kLabelSizes[] = {14.0f, 20.0f, 28.0f};

ImFont* add(ImFontAtlas& atlas, const char* name, float size_px, const ImWchar* ranges = glyph_ranges()) {
    const embedded::File* file = embedded::find(embedded::fonts(), name);
    if (!file) return atlas.AddFontDefault();
    ImFontConfig config;
    config.FontDataOwnedByAtlas = false;  // the bytes live in the binary
    // twice across for smooth subpixel placement of small text; large glyphs need none, and
    // at a figure's --scale 16 the atlas would not fit a texture with it
    config.OversampleH = size_px > 64.0f ? 1 : 2;
    config.OversampleV = 1;
    config.PixelSnapH = false;
    // ImGui takes non-const data but never writes it when it does not own it
    void* data = const_cast<unsigned char*>(file->bytes.data());
    return atlas.AddFontFromMemoryTTF(data, static_cast<int>(file->bytes.size()), size_px, &config, ranges);
}

}  // namespace

const FontSet::Baked& FontSet::pick(float size_px, bool bold) const {
    const Baked* smallest_enough = nullptr;
    const Baked* largest = nullptr;
    for (const Baked& baked : label_fonts) {
        if (baked.bold != bold) continue;
        if (baked.size_px >= size_px && (!smallest_enough || baked.size_px < smallest_enough->size_px))
            smallest_enough = &baked;
        if (!largest || baked.size_px > largest->size_px) largest = &baked;
    }
    return smallest_enough ? *smallest_enough : largest ? *largest : label_fonts.front();
}

FontSet load_fonts(ImFontAtlas& atlas, float scale, const std::vector<ImWchar>& blocks) {
    atlas.Clear();
    FontSet set;
    // the fonts that show the user's own text (names, notes, file names) get the blocks asked for
    const ImWchar* text_ranges = glyph_ranges();
    if (!blocks.empty()) {
        auto ranges = std::make_shared<ImVector<ImWchar>>();
        ImFontGlyphRangesBuilder builder;
        builder.AddRanges(glyph_ranges());
        for (const ImWchar block : blocks)
            for (unsigned c = block; c < block + kGlyphBlock && c <= 0xFFFF; ++c) builder.AddChar(static_cast<ImWchar>(c));
        builder.BuildRanges(ranges.get());
        text_ranges = ranges->Data;
        set.ranges = std::move(ranges);
    }
    set.ui = add(atlas, "DejaVuSans.ttf", 17.0f * scale, text_ranges);  // the first font added is ImGui's default
    set.ui_bold = add(atlas, "DejaVuSans-Bold.ttf", 17.0f * scale, text_ranges);
    set.mono = add(atlas, "DejaVuSansMono.ttf", 16.0f * scale);
    set.heading = add(atlas, "DejaVuSans-Bold.ttf", 26.0f * scale);
    for (float size : kLabelSizes) {
        set.label_fonts.push_back({add(atlas, "DejaVuSans.ttf", size * scale, text_ranges), size * scale, false});
        set.label_fonts.push_back({add(atlas, "DejaVuSans-Bold.ttf", size * scale, text_ranges), size * scale, true});
    }
    return set;
}

bool wish_glyphs(const FontSet& fonts, std::u32string_view text, std::vector<ImWchar>& blocks, std::size_t most) {
    if (fonts.ui == nullptr) return false;
    const TextMetrics* metrics = TextMetrics::shared();
    if (metrics == nullptr) return false;
    const auto block_of = [](char32_t c) { return static_cast<ImWchar>(c & ~(kGlyphBlock - 1)); };
    const auto holds = [](const std::vector<ImWchar>& list, ImWchar block) {
        return std::find(list.begin(), list.end(), block) != list.end();
    };
    // the blocks the text lacks (and DejaVu has: a character it lacks, Chinese say, would take a
    // block and draw nothing), and the baked ones it uses
    std::vector<ImWchar> missing;
    std::vector<ImWchar> used;
    for (const char32_t c : text) {
        // (ImGui 1.86 keeps 16-bit characters: past U+FFFF there is nothing to bake)
        if (c < 0x80 || c > 0xFFFF) continue;
        const ImWchar block = block_of(c);
        if (holds(blocks, block)) {
            if (!holds(used, block)) used.push_back(block);
        } else if (!holds(missing, block) && fonts.ui->FindGlyphNoFallback(static_cast<ImWchar>(c)) == nullptr &&
                   metrics->has_glyph(c, false)) {
            missing.push_back(block);
        }
    }
    if (missing.empty()) return false;
    // no room: the blocks no text on show uses now go (a file dialog's listing, closed since,
    // kept a pupil's name in Polish as "???" for the rest of the session: a code review)
    std::vector<ImWchar> next = blocks.size() + missing.size() > most ? used : blocks;
    for (const ImWchar block : missing)
        if (next.size() < most) next.push_back(block);
    if (next == blocks) return false;
    blocks = std::move(next);
    return true;
}

FontSet load_label_fonts(ImFontAtlas& atlas, float scale, const char* text, ImVector<ImWchar>& ranges) {
    atlas.Clear();
    ImFontGlyphRangesBuilder builder;
    builder.AddText(text);
    builder.AddChar('?');  // what a glyph not baked is drawn as
    ranges.clear();
    builder.BuildRanges(&ranges);
    // wide enough that a large scale grows the atlas sideways, not past the tallest texture
    atlas.TexDesiredWidth = scale > 4.0f ? 8192 : 0;
    FontSet set;
    for (float size : kLabelSizes) {
        set.label_fonts.push_back({add(atlas, "DejaVuSans.ttf", size * scale, ranges.Data), size * scale, false});
        set.label_fonts.push_back({add(atlas, "DejaVuSans-Bold.ttf", size * scale, ranges.Data), size * scale, true});
    }
    set.ui = set.label_fonts.front().font;
    return set;
}

}  // namespace tangent
