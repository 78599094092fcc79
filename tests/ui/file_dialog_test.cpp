// The Open/Save dialog's error under the list: wrapped to the dialog's width, all of it inside the
// dialog, with the name field still below it. A failed save's reason was cut at the dialog's
// right edge ("…is read-on", an outside review). Drawn with Dear ImGui and the real fonts, no display.

#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <string>

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

}  // namespace
}  // namespace tangent::ui
