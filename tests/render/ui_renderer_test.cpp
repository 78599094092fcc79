// The panel renderer against Dear ImGui's own OpenGL3 backend, the judge: the same frames of
// random widgets (fixed seed) drawn by both into offscreen framebuffers must give the same bytes.

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <vector>

#include <epoxy/gl.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>

#include "render/fonts.h"
#include "render/gl_context.h"
#include "render/ui_renderer.h"

namespace tangent {
namespace {

constexpr int kWidth = 640;
constexpr int kHeight = 400;

/// An RGBA8 colour buffer to draw into and read back.
class Framebuffer {
public:
    Framebuffer() {
        glGenTextures(1, &texture_);
        glBindTexture(GL_TEXTURE_2D, texture_);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, kWidth, kHeight, 0, GL_RGBA, GL_UNSIGNED_BYTE, nullptr);
        glGenFramebuffers(1, &framebuffer_);
        glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture_, 0);
    }
    ~Framebuffer() {
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        glDeleteFramebuffers(1, &framebuffer_);
        glDeleteTextures(1, &texture_);
    }
    Framebuffer(const Framebuffer&) = delete;
    Framebuffer& operator=(const Framebuffer&) = delete;

    void bind_and_clear() const {
        glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
        glDisable(GL_SCISSOR_TEST);
        glClearColor(0.11f, 0.12f, 0.15f, 1.0f);
        glClear(GL_COLOR_BUFFER_BIT);
    }
    [[nodiscard]] std::vector<std::uint8_t> read() const {
        std::vector<std::uint8_t> pixels(static_cast<std::size_t>(kWidth) * kHeight * 4);
        glBindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
        glReadPixels(0, 0, kWidth, kHeight, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
        return pixels;
    }

private:
    GLuint texture_ = 0;
    GLuint framebuffer_ = 0;
};

class UiRendererTest : public ::testing::Test {
protected:
    static void SetUpTestSuite() {
        Result<std::unique_ptr<HeadlessGl>> gl = HeadlessGl::create();
        ASSERT_TRUE(gl.ok()) << gl.error().message;
        gl_ = std::move(gl).value();
        context_ = ImGui::CreateContext();
        ImGuiIO& io = ImGui::GetIO();
        io.IniFilename = nullptr;
        io.DisplaySize = ImVec2(kWidth, kHeight);
        fonts_ = load_fonts(*io.Fonts, 1.0f);
        ASSERT_TRUE(ImGui_ImplOpenGL3_Init("#version 330"));
        // an image of another texture: the right texture for each clip rectangle
        const std::uint32_t texels[4] = {0xff2040e0u, 0xff2040e0u, 0xff2040e0u, 0xff2040e0u};
        glGenTextures(1, &image_texture_);
        glBindTexture(GL_TEXTURE_2D, image_texture_);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
        Result<std::unique_ptr<UiRenderer>> renderer = UiRenderer::create();
        ASSERT_TRUE(renderer.ok()) << renderer.error().message;
        renderer_ = std::move(renderer).value();
    }
    static void TearDownTestSuite() {
        renderer_.reset();
        glDeleteTextures(1, &image_texture_);
        ImGui_ImplOpenGL3_Shutdown();
        ImGui::DestroyContext(context_);
        gl_.reset();
    }
    void SetUp() override { ASSERT_TRUE(renderer_) << "no GL context or renderer (see the suite's setup)"; }

