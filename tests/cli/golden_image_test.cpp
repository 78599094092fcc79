// Golden images: presets exported to PNG by the real `tangent export` and compared with the
// images in tests/golden/, which a person looked at and approved.
//
// Tolerance: a pixel matches when every channel is within 24/255 (anti-aliased edges move by a
// fraction of a pixel between CPUs, e.g. llvmpipe with AVX-512 or AVX2); at least 99.5% of the
// pixels must match and the mean difference must stay under 1.5/255, and no 16x16 block may hold
// more than 64 differing pixels. Moved edges differ in thin scattered lines; a label moved by a
// few pixels (about 0.3% of a 640x400 image, under the first two bounds) fills its blocks.
//
// After an intended change to the picture, regenerate with
//   TANGENT_UPDATE_GOLDENS=1 build/tests/tangent_app_tests --gtest_filter='Golden*'
// and look at every image in tests/golden/ before committing them.

#include <gtest/gtest.h>

#include <stb/stb_image.h>
#include <stb/stb_image_write.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "support/process.h"

namespace tangent {
namespace {

constexpr int kChannelTolerance = 24;
constexpr double kMinMatchingFraction = 0.995;
constexpr double kMaxMeanDifference = 1.5;
constexpr int kBlock = 16;
constexpr int kMaxDifferingInBlock = 64;

struct Golden {
    const char* scene;
    const char* name;
    std::vector<std::string> options;
};

const Golden kGoldens[] = {
    {"head-on-hit.json", "head-on-hit-dark", {}},
    {"oblique-hit.json", "oblique-hit-light", {"--theme", "light", "--time", "3"}},
    {"exact-graze.json", "exact-graze-print", {"--theme", "print"}},
    {"near-miss.json", "near-miss-dark", {}},
    {"tunnelling.json", "tunnelling-dark", {}},
    {"overlapping.json", "overlapping-light", {"--theme", "light"}},
    {"oblique-hit.json", "plot-oblique-hit", {"--plot"}},
    {"near-miss.json", "plot-gap-near-miss-print", {"--plot", "--gap", "--theme", "print"}},
    {"tunnelling.json", "plot-tunnelling-samples", {"--plot"}},
    {"tour-relative-frame.json", "relative-frame", {}},
    {"oblique-hit.json", "relative-frame-oblique-light", {"--relative", "--theme", "light", "--time", "2"}},
    {"unequal.json", "response-unequal", {"--time", "5"}},
    {"pitfall-precedence.json", "pitfall-precedence", {}},
};

struct Pixels {
    int width = 0;
    int height = 0;
    std::vector<unsigned char> rgba;
};

Pixels load(const std::string& path) {
    Pixels p;
    int channels = 0;
    unsigned char* data = stbi_load(path.c_str(), &p.width, &p.height, &channels, 4);
    if (data) p.rgba.assign(data, data + static_cast<std::size_t>(p.width) * p.height * 4);
    stbi_image_free(data);
    return p;
}

// The image at `output` looks like the approved one at `expected_path` (the tolerance above); where
// it does not, the actual image and a difference image are kept in GOLDEN_OUTPUT_DIR as `name`-*.
void expect_alike(const std::string& expected_path, const std::string& output, const std::string& name) {
    const Pixels expected = load(expected_path);
    const Pixels actual = load(output);
    ASSERT_FALSE(expected.rgba.empty()) << "no approved image at " << expected_path;
    ASSERT_EQ(actual.width, expected.width);
    ASSERT_EQ(actual.height, expected.height);

    std::size_t matching = 0;
    double total_difference = 0.0;
    const int blocks_x = (actual.width + kBlock - 1) / kBlock;
    std::vector<int> differing_in_block(static_cast<std::size_t>(blocks_x * ((actual.height + kBlock - 1) / kBlock)), 0);
    std::vector<unsigned char> diff(actual.rgba.size());
    for (std::size_t i = 0; i < actual.rgba.size(); i += 4) {
        int worst = 0;
        for (int c = 0; c < 4; ++c) {
            const int d = std::abs(int(actual.rgba[i + c]) - int(expected.rgba[i + c]));
            worst = std::max(worst, d);
            total_difference += d;
        }
        if (worst <= kChannelTolerance) {
            ++matching;
        } else {
            const int pixel = static_cast<int>(i / 4);
            ++differing_in_block[static_cast<std::size_t>((pixel / actual.width) / kBlock * blocks_x + (pixel % actual.width) / kBlock)];
        }
        // the difference image: red where it differs, a dim copy of the golden elsewhere
        diff[i] = static_cast<unsigned char>(worst > kChannelTolerance ? 255 : expected.rgba[i] / 4);
        diff[i + 1] = static_cast<unsigned char>(worst > kChannelTolerance ? 0 : expected.rgba[i + 1] / 4);
        diff[i + 2] = static_cast<unsigned char>(worst > kChannelTolerance ? 0 : expected.rgba[i + 2] / 4);
        diff[i + 3] = 255;
    }
    const double pixels = static_cast<double>(actual.rgba.size() / 4);
    const double fraction = static_cast<double>(matching) / pixels;
    const double mean = total_difference / (pixels * 4);
    const int densest = *std::max_element(differing_in_block.begin(), differing_in_block.end());
    if (fraction < kMinMatchingFraction || mean > kMaxMeanDifference || densest > kMaxDifferingInBlock) {
        const std::string kept = std::string(GOLDEN_OUTPUT_DIR) + "/" + name;
        std::filesystem::create_directories(GOLDEN_OUTPUT_DIR);
        std::filesystem::copy_file(output, kept + "-actual.png", std::filesystem::copy_options::overwrite_existing);
        stbi_write_png((kept + "-diff.png").c_str(), actual.width, actual.height, 4, diff.data(), actual.width * 4);
    }
    EXPECT_GE(fraction, kMinMatchingFraction) << name << ": only " << fraction * 100 << "% of pixels match; see "
                                              << GOLDEN_OUTPUT_DIR;
    EXPECT_LE(mean, kMaxMeanDifference) << name << ": mean difference " << mean << "/255";
    EXPECT_LE(densest, kMaxDifferingInBlock) << name << ": " << densest << " of a " << kBlock << "x" << kBlock
                                             << " block's pixels differ (something moved there); see " << GOLDEN_OUTPUT_DIR;
}

// Every text of an SVG figure, one line each: where it stands (its x, baseline and anchor), its ink
// and its words ("x y middle #rrggbb: words", "-" for no anchor, the lines of a multi-line text
// joined by " / ").
std::string figure_words(const std::string& svg) {
    static const std::regex text_element("<text([^>]*)>([\\s\\S]*?)</text>");
    static const std::regex line_break("</tspan><tspan[^>]*>");
    static const std::regex tag("<[^>]*>");
    const auto attribute = [](const std::string& attributes, const std::string& name) {
        const std::regex pattern(" " + name + "=\"([^\"]*)\"");
        std::smatch m;
        return std::regex_search(attributes, m, pattern) ? m[1].str() : std::string("-");
    };
    std::string words;
    for (auto m = std::sregex_iterator(svg.begin(), svg.end(), text_element); m != std::sregex_iterator(); ++m) {
        const std::string attributes = (*m)[1].str();
        std::string inner = (*m)[2].str();
        inner = std::regex_replace(inner, line_break, " / ");
        inner = std::regex_replace(inner, tag, "");
        words += attribute(attributes, "x") + " " + attribute(attributes, "y") + " " + attribute(attributes, "text-anchor") + " " +
                 attribute(attributes, "fill") + ": " + inner + "\n";
    }
    return words;
}

// "kept 'X', drawn now 'Y'": the first line where `now` differs from `kept`, for a message.
std::string first_difference(const std::string& kept, const std::string& now) {
    std::istringstream was_lines(kept), now_lines(now);
    std::string was, is;
    while (std::getline(was_lines, was) && std::getline(now_lines, is) && was == is) {
    }
    return "kept '" + was + "', drawn now '" + is + "'";
}

class Goldens : public ::testing::TestWithParam<Golden> {};

TEST_P(Goldens, ExportMatchesTheApprovedImage) {
    const Golden& g = GetParam();
    const std::filesystem::path source(TANGENT_SOURCE_DIR);
    const std::string golden_path = (source / "tests/golden" / (std::string(g.name) + ".png")).string();
    test::TempDir dir;
    const std::string output = dir.file("out.png");
    std::vector<std::string> argv{TANGENT_BINARY, "export", (source / "assets/scenes" / g.scene).string(), "-o", output,
                                  "--width", "640", "--height", "400"};
    argv.insert(argv.end(), g.options.begin(), g.options.end());
    const test::ProcessResult r = test::run_process(argv, {"DISPLAY=", "WAYLAND_DISPLAY=", "SDL_VIDEODRIVER="});
    ASSERT_EQ(r.exit_code, 0) << r.err;

    // The pixels' tolerance lets a label's words through (A and B swapped, the closest approach's
    // label gone, a stale time number: a test audit): the words, where they stand and their ink,
    // from the same export as SVG, are compared exactly with tests/golden/NAME.words.
    std::vector<std::string> as_svg = argv;
    std::replace(as_svg.begin(), as_svg.end(), output, dir.file("out.svg"));
    const test::ProcessResult svg = test::run_process(as_svg, {"DISPLAY=", "WAYLAND_DISPLAY=", "SDL_VIDEODRIVER="});
    ASSERT_EQ(svg.exit_code, 0) << svg.err;
    std::ifstream svg_file(dir.file("out.svg"), std::ios::binary);
    const std::string words = figure_words(std::string(std::istreambuf_iterator<char>(svg_file), std::istreambuf_iterator<char>()));
    ASSERT_FALSE(words.empty()) << "the SVG has no text";
    const std::string words_path = (source / "tests/golden" / (std::string(g.name) + ".words")).string();

    const char* update = std::getenv("TANGENT_UPDATE_GOLDENS");
    if (update && std::string(update) == "1") {
        std::filesystem::copy_file(output, golden_path, std::filesystem::copy_options::overwrite_existing);
        std::ofstream(words_path, std::ios::binary | std::ios::trunc) << words;
        GTEST_SKIP() << "updated " << golden_path << " and " << words_path;
    }
    expect_alike(golden_path, output, g.name);
    std::ifstream kept(words_path, std::ios::binary);
    ASSERT_TRUE(kept) << "no " << words_path << " (TANGENT_UPDATE_GOLDENS=1 writes it)";
    const std::string expected((std::istreambuf_iterator<char>(kept)), std::istreambuf_iterator<char>());
    EXPECT_TRUE(words == expected) << g.name << ": the figure's words differ from " << words_path << ": "
                                   << first_difference(expected, words);
}

INSTANTIATE_TEST_SUITE_P(Presets, Goldens, ::testing::ValuesIn(kGoldens),
                         [](const ::testing::TestParamInfo<Golden>& param_info) {
                             std::string name = param_info.param.name;
                             for (char& c : name)
                                 if (c == '-') c = '_';
                             return name;
                         });

// A PNG's colour type and bit depth, then each text chunk (iTXt, tEXt) as written, read chunk by
// chunk from its bytes.
std::string png_header_and_words(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (bytes.size() < 33 || bytes.compare(1, 3, "PNG") != 0) return "not a PNG";
    std::string out = "depth " + std::to_string(static_cast<unsigned char>(bytes[24])) + ", colour type " +
                      std::to_string(static_cast<unsigned char>(bytes[25])) + "\n";
    for (std::size_t at = 8; at + 12 <= bytes.size();) {
        const std::size_t length = (std::size_t{static_cast<unsigned char>(bytes[at])} << 24) |
                                   (std::size_t{static_cast<unsigned char>(bytes[at + 1])} << 16) |
                                   (std::size_t{static_cast<unsigned char>(bytes[at + 2])} << 8) | static_cast<unsigned char>(bytes[at + 3]);
        const std::string type = bytes.substr(at + 4, 4);
        if (at + 12 + length > bytes.size()) return out + "a chunk past the end";
        if (type == "iTXt" || type == "tEXt") out += type + ": " + bytes.substr(at + 8, length) + "\n";
        at += 12 + length;
    }
    return out;
}

// The README's figures are what the program draws now: each `export_figure` line of
// scripts/make-figures.sh run again and compared with the image it wrote to assets/readme/ (PNG
// by the tolerance above, SVG text exactly). Six of eight had gone stale while the drawing moved
// on: the README said "0.2384" beside a figure reading 0.2385, and a GRAZE badge yellow beside
// "GRAZE orange" (a newcomer's review). A label's one digit passes the pixels' tolerance (a code
// review): every figure's words, from the same export as SVG, are compared exactly with
// assets/readme/figure-texts.txt. After a change to the picture: bash scripts/make-figures.sh
TEST(ReadmeFigures, AreWhatTheProgramDrawsNow) {
    const std::filesystem::path source(TANGENT_SOURCE_DIR);
    std::ifstream script(source / "scripts/make-figures.sh");
    ASSERT_TRUE(script) << "cannot read scripts/make-figures.sh";
    test::TempDir dir;
    int figures = 0;
    std::string texts;  // "figure.png: label" for every text of every figure
    for (std::string line; std::getline(script, line);) {
        line.erase(0, line.find_first_not_of(" \t") == std::string::npos ? line.size() : line.find_first_not_of(" \t"));
        if (!line.starts_with("export_figure ")) continue;
        std::istringstream words(line.substr(std::string("export_figure ").size()));
        std::vector<std::string> argv{TANGENT_BINARY, "export"};
        std::string name;
        for (std::string word; words >> word;) {
            if (word.starts_with("\"$out/")) {  // "$out/NAME": written here instead
                name = word.substr(6, word.size() - 7);
                word = dir.file(name);
            } else if (word.starts_with("assets/")) {
                word = (source / word).string();
            }
            argv.push_back(word);
        }
        ASSERT_FALSE(name.empty()) << "no \"$out/NAME\" output in: " << line;
        SCOPED_TRACE(name + " (stale? bash scripts/make-figures.sh remakes it)");
        const test::ProcessResult r = test::run_process(argv, {"DISPLAY=", "WAYLAND_DISPLAY=", "SDL_VIDEODRIVER="});
        ASSERT_EQ(r.exit_code, 0) << r.err;
        const std::string approved = (source / "assets/readme" / name).string();
        if (name.ends_with(".svg")) {
            const auto text = [](const std::string& path) {
                std::ifstream in(path, std::ios::binary);
                return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
            };
            const std::string expected = text(approved);
            ASSERT_FALSE(expected.empty()) << "no figure at " << approved;
            EXPECT_TRUE(text(dir.file(name)) == expected) << approved << " is stale: run bash scripts/make-figures.sh";
        } else {
            expect_alike(approved, dir.file(name), "readme-" + name.substr(0, name.size() - 4));
            // and what the pixels do not show: RGB or RGBA, and the words it carries (three
            // figures were RGBA with no words, passing the pixels' comparison: a README audit)
            EXPECT_EQ(png_header_and_words(approved), png_header_and_words(dir.file(name)))
                << approved << " is stale: run bash scripts/make-figures.sh";
        }
        // its words, exported as SVG with the same options (text is the same on any CPU)
        std::vector<std::string> as_svg = argv;
        for (std::string& word : as_svg)
            if (word == dir.file(name)) word = dir.file(name + ".words.svg");
        const test::ProcessResult svg = test::run_process(as_svg, {"DISPLAY=", "WAYLAND_DISPLAY=", "SDL_VIDEODRIVER="});
        ASSERT_EQ(svg.exit_code, 0) << svg.err;
        std::ifstream svg_file(dir.file(name + ".words.svg"));
        const std::string svg_text((std::istreambuf_iterator<char>(svg_file)), std::istreambuf_iterator<char>());
        static const std::regex text_element("<text[^>]*>([^<]*)</text>");
        for (auto m = std::sregex_iterator(svg_text.begin(), svg_text.end(), text_element); m != std::sregex_iterator(); ++m)
            texts += name + ": " + (*m)[1].str() + "\n";
        ++figures;
    }
    EXPECT_GE(figures, 7) << "scripts/make-figures.sh made fewer figures than the README shows";
    const std::filesystem::path listed = source / "assets/readme/figure-texts.txt";
    const char* update = std::getenv("TANGENT_UPDATE_GOLDENS");
    if (update && std::string(update) == "1") {
        std::ofstream(listed, std::ios::binary | std::ios::trunc) << texts;
        GTEST_SKIP() << "updated " << listed;
    }
    std::ifstream kept(listed, std::ios::binary);
    ASSERT_TRUE(kept) << "no " << listed << ": bash scripts/make-figures.sh writes it";
    const std::string expected((std::istreambuf_iterator<char>(kept)), std::istreambuf_iterator<char>());
    EXPECT_TRUE(texts == expected) << "the README's figures say other words now (bash scripts/make-figures.sh): "
                                   << first_difference(expected, texts);
}

}  // namespace
}  // namespace tangent
