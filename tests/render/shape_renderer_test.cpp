// The shape renderer on real renders: a headless OpenGL context (SDL's offscreen driver over Mesa),
// render_image into memory, and pixels compared with colours computed here from the inputs.

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdlib>
#include <memory>
#include <random>

#include <epoxy/gl.h>

#include "render/gl_context.h"
#include "render/image.h"
#include "render/shape_renderer.h"
#include "support/gl_test.h"

namespace tangent {
namespace {

using Pixel = std::array<int, 4>;

// One byte of rounding in the framebuffer, one in blending, one in un-premultiplying.
constexpr int kTolerance = 3;

const Rgba kBackground{0.08f, 0.10f, 0.14f, 1.0f};
const Rgba kRed{0.90f, 0.20f, 0.15f, 1.0f};
const Rgba kGreen{0.20f, 0.85f, 0.30f, 1.0f};
const Rgba kBlue{0.25f, 0.45f, 0.95f, 1.0f};

int byte(float v) { return static_cast<int>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f)); }
Pixel bytes(const Rgba& c) { return {byte(c.r), byte(c.g), byte(c.b), byte(c.a)}; }

// straight colour `top` over opaque `bottom`: top·a + bottom·(1 - a)
Pixel over(const Rgba& top, const Rgba& bottom) {
    const auto mix = [&](float t, float b) { return byte(t * top.a + b * (1.0f - top.a)); };
    return {mix(top.r, bottom.r), mix(top.g, bottom.g), mix(top.b, bottom.b), 255};
}

Pixel at(const Image& image, int x, int y) {
    const std::size_t i = (static_cast<std::size_t>(y) * static_cast<std::size_t>(image.width) + static_cast<std::size_t>(x)) * 4;
    return {image.rgba[i], image.rgba[i + 1], image.rgba[i + 2], image.rgba[i + 3]};
}

int difference(const Pixel& a, const Pixel& b) {
    int most = 0;
    for (std::size_t c = 0; c < 4; ++c) most = std::max(most, std::abs(a[c] - b[c]));
    return most;
}

bool near(const Pixel& a, const Pixel& b, int tolerance = kTolerance) { return difference(a, b) <= tolerance; }

std::string show(const Pixel& p) {
    return "(" + std::to_string(p[0]) + ", " + std::to_string(p[1]) + ", " + std::to_string(p[2]) + ", " + std::to_string(p[3]) + ")";
}

::testing::AssertionResult pixel_is(const Image& image, int x, int y, const Pixel& want) {
    if (x < 0 || y < 0 || x >= image.width || y >= image.height)
        return ::testing::AssertionFailure() << "pixel (" << x << ", " << y << ") is outside the image";
    const Pixel got = at(image, x, y);
    if (near(got, want)) return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure() << "pixel (" << x << ", " << y << ") is " << show(got) << ", expected " << show(want);
}

#define EXPECT_PIXEL(image, x, y, expected) EXPECT_TRUE(pixel_is(image, x, y, expected))

// A canvas of odd size, so that world (0, 0) falls on the centre of pixel (w/2, h/2).
Picture blank(int width = 301, int height = 201, Rgba background = kBackground) {
    Picture picture;
    picture.background = background;
    picture.view.center = {0.0, 0.0};
    picture.view.pixels_per_unit = 50.0;
    picture.view.size_px = {width, height};
    return picture;
}

Primitive& add(Picture& picture, Shape shape, glm::dvec2 p0, glm::dvec2 p1 = {0, 0}, double radius = 0.0) {
    Primitive& p = picture.items.emplace_back();
    p.shape = shape;
    p.p0 = p0;
    p.p1 = p1;
    p.radius = radius;
    return p;
}

class ShapeRendererTest : public test::GlTest {
protected:

    static Image render(const Picture& picture, int width = 0, int height = 0, ImageOptions options = {}) {
        if (width == 0) width = static_cast<int>(picture.view.size_px.x);
        if (height == 0) height = static_cast<int>(picture.view.size_px.y);
        Result<Image> image = render_image(*renderer_, picture, width, height, options);
        EXPECT_TRUE(image.ok()) << image.error().message;
        return image.ok() ? std::move(image).value() : Image{};
    }

};