    inline static std::unique_ptr<HeadlessGl> gl_;
    inline static ImGuiContext* context_ = nullptr;
    inline static FontSet fonts_;
    inline static std::unique_ptr<UiRenderer> renderer_;
    inline static GLuint image_texture_ = 0;
};

/// One frame of widgets whose values, sizes and places come from `rng`: text in every font,
/// fields, sliders, buttons, checkboxes, colour swatches, a clipped child window, a plot, an image
/// of another texture, shapes with and without anti-aliasing, and a window over another.
void build_frame(std::mt19937& rng, const FontSet& fonts, int frame, GLuint image_texture) {
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    ImGuiIO& io = ImGui::GetIO();
    io.DeltaTime = 1.0f / 60.0f;
    io.MousePos = ImVec2(unit(rng) * kWidth, unit(rng) * kHeight);
    ImGui_ImplOpenGL3_NewFrame();
    ImGui::NewFrame();
    ImGui::SetNextWindowPos(ImVec2(10.0f + 40.0f * unit(rng), 10.0f + 20.0f * unit(rng)));
    ImGui::SetNextWindowSize(ImVec2(300.0f + 100.0f * unit(rng), 330.0f));
    ImGui::Begin("Panel");
    ImGui::PushFont(fonts.heading);
    ImGui::Text("Frame %d", frame);
    ImGui::PopFont();
    ImGui::PushFont(fonts.mono);
    ImGui::Text("a = %.9g  b = %.9g", unit(rng) * 100.0, -unit(rng) * 1e6);
    ImGui::PopFont();
    float value = unit(rng) * 10.0f;
    ImGui::DragFloat("drag", &value, 0.1f);
    ImGui::SliderFloat("slider", &value, 0.0f, 10.0f);
    bool checked = unit(rng) < 0.5f;
    ImGui::Checkbox("check", &checked);
    ImGui::SameLine();
    ImGui::Button("Jump to contact (J)");
    ImVec4 color(unit(rng), unit(rng), unit(rng), 0.3f + 0.7f * unit(rng));
    ImGui::ColorButton("swatch", color);
    ImGui::SameLine();
    ImGui::PushFont(fonts.ui_bold);
    ImGui::TextColored(color, "Δp·Δv = %.6f", unit(rng));
    ImGui::PopFont();
    ImGui::BeginChild("clipped", ImVec2(0, 80), true);
    for (int i = 0; i < 8; ++i) ImGui::Text("row %d: t = %.4f", i, unit(rng));
    ImGui::EndChild();
    float values[24];
    for (float& v : values) v = unit(rng);
    ImGui::PlotLines("f(t)", values, 24, 0, nullptr, 0.0f, 1.0f, ImVec2(0, 40));
    ImGui::Image(reinterpret_cast<ImTextureID>(static_cast<std::uintptr_t>(image_texture)), ImVec2(30, 12));
    ImDrawList& list = *ImGui::GetWindowDrawList();
    const ImVec2 at = ImGui::GetCursorScreenPos();
    list.AddCircleFilled(ImVec2(at.x + 20.0f, at.y + 10.0f), 4.0f + 8.0f * unit(rng), IM_COL32(200, 80, 40, 180));
    list.AddLine(at, ImVec2(at.x + 200.0f * unit(rng), at.y + 15.0f), IM_COL32(90, 200, 120, 255), 1.0f + 3.0f * unit(rng));
    list.AddRect(ImVec2(at.x + 60.0f, at.y), ImVec2(at.x + 120.0f, at.y + 18.0f), IM_COL32(255, 255, 255, 160), 4.0f);
    ImGui::End();

    ImGui::SetNextWindowPos(ImVec2(200.0f + 200.0f * unit(rng), 150.0f + 100.0f * unit(rng)));
    ImGui::Begin("Over", nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoTitleBar);
    ImGui::Text("over the panel: %d", frame * 7);
    ImGui::End();

    // text straight onto the background list, as the canvas labels are
    ImGui::GetBackgroundDrawList()->AddText(fonts.label_fonts.back().font, 20.0f + 8.0f * unit(rng),
                                            ImVec2(unit(rng) * kWidth, unit(rng) * kHeight), IM_COL32(240, 220, 90, 255),
                                            "t_enter = 0.9189");
    ImGui::Render();
}

/// Draws `data` with ImGui's backend (the judge) and with the panel renderer, each into its own
/// cleared framebuffer; empty when they agree byte for byte, else where they first part.
std::string compare_with_backend(ImDrawData& data, UiRenderer& renderer,
                                 std::span<const ImDrawList* const> bilinear_lists = {}) {
    const Framebuffer judge;
    const Framebuffer ours;
    judge.bind_and_clear();
    ImGui_ImplOpenGL3_RenderDrawData(&data);
    ours.bind_and_clear();
    renderer.draw(data, bilinear_lists);
    const std::vector<std::uint8_t> want = judge.read();
    const std::vector<std::uint8_t> got = ours.read();
    if (const GLenum error = glGetError(); error != GL_NO_ERROR) return "GL error " + std::to_string(error);
    for (std::size_t i = 0; i < want.size(); ++i)
        if (want[i] != got[i])
            return "first difference at pixel (" + std::to_string((i / 4) % kWidth) + ", " +
                   std::to_string(kHeight - 1 - static_cast<int>(i / 4 / kWidth)) + "), byte " + std::to_string(i % 4) +
                   ": judge " + std::to_string(want[i]) + ", ours " + std::to_string(got[i]);
    return {};
}

TEST_F(UiRendererTest, PaintsWhatDearImGuisBackendPaints) {
    std::mt19937 rng(20261121);
    unsigned int most_triangles = 0;  // in one clip rectangle: more than one draw call's worth
    for (int frame = 0; frame < 24; ++frame) {
        build_frame(rng, fonts_, frame, image_texture_);
        ImDrawData& data = *ImGui::GetDrawData();
        ASSERT_GT(data.TotalVtxCount, 0);
        for (int n = 0; n < data.CmdListsCount; ++n)
            for (const ImDrawCmd& cmd : data.CmdLists[n]->CmdBuffer) most_triangles = std::max(most_triangles, cmd.ElemCount / 3);
        ASSERT_EQ(compare_with_backend(data, *renderer_), "") << "frame " << frame;
    }
    // some clip rectangle held enough triangles to be cut into several draw calls: the comparison covers the cuts
    EXPECT_GT(most_triangles, 2u * 128u);
}

// A high-DPI display (framebuffer pixels per point 2, 1.5, 1.25, 0.75) and a display origin away
// from (0, 0): the scissors and the projection still match the backend's.
TEST_F(UiRendererTest, MatchesTheBackendAtOtherScalesAndOrigins) {
    ImGuiIO& io = ImGui::GetIO();
    for (const float scale : {2.0f, 1.5f, 1.25f, 0.75f}) {
        io.DisplaySize = ImVec2(kWidth / scale, kHeight / scale);
        io.DisplayFramebufferScale = ImVec2(scale, scale);
        std::mt19937 rng(static_cast<unsigned>(scale * 100.0f));
        for (int frame = 0; frame < 4; ++frame) {
            build_frame(rng, fonts_, frame, image_texture_);
            ImDrawData& data = *ImGui::GetDrawData();
            ASSERT_EQ(data.FramebufferScale.x, scale);
            EXPECT_EQ(compare_with_backend(data, *renderer_), "") << "scale " << scale << ", frame " << frame;
            data.DisplayPos = ImVec2(-37.5f, 21.25f);  // as a secondary viewport would see it
            EXPECT_EQ(compare_with_backend(data, *renderer_), "") << "scale " << scale << ", frame " << frame << ", moved origin";
        }
    }
    io.DisplaySize = ImVec2(kWidth, kHeight);
    io.DisplayFramebufferScale = ImVec2(1.0f, 1.0f);
}

// A draw list past 65,536 vertices: 16-bit indices then count from each command's VtxOffset.
TEST_F(UiRendererTest, MatchesTheBackendPastSixteenBitIndices) {
    ASSERT_TRUE(ImGui::GetIO().BackendFlags & ImGuiBackendFlags_RendererHasVtxOffset);
    std::mt19937 rng(3);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    ImGui::GetIO().DeltaTime = 1.0f / 60.0f;
    ImGui_ImplOpenGL3_NewFrame();
    ImGui::NewFrame();
    ImDrawList& list = *ImGui::GetBackgroundDrawList();
    for (int i = 0; i < 3000; ++i)
        list.AddCircleFilled(ImVec2(unit(rng) * kWidth, unit(rng) * kHeight), 2.0f + 20.0f * unit(rng),
                             IM_COL32(static_cast<int>(255 * unit(rng)), static_cast<int>(255 * unit(rng)),
                                      static_cast<int>(255 * unit(rng)), static_cast<int>(40 + 200 * unit(rng))), 0);
    ImGui::Render();
    ImDrawData& data = *ImGui::GetDrawData();
    unsigned int most_offset = 0;
    for (int n = 0; n < data.CmdListsCount; ++n)
        for (const ImDrawCmd& cmd : data.CmdLists[n]->CmdBuffer) most_offset = std::max(most_offset, cmd.VtxOffset);
    ASSERT_GT(most_offset, 0u) << "the list stayed under 65,536 vertices";
    EXPECT_EQ(compare_with_backend(data, *renderer_), "");
}

/// The font atlas's own filtering (what the backend samples with).
void set_atlas_filter(GLint filter) {
    glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(reinterpret_cast<std::uintptr_t>(ImGui::GetIO().Fonts->TexID)));
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filter);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filter);
}

