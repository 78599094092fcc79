// A drag field at any scale (a code review): the panel's radius, mass and horizon fields held
// fixed limits ([1e-3, 1e6] for a radius), and Dear ImGui clamps a dragged value into them, so a
// radius of 1e-6 dragged 10 px became 0.08 and a horizon of 1e8 became 999999. Their limits now
// stretch around the value the drag starts from. Driven here with Dear ImGui's own drag (mouse
// state set frame by frame, no display), judged by the value the drag leaves against the pixels
// moved times the field's speed.

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <limits>

#include <imgui.h>

#include "ui/number_field.h"
#include "headless_imgui.h"

namespace tangent {
namespace {

TEST(DragRange, HoldsTheUsualLimitsAndStretchesToTheValue) {
    // a value within them: the limits as given
    for (const double value : {1e-3, 0.5, 1.0, 7.0, 1e6}) {
        const DragRange r = drag_range(value, 1e-3, 1e6);
        EXPECT_EQ(r.min, 1e-3) << value;
        EXPECT_EQ(r.max, 1e6) << value;
    }
    // beyond them: three decades either side of the value, the value well inside
    for (const double value : {1e-300, 1e-12, 1e-6}) {
        const DragRange r = drag_range(value, 1e-3, 1e6);
        EXPECT_GT(r.min, 0.0) << value;
        EXPECT_LE(r.min, value * 1e-3 * (1 + 1e-15)) << value;
        EXPECT_NEAR(r.max, value * 1e3, value * 1e3 * 1e-15) << value << ": a drag right stays within three decades";
    }
    for (const double value : {4e9, 1e20, 1e27}) {
        const DragRange r = drag_range(value, 1e-3, 1e6);
        EXPECT_NEAR(r.min, value * 1e-3, value * 1e-3 * 1e-15) << value << ": a drag left stays within three decades";
        EXPECT_GE(r.max, value * 1e3 * (1 - 1e-15)) << value;
    }
    EXPECT_EQ(drag_range(1e29, 1e-3, 1e6).max, 1e30) << "a logarithmic drag needs a range under FLT_MAX";
    // past what a float's range or a double's least allows: the value itself is the bound
    EXPECT_EQ(drag_range(1e300, 1e-3, 1e6).max, 1e300);
    const double least = std::numeric_limits<double>::denorm_min();
    EXPECT_EQ(drag_range(least, 1e-3, 1e6).min, least);
    // no value to stretch around (typed nonsense is refused elsewhere): the limits as given
    EXPECT_EQ(drag_range(-1.0, 1e-3, 1e6).min, 1e-3);
    EXPECT_EQ(drag_range(std::nan(""), 1e-3, 1e6).max, 1e6);
}

class NumberFieldDrag : public HeadlessImGuiTest {
protected:
    /// One frame of a window holding the field, the mouse at x (button held or not); the field's
    /// centre, where the frame drew it.
    ImVec2 frame(double* value, float speed, double least, double most, ImGuiSliderFlags flags, float x, bool down) {
        ImGuiIO& io = ImGui::GetIO();
        io.MousePos = ImVec2(x, field_.y);
        io.MouseDown[0] = down;
        ImGui::NewFrame();
        ImGui::SetNextWindowPos(ImVec2(0, 0));
        ImGui::SetNextWindowSize(ImVec2(400, 200));
        ImGui::Begin("panel");
        ImGui::SetNextItemWidth(200);
        (void)fields_.drag("radius", value, speed, &least, &most, nullptr, flags, true);
        const ImVec2 min = ImGui::GetItemRectMin();
        const ImVec2 max = ImGui::GetItemRectMax();
        ImGui::End();
        ImGui::Render();
        return ImVec2(0.5f * (min.x + max.x), 0.5f * (min.y + max.y));
    }
    /// Presses on the field and drags it `pixels` to the right (left if negative), a pixel a
    /// frame, then lets go.
    double dragged(double value, float speed, double least, double most, ImGuiSliderFlags flags, int pixels) {
        field_ = frame(&value, speed, least, most, flags, 0.0f, false);  // where the field is
        const float x = field_.x;
        // hover, for longer than a double-click's time since any press before (a second press
        // within it would open the field for typing, as a double-click does)
        for (int i = 0; i < 30; ++i) frame(&value, speed, least, most, flags, x, false);
        frame(&value, speed, least, most, flags, x, true);                               // press
        const int step = pixels > 0 ? 1 : -1;
        for (int i = 1; i <= std::abs(pixels); ++i) frame(&value, speed, least, most, flags, x + static_cast<float>(step * i), true);
        frame(&value, speed, least, most, flags, x + static_cast<float>(pixels), false);  // let go
        return value;
    }

