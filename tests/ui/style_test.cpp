// The panels' style: the muted text (the scene's caption at the top of the side panel, the
// derivation's explanations) read on a projector. A teacher's rehearsal at 1920 x 1080 found
// Dear ImGui's #808080 on the dark panel, 4.5:1, washed out. Judge: WCAG contrast of the
// colours as applied, against the window's background.

#include <gtest/gtest.h>

#include <imgui.h>

#include "draw/theme.h"
#include "ui/window.h"

namespace tangent::ui {
namespace {

Rgba rgba(const ImVec4& c) { return {c.x, c.y, c.z, c.w}; }

// `check` on each theme's style as the window applies it (in a Dear ImGui context of its own).
template <class Check>
void for_each_theme(Check check) {
    ImGuiContext* context = ImGui::CreateContext();
    for (const Theme theme : {Theme::Dark, Theme::Light, Theme::Print}) {
        apply_style(theme, 1.0f);
        check(theme, ImGui::GetStyle());
    }
    ImGui::DestroyContext(context);
}

TEST(PanelStyle, MutedTextReadsOnAProjector) {
    for_each_theme([](Theme theme, const ImGuiStyle& style) {
        const Rgba background = rgba(style.Colors[ImGuiCol_WindowBg]);
        const double muted = contrast_ratio(rgba(style.Colors[ImGuiCol_TextDisabled]), background);
        const double text = contrast_ratio(rgba(style.Colors[ImGuiCol_Text]), background);
        // AAA on the dark theme, the one a projector is used with; AA on the light ones
        EXPECT_GE(muted, theme == Theme::Dark ? 7.0 : 4.5) << static_cast<int>(theme);
        // and still muted: the plain text stands out from it
        EXPECT_GT(text, 1.5 * muted) << static_cast<int>(theme);
    });
}

// A refused value, an error notice, a failed save or export: five of the window's six reds were
// the dark theme's light one, 2.3:1 on the light and print themes' panels (a code review). Every
// error now takes error_text_color(), judged on each theme's windows: AA (4.5:1), and red.
TEST(PanelStyle, ErrorsReadInEveryTheme) {
    for_each_theme([](Theme theme, const ImGuiStyle& style) {
        const ImVec4 error = error_text_color();
        for (const ImGuiCol where : {ImGuiCol_WindowBg, ImGuiCol_PopupBg})
            EXPECT_GE(contrast_ratio(rgba(error), rgba(style.Colors[where])), 4.5) << static_cast<int>(theme) << " on " << where;
        EXPECT_GT(error.x, error.y + 0.3f) << "red, not the text's colour: " << static_cast<int>(theme);
        EXPECT_GT(error.x, error.z + 0.3f) << static_cast<int>(theme);
    });
}

// A control's text under the pointer and while pressed: ImGui's dark style puts white text on
// #4296FA when a button or a menu item is hovered, 3.0:1 (a low-vision review), just where the
// user is looking. Judge: WCAG contrast of the text on each control colour, laid over the window's
// background as its alpha says, AA (4.5:1) in every theme.
TEST(PanelStyle, ControlsKeepTheirTextReadableUnderThePointer) {
    for_each_theme([](Theme theme, const ImGuiStyle& style) {
        const ImVec4 window = style.Colors[ImGuiCol_WindowBg];
        for (const ImGuiCol control : {ImGuiCol_Button, ImGuiCol_ButtonHovered, ImGuiCol_ButtonActive, ImGuiCol_Header,
                                       ImGuiCol_HeaderHovered, ImGuiCol_HeaderActive, ImGuiCol_FrameBg, ImGuiCol_FrameBgHovered,
                                       ImGuiCol_FrameBgActive}) {
            const ImVec4 c = style.Colors[control];
            const Rgba laid{c.x * c.w + window.x * (1 - c.w), c.y * c.w + window.y * (1 - c.w), c.z * c.w + window.z * (1 - c.w), 1.0f};
            EXPECT_GE(contrast_ratio(rgba(style.Colors[ImGuiCol_Text]), laid), 4.5)
                << "theme " << static_cast<int>(theme) << ", " << ImGui::GetStyleColorName(control);
        }
    });
}

}  // namespace
}  // namespace tangent::ui