TEST_F(ShapeRendererTest, EmptyPictureIsBackgroundEverywhere) {
    const Image image = render(blank());
    ASSERT_EQ(image.width, 301);
    ASSERT_EQ(image.height, 201);
    const Pixel background = bytes(kBackground);
    int wrong = 0;
    for (int y = 0; y < image.height; ++y)
        for (int x = 0; x < image.width; ++x) wrong += at(image, x, y) != background ? 1 : 0;
    EXPECT_EQ(wrong, 0);
}

TEST_F(ShapeRendererTest, DiscInteriorIsFillOverBackground) {
    Picture picture = blank();
    Primitive& disc = add(picture, Shape::Disc, {0, 0}, {0, 0}, 1.0);  // 50 px
    disc.fill = kRed.with_alpha(0.6f);
    disc.stroke = kGreen;
    disc.stroke_px = 3.0f;
    const Image image = render(picture);
    EXPECT_PIXEL(image, 150, 100, over(kRed.with_alpha(0.6f), kBackground));
    EXPECT_PIXEL(image, 150 + 30, 100 - 20, over(kRed.with_alpha(0.6f), kBackground));
    EXPECT_PIXEL(image, 150 + 50, 100, bytes(kGreen));  // on the rim: the outline
    EXPECT_PIXEL(image, 150 + 56, 100, bytes(kBackground));
}

TEST_F(ShapeRendererTest, RingIsStrokeOnTheCircumferenceAndHollow) {
    Picture picture = blank();
    Primitive& ring = add(picture, Shape::Ring, {0, 0}, {0, 0}, 1.5);  // 75 px
    ring.stroke = kBlue;
    ring.stroke_px = 3.0f;
    const Image image = render(picture);
    EXPECT_PIXEL(image, 150 + 75, 100, bytes(kBlue));
    EXPECT_PIXEL(image, 150, 100 - 75, bytes(kBlue));
    EXPECT_PIXEL(image, 150 - 53, 100 + 53, bytes(kBlue));  // 75/√2 ≈ 53
    EXPECT_PIXEL(image, 150, 100, bytes(kBackground));
    EXPECT_PIXEL(image, 150 + 70, 100, bytes(kBackground));
    EXPECT_PIXEL(image, 150 + 80, 100, bytes(kBackground));
}

// One draw call shares a mesh between a small ring (few sides) and a large one (many): the large
// one must still be drawn all round, at every angle.
TEST_F(ShapeRendererTest, RingsOfDifferentSizesInOneRunAreEachWholeAllRound) {
    Picture picture = blank();
    add(picture, Shape::Ring, {-2.6, 1.5}, {0, 0}, 0.26);  // 13 px
    add(picture, Shape::Ring, {0, 0}, {0, 0}, 1.8);        // 90 px
    for (Primitive& ring : picture.items) {
        ring.stroke = kBlue;
        ring.stroke_px = 3.0f;
    }
    const Image image = render(picture);
    for (int k = 0; k < 360; ++k) {
        const double angle = k * 3.14159265358979 / 180.0;
        const int x = static_cast<int>(std::floor(150.5 + 90.0 * std::cos(angle)));
        const int y = static_cast<int>(std::floor(100.5 + 90.0 * std::sin(angle)));
        if (x < 0 || y < 0 || x >= image.width || y >= image.height) continue;
        ASSERT_TRUE(near(at(image, x, y), bytes(kBlue), 40)) << "at " << k << " degrees: " << show(at(image, x, y));
    }
    EXPECT_PIXEL(image, 150 - 130 + 13, 100 - 75, bytes(kBlue));  // the small one's rim
}

