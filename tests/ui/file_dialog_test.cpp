// The Open/Save dialog's error under the list: wrapped to the dialog's width, all of it inside the
// dialog, with the name field still below it. A failed save's reason was cut at the dialog's
// right edge ("…is read-on", an outside review). Drawn with Dear ImGui and the real fonts, no display.

#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <optional>
#include <string>

#include <unistd.h>

#include <imgui.h>

#include "render/fonts.h"
#include "ui/file_dialog.h"

namespace tangent::ui {
namespace {

class FileDialogTest : public ::testing::Test {
protected:
    void SetUp() override {
        context_ = ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = ImVec2(1280, 800);
        io.DeltaTime = 1.0f / 60.0f;
        load_fonts(*io.Fonts, 1.0f);
        unsigned char* pixels = nullptr;
        int width = 0, height = 0;
        io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);  // builds the atlas: no GL needed to lay out
    }
    void TearDown() override { ImGui::DestroyContext(context_); }
    /// A few frames of the dialog (a popup opens, then settles its size).
    void frames(FileDialog& dialog, int count) {
        for (int i = 0; i < count; ++i) {
            ImGui::NewFrame();
            (void)dialog.draw(1.0f);
            ImGui::Render();
        }
    }
    ImGuiContext* context_ = nullptr;
};

TEST_F(FileDialogTest, ALongErrorIsWrappedInsideTheDialog) {
    const std::filesystem::path here = std::filesystem::temp_directory_path();
    FileDialog dialog;
    dialog.open(FileDialog::Mode::Save, "Save scene as", here, {".json"}, "scene.json");
    frames(dialog, 3);
    ASSERT_TRUE(dialog.visible());
    const std::string folder = here.string() + "/a-folder-with-a-long-name-for-the-lesson-on-tunnelling";
    const std::string error = "cannot write " + folder + "/scene.json: the directory " + folder +
                              " is read-only, so nothing was saved there: choose another folder";
    dialog.show_error(error);
    frames(dialog, 3);
    const std::array<float, 4> window = dialog.window_rect();
    const std::array<float, 4> shown = dialog.error_rect();
    const std::array<float, 4> name = dialog.name_rect();
    const float line = ImGui::GetFontSize();
    ASSERT_GT(shown[3] - shown[1], 0.0f) << "no error drawn";
    EXPECT_LE(shown[2], window[2]) << "the error runs past the dialog's right edge (" << window[2] << "): " << shown[2];
    EXPECT_GT(shown[3] - shown[1], 1.5f * line) << "the error was not wrapped onto more lines";
    EXPECT_GE(name[1], shown[3]) << "the name field is not below the error";
    EXPECT_LE(name[3], window[3]) << "the name field went below the dialog's bottom";
}

// A student on a touchpad (a review): a folder in the listing opened only on a quick double-click,
// and one clicked once, then Save, saved in the folder above. A folder now opens on one click; the
// second click of a double-click, landing on what the new folder lists there, does nothing. Judge:
// the folder listed after each click, with ImGui's own mouse input.
TEST_F(FileDialogTest, AFolderOpensOnOneClickAndADoubleClickOpensOnlyIt) {
    const std::filesystem::path root = std::filesystem::temp_directory_path() / ("tangent-dialog-" + std::to_string(::getpid()));
    std::filesystem::remove_all(root);
    std::filesystem::create_directories(root / "lesson" / "inner" / "deeper");
    FileDialog dialog;
    dialog.open(FileDialog::Mode::Save, "Save scene as", root, {".json"}, "scene.json");
    frames(dialog, 40);  // (past the double-click time after the first listing)
    ImGuiIO& io = ImGui::GetIO();
    const auto click = [&](const std::string& name) {
        const std::optional<std::array<float, 4>> rect = dialog.entry_rect(name);
        EXPECT_TRUE(rect.has_value()) << name << " is not listed in " << dialog.folder();
        if (!rect) return;
        io.MousePos = ImVec2(((*rect)[0] + (*rect)[2]) / 2, ((*rect)[1] + (*rect)[3]) / 2);
        frames(dialog, 1);
        io.MouseDown[0] = true;
        frames(dialog, 1);
        io.MouseDown[0] = false;
        frames(dialog, 1);
    };
    click("lesson");
    EXPECT_EQ(dialog.folder(), root / "lesson") << "one click on a folder did not open it";
    // at once, on the same spot (where "inner" is listed now): the second click of a double-click
    io.MouseDown[0] = true;
    frames(dialog, 1);
    io.MouseDown[0] = false;
    frames(dialog, 1);
    EXPECT_EQ(dialog.folder(), root / "lesson") << "a double-click went through two folders";
    frames(dialog, 40);
    click("inner");
    EXPECT_EQ(dialog.folder(), root / "lesson" / "inner");
    std::filesystem::remove_all(root);
}

}  // namespace
}  // namespace tangent::ui