// Nearest sampling (the window's): the backend with the atlas itself set to GL_NEAREST is the
// judge; lists named bilinear, and any framebuffer scale but 1, must stay as the bilinear backend
// draws them. Each comparison also fails if the other filter is used (checked below: the two
// filters give different pixels on these frames).
TEST_F(UiRendererTest, SamplesTexelForTexelWhenAskedAsTheBackendDoesWithNearestFiltering) {
    ImGuiStyle& style = ImGui::GetStyle();
    style.AntiAliasedLinesUseTex = false;  // as the window's style, which nearest sampling needs
    renderer_->set_nearest_sampling(true);
    std::mt19937 rng(1121);
    for (int frame = 0; frame < 6; ++frame) {
        build_frame(rng, fonts_, frame, image_texture_);
        ImDrawData& data = *ImGui::GetDrawData();
        set_atlas_filter(GL_NEAREST);
        EXPECT_EQ(compare_with_backend(data, *renderer_), "") << "frame " << frame;
        set_atlas_filter(GL_LINEAR);
        EXPECT_NE(compare_with_backend(data, *renderer_), "") << "frame " << frame << ": the filters give the same pixels";
        // every list exempted: all bilinear
        std::vector<const ImDrawList*> lists(data.CmdLists, data.CmdLists + data.CmdListsCount);
        EXPECT_EQ(compare_with_backend(data, *renderer_, lists), "") << "frame " << frame << ", all lists bilinear";
    }
    ImGuiIO& io = ImGui::GetIO();
    io.DisplaySize = ImVec2(kWidth / 2.0f, kHeight / 2.0f);
    io.DisplayFramebufferScale = ImVec2(2.0f, 2.0f);
    build_frame(rng, fonts_, 0, image_texture_);
    EXPECT_EQ(compare_with_backend(*ImGui::GetDrawData(), *renderer_), "") << "framebuffer scale 2";
    io.DisplaySize = ImVec2(kWidth, kHeight);
    io.DisplayFramebufferScale = ImVec2(1.0f, 1.0f);
    renderer_->set_nearest_sampling(false);
    style.AntiAliasedLinesUseTex = true;
}