TEST_F(ShapeRendererTest, DashedRingAlternatesWithTheDashFraction) {
    Picture picture = blank();
    const double radius_px = 80.0;
    Primitive& ring = add(picture, Shape::DashedRing, {0, 0}, {0, 0}, radius_px / 50.0);
    ring.stroke = kGreen;
    ring.stroke_px = 3.0f;
    ring.dash_px = 10.0f;
    ring.gap_px = 6.0f;
    const Image image = render(picture);
    // walk the circumference one sample per 0.25 px of arc
    const int samples = static_cast<int>(2.0 * 3.14159265358979 * radius_px * 4.0);
    int on = 0;
    int off = 0;
    int runs = 0;
    bool previous_on = false;
    for (int i = 0; i < samples; ++i) {
        const double angle = 2.0 * 3.14159265358979 * i / samples;
        const int x = static_cast<int>(std::floor(150.5 + radius_px * std::cos(angle)));
        const int y = static_cast<int>(std::floor(100.5 + radius_px * std::sin(angle)));
        const Pixel p = at(image, x, y);
        const bool is_on = difference(p, bytes(kGreen)) < difference(p, bytes(kBackground));
        (is_on ? on : off) += 1;
        if (is_on && !previous_on) ++runs;
        previous_on = is_on;
    }
    const double fraction = static_cast<double>(on) / samples;
    EXPECT_NEAR(fraction, 10.0 / 16.0, 0.06);
    // 2π·80 / 16 ≈ 31.4 periods, fitted to 31 whole ones
    EXPECT_GE(runs, 29);
    EXPECT_LE(runs, 33);
    EXPECT_GT(off, samples / 4);
    EXPECT_PIXEL(image, 150, 100, bytes(kBackground));
}

TEST_F(ShapeRendererTest, SegmentCoversItsWidthAndNoMore) {
    Picture picture = blank();
    Primitive& segment = add(picture, Shape::Segment, {-2, 0}, {2, 0});
    segment.stroke = kRed;
    segment.stroke_px = 3.0f;
    const Image image = render(picture);
    EXPECT_PIXEL(image, 150, 100, bytes(kRed));
    EXPECT_PIXEL(image, 150, 101, bytes(kRed));  // rows 99 to 101 exactly: y in [99, 102]
    EXPECT_PIXEL(image, 150, 102, bytes(kBackground));
    EXPECT_PIXEL(image, 150, 100 + 5, bytes(kBackground));                    // 3 px beyond the half-width
    EXPECT_PIXEL(image, 150, 100 - 5, bytes(kBackground));
    EXPECT_PIXEL(image, 150 + 100 + 1, 100, bytes(kRed));  // the round cap reaches 1.5 px past the end
    EXPECT_PIXEL(image, 150 + 100 + 5, 100, bytes(kBackground));
}

TEST_F(ShapeRendererTest, ThinLinesKeepTheirInkAcrossRows) {
    // a 1 px line on a pixel centre fills one row; on a pixel edge it halves two rows
    Picture picture = blank();
    Primitive& centred = add(picture, Shape::Segment, {-2, 0}, {2, 0});
    centred.stroke = kBlue;
    centred.stroke_px = 1.0f;
    Primitive& edge = add(picture, Shape::Segment, {-2, 0.5 / 50.0 + 0.6}, {2, 0.5 / 50.0 + 0.6});  // canvas y = 70
    edge.stroke = kBlue;
    edge.stroke_px = 1.0f;
    const Image image = render(picture);
    EXPECT_PIXEL(image, 150, 100, bytes(kBlue));
    EXPECT_PIXEL(image, 150, 99, bytes(kBackground));
    EXPECT_PIXEL(image, 150, 101, bytes(kBackground));
    EXPECT_PIXEL(image, 150, 69, over(kBlue.with_alpha(0.5f), kBackground));
    EXPECT_PIXEL(image, 150, 70, over(kBlue.with_alpha(0.5f), kBackground));
}

TEST_F(ShapeRendererTest, ArrowHeadIsFilledWithTheFillColour) {
    Picture picture = blank();
    Primitive& arrow = add(picture, Shape::Arrow, {-2, 0}, {2, 0});  // tip at x = 250
    arrow.stroke = kBlue;
    arrow.fill = kRed;
    arrow.stroke_px = 2.0f;  // head: 14 px long, 7.4 px half-width
    const Image image = render(picture);
    EXPECT_PIXEL(image, 250 - 6, 100, bytes(kRed));
    EXPECT_PIXEL(image, 250 - 12, 100 + 4, bytes(kRed));  // off the shaft, inside the head
    EXPECT_PIXEL(image, 150, 100, bytes(kBlue));          // the shaft
    EXPECT_PIXEL(image, 250 + 3, 100, bytes(kBackground));
    EXPECT_PIXEL(image, 250 - 12, 100 + 10, bytes(kBackground));
}