    NumberFields fields_;
    ImVec2 field_{0, 0};
};

// A radius of 1e-6 dragged 20 px at a speed of a canvas pixel's size (here 1e-8): it grows by
// what the pixels past Dear ImGui's 3-px start times the speed give, not to the 1e-3 floor.
TEST_F(NumberFieldDrag, ATinyRadiusDragsByItsOwnScale) {
    const double speed = 1e-8;
    const double after = dragged(1e-6, static_cast<float>(speed), 1e-3, 1e6, 0, 20);
    EXPECT_GT(after, 1e-6) << "the drag moved nothing: the test proves nothing";
    EXPECT_LE(after, 1e-6 + 20 * speed * (1 + 1e-6)) << "more than 20 px at the speed";
    EXPECT_GE(after, 1e-6 + 10 * speed * (1 - 1e-6)) << "less than the pixels past the threshold";
}

// A horizon of 1e8 dragged left a few pixels on the logarithmic drag: a little less than 1e8,
// not the 1e6 limit. (Its speed is in decades a pixel: 0.01 of Dear ImGui's own moved a horizon
// by a factor 1.0000002 a pixel.) And one of 10 dragged 100 px right goes up about a decade. And dragged far left, a radius stops at the stretched floor it started
// with (a thousandth of it), not lower a frame later as the floor follows the value down.
TEST_F(NumberFieldDrag, ALargeHorizonAndADragPastTheFloorKeepTheirScale) {
    const double horizon = dragged(1e8, 0.01f, 1e-3, 1e6, ImGuiSliderFlags_Logarithmic, -8);
    EXPECT_LT(horizon, 1e8 * 0.95) << "eight pixels took a horizon of 1e8 to " << horizon;
    EXPECT_GT(horizon, 1e7) << "eight pixels took a horizon of 1e8 to " << horizon;
    // 100 px, of which Dear ImGui's first 3 move nothing: 0.97 decades at 0.01 a pixel
    const double ten = dragged(10.0, 0.01f, 1e-3, 1e6, ImGuiSliderFlags_Logarithmic, 100);
    EXPECT_NEAR(std::log10(ten / 10.0), 0.97, 0.05) << ten;
    const double radius = dragged(1e-6, 1e-7f, 1e-3, 1e6, 0, -200);
    EXPECT_EQ(radius, 1e-6 * 1e-3) << "the floor is the one the drag started with";
    // a radius of 1e20 dragged far left stops three decades down, not at 0.001 (a recheck)
    const double large = dragged(1e20, 1e18f, 1e-3, 1e6, 0, -400);
    EXPECT_EQ(large, 1e20 * 1e-3);
    // a mass of 1e-12 dragged 10 px right on the logarithmic drag: a tenth of a decade or less
    // (the first 3 px move nothing), not to 1e-4, Dear ImGui's own taking it for 0 (a recheck)
    const double mass = dragged(1e-12, 0.01f, 1e-6, 1e12, ImGuiSliderFlags_Logarithmic, 10);
    EXPECT_GT(mass, 1e-12);
    EXPECT_NEAR(std::log10(mass / 1e-12), 0.07, 0.02) << mass;
    // a horizon of 1e-11, 100 px right: a decade, not 7.5
    const double short_horizon = dragged(1e-11, 0.01f, 1e-3, 1e6, ImGuiSliderFlags_Logarithmic, 100);
    EXPECT_NEAR(std::log10(short_horizon / 1e-11), 0.97, 0.05) << short_horizon;
}

}  // namespace
}  // namespace tangent