// The draw calls of one clip rectangle: in order, without gaps, each at most 128 triangles, and
// each either whole ImGui quads or other triangles, never both (llvmpipe sets up rectangles
// only in calls of whole quads). Judged on the index lists of real frames.
TEST_F(UiRendererTest, CutsEachClipRectangleIntoRunsOfQuadsOrOfOtherTriangles) {
    std::mt19937 rng(5);
    long quads = 0;
    long others = 0;
    for (int frame = 0; frame < 6; ++frame) {
        build_frame(rng, fonts_, frame, image_texture_);
        const ImDrawData& data = *ImGui::GetDrawData();
        for (int n = 0; n < data.CmdListsCount; ++n) {
            const ImDrawList& list = *data.CmdLists[n];
            for (const ImDrawCmd& cmd : list.CmdBuffer) {
                const ImDrawIdx* indices = list.IdxBuffer.Data + cmd.IdxOffset;
                for (unsigned int start = 0; start < cmd.ElemCount;) {
                    const unsigned int end = detail::ui_draw_run_end(indices, start, cmd.ElemCount);
                    ASSERT_GT(end, start);
                    ASSERT_LE(end, cmd.ElemCount);
                    ASSERT_LE(end - start, 3u * 128u);
                    ASSERT_EQ((end - start) % 3, 0u);
                    // brute force: look at every triangle pair of the run
                    const bool quad_run = detail::is_imgui_quad(indices + start, cmd.ElemCount - start);
                    if (quad_run) {
                        ASSERT_EQ((end - start) % 6, 0u);
                        for (unsigned int k = start; k < end; k += 6) {
                            const ImDrawIdx v = indices[k];
                            ASSERT_TRUE(indices[k + 1] == v + 1 && indices[k + 2] == v + 2 && indices[k + 3] == v &&
                                        indices[k + 4] == v + 2 && indices[k + 5] == v + 3);
                        }
                        ++quads;
                    } else {
                        for (unsigned int k = start; k < end; k += 3)
                            ASSERT_FALSE(detail::is_imgui_quad(indices + k, cmd.ElemCount - k)) << "a quad inside a run of others";
                        ++others;
                    }
                    // a run ends at the command's end, at its longest, or where the other kind starts
                    if (end < cmd.ElemCount && end - start < 3u * 128u) {
                        ASSERT_NE(detail::is_imgui_quad(indices + end, cmd.ElemCount - end), quad_run);
                    }
                    start = end;
                }
            }
        }
    }
    EXPECT_GT(quads, 0);
    EXPECT_GT(others, 0);
}

TEST_F(UiRendererTest, PutsBackTheStateItChanges) {
    std::mt19937 rng(7);
    build_frame(rng, fonts_, 0, image_texture_);
    const Framebuffer target;
    target.bind_and_clear();
    glViewport(3, 4, 50, 60);
    glDisable(GL_BLEND);
    glEnable(GL_SCISSOR_TEST);
    glScissor(1, 2, 30, 40);
    glBlendFunc(GL_ONE, GL_ZERO);
    renderer_->draw(*ImGui::GetDrawData());
    GLint viewport[4]{};
    GLint scissor[4]{};
    GLint source = 0;
    glGetIntegerv(GL_VIEWPORT, viewport);
    glGetIntegerv(GL_SCISSOR_BOX, scissor);
    glGetIntegerv(GL_BLEND_SRC_RGB, &source);
    EXPECT_EQ(viewport[0], 3);
    EXPECT_EQ(viewport[3], 60);
    EXPECT_EQ(scissor[1], 2);
    EXPECT_EQ(scissor[2], 30);
    EXPECT_EQ(glIsEnabled(GL_BLEND), GL_FALSE);
    EXPECT_EQ(glIsEnabled(GL_SCISSOR_TEST), GL_TRUE);
    EXPECT_EQ(source, GL_ONE);
}

}  // namespace
}  // namespace tangent