TEST_F(ShapeRendererTest, ShortArrowShrinksItsHead) {
    Picture picture = blank();
    Primitive& arrow = add(picture, Shape::Arrow, {0, 0}, {6.0 / 50.0, 0});  // 6 px, head would be 14
    arrow.stroke = kBlue;
    arrow.fill = kRed;
    arrow.stroke_px = 2.0f;
    const Image image = render(picture);
    EXPECT_PIXEL(image, 150 + 2, 100, bytes(kRed));
    EXPECT_PIXEL(image, 150 + 8, 100, bytes(kBackground));
    EXPECT_PIXEL(image, 150 + 1, 100 + 5, bytes(kBackground));  // the half-width shrank from 7.4 to 3.2
}

TEST_F(ShapeRendererTest, CapsuleFillsWithinItsRadius) {
    Picture picture = blank();
    Primitive& capsule = add(picture, Shape::Capsule, {-1, 0}, {1, 0}, 0.5);  // 25 px
    capsule.fill = kGreen.with_alpha(0.3f);
    capsule.stroke = kRed;
    capsule.stroke_px = 2.0f;
    const Image image = render(picture);
    EXPECT_PIXEL(image, 150, 100, over(kGreen.with_alpha(0.3f), kBackground));
    EXPECT_PIXEL(image, 150 + 60, 100, over(kGreen.with_alpha(0.3f), kBackground));  // in the end cap
    EXPECT_PIXEL(image, 150, 100 + 25, bytes(kRed));                                 // on the side
    EXPECT_PIXEL(image, 150 + 75, 100, bytes(kRed));                                 // on the cap's tip
    EXPECT_PIXEL(image, 150, 100 + 30, bytes(kBackground));
    EXPECT_PIXEL(image, 150 + 72, 100 - 20, bytes(kBackground));  // outside the cap's corner
}

TEST_F(ShapeRendererTest, DashedCapsuleOutlineHasGaps) {
    Picture picture = blank();
    Primitive& capsule = add(picture, Shape::Capsule, {-1, 0}, {1, 0}, 0.5);
    capsule.stroke = kRed;
    capsule.stroke_px = 2.0f;
    capsule.dash_px = 6.0f;
    capsule.gap_px = 4.0f;
    const Image image = render(picture);
    int on = 0;
    for (int x = 150 - 45; x < 150 + 45; ++x) on += near(at(image, x, 100 + 25), bytes(kRed), 40) ? 1 : 0;
    EXPECT_GT(on, 90 * 4 / 10);
    EXPECT_LT(on, 90 * 8 / 10);
}

TEST_F(ShapeRendererTest, WorldPointsLandWhereViewToScreenSays) {
    Picture picture = blank();
    picture.view.center = {0.7, -0.3};
    picture.view.pixels_per_unit = 37.0;
    Primitive& disc = add(picture, Shape::Disc, {2, -1}, {0, 0}, 4.0 / 37.0);
    disc.fill = kRed;
    const glm::dvec2 screen = picture.view.to_screen({2, -1});
    const int x = static_cast<int>(std::floor(screen.x));
    const int y = static_cast<int>(std::floor(screen.y));
    const Image image = render(picture);
    EXPECT_PIXEL(image, x, y, bytes(kRed));
    EXPECT_PIXEL(image, x + 7, y, bytes(kBackground));
    EXPECT_PIXEL(image, x, y - 7, bytes(kBackground));
    // y is up in the world: the mirror image (2, +1) stays empty
    const glm::dvec2 mirror = picture.view.to_screen({2, 1});
    EXPECT_PIXEL(image, static_cast<int>(mirror.x), static_cast<int>(mirror.y), bytes(kBackground));
}

