#pragma once
// A Dear ImGui context with the window's real fonts and no display, for tests that lay out or
// drive widgets frame by frame (the atlas is built, so text has its real size).

#include <gtest/gtest.h>

#include <imgui.h>

#include "render/fonts.h"

namespace tangent {

class HeadlessImGuiTest : public ::testing::Test {
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

    ImGuiContext* context_ = nullptr;
};

}  // namespace tangent
