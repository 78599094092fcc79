// The window bakes glyphs for the user's own text a block of 128 characters at a time, at most
// kMostGlyphBlocks of them. A file dialog listing names in a dozen scripts used the blocks up for
// the session, and a pupil's name typed after it in Polish showed as "???" (a code review): the
// blocks no text on show uses now make room. Judge: the baked font itself (ImGui's glyph lookup).

#include <gtest/gtest.h>

#include <imgui.h>

#include <string>
#include <vector>

#include "render/fonts.h"

namespace tangent {
namespace {

std::u32string text_of(const std::vector<char32_t>& characters) { return std::u32string(characters.begin(), characters.end()); }

TEST(Glyphs, BlocksNoTextUsesNowMakeRoomForANewName) {
    ImGuiContext* context = ImGui::CreateContext();
    ImFontAtlas& atlas = *ImGui::GetIO().Fonts;
    const auto bake = [&](const std::vector<ImWchar>& blocks) {
        FontSet fonts = load_fonts(atlas, 1.0f, blocks);
        unsigned char* pixels = nullptr;
        int width = 0, height = 0;
        atlas.GetTexDataAsRGBA32(&pixels, &width, &height);
        return fonts;
    };
    std::vector<ImWchar> blocks;
    FontSet fonts = bake(blocks);
    const char32_t polish = U'Ł';  // Latin Extended-A, U+0141
    ASSERT_EQ(fonts.ui->FindGlyphNoFallback(static_cast<ImWchar>(polish)), nullptr) << "baked already: the test proves nothing";
    // a listing in more scripts than there is room for, none of them Latin Extended-A
    const std::u32string listing = text_of({U'ƀ', U'Ω', U'ά', U'Ж', U'Ѫ', U'Ԁ', U'Ա', U'ḁ', U'ẞ', U'Ἀ', U'₿', U'ℓ', U'⅓', U'∀', U'⌀', U'☺', U'א', U'ﬁ', U'─'});
    ASSERT_TRUE(wish_glyphs(fonts, listing, blocks));
    EXPECT_EQ(blocks.size(), kMostGlyphBlocks);
    fonts = bake(blocks);
    EXPECT_FALSE(wish_glyphs(fonts, listing, blocks)) << "the same text asked for a rebuild again";
    // the dialog closed; the name typed
    const std::u32string name = text_of({U'Ł', U'ę', U'ż'});
    ASSERT_TRUE(wish_glyphs(fonts, name, blocks)) << "no room was made for the name";
    fonts = bake(blocks);
    for (const char32_t c : name) EXPECT_NE(fonts.ui->FindGlyphNoFallback(static_cast<ImWchar>(c)), nullptr) << static_cast<unsigned>(c);
    EXPECT_FALSE(wish_glyphs(fonts, name, blocks));
    // a character DejaVu lacks takes no block
    const std::vector<ImWchar> before = blocks;
    EXPECT_FALSE(wish_glyphs(fonts, text_of({U'日', U'本'}), blocks));
    EXPECT_EQ(blocks, before);
    ImGui::DestroyContext(context);
}

}  // namespace
}  // namespace tangent