TEST_F(ShapeRendererTest, ScreenSpacePrimitivesUseCanvasPixels) {
    Picture picture = blank();
    Primitive& disc = add(picture, Shape::Disc, {40.5, 30.5}, {0, 0}, 4.0);
    disc.space = Space::Screen;
    disc.fill = kGreen;
    Primitive& segment = add(picture, Shape::Segment, {200.5, 20.0}, {200.5, 60.0});
    segment.space = Space::Screen;
    segment.stroke = kRed;
    segment.stroke_px = 1.0f;
    const Image image = render(picture);
    EXPECT_PIXEL(image, 40, 30, bytes(kGreen));
    EXPECT_PIXEL(image, 40, 36, bytes(kBackground));
    EXPECT_PIXEL(image, 200, 40, bytes(kRed));
    EXPECT_PIXEL(image, 201, 40, bytes(kBackground));
    EXPECT_PIXEL(image, 200, 65, bytes(kBackground));
}

Picture busy_picture(int width, int height) {
    Picture picture = blank(width, height);
    picture.view.center = {0.3, 0.1};
    std::mt19937 random(20240607u);
    std::uniform_real_distribution<double> coordinate(-3.0, 3.0);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const Rgba colours[] = {kRed, kGreen, kBlue, Rgba{0.95f, 0.85f, 0.2f, 0.7f}};
    for (int i = 0; i < 40; ++i) {
        const Shape shape = static_cast<Shape>(i % 6);
        Primitive& p = add(picture, shape, {coordinate(random), coordinate(random)}, {coordinate(random), coordinate(random)},
                           0.2 + unit(random));
        p.fill = colours[i % 4].with_alpha(static_cast<float>(0.2 + 0.6 * unit(random)));
        p.stroke = colours[(i + 1) % 4];
        p.stroke_px = static_cast<float>(1.0 + 3.0 * unit(random));
        if (i % 3 == 0 || shape == Shape::DashedRing) {
            p.dash_px = static_cast<float>(4.0 + 6.0 * unit(random));
            p.gap_px = static_cast<float>(3.0 + 4.0 * unit(random));
        }
    }
    return picture;
}

TEST_F(ShapeRendererTest, PixelRatioTwoIsTheSamePictureTwiceAsLarge) {
    const Picture picture = busy_picture(150, 100);
    const Image small = render(picture, 150, 100);
    const Image large = render(picture, 300, 200);
    ASSERT_EQ(large.width, 300);
    // average the 2x2 blocks of the large image and compare with the small one
    double total = 0.0;
    int far_off = 0;
    for (int y = 0; y < 100; ++y)
        for (int x = 0; x < 150; ++x) {
            Pixel mean{};
            for (int dy = 0; dy < 2; ++dy)
                for (int dx = 0; dx < 2; ++dx)
                    for (std::size_t c = 0; c < 4; ++c) mean[c] += at(large, 2 * x + dx, 2 * y + dy)[c];
            for (int& m : mean) m = (m + 2) / 4;
            const int d = difference(mean, at(small, x, y));
            total += d;
            far_off += d > 64 ? 1 : 0;
        }
    // anti-aliased edges differ a little (the large image is finer); shapes do not move or thicken
    EXPECT_LT(total / (150.0 * 100.0), 3.0);
    EXPECT_LT(far_off, 150 * 100 / 200);
}

TEST_F(ShapeRendererTest, TiledRenderingMatchesOneTile) {
    const Picture picture = busy_picture(300, 200);
    ImageOptions tiled;
    tiled.max_tile = 64;
    const Image whole = render(picture);
    const Image tiles = render(picture, 0, 0, tiled);
    ASSERT_EQ(tiles.rgba.size(), whole.rgba.size());
    int worst = 0;
    for (int y = 0; y < 200; ++y)
        for (int x = 0; x < 300; ++x) worst = std::max(worst, difference(at(whole, x, y), at(tiles, x, y)));
    EXPECT_LE(worst, 1);
}

