// The display's scale from its dots an inch, and the desktop's Xft.dpi read from an X resource
// database as xrdb leaves it on the root window.

#include <gtest/gtest.h>

#include <cmath>

#include "ui/display_scale.h"

namespace tangent::ui {
namespace {

// dpi / 96 to the nearest quarter, from 1 to 3: the judge is the quarter counted here in integers.
TEST(DisplayScale, IsTheDpiOver96ToTheNearestQuarter) {
    for (int dpi = 40; dpi <= 400; ++dpi) {
        const long quarters = std::clamp(std::lround(dpi * 4 / 96.0), 4L, 12L);
        EXPECT_EQ(scale_for_dpi(dpi), static_cast<float>(quarters) / 4.0f) << dpi;
    }
    EXPECT_EQ(scale_for_dpi(100), 1.0f) << "Xvfb's default is no high-DPI display";
    EXPECT_EQ(scale_for_dpi(192), 2.0f);
    EXPECT_EQ(scale_for_dpi(120), 1.25f);
    EXPECT_EQ(scale_for_dpi(144), 1.5f);
    EXPECT_EQ(scale_for_dpi(96), 1.0f);
    EXPECT_EQ(scale_for_dpi(0), 1.0f);
    EXPECT_EQ(scale_for_dpi(-96), 1.0f);
    EXPECT_EQ(scale_for_dpi(std::nan("")), 1.0f);
    EXPECT_EQ(scale_for_dpi(1e9), 3.0f);
}

TEST(DisplayScale, ReadsXftDpiFromTheResources) {
    EXPECT_EQ(xft_dpi("Xft.dpi:\t144\n"), 144.0);
    EXPECT_EQ(xft_dpi("Xft.antialias:\t1\nXft.dpi:\t192\nXft.hinting:\t1\n"), 192.0);
    EXPECT_EQ(xft_dpi("Xft.dpi: 120.5"), 120.5);  // the last line with no newline
    EXPECT_EQ(xft_dpi("Xcursor.size:\t24\n"), std::nullopt);
    EXPECT_EQ(xft_dpi("*Xft.dpi:\t144\n"), std::nullopt) << "only the key itself";
    EXPECT_EQ(xft_dpi("Xft.dpi:\tlarge\n"), std::nullopt);
    EXPECT_EQ(xft_dpi("Xft.dpi:\t0\n"), std::nullopt);
    EXPECT_EQ(xft_dpi(""), std::nullopt);
    EXPECT_EQ(xft_dpi("Xft.dpi:\t144abc\n"), std::nullopt) << "a number and nothing else";
    EXPECT_EQ(xft_dpi("Xft.dpi:\t96\nXft.dpi:\t192\n"), 192.0) << "the last definition wins, as xrdb merges them";
}

}  // namespace
}  // namespace tangent::ui