TEST_F(ShapeRendererTest, TransparentModeLeavesEmptyAreasClear) {
    Picture picture = blank();
    Primitive& solid = add(picture, Shape::Disc, {-1, 0}, {0, 0}, 0.5);
    solid.fill = kRed;
    Primitive& translucent = add(picture, Shape::Disc, {1, 0}, {0, 0}, 0.5);
    translucent.fill = kBlue.with_alpha(0.4f);
    ImageOptions options;
    options.transparent = true;
    const Image image = render(picture, 0, 0, options);
    EXPECT_EQ(at(image, 0, 0)[3], 0);
    EXPECT_EQ(at(image, 150, 100)[3], 0);
    EXPECT_PIXEL(image, 100, 100, bytes(kRed));
    EXPECT_PIXEL(image, 200, 100, bytes(kBlue.with_alpha(0.4f)));  // straight colour, alpha kept
}

TEST_F(ShapeRendererTest, LinesFarOffScreenStillDrawExactly) {
    // endpoints about 1e9 px away: clipped in double before anything becomes a float
    Picture picture = blank();
    Primitive& horizontal = add(picture, Shape::Segment, {-2e7, 0}, {2e7, 0});
    horizontal.stroke = kRed;
    horizontal.stroke_px = 2.0f;
    Primitive& diagonal = add(picture, Shape::Segment, {-2e7 + 1.0, -2e7}, {2e7 + 1.0, 2e7});  // through (1, 0)
    diagonal.stroke = kGreen;
    diagonal.stroke_px = 2.0f;
    Primitive& dashed = add(picture, Shape::Segment, {-2e7, 1.0}, {2e7, 1.0});  // canvas y = 50.5
    dashed.stroke = kBlue;
    dashed.stroke_px = 3.0f;
    dashed.dash_px = 8.0f;
    dashed.gap_px = 8.0f;
    const Image image = render(picture);
    EXPECT_PIXEL(image, 20, 100, bytes(kRed));
    EXPECT_PIXEL(image, 20, 97, bytes(kBackground));
    EXPECT_PIXEL(image, 200 + 40, 100 - 40, bytes(kGreen));  // canvas (200.5 + 40, 100.5 - 40)
    EXPECT_PIXEL(image, 200 + 40, 100 - 46, bytes(kBackground));
    int on = 0;
    for (int x = 0; x < 300; ++x) on += near(at(image, x, 50), bytes(kBlue), 40) ? 1 : 0;
    EXPECT_NEAR(on, 150, 20);
}

TEST_F(ShapeRendererTest, ArrowsAndCapsulesFromFarAwayKeepTheirVisiblePart) {
    Picture picture = blank();
    Primitive& arrow = add(picture, Shape::Arrow, {-2e7, 0}, {1, 0});  // tip at canvas x = 200.5
    arrow.stroke = kBlue;
    arrow.fill = kRed;
    arrow.stroke_px = 2.0f;
    Primitive& capsule = add(picture, Shape::Capsule, {-2e7, -1}, {2e7, -1}, 0.2);  // axis at canvas y = 150.5, 10 px
    capsule.fill = kGreen;
    capsule.stroke = kRed;
    capsule.stroke_px = 2.0f;
    const Image image = render(picture);
    EXPECT_PIXEL(image, 50, 100, bytes(kBlue));
    EXPECT_PIXEL(image, 200 - 5, 100, bytes(kRed));
    EXPECT_PIXEL(image, 200 + 3, 100, bytes(kBackground));
    EXPECT_PIXEL(image, 100, 150, bytes(kGreen));
    EXPECT_PIXEL(image, 100, 150 + 10, bytes(kRed));
    EXPECT_PIXEL(image, 100, 150 + 15, bytes(kBackground));
}

TEST_F(ShapeRendererTest, HugeCircleRimIsStillSharp) {
    // a ring of radius 5e8 px whose rim passes through the canvas centre: no float cancellation
    Picture picture = blank();
    Primitive& ring = add(picture, Shape::Ring, {0, -1e7}, {0, 0}, 1e7);
    ring.stroke = kRed;
    ring.stroke_px = 2.0f;
    Primitive& disc = add(picture, Shape::Disc, {0, -1e7 - 1.0}, {0, 0}, 1e7);  // top edge at canvas y = 150.5
    disc.fill = kBlue;
    const Image image = render(picture);
    EXPECT_PIXEL(image, 150, 100, bytes(kRed));
    EXPECT_PIXEL(image, 20, 100, bytes(kRed));
    EXPECT_PIXEL(image, 150, 97, bytes(kBackground));
    EXPECT_PIXEL(image, 150, 103, bytes(kBackground));
    EXPECT_PIXEL(image, 150, 149, bytes(kBackground));
    EXPECT_PIXEL(image, 150, 152, bytes(kBlue));
    EXPECT_PIXEL(image, 150, 200, bytes(kBlue));
}

TEST_F(ShapeRendererTest, RunsOfLikePrimitivesShareOneDrawCall) {
    Picture picture = blank();
    for (int i = 0; i < 500; ++i) {
        Primitive& line = add(picture, Shape::Segment, {-2, -2 + i * 0.008}, {2, -1 + i * 0.008});
        line.stroke = kRed;
        line.stroke_px = 1.0f;
    }
    for (int i = 0; i < 300; ++i) {
        Primitive& ring = add(picture, Shape::Ring, {-1 + i * 0.005, 0}, {0, 0}, 1.0);
        ring.stroke = kGreen;
        ring.stroke_px = 1.0f;
    }
    Primitive& label = add(picture, Shape::Label, {0, 0});
    label.text = "not drawn here";
    const Image image = render(picture);
    EXPECT_EQ(renderer_->last_instance_count(), 800u);
    EXPECT_EQ(renderer_->last_draw_calls(), 2u);  // the segments' quads, then the rings' annuli
}

// A body's samples: translucent rings and discs evenly spaced on a slant line, overlapping. The
// renderer draws each run as one instance (a train); the judge is the same rings drawn one by one,
// which an invisible segment between every two of them forces.
TEST_F(ShapeRendererTest, EvenlySpacedRingsDrawnAsOneTrainMatchTheRingsDrawnOneByOne) {
    const auto samples = [](bool one_by_one) {
        Picture picture = blank();
        for (int run = 0; run < 2; ++run) {
            const glm::dvec2 start = run == 0 ? glm::dvec2(-2.4, -1.3) : glm::dvec2(-2.7, 0.9);
            const glm::dvec2 step = run == 0 ? glm::dvec2(0.31, 0.17) : glm::dvec2(0.43, -0.05);
            for (int k = 0; k < 14; ++k) {
                Primitive& p = add(picture, run == 0 ? Shape::Ring : Shape::Disc, start + double(k) * step, {0, 0}, 0.45);
                p.stroke = Rgba{0.85f, 0.85f, 0.9f, 0.55f};
                p.stroke_px = run == 0 ? 1.0f : 2.5f;
                if (run == 1) p.fill = Rgba{0.9f, 0.2f, 0.15f, 0.12f};
                if (one_by_one) add(picture, Shape::Segment, {0, 0}, {1, 1}).stroke = Rgba{1, 1, 1, 0};
            }
        }
        return picture;
    };
    const Image one_by_one = render(samples(true));
    const std::size_t separate = renderer_->last_instance_count();
    const Image trains = render(samples(false));
    EXPECT_EQ(separate, 28u);
    EXPECT_EQ(renderer_->last_instance_count(), 2u);  // each run is one train
    ASSERT_EQ(trains.rgba.size(), one_by_one.rgba.size());
    int inked = 0;
    int worst = 0;
    for (int y = 0; y < trains.height; ++y)
        for (int x = 0; x < trains.width; ++x) {
            if (!near(at(one_by_one, x, y), bytes(kBackground), 0)) ++inked;
            worst = std::max(worst, difference(at(trains, x, y), at(one_by_one, x, y)));
        }
    EXPECT_GT(inked, 5000);  // the rings are there to compare
    EXPECT_LE(worst, kTolerance);  // the framebuffer rounds after each ring, the train once
}

// Circles that are not evenly spaced, differ in look, or would pile up on a pixel stay instances
// of their own.
TEST_F(ShapeRendererTest, OnlyEvenlySpacedAlikeCirclesFormATrain) {
    const auto rings = [](auto vary) {
        Picture picture = blank();
        for (int k = 0; k < 6; ++k) {
            Primitive& p = add(picture, Shape::Ring, {-2.0 + 0.5 * k, 0.0}, {0, 0}, 0.4);
            p.stroke = kBlue;
            p.stroke_px = 1.0f;
            vary(p, k);
        }
        return picture;
    };
    render(rings([](Primitive&, int) {}));
    EXPECT_EQ(renderer_->last_instance_count(), 1u);
    render(rings([](Primitive& p, int k) { p.p0.x += k == 3 ? 0.01 : 0.0; }));  // half a pixel off
    EXPECT_EQ(renderer_->last_instance_count(), 4u);  // three in a train, then three alone
    render(rings([](Primitive& p, int k) { p.stroke_px = k % 2 == 0 ? 1.0f : 2.0f; }));
    EXPECT_EQ(renderer_->last_instance_count(), 6u);
    render(rings([](Primitive& p, int k) { p.p0.x = -2.0 + 0.01 * k; }));  // half a pixel apart
    EXPECT_EQ(renderer_->last_instance_count(), 6u);
    render(rings([](Primitive& p, int) { p.dash_px = 4.0f, p.gap_px = 4.0f; }));
    EXPECT_EQ(renderer_->last_instance_count(), 6u);
}

TEST_F(ShapeRendererTest, DrawRestoresTheStateImGuiReads) {
    GLuint framebuffer = 0;
    GLuint renderbuffer = 0;
    glGenRenderbuffers(1, &renderbuffer);
    glBindRenderbuffer(GL_RENDERBUFFER, renderbuffer);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 64, 64);
    glGenFramebuffers(1, &framebuffer);
    glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, renderbuffer);
    glViewport(3, 4, 20, 30);
    glScissor(1, 2, 5, 6);
    glDisable(GL_SCISSOR_TEST);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);

    Picture picture = blank(64, 64);
    Primitive& disc = add(picture, Shape::Disc, {0, 0}, {0, 0}, 0.5);
    disc.fill = kRed;
    DrawTarget target;
    target.framebuffer_size = {64, 64};
    target.clip_px = {0, 0, 64, 64};
    renderer_->draw(picture, target);

    GLint viewport[4];
    GLint scissor[4];
    GLint source = 0;
    GLint destination = 0;
    glGetIntegerv(GL_VIEWPORT, viewport);
    glGetIntegerv(GL_SCISSOR_BOX, scissor);
    glGetIntegerv(GL_BLEND_SRC_RGB, &source);
    glGetIntegerv(GL_BLEND_DST_RGB, &destination);
    EXPECT_EQ(viewport[0], 3);
    EXPECT_EQ(viewport[3], 30);
    EXPECT_EQ(scissor[2], 5);
    EXPECT_EQ(glIsEnabled(GL_SCISSOR_TEST), GL_FALSE);
    EXPECT_EQ(source, GL_SRC_ALPHA);
    EXPECT_EQ(destination, GL_ONE_MINUS_SRC_ALPHA);
    unsigned char centre[4] = {0, 0, 0, 0};
    glReadPixels(32, 32, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, centre);
    EXPECT_EQ(centre[0], bytes(kRed)[0]);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_NO_ERROR));

    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glDeleteFramebuffers(1, &framebuffer);
    glDeleteRenderbuffers(1, &renderbuffer);
}

TEST_F(ShapeRendererTest, SizesOutOfRangeAreErrors) {
    const Picture picture = blank();
    for (const auto& [width, height] : {std::pair{0, 100}, std::pair{100, -1}, std::pair{kMaxImageSide + 1, 10}}) {
        Result<Image> image = render_image(*renderer_, picture, width, height, ImageOptions{});
        ASSERT_FALSE(image.ok());
        EXPECT_NE(image.error().message.find("out of range"), std::string::npos) << image.error().message;
    }
}

}  // namespace
}  // namespace tangent
