// End to end: the real tangent window on a private X server (Xvfb), driven with xdotool the way
// a user's mouse and keyboard would, checked on a screenshot and on the scene it saves on exit.

#include <gtest/gtest.h>

#include <csignal>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <iterator>
#include <map>
#include <memory>
#include <numbers>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

#include <unistd.h>

#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/vec2.hpp>
#include <glm/vec4.hpp>
#include <nlohmann/json.hpp>
#include <stb/stb_image.h>

#include "child_process.h"
#include "support/process.h"
#include "x_session.h"
#include "xwd_image.h"

#ifndef TANGENT_BINARY
#error "TANGENT_BINARY must name the tangent executable"
#endif
#ifndef TANGENT_GUI_ARTIFACT_DIR
#error "TANGENT_GUI_ARTIFACT_DIR must name a directory for screenshots"
#endif

namespace tangent::test {
namespace {

using Json = nlohmann::json;
using namespace std::chrono_literals;

constexpr int kScreenWidth = 1280;
constexpr int kScreenHeight = 800;

// The scene every test opens: A at rest on the left, B on its right moving towards it. The view
// is pinned away from the world origin so that no axis crosses what the checks look at, and the
// paths, closest approach and contact ghosts are off: only the two bodies (disc, outline, label,
// velocity arrow) are drawn on the canvas.
const Rgb kBackground = parse_hex_color("#16181d");  // the dark theme's canvas (app/draw/theme.cpp)
const Rgb kColorA = parse_hex_color("#56b4e9");
const Rgb kColorB = parse_hex_color("#f0e442");
constexpr double kFillAlpha = 0.22;   // a body's disc: its colour at this alpha over the background
constexpr int kColorTolerance = 12;   // per channel
constexpr double kPixelTolerance = 2.0;
const glm::dvec2 kPositionA{7.0, 11.0};
constexpr double kRadiusA = 1.0;
const glm::dvec2 kPositionB{11.0, 11.0};
const glm::dvec2 kVelocityB{-1.5, -0.5};
constexpr double kRadiusB = 0.8;

// Drags, in screen pixels (y down).
const glm::dvec2 kMoveBy{120.0, -80.0};          // B's centre: right and up
const glm::dvec2 kNewTipFromCenter{90.0, 60.0};  // the new velocity arrow: right and down

std::string scene_json(bool plot = false) {
    const auto vec = [](glm::dvec2 v) { return Json::array({v.x, v.y}); };
    Json scene = {
        {"version", 1},
        {"caption", "GUI test: A at rest, B moving towards it"},
        {"bodies",
         Json::array({{{"position", vec(kPositionA)}, {"velocity", vec({0.0, 0.0})}, {"radius", kRadiusA}, {"color", to_string(kColorA)}},
                      {{"position", vec(kPositionB)}, {"velocity", vec(kVelocityB)}, {"radius", kRadiusB}, {"color", to_string(kColorB)}}})},
        {"view", {{"center", vec({10.0, 10.0})}, {"zoom", 100.0}}},
        {"show", {{"theme", "dark"}, {"paths", false}, {"closest", false}, {"ghosts", false}, {"plot", plot}}},
    };
    return scene.dump(2);
}

// The test scene as another program saves it: B's radius 0.5.
Json edited_elsewhere() {
    Json theirs = Json::parse(scene_json());
    theirs["bodies"][1]["radius"] = 0.5;
    return theirs;
}

Rgb blend(Rgb top, double alpha, Rgb bottom) {
    const auto mix = [&](int a, int b) { return static_cast<int>(std::lround(alpha * a + (1.0 - alpha) * b)); };
    return {mix(top.r, bottom.r), mix(top.g, bottom.g), mix(top.b, bottom.b)};
}

std::string geometry_text(glm::ivec4 g) {
    return std::to_string(g.z) + "x" + std::to_string(g.w) + " at (" + std::to_string(g.x) + ", " + std::to_string(g.y) + ")";
}

std::string str(glm::dvec2 v) {
    std::ostringstream text;
    text.precision(10);
    text << "(" << v.x << ", " << v.y << ")";
    return text.str();
}

glm::dvec2 read_vec2(const Json& j) { return {j.at(0).get<double>(), j.at(1).get<double>()}; }

/// What --report-layout writes: where the canvas is on the screen and how it maps the world.
struct Layout {
    glm::dvec2 window_position{};
    double pixel_ratio = 1.0;
    glm::dvec2 canvas_origin{};
    glm::dvec2 canvas_size{};
    glm::dvec2 view_center{};
    double pixels_per_unit = 0.0;
    double time = 0.0;
    std::string plot;                               ///< "quadratic" or "gap": what the time plot shows
    double ui_scale = 1.0;                          ///< text and handles, times their size at scale 1
    bool unsaved = false;                           ///< changes not saved to a file
    std::map<std::string, glm::dvec4> widgets;      ///< named widgets: min x, min y, max x, max y (window)
    std::vector<std::string> notices;               ///< the notices showing, as drawn
    std::vector<glm::dvec4> overlays;               ///< the canvas's overlays' text boxes (window)
    std::string tour_caption;                       ///< the tour's caption as shown ("" with no tour)
    std::string tour_edited_case;                   ///< "GRAZE" when an edit changed the step's case, else ""
    std::string canvas_hint;                        ///< the hover hint over the canvas ("" for none)
    std::map<std::string, std::string> field_messages;  ///< field -> its message under it (lines joined)
    std::string question;                           ///< the unsaved-changes question and its note ("" with none)

    static Layout parse(const std::string& text) {
        const Json j = Json::parse(text);
        Layout l;
        l.window_position = read_vec2(j.at("window_position"));
        l.pixel_ratio = j.at("pixel_ratio").get<double>();
        l.canvas_origin = read_vec2(j.at("canvas_origin"));
        l.canvas_size = read_vec2(j.at("canvas_size"));
        l.view_center = read_vec2(j.at("view_center"));
        l.pixels_per_unit = j.at("pixels_per_unit").get<double>();
        l.time = j.at("time").get<double>();
        l.plot = j.at("plot").get<std::string>();
        l.ui_scale = j.at("ui_scale").get<double>();
        l.unsaved = j.at("unsaved").get<bool>();
        for (const auto& [name, rect] : j.at("widgets").items())
            l.widgets[name] = {rect.at(0).get<double>(), rect.at(1).get<double>(), rect.at(2).get<double>(),
                               rect.at(3).get<double>()};
        for (const Json& notice : j.at("notices")) l.notices.push_back(notice.get<std::string>());
        for (const Json& rect : j.at("overlays"))
            l.overlays.emplace_back(rect.at(0).get<double>(), rect.at(1).get<double>(), rect.at(2).get<double>(), rect.at(3).get<double>());
        l.tour_caption = j.at("tour_caption").get<std::string>();
        l.tour_edited_case = j.at("tour_edited_case").get<std::string>();
        l.canvas_hint = j.at("canvas_hint").get<std::string>();
        l.question = j.value("question", std::string());
        for (const Json& message : j.at("field_messages")) {
            std::string& joined = l.field_messages[message.at("field").get<std::string>()];
            joined += (joined.empty() ? "" : "\n") + message.at("text").get<std::string>();
        }
        return l;
    }
    /// World point -> screen pixel (X root window coordinates).
    [[nodiscard]] glm::dvec2 to_screen(glm::dvec2 world) const {
        const glm::dvec2 canvas{(world.x - view_center.x) * pixels_per_unit + canvas_size.x * 0.5,
                                canvas_size.y * 0.5 - (world.y - view_center.y) * pixels_per_unit};
        return window_position + canvas_origin + canvas;
    }
    [[nodiscard]] glm::dvec2 to_world(glm::dvec2 screen) const {
        const glm::dvec2 canvas = screen - window_position - canvas_origin;
        return {(canvas.x - canvas_size.x * 0.5) / pixels_per_unit + view_center.x,
                (canvas_size.y * 0.5 - canvas.y) / pixels_per_unit + view_center.y};
    }
    /// A move on the screen (y down) as a move in the world (y up).
    [[nodiscard]] glm::dvec2 world_delta(glm::dvec2 screen_delta) const {
        return glm::dvec2(screen_delta.x, -screen_delta.y) / pixels_per_unit;
    }
};

glm::dvec2 rounded(glm::dvec2 p) { return {std::round(p.x), std::round(p.y)}; }

/// One running tangent window on its own X server, with the files it reads and writes.
class GuiTest : public ::testing::Test {
protected:
    TempDir dir_;
    std::unique_ptr<XvfbServer> x_;
    std::unique_ptr<ChildProcess> window_manager_;  // (openbox, when a test asks for one)
    std::unique_ptr<ChildProcess> app_;  // declared after x_: ends before the server does
    Layout layout_;
    std::string scene_path_;
    std::string saved_path_;
    std::string layout_path_;

    void TearDown() override {
        if (HasFailure() && x_ && app_ && !app_->poll_exit()) {
            // what the window showed when the test gave up
            try {
                screenshot(std::string("failed-") + ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".png");
            } catch (const std::exception& e) {
                std::cerr << "no screenshot: " << e.what() << "\n";
            }
        }
        if (app_) app_->stop();
        if (HasFailure()) {
            std::cerr << "--- tangent's output:\n" << read_file(dir_.file("tangent.log"))
                      << "--- Xvfb's output:\n" << read_file(dir_.file("xvfb.log")) << "---\n";
        }
        app_.reset();
        x_.reset();
    }

    /// Starts Xvfb and `tangent scene.json` on it and waits for its layout report (with
    /// --save-on-exit unless told otherwise: without it, closing asks about unsaved changes).
    void launch(bool save_on_exit = true, bool plot = false, const std::string& scene = {},
                const std::vector<std::string>& more_arguments = {}) {
        if (open_scene_file_) scene_path_ = dir_.write("scene.json", scene.empty() ? scene_json(plot) : scene);
        saved_path_ = dir_.file("saved.json");
        const std::string layout_path = layout_path_ = dir_.file("layout.json");
        std::filesystem::remove(layout_path);  // (a launch after an earlier one waits for its own)
        x_ = std::make_unique<XvfbServer>(dir_.file("xvfb.log"), screen_size_.x, screen_size_.y);
        if (with_window_manager_) {
            window_manager_.reset();
            ChildProcess::Options wm;
            wm.argv = {find_on_path("openbox")};
            wm.environment = x_->client_environment();
            wm.log_path = dir_.file("openbox.log");
            window_manager_ = std::make_unique<ChildProcess>(wm);
            const std::string wmctrl = find_on_path("wmctrl");
            ASSERT_TRUE(wait_until([&] { return run_process({wmctrl, "-m"}, x_->client_environment()).exit_code == 0; }, 10s))
                << "openbox did not start";
        }
        ChildProcess::Options options;
        options.argv = {TANGENT_BINARY, "--report-layout", layout_path};
        if (open_scene_file_) options.argv.insert(options.argv.begin() + 1, scene_path_);
        if (!window_size_.empty()) options.argv.insert(options.argv.end(), {"--size", window_size_});
        if (save_on_exit) options.argv.insert(options.argv.end(), {"--save-on-exit", saved_path_});
        options.argv.insert(options.argv.end(), more_arguments.begin(), more_arguments.end());
        options.environment = x_->client_environment();
        // no autosave in the user's home
        options.environment.push_back("TANGENT_STATE_DIR=" + (state_dir_.empty() ? dir_.file("state") : state_dir_));
        if (!home_.empty()) options.environment.push_back("HOME=" + home_);
        options.log_path = dir_.file("tangent.log");
        app_ = std::make_unique<ChildProcess>(options);
        const bool reported = wait_until(
            [&] { return std::filesystem::exists(layout_path) || app_->poll_exit().has_value(); }, 20s);
        ASSERT_TRUE(reported && std::filesystem::exists(layout_path))
            << "tangent wrote no layout report within 20 s" << (app_->poll_exit() ? " (it exited)" : "");
        layout_ = Layout::parse(read_file(layout_path));
        ASSERT_GT(layout_.pixels_per_unit, 0.0);
        if (more_arguments.empty()) {  // (a tour's step may start elsewhere)
            ASSERT_EQ(layout_.time, 0.0) << "the scene starts at t = 0, where a body is drawn at its position";
        }
        ASSERT_EQ(layout_.pixel_ratio, 1.0) << "Xvfb has no high-DPI scaling";
        // the pointer rests on the window, so that the keyboard goes there (no window manager)
        x_->xdotool({"mousemove", "20", std::to_string(screen_size_.y / 2), "sleep", "0.2"});
    }

    /// The window's size for the next launch(): the screen's unless a test asks for a smaller one
    /// (none: no --size, tangent's own choice).
    std::string window_size_ = std::to_string(kScreenWidth) + "x" + std::to_string(kScreenHeight);
    /// The X screen's size for the next launch().
    glm::ivec2 screen_size_{kScreenWidth, kScreenHeight};
    /// The session's folder for the next launch() ("": the test's own "state").
    std::string state_dir_;
    /// Whether the next launch() opens the test's scene.json (else no file: the last session).
    bool open_scene_file_ = true;
    /// $HOME for the next launch() ("": the test's own): where file dialogs fall back to.
    std::string home_;
    /// Whether the next launch() runs a window manager (openbox) on its X server, as a desktop does.
    bool with_window_manager_ = false;

    /// The window's place and size on the screen, {x, y, width, height} (its inside, without the
    /// window manager's frame), as xdotool reads them (under a reparenting window manager its
    /// place is off by the frame's offset, the same each time).
    [[nodiscard]] glm::ivec4 window_geometry() const {
        const ProcessResult found = run_process({find_on_path("xdotool"), "search", "--name", " - Tangent$", "getwindowgeometry"},
                                                x_->client_environment());
        glm::ivec4 g{-1};
        std::smatch m;
        if (std::regex_search(found.out, m, std::regex(R"(Position: (-?\d+),(-?\d+))"))) g = {std::stoi(m[1]), std::stoi(m[2]), -1, -1};
        if (std::regex_search(found.out, m, std::regex(R"(Geometry: (\d+)x(\d+))"))) {
            g.z = std::stoi(m[1]);
            g.w = std::stoi(m[2]);
        }
        return g;
    }

    /// The window's title, as the window manager reads it ("scene.json * - Tangent").
    [[nodiscard]] std::string window_title() const {
        const ProcessResult found = run_process({find_on_path("xdotool"), "search", "--name", " - Tangent$", "getwindowname"},
                                                x_->client_environment());
        std::string title = found.out.substr(0, found.out.find('\n'));
        return title;
    }

    /// Re-reads the window's title until it is `expected` (up to 5 s); returns the last seen.
    std::string title_until(const std::string& expected) {
        std::string title;
        wait_until([&] { return (title = window_title()) == expected; }, 5s);
        return title;
    }

    [[nodiscard]] glm::dvec2 b_center_screen() const { return layout_.to_screen(kPositionB); }

    /// Drags B's centre by kMoveBy; returns where B's centre should now be in the world.
    glm::dvec2 drag_b_body() {
        const glm::dvec2 from = rounded(b_center_screen());
        drag(*x_, from, from + kMoveBy);
        return kPositionB + layout_.world_delta(kMoveBy);
    }

    /// Drags the tip of B's velocity arrow (B at `center`, velocity still kVelocityB) to
    /// kNewTipFromCenter from the centre; returns the velocity that should make.
    glm::dvec2 drag_b_velocity_tip(glm::dvec2 center) {
        const glm::dvec2 tip = rounded(layout_.to_screen(center + kVelocityB));
        const glm::dvec2 to = rounded(layout_.to_screen(center) + kNewTipFromCenter);
        drag(*x_, tip, to);
        return layout_.to_world(to) - center;
    }

    /// The middle of a widget the layout report names, on the screen.
    [[nodiscard]] glm::dvec2 widget_center(const std::string& name) const {
        const auto found = layout_.widgets.find(name);
        if (found == layout_.widgets.end()) {
            ADD_FAILURE() << "the layout report names no widget '" << name << "'";
            return {};
        }
        const glm::dvec4 r = found->second;
        return layout_.window_position + glm::dvec2((r.x + r.z) * 0.5, (r.y + r.w) * 0.5);
    }

    /// A click at `at` (screen), as a user's: move there, press, release.
    void click(glm::dvec2 at) {
        x_->xdotool({"mousemove", std::to_string(std::lround(at.x)), std::to_string(std::lround(at.y)), "mousedown", "9",
                     "mouseup", "9", "sleep", "0.2", "mousedown", "1", "sleep", "0.1", "mouseup", "1", "sleep", "0.3"});
    }

    /// Double-clicks a number field (which then takes typing), replaces its text with `text` and
    /// ends with `end` (see type_more). The field is found in the layout report as it is now:
    /// an edit can move the panel's fields.
    void type_into(const std::string& widget, const std::string& text, const std::string& end = "Return") {
        layout_ = Layout::parse(read_file(layout_path_));
        const glm::dvec2 at = widget_center(widget);
        x_->xdotool({"mousemove", std::to_string(std::lround(at.x)), std::to_string(std::lround(at.y)), "mousedown", "9",
                     "mouseup", "9", "sleep", "0.2", "mousedown", "1", "sleep", "0.05", "mouseup", "1", "sleep", "0.08",
                     "mousedown", "1", "sleep", "0.05", "mouseup", "1", "sleep", "0.3", "key", "ctrl+a", "sleep", "0.15"});
        type_more(text, end);
    }

    /// Types into the text box that has the keyboard, then ends with `end`: "Return", "Escape",
    /// "Tab", "shift+Tab" or "" (nothing), each key held for a frame or two.
    void type_more(const std::string& text, const std::string& end) {
        x_->xdotool({"type", "--delay", "120", "--", text});  // type takes every argument after it as text
        if (end == "shift+Tab") {
            x_->xdotool({"sleep", "0.3", "keydown", "shift", "keydown", "Tab", "sleep", "0.12", "keyup", "Tab", "keyup", "shift",
                         "sleep", "0.4"});
        } else if (!end.empty()) {
            x_->xdotool({"sleep", "0.3", "keydown", end, "sleep", "0.12", "keyup", end, "sleep", "0.4"});
        }
    }

    /// Waits (up to 5 s) for the layout report to name `widget`, as it does once the frame that
    /// shows it has settled (a menu's items, once the menu is open), scrolls it into the window
    /// with the mouse wheel if it is below the bottom edge (the side panel), then clicks its middle.
    void click_widget(const std::string& widget) {
        ASSERT_NO_FATAL_FAILURE(scroll_into_view(widget));
        click(widget_center(widget));
    }

    /// Waits for the layout report to name `widget` and scrolls it into the window with the mouse
    /// wheel if it is below the bottom edge (the side panel).
    void scroll_into_view(const std::string& widget) {
        ASSERT_TRUE(layout_until([&](const Layout& l) { return l.widgets.contains(widget); }))
            << "the layout report never named '" << widget << "'";
        for (int turn = 0; turn < 20 && layout_.widgets.at(widget).w > screen_size_.y - 10; ++turn) {
            const glm::dvec2 at = rounded(glm::dvec2(widget_center(widget).x, screen_size_.y / 2));
            x_->xdotool({"mousemove", std::to_string(static_cast<int>(at.x)), std::to_string(static_cast<int>(at.y)), "click",
                         "5", "sleep", "0.4"});
            layout_ = Layout::parse(read_file(layout_path_));
        }
        ASSERT_LE(layout_.widgets.at(widget).w, screen_size_.y - 10) << "'" << widget << "' stays below the window's edge";
    }

    /// Re-reads the layout report until `holds` is true of it (up to 5 s): the report is written
    /// once the frame after an action has settled, and one read after a fixed sleep may be stale.
    bool layout_until(const std::function<bool(const Layout&)>& holds) {
        return wait_until(
            [&] {
                layout_ = Layout::parse(read_file(layout_path_));
                return holds(layout_);
            },
            5s);
    }

    void keys(const std::vector<std::string>& chords) {
        std::vector<std::string> chain;
        for (const std::string& chord : chords) chain.insert(chain.end(), {"key", chord, "sleep", "0.15"});
        x_->xdotool(chain);
    }

    /// As the outside review did: B's radius typed as `radius` in the test's scene.json, then Ctrl+Q
    /// and "Don't save" (the edit is left in the session only); `between` (if any) runs once tangent
    /// has ended; then tangent again with the same state folder and no file. $HOME is the test's
    /// own "home" throughout, so that a dialog that falls back to it writes nothing in the real one.
    void edit_quit_without_saving_and_restart(const std::string& radius, const std::function<void()>& between = {}) {
        home_ = dir_.file("home");
        std::filesystem::create_directories(home_);
        ASSERT_NO_FATAL_FAILURE(launch(false));
        type_into("body_b_radius", radius);
        keys({"ctrl+q"});
        ASSERT_NO_FATAL_FAILURE(click_widget("question_dont_save"));
        ASSERT_TRUE(app_->wait_for_exit(10s).has_value()) << "tangent still runs 10 s after Don't save";
        if (between) between();
        app_.reset();
        open_scene_file_ = false;
        ASSERT_NO_FATAL_FAILURE(launch(false));
    }

    /// Ctrl+Q; waits for tangent to end (exit code 0) and returns the scene it saved.
    Json quit_and_read_saved() {
        keys({"ctrl+q"});
        const std::optional<int> code = app_->wait_for_exit(10s);
        EXPECT_TRUE(code.has_value()) << "tangent still runs 10 s after Ctrl+Q";
        EXPECT_EQ(code.value_or(-2), 0) << "tangent's exit code after Ctrl+Q";
        if (!std::filesystem::exists(saved_path_)) {
            ADD_FAILURE() << "--save-on-exit wrote nothing to " << saved_path_;
            return Json();
        }
        return Json::parse(read_file(saved_path_));
    }

    /// Saves the screen as PNG in the test's directory and in the build tree; returns it.
    RgbImage screenshot(const std::string& name) {
        RgbImage image = x_->screenshot();
        write_png(image, dir_.file(name));
        const std::filesystem::path kept = std::filesystem::path(TANGENT_GUI_ARTIFACT_DIR) / name;
        std::filesystem::create_directories(kept.parent_path());
        std::filesystem::copy_file(dir_.file(name), kept, std::filesystem::copy_options::overwrite_existing);
        std::cout << "screenshot: " << kept.string() << "\n";
        return image;
    }
};

struct Body {
    glm::dvec2 position;
    glm::dvec2 velocity;
    double radius;
};

Body saved_body(const Json& saved, int i) {
    const Json& b = saved.at("bodies").at(static_cast<std::size_t>(i));
    return {read_vec2(b.at("position")), read_vec2(b.at("velocity")), b.at("radius").get<double>()};
}

/// B's radius in the scene file at `path` (-1 when it holds no scene).
double radius_in_file(const std::string& path) {
    try {
        return saved_body(Json::parse(read_file(path)), 1).radius;
    } catch (const std::exception&) {
        return -1.0;
    }
}

void expect_near(glm::dvec2 actual, glm::dvec2 expected, double tolerance, const std::string& what) {
    EXPECT_TRUE(std::abs(actual.x - expected.x) <= tolerance && std::abs(actual.y - expected.y) <= tolerance)
        << what << ": expected " << str(expected) << " within " << tolerance << " per coordinate, got " << str(actual)
        << ", off by " << str(actual - expected);
}

/// Expects `value`, dragged where one pixel is 1/ppu world units, to carry no decimals beyond the
/// pixel's: with 1/ppu = m·10^e (1 <= m < 10, read off its decimal text), it prints back as
/// itself with -e decimals (or is a multiple of 10^e). A drag once left -8.2229347… in a field.
void expect_pixel_decimals(double value, double ppu, const std::string& what) {
    char text[64];
    std::snprintf(text, sizeof text, "%.16e", 1.0 / ppu);
    const int e = std::stoi(std::string(std::strchr(text, 'e') + 1));
    if (e < 0) {
        char printed[64];
        std::snprintf(printed, sizeof printed, "%.*f", -e, value);
        EXPECT_EQ(std::strtod(printed, nullptr), value) << what << " = " << value << " has more than " << -e
                                                        << " decimals, where a pixel is " << 1.0 / ppu;
    } else {
        EXPECT_EQ(std::fmod(value, std::pow(10.0, e)), 0.0) << what << " = " << value << ", a pixel being " << 1.0 / ppu;
    }
}

void expect_pixel_decimals(glm::dvec2 value, double ppu, const std::string& what) {
    expect_pixel_decimals(value.x, ppu, what + ".x");
    expect_pixel_decimals(value.y, ppu, what + ".y");
}

void expect_a_unchanged(const Json& saved) {
    const Body a = saved_body(saved, 0);
    EXPECT_EQ(a.position.x, kPositionA.x);
    EXPECT_EQ(a.position.y, kPositionA.y);
    EXPECT_EQ(a.velocity.x, 0.0);
    EXPECT_EQ(a.velocity.y, 0.0);
    EXPECT_EQ(a.radius, kRadiusA);
}

/// The colour around `at` (screen): the per-channel median of the 5x5 pixels there, so that a
/// faint grid line (1 px) through the spot does not decide it.
Rgb colour_around(const RgbImage& image, glm::ivec2 at) {
    std::vector<int> r, g, b;
    for (int dy = -2; dy <= 2; ++dy) {
        for (int dx = -2; dx <= 2; ++dx) {
            const Rgb c = image.at(at.x + dx, at.y + dy);
            r.push_back(c.r);
            g.push_back(c.g);
            b.push_back(c.b);
        }
    }
    const auto median = [](std::vector<int>& v) {
        std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
        return v[v.size() / 2];
    };
    return {median(r), median(g), median(b)};
}

/// Expects the colour around `at` (screen) to be `expected` within the tolerance.
void expect_colour(const RgbImage& image, glm::dvec2 at, Rgb expected, const std::string& what) {
    const glm::ivec2 p{static_cast<int>(std::lround(at.x)), static_cast<int>(std::lround(at.y))};
    const Rgb seen = colour_around(image, p);
    EXPECT_LE(channel_distance(seen, expected), kColorTolerance)
        << what << ", around pixel (" << p.x << ", " << p.y << "): expected " << to_string(expected) << " (±"
        << kColorTolerance << " per channel), saw " << to_string(seen) << " (the 5x5 median)";
}

/// Where a body's outline is drawn: walking from `center` (screen) along `direction`, from
/// 0.5 to 1.5 times `radius_px` out, the middle of the run of pixels in the body's colour.
std::optional<double> outline_distance(const RgbImage& image, glm::dvec2 center, glm::dvec2 direction, double radius_px, Rgb colour) {
    double sum = 0.0;
    int count = 0;
    for (double d = 0.5 * radius_px; d <= 1.5 * radius_px; d += 1.0) {
        const glm::dvec2 p = center + d * direction;
        const int x = static_cast<int>(std::lround(p.x));
        const int y = static_cast<int>(std::lround(p.y));
        if (x < 0 || y < 0 || x >= image.width || y >= image.height) break;
        if (channel_distance(image.at(x, y), colour) <= 40) {
            sum += d;
            ++count;
        } else if (count > 0) {
            break;  // past the outline
        }
    }
    if (count == 0) return std::nullopt;
    return sum / count;
}

const glm::dvec2 kDirections[] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};

// Every other test aims the mouse by the layout report: it must say where things are drawn.
TEST_F(GuiTest, LayoutReportMatchesTheScreen) {
    ASSERT_NO_FATAL_FAILURE(launch());
    const RgbImage image = screenshot("layout-screenshot.png");
    // the pinned view: zoom 100 is 100 pixels per unit on a canvas 1000 px tall
    EXPECT_NEAR(layout_.pixels_per_unit, 100.0 * layout_.canvas_size.y / 1000.0, 1e-6)
        << "pixels per unit for the scene's zoom 100 on a canvas " << layout_.canvas_size.y << " px tall";
    struct Expected {
        const char* name;
        glm::dvec2 position;
        double radius;
        Rgb colour;
    };
    for (const Expected& body : {Expected{"A", kPositionA, kRadiusA, kColorA}, Expected{"B", kPositionB, kRadiusB, kColorB}}) {
        const glm::dvec2 reported_center = layout_.to_screen(body.position);
        const double reported_radius = body.radius * layout_.pixels_per_unit;
        // find the outline right, left, down and up of the reported centre; then once more
        // from the middle of what was found, in case the first lines missed the middle
        glm::dvec2 center = reported_center;
        double radius = 0.0;
        for (int pass = 0; pass < 2; ++pass) {
            const auto right = outline_distance(image, center, {1, 0}, reported_radius, body.colour);
            const auto left = outline_distance(image, center, {-1, 0}, reported_radius, body.colour);
            const auto down = outline_distance(image, center, {0, 1}, reported_radius, body.colour);
            const auto up = outline_distance(image, center, {0, -1}, reported_radius, body.colour);
            ASSERT_TRUE(right && left && down && up)
                << body.name << "'s outline (" << to_string(body.colour) << ") is not within 0.5 to 1.5 radii (radius "
                << reported_radius << " px) of " << str(center) << " in all four directions; see the screenshot";
            const glm::dvec2 found{center.x + (*right - *left) / 2, center.y + (*down - *up) / 2};
            const double across = std::max(*right + *left, *down + *up);  // a chord off the middle is shorter
            center = found;
            radius = across / 2;
        }
        EXPECT_TRUE(std::abs(center.x - reported_center.x) <= 1.5 && std::abs(center.y - reported_center.y) <= 1.5)
            << body.name << "'s centre: the layout report puts it at screen pixel " << str(reported_center)
            << ", its outline is drawn around " << str(center) << ", off by " << str(center - reported_center)
            << " (canvas_origin " << str(layout_.canvas_origin) << ", canvas_size " << str(layout_.canvas_size) << ")";
        EXPECT_NEAR(radius, reported_radius, 1.5) << body.name << "'s radius on screen, in pixels";
    }
}

TEST_F(GuiTest, DragBodyThenVelocity) {
    ASSERT_NO_FATAL_FAILURE(launch());
    const double ppu = layout_.pixels_per_unit;
    const glm::dvec2 old_center_px = b_center_screen();

    const glm::dvec2 new_center = drag_b_body();
    const glm::dvec2 new_velocity = drag_b_velocity_tip(new_center);

    const RgbImage image = screenshot("last-drag-screenshot.png");
    const Rgb fill_b = blend(kColorB, kFillAlpha, kBackground);
    const Rgb fill_a = blend(kColorA, kFillAlpha, kBackground);
    const glm::dvec2 new_center_px = layout_.to_screen(new_center);
    const double radius_b_px = kRadiusB * ppu;
    for (const glm::dvec2 d : kDirections) {
        // 0.6 r out: clear of the label at the centre, of the outline, and of the arrow (which
        // leaves the centre at about 34 degrees below the horizontal)
        expect_colour(image, new_center_px + 0.6 * radius_b_px * d, fill_b, "inside B's disc where it was dragged to");
        expect_colour(image, old_center_px + 0.6 * radius_b_px * d, kBackground, "inside B's disc where it was before the drag");
        expect_colour(image, layout_.to_screen(kPositionA) + 0.6 * kRadiusA * ppu * d, fill_a, "inside A's disc (not dragged)");
    }

    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    const Body b = saved_body(saved, 1);
    expect_near(b.position, new_center, kPixelTolerance / ppu, "B's position after dragging it by (+120, -80) px");
    expect_near(b.velocity, new_velocity, kPixelTolerance / ppu, "B's velocity after dragging the arrow's tip");
    expect_pixel_decimals(b.position, ppu, "B's dragged position");
    expect_pixel_decimals(b.velocity, ppu, "B's dragged velocity");
    EXPECT_EQ(b.radius, kRadiusB);
    expect_a_unchanged(saved);
}

// In a scene shorter than one unit of time the arrows span Scene::arrow_time() (0.1 for a horizon
// of 0.5): the tip is at p + 0.1·v, and dragging it sets v = (tip - p)/0.1. Judge: the saved file.
TEST_F(GuiTest, AShortScenesArrowTipIsItsScaledVelocity) {
    Json scene = Json::parse(scene_json());
    scene["time"] = {{"horizon", 0.5}};
    scene["bodies"][1]["velocity"] = Json::array({10.0 * kVelocityB.x, 10.0 * kVelocityB.y});  // its tip where kVelocityB's is at v·1
    ASSERT_NO_FATAL_FAILURE(launch(true, false, scene.dump(2)));
    const double ppu = layout_.pixels_per_unit;
    const glm::dvec2 tip = rounded(layout_.to_screen(kPositionB + kVelocityB));
    const glm::dvec2 to = rounded(layout_.to_screen(kPositionB) + kNewTipFromCenter);
    drag(*x_, tip, to);
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    const Body b = saved_body(saved, 1);
    EXPECT_EQ(b.position, kPositionB);
    expect_near(b.velocity, (layout_.to_world(to) - kPositionB) / 0.1, kPixelTolerance / ppu / 0.1,
                "B's velocity after dragging the tip of its arrow, v·0.1");
}

TEST_F(GuiTest, OneDragIsOneUndoStep) {
    ASSERT_NO_FATAL_FAILURE(launch());
    const double ppu = layout_.pixels_per_unit;
    const glm::dvec2 new_center = drag_b_body();
    drag_b_velocity_tip(new_center);
    keys({"ctrl+z"});  // undoes the whole velocity drag, and only it

    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    const Body b = saved_body(saved, 1);
    expect_near(b.position, new_center, kPixelTolerance / ppu, "B's position: the move stays after one Ctrl+Z");
    EXPECT_EQ(b.velocity.x, kVelocityB.x) << "one Ctrl+Z restores the velocity from before the arrow drag exactly";
    EXPECT_EQ(b.velocity.y, kVelocityB.y) << "one Ctrl+Z restores the velocity from before the arrow drag exactly";
    expect_a_unchanged(saved);
}

// New scene (Ctrl+N) over unsaved changes asks first; Esc (Cancel) keeps the work. It once
// replaced the scene at once, and undo does not reach past that.
TEST_F(GuiTest, NewSceneOverUnsavedWorkAsksFirst) {
    ASSERT_NO_FATAL_FAILURE(launch());
    const double ppu = layout_.pixels_per_unit;
    const glm::dvec2 new_center = drag_b_body();
    keys({"ctrl+n", "Escape"});
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    expect_near(saved_body(saved, 1).position, new_center, kPixelTolerance / ppu, "B's position: the dragged scene is still open");
}

// With nothing unsaved, Ctrl+N starts the new scene at once: no question stands in the way.
TEST_F(GuiTest, NewSceneWithNothingUnsavedOpensAtOnce) {
    ASSERT_NO_FATAL_FAILURE(launch());
    keys({"ctrl+n"});
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    const Body b = saved_body(saved, 1);
    EXPECT_FALSE(b.position.x == kPositionB.x && b.position.y == kPositionB.y) << "the test's scene is still open";
    EXPECT_FALSE(saved.value("caption", std::string()).starts_with("As first written")) << "nothing was edited";
}

// A scene opened from the menu (here File › New scene, Ctrl+N) is framed as F frames it: it was
// framed with the analysis of the scene open before, until F was pressed.
TEST_F(GuiTest, ANewSceneIsFramedByItsOwnAnalysis) {
    ASSERT_NO_FATAL_FAILURE(launch());
    const Layout before = layout_;
    keys({"ctrl+n"});
    x_->xdotool({"sleep", "1"});
    const Layout opened = Layout::parse(read_file(layout_path_));
    ASSERT_FALSE(opened.view_center == before.view_center && opened.pixels_per_unit == before.pixels_per_unit)
        << "the view did not change: the new scene did not open";
    keys({"f"});
    x_->xdotool({"sleep", "1"});
    const Layout fitted = Layout::parse(read_file(layout_path_));
    expect_near(opened.view_center, fitted.view_center, 1e-9 * std::max({1.0, std::abs(fitted.view_center.x), std::abs(fitted.view_center.y)}), "view centre");
    EXPECT_NEAR(opened.pixels_per_unit, fitted.pixels_per_unit, 1e-9 * fitted.pixels_per_unit);
}

// A live lesson's review at 1024 x 768: "Snapped to a graze …" stood in the canvas's top right
// for its seconds, over the MISSED banner's "at dt = 8" and the badge's sentence, just as the
// teacher explained them. The notice now keeps off every overlay (judged by their boxes as the
// layout report gives them, and the notice's window as drawn).
TEST_F(GuiTest, ANoticeKeepsOffTheBadgeAndTheBanner) {
    screen_size_ = {1024, 768};
    window_size_ = "1024x768";
    Json scene = Json::parse(R"({"version": 1,
        "bodies": [{"label": "A", "position": [-6, -3], "velocity": [1.5, 0.75], "radius": 1.2},
                   {"label": "B", "position": [5, -4], "velocity": [-1, 1.25], "radius": 0.9}],
        "time": {"horizon": 8}, "discrete": {"enabled": true, "dt": 8, "phase": 0, "horizon": 8}})");
    ASSERT_NO_FATAL_FAILURE(launch(false, false, scene.dump()));
    keys({"g"});  // Snap to graze: a notice of five lines
    ASSERT_TRUE(layout_until([](const Layout& l) { return !l.notices.empty() && l.widgets.count("notices"); }))
        << "no notice after Snap to graze";
    const Layout& l = layout_;
    ASSERT_GE(l.overlays.size(), 3u) << "the badge, its sentence and the banner";
    const glm::dvec4 notice = l.widgets.at("notices");
    for (const glm::dvec4& o : l.overlays) {
        const bool overlap = notice.x < o.z && o.x < notice.z && notice.y < o.w && o.y < notice.w;
        EXPECT_FALSE(overlap) << "the notice (" << notice.x << ", " << notice.y << ")-(" << notice.z << ", " << notice.w
                              << ") covers an overlay (" << o.x << ", " << o.y << ")-(" << o.z << ", " << o.w << ")";
    }
}

// A live lesson's review: a scene saved after Snap to graze reopened with "As first written,
// before edits: …" over its GRAZE badge, and there was no way to say what it now shows. The
// note is rewritten in the side panel: the keys go to the field (a "g" typed there snaps
// nothing), Enter keeps it, and the scene saved has the note as typed, unmarked, and B's
// velocity as the snap left it.
TEST_F(GuiTest, TheScenesNoteIsRewrittenForTheSceneAsItIsNow) {
    ASSERT_NO_FATAL_FAILURE(launch());
    keys({"g"});  // Snap to graze: the note no longer holds
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.count("caption_edit") > 0; })) << "no button to edit the note";
    click(widget_center("caption_edit"));
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.count("caption_field") > 0; })) << "no field for the note";
    const std::string note = "B turned to graze A: D = 0";
    x_->xdotool({"key", "ctrl+a", "sleep", "0.1", "type", "--delay", "40", "--", note});
    keys({"Return"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.count("caption_field") == 0; })) << "Enter did not close the field";
    const Json saved = quit_and_read_saved();
    ASSERT_TRUE(saved.is_object());
    EXPECT_EQ(saved.value("caption", std::string()), note);
    // the snap's velocity, not one the typed "g" snapped again (the same), nor the scene's first
    const Json v = saved.at("bodies").at(1).at("velocity");
    EXPECT_NE(glm::dvec2(v.at(0).get<double>(), v.at(1).get<double>()), kVelocityB) << "the snap was lost";
}

// J (jump to the first contact) with no contact said nothing; now a notice says why. The same
// notice again in a row is counted ("×2"), not stacked (Ctrl+Z held showed "Undo" four times).
TEST_F(GuiTest, NoticesSayWhyThereIsNoContactAndCountRepeats) {
    Json scene = Json::parse(scene_json());
    const glm::dvec2 sideways = glm::dvec2(-(kPositionA - kPositionB).y, (kPositionA - kPositionB).x) * 0.3;
    scene["bodies"][1]["velocity"] = Json::array({sideways.x, sideways.y});  // across the line to A: a miss
    ASSERT_NO_FATAL_FAILURE(launch(true, false, scene.dump()));
    EXPECT_TRUE(layout_.notices.empty());
    keys({"j"});
    x_->xdotool({"sleep", "1"});
    const Layout once = Layout::parse(read_file(layout_path_));
    ASSERT_EQ(once.notices.size(), 1u);
    EXPECT_EQ(once.notices[0], "No contact to jump to: the closest approach stays apart (D < 0)");
    EXPECT_EQ(once.time, 0.0);
    keys({"j"});
    x_->xdotool({"sleep", "1"});
    const Layout twice = Layout::parse(read_file(layout_path_));
    ASSERT_EQ(twice.notices.size(), 1u);
    EXPECT_EQ(twice.notices[0], once.notices[0] + "  ×2");
}

// A caption describes the bodies it was written for. Saved after the bodies were edited (here by
// --save-on-exit; the autosave and Save As write the same), it says so: a restored session
// showed a preset's "D > 0, ..." beside a GRAZE badge as if it still held.
TEST_F(GuiTest, ACaptionTheEditsMayContradictIsSavedAsWrittenBefore) {
    ASSERT_NO_FATAL_FAILURE(launch());
    const std::string caption = Json::parse(scene_json()).at("caption").get<std::string>();
    drag_b_body();
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved.value("caption", std::string()), "As first written, before edits: " + caption);
}

// A is at rest in the test's scene, its arrow tip on its centre: a drag from the centre set its
// velocity instead of moving it (an outside review). Now it moves A; Ctrl-drag pulls a velocity out.
TEST_F(GuiTest, ABodyAtRestMovesByItsCentreAndCtrlDragGivesItAVelocity) {
    ASSERT_NO_FATAL_FAILURE(launch());
    const double ppu = layout_.pixels_per_unit;
    const glm::dvec2 a = rounded(layout_.to_screen(kPositionA));
    drag(*x_, a, a + kMoveBy);
    const glm::dvec2 moved = kPositionA + layout_.world_delta(kMoveBy);
    const glm::dvec2 pull(-60.0, -40.0);  // pixels, from the new centre
    const glm::dvec2 from = rounded(layout_.to_screen(moved));
    x_->xdotool({"keydown", "ctrl", "sleep", "0.2"});
    drag(*x_, from, from + pull);
    x_->xdotool({"keyup", "ctrl", "sleep", "0.2"});
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    const Body body = saved_body(saved, 0);
    expect_near(body.position, moved, kPixelTolerance / ppu, "A's position after the drag from its centre");
    expect_near(body.velocity, layout_.world_delta(pull), kPixelTolerance / ppu, "A's velocity after the Ctrl-drag");
    expect_pixel_decimals(body.position, ppu, "A's dragged position");
    expect_pixel_decimals(body.velocity, ppu, "A's Ctrl-dragged velocity");
}

TEST_F(GuiTest, UndoTwiceThenRedoOnce) {
    ASSERT_NO_FATAL_FAILURE(launch());
    const double ppu = layout_.pixels_per_unit;
    const glm::dvec2 new_center = drag_b_body();
    drag_b_velocity_tip(new_center);
    // back to the scene as opened, then forward by the move alone
    keys({"ctrl+z", "ctrl+z", "ctrl+shift+z"});

    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    const Body b = saved_body(saved, 1);
    expect_near(b.position, new_center, kPixelTolerance / ppu, "B's position: redone move");
    EXPECT_EQ(b.velocity.x, kVelocityB.x) << "the velocity drag stays undone";
    EXPECT_EQ(b.velocity.y, kVelocityB.y) << "the velocity drag stays undone";
    expect_a_unchanged(saved);
}

// The View menu's show switches turn back on what a scene file turned off (the test's scene
// hides paths, the closest approach and the ghosts), each an undoable step of its own.
TEST_F(GuiTest, TheViewMenuShowsWhatTheSceneHidAndUndoTakesItBack) {
    ASSERT_NO_FATAL_FAILURE(launch());
    for (const char* item : {"view_ghosts", "view_paths"}) {
        ASSERT_NO_FATAL_FAILURE(click_widget("menu_view"));
        ASSERT_NO_FATAL_FAILURE(click_widget(item));
    }
    keys({"ctrl+z"});  // the paths go again; the ghosts stay

    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    const Json& show = saved.at("show");
    EXPECT_TRUE(show.value("ghosts", false)) << "Contact ghosts, turned on from the View menu: " << show.dump();
    EXPECT_FALSE(show.value("paths", true)) << "Paths, turned on and then undone: " << show.dump();
    EXPECT_FALSE(show.value("closest", true)) << "Closest approach, never touched: " << show.dump();
    expect_a_unchanged(saved);
}

// File › Open Preset › Pitfalls opens a preset from its submenu: the bodies are the preset file's.
TEST_F(GuiTest, APresetOpensFromItsSubmenu) {
    ASSERT_NO_FATAL_FAILURE(launch());
    const std::string name = "pitfall-precedence.json";
    ASSERT_NO_FATAL_FAILURE(click_widget("menu_file"));
    ASSERT_NO_FATAL_FAILURE(click_widget("menu_open_preset"));
    ASSERT_NO_FATAL_FAILURE(click_widget("menu_pitfalls"));
    ASSERT_NO_FATAL_FAILURE(click_widget("preset_" + name));

    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    const Json preset = Json::parse(read_file(std::string(TANGENT_SCENES_DIR) + "/" + name));
    for (int i = 0; i < 2; ++i) {
        const Body expected = saved_body(preset, i);
        const Body got = saved_body(saved, i);
        EXPECT_EQ(got.position, expected.position) << "body " << i;
        EXPECT_EQ(got.velocity, expected.velocity) << "body " << i;
        EXPECT_EQ(got.radius, expected.radius) << "body " << i;
    }
    EXPECT_EQ(saved.value("caption", std::string()), preset.value("caption", std::string()));
}

// View › Theme is the window's: a teacher's light theme, chosen for a projector that washes out
// dark colours, went dark with every scene opened (after a question about saving it as an
// unsaved change), and Ctrl+Z of the lesson's edits undid it (a teacher's review). Chosen, it
// is no edit: a preset opened next asks nothing and is drawn light, and so is the next start;
// the scene keeps its own theme. Judge: the canvas's pixels, the question and the files.
TEST_F(GuiTest, TheChosenThemeStaysForEveryScene) {
    ASSERT_NO_FATAL_FAILURE(launch());
    const Rgb light = parse_hex_color("#fafaf7");  // the light theme's canvas (app/draw/theme.cpp)
    // bare canvas: a little in from its bottom-left corner
    const auto bare = [&] { return layout_.canvas_origin + glm::dvec2(40.0, layout_.canvas_size.y - 40.0); };
    expect_colour(screenshot("theme-0-dark.png"), bare(), kBackground, "the scene's dark theme at the start");
    ASSERT_NO_FATAL_FAILURE(click_widget("menu_view"));
    ASSERT_NO_FATAL_FAILURE(click_widget("view_theme_light"));
    std::this_thread::sleep_for(1s);
    ASSERT_TRUE(layout_until([](const Layout&) { return true; }));
    EXPECT_FALSE(layout_.unsaved) << "choosing a theme made an unsaved change";
    expect_colour(screenshot("theme-1-light.png"), bare(), light, "the canvas after View › Theme: light");

    ASSERT_NO_FATAL_FAILURE(click_widget("menu_file"));
    ASSERT_NO_FATAL_FAILURE(click_widget("menu_open_preset"));
    ASSERT_NO_FATAL_FAILURE(click_widget("preset_near-miss.json"));
    EXPECT_NE(title_until("near-miss.json (preset) - Tangent").find("near-miss"), std::string::npos)
        << "the preset did not open at once (a question about unsaved changes?): " << layout_.question;
    std::this_thread::sleep_for(1s);
    expect_colour(screenshot("theme-2-preset.png"), bare(), light, "the preset opened after choosing light");

    const Json saved = quit_and_read_saved();
    EXPECT_EQ(saved.at("show").value("theme", std::string("dark")), "dark") << "the scene's own theme was changed";
    EXPECT_EQ(read_file(dir_.file("state") + "/theme.txt"), "light\n");
    ASSERT_NO_FATAL_FAILURE(launch());
    expect_colour(screenshot("theme-3-restart.png"), bare(), light, "the next start");
}

// The tunnelling lesson from the keyboard (a teacher's review: dt and "Use the safe dt" took the
// mouse): U uses the safe dt, [ halves dt and ] doubles it, the phase keeping its share of the
// step, each one undo step. Judge: the core's largest safe dt from `tangent analyze --json`, and
// the scene written on exit.
TEST_F(GuiTest, TheOverlapChecksStepIsSetFromTheKeyboard) {
    const std::string preset = read_file(std::string(TANGENT_SCENES_DIR) + "/tunnelling.json");
    ASSERT_NO_FATAL_FAILURE(launch(true, false, preset));
    const ProcessResult analyzed = run_process({TANGENT_BINARY, "analyze", scene_path_, "--json"});
    ASSERT_EQ(analyzed.exit_code, 0) << analyzed.err;
    const double safe = Json::parse(analyzed.out).at("discrete").at("max_safe_dt").get<double>();
    keys({"u", "bracketleft", "bracketleft", "bracketright"});
    std::this_thread::sleep_for(500ms);
    keys({"ctrl+z"});  // the last ] undone: dt a quarter of the safe one
    std::this_thread::sleep_for(500ms);
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    const Json discrete = saved.at("discrete");
    const double dt = discrete.at("dt").get<double>();
    const double used = 4.0 * dt;  // the safe dt as U set it
    EXPECT_LE(used, safe) << "U set a step longer than the contact";
    EXPECT_GT(used, safe - 1e-4) << "U set " << used << ", the largest safe dt is " << safe;
    const Json opened = Json::parse(preset).at("discrete");
    const double share = opened.at("phase").get<double>() / opened.at("dt").get<double>();
    EXPECT_NEAR(discrete.at("phase").get<double>(), share * dt, 1e-12) << "the phase lost its share of the step";
}

// A preset's caption, shown as it opens, said "... so D < 0 and they never touch." beside the
// GRAZE badge of a snap a second later (a teacher's review): an edit of the bodies takes it away.
TEST_F(GuiTest, TheCaptionNoticeGoesOnceTheBodiesAreEdited) {
    ASSERT_NO_FATAL_FAILURE(launch());
    ASSERT_NO_FATAL_FAILURE(click_widget("menu_file"));
    ASSERT_NO_FATAL_FAILURE(click_widget("menu_open_preset"));
    ASSERT_NO_FATAL_FAILURE(click_widget("preset_near-miss.json"));
    const std::string caption = Json::parse(read_file(std::string(TANGENT_SCENES_DIR) + "/near-miss.json")).at("caption");
    const auto shown = [&](const std::string& text) {
        return [&, text](const Layout& l) {
            return std::any_of(l.notices.begin(), l.notices.end(), [&](const std::string& n) { return n.find(text) != std::string::npos; });
        };
    };
    ASSERT_TRUE(layout_until(shown(caption))) << "the caption is not among the notices as the preset opens";
    keys({"g"});
    ASSERT_TRUE(layout_until(shown("Snapped to a graze"))) << "no snap";
    EXPECT_FALSE(shown(caption)(layout_)) << "the caption stayed beside the snapped graze";
}

// Scrolled down to the tunnelling section, the side panel stayed so for the next preset opened,
// its caption and analysis out of view (a student's review at 1366 x 768): a scene opened shows
// the panel from its top. Judge: where the layout report puts B's radius field.
TEST_F(GuiTest, APresetOpensWithTheSidePanelAtItsTop) {
    ASSERT_NO_FATAL_FAILURE(launch());
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("body_b_radius"); }));
    const double top = layout_.widgets.at("body_b_radius").y;
    const glm::dvec2 panel = widget_center("body_b_radius");
    x_->xdotool({"mousemove", std::to_string(std::lround(panel.x)), std::to_string(kScreenHeight / 2), "mousedown", "9", "mouseup",
                 "9", "sleep", "0.2", "click", "5", "sleep", "0.2", "click", "5", "sleep", "0.2", "click", "5", "sleep", "0.4",
                 "mousemove", "20", std::to_string(kScreenHeight / 2), "mousedown", "9", "mouseup", "9", "sleep", "0.3"});
    ASSERT_TRUE(layout_until([&](const Layout& l) { return l.widgets.at("body_b_radius").y < top - 50.0; })) << "not scrolled";
    ASSERT_NO_FATAL_FAILURE(click_widget("menu_file"));
    ASSERT_NO_FATAL_FAILURE(click_widget("menu_open_preset"));
    ASSERT_NO_FATAL_FAILURE(click_widget("preset_near-miss.json"));
    ASSERT_TRUE(layout_until([&](const Layout& l) {
        return l.widgets.contains("body_b_radius") && std::abs(l.widgets.at("body_b_radius").y - top) < 30.0;
    })) << "B's radius at y = " << layout_.widgets.at("body_b_radius").y << ", " << top << " from the panel's top";
}

// Showing the time plot (P) or the relative frame (R) made the scene "unsaved", and opening a
// preset next asked to save the changes (a student's review): what is shown is no change to the
// document. An edit of a body still is. Judge: the window's title and the layout report.
TEST_F(GuiTest, ShowingThePlotOrTheRelativeFrameIsNoUnsavedChange) {
    ASSERT_NO_FATAL_FAILURE(launch());
    keys({"p", "r"});
    std::this_thread::sleep_for(1s);
    EXPECT_EQ(title_until("scene.json - Tangent"), "scene.json - Tangent");
    ASSERT_TRUE(layout_until([](const Layout&) { return true; }));
    EXPECT_FALSE(layout_.unsaved) << "P and R made an unsaved change";
    type_into("body_b_radius", "0.9");
    EXPECT_EQ(title_until("scene.json * - Tangent"), "scene.json * - Tangent") << "an edit of B is an unsaved change";
}

// "Use the safe dt" in the tunnelling panel set dt and left the phase (0.25, beyond the new
// dt = 0.2385): the scene became invalid, the analysis gave way to an error and the canvas
// froze (an outside review). The phase now keeps its fraction of the step, as the dt slider
// does, and the saved scene is one the command line reads and whose checks see the contact.
TEST_F(GuiTest, UseTheSafeDtCatchesTheContactAndKeepsTheSceneValid) {
    const std::string preset = read_file(std::string(TANGENT_SCENES_DIR) + "/tunnelling.json");
    ASSERT_NO_FATAL_FAILURE(launch(true, false, preset));
    const Json before = Json::parse(preset).at("discrete");
    ASSERT_NO_FATAL_FAILURE(click_widget("use_safe_dt"));
    // and, the dt now safe, the button goes: beside a safe dt it read as if it were not
    EXPECT_TRUE(layout_until([](const Layout& l) { return !l.widgets.contains("use_safe_dt"); }))
        << "\"Use the safe dt\" is still offered with the safe dt set";
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    const std::string saved_path = dir_.write("safe.json", saved.dump(2));
    const ProcessResult analysis = run_process({TANGENT_BINARY, "analyze", saved_path, "--json"});
    ASSERT_EQ(analysis.exit_code, 0) << "the saved scene is refused: " << analysis.err;
    const Json discrete = Json::parse(analysis.out).at("discrete");
    const double dt = saved.at("discrete").at("dt").get<double>();
    // the contact's duration, t_exit - t_enter, is the largest dt that catches it at any phase;
    // the button sets it as the dt field shows it, four digits, rounded down (0.2384 of 0.238485:
    // the full step read "0.2385" in the field, the step the canvas calls unsafe)
    const Json answer = Json::parse(analysis.out);
    const double duration = answer.at("t_exit").get<double>() - answer.at("t_enter").get<double>();
    EXPECT_LT(dt, duration);
    EXPECT_GT(dt, duration - 1e-4);
    char shown[32];
    std::snprintf(shown, sizeof shown, "%.4g", dt);
    EXPECT_EQ(std::strtod(shown, nullptr), dt) << "the field shows " << shown << " for " << dt;
    EXPECT_NEAR(saved.at("discrete").at("phase").get<double>(),
                before.at("phase").get<double>() / before.at("dt").get<double>() * dt, 1e-15);
    EXPECT_TRUE(discrete.at("detected").get<bool>()) << discrete.dump();
    EXPECT_FALSE(discrete.at("missed").get<bool>()) << discrete.dump();
}

// The overlap check toggled on (T) drew its two-line legend over the contact in a view Tangent had
// framed, until F was pressed (a teacher's review). Judge: the view after T is the one F gives,
// and T again brings back the view the window opened with.
TEST_F(GuiTest, TheChecksLegendRefitsAViewNotFramedByHand) {
    // the default scene (the oblique hit, with no view of its own)
    ASSERT_NO_FATAL_FAILURE(launch(true, false, read_file(std::string(TANGENT_SCENES_DIR) + "/oblique-hit.json")));
    const Layout opened = layout_;
    keys({"t"});
    EXPECT_TRUE(layout_until([&](const Layout& l) {
        return l.pixels_per_unit != opened.pixels_per_unit || l.view_center != opened.view_center;
    })) << "the checks' legend came and the view stayed as it was";
    std::this_thread::sleep_for(500ms);
    ASSERT_TRUE(layout_until([](const Layout&) { return true; }));
    const Layout with_checks = layout_;
    keys({"f"});
    std::this_thread::sleep_for(1000ms);
    ASSERT_TRUE(layout_until([](const Layout&) { return true; }));
    EXPECT_NEAR(layout_.pixels_per_unit, with_checks.pixels_per_unit, 1e-9 * with_checks.pixels_per_unit) << "F fits otherwise";
    EXPECT_NEAR(glm::distance(layout_.view_center, with_checks.view_center), 0.0, 1e-9 * glm::length(with_checks.view_center) + 1e-12);
    keys({"t"});
    EXPECT_TRUE(layout_until([&](const Layout& l) {
        return std::abs(l.pixels_per_unit - opened.pixels_per_unit) <= 1e-9 * opened.pixels_per_unit &&
               glm::distance(l.view_center, opened.view_center) <= 1e-9 * glm::length(opened.view_center) + 1e-12;
    })) << "the legend gone, the view is not the one the window opened with: " << layout_.pixels_per_unit << " against "
        << opened.pixels_per_unit;
}

// In the relative frame the circles cannot be dragged, and a click on one says so; but the click
// was looked for where the bodies are in the world frame, so a click on the circle drawn (A grown
// to radius R at the origin) found nothing and nothing was said. Judge: the scene file puts A's
// world centre 6 units from the origin, and the relative frame draws A at the origin.
TEST_F(GuiTest, AClickOnACircleInTheRelativeFrameSaysHowToDragIt) {
    const Json scene = Json::parse(read_file(std::string(TANGENT_SCENES_DIR) + "/tour-relative-frame.json"));
    ASSERT_TRUE(scene.at("show").at("relative_frame").get<bool>());
    const glm::dvec2 a_world = read_vec2(scene.at("bodies").at(0).at("position"));
    ASSERT_GT(glm::length(a_world), 2.0 * scene.at("bodies").at(0).at("radius").get<double>()) << "the origin is on A in both frames";
    ASSERT_NO_FATAL_FAILURE(launch(true, false, scene.dump()));
    const glm::dvec2 at = layout_.to_screen({0.0, 0.0});
    const auto pixel = [](double v) { return std::to_string(std::lround(v)); };
    x_->xdotool({"mousemove", pixel(at.x), pixel(at.y), "mousedown", "9", "mouseup", "9", "sleep", "0.2", "click", "1", "sleep", "0.4"});
    EXPECT_TRUE(layout_until([](const Layout& l) {
        return std::any_of(l.notices.begin(), l.notices.end(),
                           [](const std::string& n) { return n.find("go back to the world frame") != std::string::npos; });
    })) << "a click on the circle drawn said nothing";
}

// Valid scenes with times near the top of the doubles (an outside review): a horizon of 1e308
// aborted the window (Dear ImGui's sliders assert bounds within ±DBL_MAX/2), and a time shown of
// 1e308 drew the bodies at infinity, left the view NaN (the layout report no longer JSON) and
// Ctrl+S refused with "view.center must be two finite numbers". Judge: the window runs, its
// report parses with a finite view, and Ctrl+S writes the edit to the file.
TEST_F(GuiTest, TimesNearTheTopOfTheDoublesNeitherAbortNorBlockTheSave) {
    Json scene = Json::parse(read_file(std::string(TANGENT_SCENES_DIR) + "/oblique-hit.json"));
    scene["time"]["horizon"] = 1e308;
    scene["discrete"] = {{"enabled", true}, {"dt", 1e307}, {"phase", 0.0}};
    ASSERT_NO_FATAL_FAILURE(launch(true, false, scene.dump(2)));
    std::this_thread::sleep_for(1000ms);
    EXPECT_FALSE(app_->poll_exit().has_value()) << "a horizon of 1e308 ended the window";
    if (app_->poll_exit()) return;
    ASSERT_NO_FATAL_FAILURE(scroll_into_view("discrete_dt"));  // (the tunnelling section's dt slider in sight)
    std::this_thread::sleep_for(500ms);
    EXPECT_FALSE(app_->poll_exit().has_value()) << "a dt of 1e307 ended the window";
    if (app_->poll_exit()) return;
    // a dt typed up to the horizon is kept as typed (the slider's own bounds stop at DBL_MAX/2)
    type_into("discrete_dt", "1e308");
    std::this_thread::sleep_for(500ms);
    const Json saved_huge = quit_and_read_saved();
    EXPECT_EQ(saved_huge.at("time").at("horizon").get<double>(), 1e308);
    EXPECT_EQ(saved_huge.at("discrete").at("dt").get<double>(), 1e308);

    scene = Json::parse(read_file(std::string(TANGENT_SCENES_DIR) + "/oblique-hit.json"));
    scene["time"]["current"] = 1e308;
    // (an argument, so that launch() does not ask for t = 0)
    ASSERT_NO_FATAL_FAILURE(launch(true, false, scene.dump(2), {"--no-vsync"}));
    EXPECT_TRUE(std::isfinite(layout_.view_center.x) && std::isfinite(layout_.view_center.y) &&
                std::isfinite(layout_.pixels_per_unit) && layout_.pixels_per_unit > 0.0)
        << str(layout_.view_center) << " at " << layout_.pixels_per_unit << " px per unit";
    // and the time beside the slider stays in the time bar (309 digits ran under the side panel)
    ASSERT_TRUE(layout_.widgets.contains("time_readout") && layout_.widgets.contains("time_bar"));
    EXPECT_LE(layout_.widgets.at("time_readout").z, layout_.widgets.at("time_bar").z + 0.5);
    type_into("body_b_radius", "0.7");
    ASSERT_EQ(title_until("scene.json * - Tangent"), "scene.json * - Tangent");
    keys({"ctrl+s"});
    EXPECT_EQ(title_until("scene.json - Tangent"), "scene.json - Tangent") << "Ctrl+S did not save";
    const Json saved = Json::parse(read_file(scene_path_));
    EXPECT_EQ(saved.at("bodies").at(1).at("radius").get<double>(), 0.7);
}

// F frames the bodies where they are drawn: at the end of the time range (End) it framed them
// as they were at the start, and left them off the canvas (an outside review).
TEST_F(GuiTest, FitViewFramesTheBodiesAtTheTimeShown) {
    ASSERT_NO_FATAL_FAILURE(launch());
    const Layout opened = layout_;
    keys({"End", "f"});
    // settled once the time has moved and the view with it
    ASSERT_TRUE(layout_until([&](const Layout& l) { return l.time > 0.0 && l.view_center != opened.view_center; }))
        << "End and F moved neither the time nor the view";
    const double t = layout_.time;
    const std::pair<glm::dvec2, double> bodies[] = {{kPositionA, kRadiusA}, {kPositionB + t * kVelocityB, kRadiusB}};
    for (const auto& [center, radius] : bodies) {
        const glm::dvec2 on_canvas = layout_.to_screen(center) - layout_.window_position - layout_.canvas_origin;
        const double r = radius * layout_.pixels_per_unit;
        EXPECT_TRUE(on_canvas.x - r >= 0.0 && on_canvas.x + r <= layout_.canvas_size.x && on_canvas.y - r >= 0.0 &&
                    on_canvas.y + r <= layout_.canvas_size.y)
            << "at t = " << t << " a body at " << str(on_canvas) << " (radius " << r << " px) is not all on the "
            << str(layout_.canvas_size) << " canvas";
    }
}

// Regression: with no --size the window opened at 1280x800, centred, on a 1280x720 screen (a
// common projector) it ran 40 px past the top and the bottom: no menu bar, the time bar cut in
// half. Now it fits the screen, and the menu bar and the time bar are on it whole.
TEST_F(GuiTest, WithNoSizeTheWindowFitsASmallScreen) {
    screen_size_ = {1280, 720};
    window_size_.clear();
    ASSERT_NO_FATAL_FAILURE(launch());
    EXPECT_GE(layout_.window_position.x, 0.0);
    EXPECT_GE(layout_.window_position.y, 0.0);
    for (const char* name : {"menu_file", "time_bar"}) {
        const auto found = layout_.widgets.find(name);
        ASSERT_NE(found, layout_.widgets.end()) << "the layout report names no " << name;
        const glm::dvec4 r = found->second;
        const glm::dvec2 low = layout_.window_position + glm::dvec2(r.x, r.y);
        const glm::dvec2 high = layout_.window_position + glm::dvec2(r.z, r.w);
        EXPECT_TRUE(low.x >= 0.0 && low.y >= 0.0 && high.x <= 1280.0 && high.y <= 720.0)
            << name << " from " << str(low) << " to " << str(high) << ", off the 1280x720 screen";
    }
    const glm::dvec2 canvas_end = layout_.window_position + layout_.canvas_origin + layout_.canvas_size;
    EXPECT_TRUE(canvas_end.x <= 1280.0 && canvas_end.y <= 720.0) << "the canvas ends at " << str(canvas_end);
}

// A refused value's error stays only until a value is entered in that field: "radius must be
// > 0, got -2" stood for 20 s beside the radius 2 typed after it (an outside review). Another
// field's error stays.
TEST_F(GuiTest, AFieldsErrorGoesOnceAValueIsEntered) {
    ASSERT_NO_FATAL_FAILURE(launch());
    type_into("body_a_radius", "-3");
    type_into("body_b_radius", "-2");
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.field_messages.size() == 2; }))
        << layout_.field_messages.size() << " field messages";
    type_into("body_b_radius", "2");
    EXPECT_TRUE(layout_until([](const Layout& l) { return l.unsaved && l.field_messages.size() == 1; }))
        << layout_.field_messages.size() << " field messages";
    ASSERT_EQ(layout_.field_messages.size(), 1u);
    EXPECT_TRUE(layout_.field_messages.contains("body_a_radius")) << "A's error is the one left: " << layout_.field_messages.begin()->first;
    EXPECT_TRUE(layout_.notices.empty()) << "a field's error over the canvas: " << layout_.notices.front();
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved_body(saved, 1).radius, 2.0);
    EXPECT_EQ(saved_body(saved, 0).radius, kRadiusA);
}

/// Pixels within `rect` (window coordinates, as the layout report gives them) of `image` whose
/// colour is within 40 per channel of `colour`: text drawn in it (anti-aliased edges aside).
int pixels_in_colour(const RgbImage& image, const Layout& layout, glm::dvec4 rect, Rgb colour) {
    int count = 0;
    for (int y = static_cast<int>(std::floor(layout.window_position.y + rect.y)); y < std::ceil(layout.window_position.y + rect.w); ++y)
        for (int x = static_cast<int>(std::floor(layout.window_position.x + rect.x)); x < std::ceil(layout.window_position.x + rect.z); ++x)
            if (x >= 0 && y >= 0 && x < image.width && y < image.height && channel_distance(image.at(x, y), colour) <= 40) ++count;
    return count;
}

const Rgb kErrorText = parse_hex_color("#ff735a");  // a field's error on the dark panel (app/ui/panels.cpp)

// A typed value that is refused is said right under its field, in the error colour, in the
// panel: it was a notice at the bottom-left of the canvas, far from the field, and the field's
// own hover hint ("Drag sideways to change it; ...") covered its end. The hint waits while the
// message is up, and the message goes once a value is entered.
TEST_F(GuiTest, ARefusedValueIsSaidUnderItsField) {
    ASSERT_NO_FATAL_FAILURE(launch());
    type_into("body_a_radius", "1/0+abc");
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.field_messages.contains("body_a_radius") && l.widgets.contains("body_a_radius_message"); }))
        << "no message under A's radius; notices: " << (layout_.notices.empty() ? "none" : layout_.notices.front());
    const std::string& text = layout_.field_messages.at("body_a_radius");
    EXPECT_NE(text.find("'1/0+abc' is not a number: unknown name 'abc' at character 5"), std::string::npos) << text;
    EXPECT_TRUE(layout_.notices.empty()) << "the field's error is over the canvas too: " << layout_.notices.front();

    const glm::dvec4 field = layout_.widgets.at("body_a_radius");
    const glm::dvec4 message = layout_.widgets.at("body_a_radius_message");
    const double panel_left = layout_.canvas_origin.x + layout_.canvas_size.x;
    const double field_height = field.w - field.y;
    EXPECT_NEAR(message.x, field.x, 0.5) << "the message starts where its field does";
    EXPECT_GE(message.y, field.w) << "the message overlaps its field";
    EXPECT_LE(message.y - field.w, 0.5 * field_height) << "the message is not right under its field";
    EXPECT_GE(message.x, panel_left) << "the message is not in the side panel";
    EXPECT_LE(message.z, kScreenWidth) << "the message runs off the panel's right edge";
    EXPECT_GT(message.w - message.y, 1.5 * field_height) << "this message takes two lines or more at this width";
    // the fields below make room for it
    EXPECT_GE(layout_.widgets.at("body_b_position").y, message.w) << "B's position is drawn over the message";

    // drawn in the error colour (the pointer away on the canvas); and with the pointer resting on
    // the field (its hint showed after half a second, below the pointer), still the same pixels
    x_->xdotool({"mousemove", "20", std::to_string(kScreenHeight / 2), "mousedown", "9", "mouseup", "9", "sleep", "1.0"});
    const RgbImage shown = screenshot("field-error-screenshot.png");
    const int red = pixels_in_colour(shown, layout_, message, kErrorText);
    EXPECT_GT(red, 100) << "pixels in the error colour " << to_string(kErrorText) << " where the message is";
    const glm::dvec2 on_field = widget_center("body_a_radius");
    x_->xdotool({"mousemove", std::to_string(std::lround(on_field.x)), std::to_string(std::lround(on_field.y)), "mousedown", "9",
                 "mouseup", "9", "sleep", "1.5"});
    const RgbImage hovered = screenshot("field-error-hovered-screenshot.png");
    int changed = 0;
    const glm::dvec2 at = layout_.window_position;
    for (int y = static_cast<int>(at.y + message.y); y < std::min(static_cast<int>(at.y + message.w), shown.height); ++y)
        for (int x = static_cast<int>(at.x + message.x); x < std::min(static_cast<int>(at.x + message.z), shown.width); ++x)
            if (channel_distance(shown.at(x, y), hovered.at(x, y)) > kColorTolerance) ++changed;
    EXPECT_EQ(changed, 0) << "pixels of the message changed with the pointer resting on its field (the hint over it?)";

    type_into("body_a_radius", "2");
    EXPECT_TRUE(layout_until([](const Layout& l) { return l.field_messages.empty() && !l.widgets.contains("body_a_radius_message"); }))
        << "the message stays after a value was entered: " << layout_.field_messages.begin()->second;
    EXPECT_TRUE(layout_.notices.empty());
    const RgbImage after = screenshot("field-error-gone-screenshot.png");
    EXPECT_LT(pixels_in_colour(after, layout_, message, kErrorText), red / 20) << "red is still drawn where the message was";
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved_body(saved, 0).radius, 2.0);
}

// In a small window A's radius is near the panel's bottom edge: its message, drawn below the
// edge, went unseen. The panel scrolls to show it, with the field.
TEST_F(GuiTest, AMessageNearThePanelsBottomIsScrolledIntoView) {
    window_size_ = "800x600";
    ASSERT_NO_FATAL_FAILURE(launch());
    ASSERT_LE(layout_.widgets.at("body_a_radius").w, 600.0 - 10.0) << "A's radius is below the window's edge";
    ASSERT_GE(layout_.widgets.at("body_a_radius").w, 600.0 - 100.0) << "A's radius is not near the window's bottom edge";
    type_into("body_a_radius", "1/0+abc");
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("body_a_radius_message"); }));
    EXPECT_TRUE(layout_until([](const Layout& l) { return l.widgets.at("body_a_radius_message").w <= 600.0; }))
        << "the message ends at y = " << layout_.widgets.at("body_a_radius_message").w << ", below the 600 px window";
    EXPECT_GE(layout_.widgets.at("body_a_radius").y, 0.0) << "A's radius field went above the window's top edge";
    screenshot("field-error-small-window-screenshot.png");
}

// A value the scene's check refuses (a radius of 0) is said under its field too. It stays while
// the field is typed in again (to be read while correcting it), goes when that ends with nothing
// entered (Esc), and goes when the field's value changes some other way (here an undo).
TEST_F(GuiTest, ACheckedValueIsSaidUnderItsFieldUntilTheFieldIsLeftOrChanged) {
    ASSERT_NO_FATAL_FAILURE(launch());
    type_into("body_b_radius", "0.5");
    type_into("body_b_radius", "0");
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.field_messages.contains("body_b_radius"); }));
    EXPECT_EQ(layout_.field_messages.at("body_b_radius"), "radius must be a finite number > 0, got 0");
    EXPECT_TRUE(layout_.notices.empty()) << layout_.notices.front();
    type_into("body_b_radius", "7", "");
    x_->xdotool({"sleep", "0.5"});
    layout_ = Layout::parse(read_file(layout_path_));
    EXPECT_TRUE(layout_.field_messages.contains("body_b_radius")) << "the message went as the field was typed in again";
    type_more("", "Escape");
    EXPECT_TRUE(layout_until([](const Layout& l) { return l.field_messages.empty(); }))
        << "the message stays after Esc: " << layout_.field_messages.begin()->second;
    type_into("body_b_radius", "0");
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.field_messages.contains("body_b_radius"); }));
    keys({"ctrl+z"});  // 0.5 back to 0.8: the message was about the field as it was
    EXPECT_TRUE(layout_until([](const Layout& l) { return l.field_messages.empty(); }))
        << "the message stays after an undo changed the field: " << layout_.field_messages.begin()->second;
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved_body(saved, 1).radius, kRadiusB);
}

// A canvas that shows nothing of the scene says how to get it back: a radius typed as 1e300
// filled the canvas with B's colour, and nothing hinted at F (a student's review). The hint
// goes once F has framed the scene again.
TEST_F(GuiTest, ACanvasFilledByABodySaysFFramesTheScene) {
    ASSERT_NO_FATAL_FAILURE(launch());
    ASSERT_FALSE(layout_.widgets.contains("out_of_view")) << "the hint shows over a scene in view";
    type_into("body_b_radius", "1e300");
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("out_of_view"); }))
        << "no hint with B's disc over the whole canvas";
    const glm::dvec4 hint = layout_.widgets.at("out_of_view");
    const glm::dvec2 middle = layout_.canvas_origin + 0.5 * layout_.canvas_size;
    EXPECT_NEAR(0.5 * (hint.x + hint.z), middle.x, 2.0) << "the hint is not in the canvas's middle";
    // along the bottom, clear of A, which still shows on B's colour (a pebble in a boulder that
    // fills the view: a hint in the middle lay beside it, a code review)
    EXPECT_GT(hint.y, middle.y) << "the hint is not in the canvas's lower half";
    const glm::dvec2 a = layout_.to_screen(kPositionA) - layout_.window_position;
    const double a_px = kRadiusA * layout_.pixels_per_unit;
    const glm::dvec2 nearest = glm::clamp(a, glm::dvec2(hint.x, hint.y), glm::dvec2(hint.z, hint.w));
    EXPECT_GT(glm::distance(a, nearest), a_px) << "the hint covers A";
    x_->xdotool({"mousemove", "20", std::to_string(kScreenHeight / 2), "mousedown", "9", "mouseup", "9", "sleep", "0.3"});
    keys({"f"});
    EXPECT_TRUE(layout_until([](const Layout& l) { return !l.widgets.contains("out_of_view"); })) << "the hint stays after F";
}

// The horizon (how long the paths run, play loops and the checks go on) is typed in the panel
// like any other value: one undo step, a refused value said under its field in the panel's
// words (not the file's key "time.horizon"). It could only be changed in the scene file.
TEST_F(GuiTest, TheHorizonIsTypedInThePanelAsOneUndoStep) {
    ASSERT_NO_FATAL_FAILURE(launch());
    ASSERT_NO_FATAL_FAILURE(scroll_into_view("horizon"));
    type_into("horizon", "4");
    type_into("horizon", "0");
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.field_messages.contains("horizon"); }));
    EXPECT_EQ(layout_.field_messages.at("horizon"), "the horizon T must be a finite number > 0, got 0");
    type_into("horizon", "7/2");
    keys({"ctrl+z"});  // 7/2 back to 4
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved.at("time").at("horizon").get<double>(), 4.0) << "typed 4, refused 0, typed 7/2 and one Ctrl+Z";
}

// A typed value beyond a slider's end is kept at the end, and that is said under the slider
// (not over the canvas), until a value is entered.
TEST_F(GuiTest, AValueKeptAtItsEndIsSaidUnderItsField) {
    Json scene = Json::parse(scene_json());
    scene["discrete"] = {{"enabled", true}, {"dt", 0.5}, {"phase", 0.0}};
    ASSERT_NO_FATAL_FAILURE(launch(true, false, scene.dump(2)));
    ASSERT_NO_FATAL_FAILURE(scroll_into_view("discrete_dt"));
    type_into("discrete_dt", "1e9");
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("discrete_dt_message"); }))
        << "no message under dt; notices: " << (layout_.notices.empty() ? "none" : layout_.notices.front());
    const glm::dvec4 field = layout_.widgets.at("discrete_dt");
    const glm::dvec4 message = layout_.widgets.at("discrete_dt_message");
    EXPECT_EQ(layout_.field_messages.at("discrete_dt"), "1e+09 is above the most, 10: kept at that");
    EXPECT_NEAR(message.x, field.x, 0.5);
    EXPECT_GE(message.y, field.w);
    EXPECT_LE(message.y - field.w, 0.5 * (field.w - field.y));
    EXPECT_TRUE(layout_.notices.empty()) << layout_.notices.front();
    type_into("discrete_dt", "1");
    EXPECT_TRUE(layout_until([](const Layout& l) { return l.field_messages.empty(); }))
        << "the note stays after a value was entered: " << layout_.field_messages.begin()->second;
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved.at("discrete").at("dt").get<double>(), 1.0);
}

// Typed in as dt = 3, the MISSED banner came up over the view fitted without it, across B and
// A's name, until F was pressed (an outside review). The fit's view is fitted again once the
// banner comes or goes (not while a slider is held, nor where the view was framed by hand).
TEST_F(GuiTest, TheViewMakesRoomForTheBannerAsItComes) {
    Json scene = Json::parse(read_file(std::string(TANGENT_SCENES_DIR) + "/oblique-hit.json"));
    scene["discrete"] = {{"enabled", true}, {"dt", 0.1}, {"phase", 0.0}};  // every contact caught: no banner
    ASSERT_NO_FATAL_FAILURE(launch(true, false, scene.dump(2)));
    const glm::dvec2 center = layout_.view_center;
    const double zoom = layout_.pixels_per_unit;
    ASSERT_NO_FATAL_FAILURE(scroll_into_view("discrete_dt"));
    type_into("discrete_dt", "3");  // checks at 0, 3, 6: the contact from 3.63 to 4.99 is missed
    EXPECT_TRUE(layout_until([&](const Layout& l) { return l.view_center != center || l.pixels_per_unit != zoom; }))
        << "the view stayed as fitted without the banner";
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved.at("discrete").at("dt").get<double>(), 3.0);
}

// The fields stay where they are at the first edit: the caption then says "As opened, before
// your edits: ..." and grew by a line, and a double-click aimed at a field landed on the one
// above it (an outside review).
TEST_F(GuiTest, TheFieldsStayPutWhenTheCaptionSaysItIsOutdated) {
    ASSERT_NO_FATAL_FAILURE(launch());
    const glm::dvec4 before = layout_.widgets.at("body_b_radius");
    ASSERT_FALSE(layout_.unsaved);
    type_into("body_a_radius", "1.25");
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.unsaved; })) << "the edit did not take";
    const glm::dvec4 after = layout_.widgets.at("body_b_radius");
    EXPECT_EQ(after.y, before.y) << "B's radius field moved from y = " << before.y << " to " << after.y;
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved_body(saved, 0).radius, 1.25);
    EXPECT_TRUE(saved.value("caption", std::string()).starts_with("As first written")) << "the edit made the caption outdated";
}

// Ctrl+Z while a drag was held undid the edit before it, and the release recorded the drag over
// that undo: the edit could never be undone again, and "undo everything" left the scene changed
// (an undo fuzz review). Keys but Esc wait until the drag is let go. Judge: the scene written on
// exit after undoing everything is the one opened.
TEST_F(GuiTest, CtrlZDuringADragLeavesTheHistoryWhole) {
    ASSERT_NO_FATAL_FAILURE(launch());
    const Json opened = Json::parse(read_file(scene_path_));
    keys({"t"});  // an edit: the overlap check on
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.unsaved; })) << "T changed nothing";
    const Body b = saved_body(opened, 1);
    const glm::dvec2 from = layout_.to_screen(b.position);
    const glm::dvec2 to = from + glm::dvec2(-60.0, -40.0);
    const auto pixel = [](double v) { return std::to_string(std::lround(v)); };
    x_->xdotool({"mousemove", pixel(from.x), pixel(from.y), "mousedown", "9", "mouseup", "9", "sleep", "0.15", "mousedown", "1",
                 "sleep", "0.15", "mousemove", pixel((from.x + to.x) / 2), pixel((from.y + to.y) / 2), "mousedown", "9", "mouseup", "9",
                 "sleep", "0.3", "key", "ctrl+z", "sleep", "0.4", "mousemove", pixel(to.x), pixel(to.y), "mousedown", "9", "mouseup",
                 "9", "sleep", "0.3", "mouseup", "1", "sleep", "0.3"});
    keys({"ctrl+z", "ctrl+z", "ctrl+z", "ctrl+z"});
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved_body(saved, 1).position, b.position) << "B is not back where it was";
    EXPECT_EQ(saved.contains("discrete") && saved.at("discrete").value("enabled", false),
              opened.contains("discrete") && opened.at("discrete").value("enabled", false))
        << "the overlap check's toggle before the drag could not be undone";
}

// The tunnelling preset's caption ("checking for overlap only every dt = 0.5 skips a contact")
// stayed as written after U made dt safe, beside a canvas saying the checks see it (a student's
// review): an edit of the checks a caption was written with marks it as outdated, as an edit of
// the bodies does. Turning the checks on in a scene opened without them leaves its caption true.
TEST_F(GuiTest, AnEditOfTheChecksMarksTheirCaptionAsOutdated) {
    const Json tunnelling = Json::parse(read_file(std::string(TANGENT_SCENES_DIR) + "/tunnelling.json"));
    ASSERT_TRUE(tunnelling.at("discrete").at("enabled").get<bool>());
    ASSERT_NO_FATAL_FAILURE(launch(true, false, tunnelling.dump(2)));
    keys({"u"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.unsaved; })) << "U changed nothing";
    Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_LT(saved.at("discrete").at("dt").get<double>(), tunnelling.at("discrete").at("dt").get<double>());
    EXPECT_EQ(saved.value("caption", std::string()), "As first written, before edits: " + tunnelling.at("caption").get<std::string>());

    Json oblique = Json::parse(read_file(std::string(TANGENT_SCENES_DIR) + "/oblique-hit.json"));
    ASSERT_FALSE(oblique.contains("discrete"));
    ASSERT_NO_FATAL_FAILURE(launch(true, false, oblique.dump(2)));
    keys({"t"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.unsaved; })) << "T changed nothing";
    saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_TRUE(saved.at("discrete").at("enabled").get<bool>());
    EXPECT_EQ(saved.value("caption", std::string()), oblique.at("caption").get<std::string>());
}

// New scene over unsaved work, "Save", then Cancel in the Save As dialog: the new scene did not
// open (right), but it stayed waiting, and the unsaved-changes question never came again: every
// later New or Open did nothing, and the next Save As opened it. Now the question comes again.
TEST_F(GuiTest, CancellingTheSaveAsOfTheQuestionLeavesNothingWaiting) {
    ASSERT_NO_FATAL_FAILURE(launch());
    keys({"ctrl+n"});  // nothing unsaved: a new scene, with no file of its own
    x_->xdotool({"sleep", "0.5"});
    type_into("body_b_radius", "1.5");
    keys({"ctrl+n"});
    ASSERT_NO_FATAL_FAILURE(click_widget("question_save"));  // Save As opens: the new scene has no file
    keys({"Escape"});                                        // cancels it
    x_->xdotool({"sleep", "0.5"});
    keys({"ctrl+n"});
    EXPECT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("question_save"); }))
        << "New scene over unsaved work did not ask again";
    keys({"Escape"});  // keeps the work
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved_body(saved, 1).radius, 1.5) << "the edited scene is still open";
}

// Quitting an edited untitled scene, "Save" (Enter, the question's default) did nothing: the
// question opened again over its Save As dialog and took its place (a review under a window
// manager). It opens Save As; Cancel there goes back to the scene, still running; a name saved quits.
// Judge: the file written and the exit.
TEST_F(GuiTest, QuittingAnUntitledSceneSavesItWhereAsked) {
    home_ = dir_.file("home");
    std::filesystem::create_directories(home_);
    open_scene_file_ = false;
    ASSERT_NO_FATAL_FAILURE(launch(false));
    type_into("body_b_radius", "1.25");
    keys({"ctrl+q"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("question_save"); })) << "no question";
    ASSERT_NO_FATAL_FAILURE(click_widget("question_save"));
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("file_dialog_name"); })) << "Save opened no Save As";
    std::this_thread::sleep_for(500ms);
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("file_dialog_name") && !l.widgets.contains("question_save"); }))
        << "the question came back over Save As";
    keys({"Escape"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return !l.widgets.contains("file_dialog_name") && !l.widgets.contains("question_save"); }))
        << "Cancel did not go back to the scene";
    ASSERT_FALSE(app_->poll_exit().has_value()) << "Cancel quit";
    keys({"ctrl+q"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("question_save"); })) << "no question the second time";
    ASSERT_NO_FATAL_FAILURE(click_widget("question_save"));
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("file_dialog_name"); })) << "no Save As the second time";
    const std::string path = dir_.file("kept.json");
    type_into("file_dialog_name", path);  // (and Return)
    const std::optional<int> code = app_->wait_for_exit(10s);
    ASSERT_TRUE(code.has_value()) << "tangent did not quit after the save";
    EXPECT_EQ(*code, 0);
    ASSERT_TRUE(std::filesystem::exists(path)) << "nothing saved";
    EXPECT_EQ(saved_body(Json::parse(read_file(path)), 1).radius, 1.25);
}

// A folder's path typed into Save As was saved over as "sv.json" beside it (its name took the
// extension before the folder was looked for), and with its slash it was refused as a name without
// .json (an outside review). It is gone into, as Open does; a name typed there then saves in it.
TEST_F(GuiTest, SaveAsGoesIntoAFolderTypedAsItsName) {
    ASSERT_NO_FATAL_FAILURE(launch());
    type_into("body_b_radius", "1.5");
    std::filesystem::create_directories(dir_.file("lessons"));
    for (const std::string& folder : {dir_.file("lessons"), dir_.file("lessons") + "/"}) {
        keys({"ctrl+shift+s"});
        ASSERT_NO_FATAL_FAILURE(click_widget("file_dialog_name"));
        x_->xdotool({"sleep", "0.2", "key", "ctrl+a", "sleep", "0.2"});
        type_more(folder, "Return");
        x_->xdotool({"sleep", "1"});
        layout_ = Layout::parse(read_file(layout_path_));
        ASSERT_TRUE(layout_.widgets.contains("file_dialog_name")) << folder << ": the dialog closed";
        EXPECT_FALSE(std::filesystem::exists(dir_.file("lessons.json"))) << folder << " was saved over as lessons.json";
        x_->xdotool({"keydown", "Escape", "sleep", "0.12", "keyup", "Escape", "sleep", "0.4"});
    }
    keys({"ctrl+shift+s"});
    ASSERT_NO_FATAL_FAILURE(click_widget("file_dialog_name"));
    x_->xdotool({"sleep", "0.2", "key", "ctrl+a", "sleep", "0.2"});
    type_more(dir_.file("lessons"), "Return");
    x_->xdotool({"sleep", "1"});
    ASSERT_NO_FATAL_FAILURE(click_widget("file_dialog_name"));
    x_->xdotool({"sleep", "0.2", "key", "ctrl+a", "sleep", "0.2"});
    type_more("graze", "Return");
    const std::string there = dir_.file("lessons/graze.json");
    ASSERT_TRUE(wait_until([&] { return std::filesystem::exists(there); }, 5s)) << "a name typed in the folder did not save there";
    EXPECT_EQ(saved_body(Json::parse(read_file(there)), 1).radius, 1.5);
}

// A Save As that fails (a folder that does not exist) keeps the dialog open, saying why, for
// another try: it closed, and the reason passed in a notice.
TEST_F(GuiTest, AFailedSaveAsKeepsTheDialogForAnotherTry) {
    ASSERT_NO_FATAL_FAILURE(launch());
    type_into("body_b_radius", "1.5");
    keys({"ctrl+shift+s"});
    ASSERT_NO_FATAL_FAILURE(click_widget("file_dialog_name"));
    const std::string nowhere = dir_.file("no-such-folder/mine.json");
    x_->xdotool({"sleep", "0.2", "key", "ctrl+a", "sleep", "0.2"});
    type_more(nowhere, "Return");
    x_->xdotool({"sleep", "1"});
    layout_ = Layout::parse(read_file(layout_path_));
    ASSERT_TRUE(layout_.widgets.contains("file_dialog_name")) << "the dialog closed after the failed save";
    EXPECT_FALSE(std::filesystem::exists(nowhere));
    const std::string there = dir_.file("mine.json");
    ASSERT_NO_FATAL_FAILURE(click_widget("file_dialog_name"));
    x_->xdotool({"sleep", "0.2", "key", "ctrl+a", "sleep", "0.2"});
    type_more(there, "Return");
    x_->xdotool({"sleep", "1"});
    ASSERT_TRUE(std::filesystem::exists(there)) << "the second try did not save";
    EXPECT_EQ(saved_body(Json::parse(read_file(there)), 1).radius, 1.5);
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
}

// A Save As refused (a read-only folder) on a quick click, press and release in one batch as a
// touchpad's tap gives them, reopened its dialog with the reason, but the window drew it only at
// the next input: for 9 s and more the screen showed the plain canvas, as if saved (an outside
// review). Judge: the screen itself, 1.5 s after the click with no more input, shows the
// reason's red text inside the dialog's name row's band.
TEST_F(GuiTest, ARefusedSaveAsOnAQuickClickShowsItsReasonAtOnce) {
    ASSERT_NO_FATAL_FAILURE(launch());
    type_into("body_b_radius", "1.5");
    const std::string read_only = dir_.file("read-only");
    std::filesystem::create_directories(read_only);
    std::filesystem::permissions(read_only, std::filesystem::perms::owner_read | std::filesystem::perms::owner_exec |
                                                std::filesystem::perms::group_read | std::filesystem::perms::others_read);
    keys({"ctrl+shift+s"});
    ASSERT_NO_FATAL_FAILURE(click_widget("file_dialog_name"));
    x_->xdotool({"sleep", "0.2", "key", "ctrl+a", "sleep", "0.2"});
    type_more(read_only + "/mine.json", "");
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("file_dialog_confirm"); }));
    const glm::dvec2 save = widget_center("file_dialog_confirm");
    x_->xdotool({"mousemove", std::to_string(std::lround(save.x)), std::to_string(std::lround(save.y)), "mousedown", "9", "mouseup",
                 "9", "sleep", "0.4", "click", "1", "sleep", "1.5"});
    const RgbImage shot = screenshot("refused_save_as.png");
    layout_ = Layout::parse(read_file(layout_path_));
    ASSERT_TRUE(layout_.widgets.contains("file_dialog_name")) << "the dialog closed after the refused save";
    const glm::dvec4 name = layout_.widgets.at("file_dialog_name");
    // the reason's line sits just above the name row, in the errors' colour (255, 115, 89)
    int red = 0;
    const int top = std::max(0, static_cast<int>(name.y - 3.0 * (name.w - name.y)));
    for (int y = top; y < static_cast<int>(name.y); ++y)
        for (int x = static_cast<int>(name.x); x < static_cast<int>(name.z) && x < shot.width; ++x) {
            const Rgb p = shot.at(x, y);
            red += p.r > 200 && p.g > 70 && p.g < 160 && p.b < 130;
        }
    EXPECT_GT(red, 30) << "no reason on the screen above the name field (" << red << " red pixels): see refused_save_as.png";
    std::filesystem::permissions(read_only, std::filesystem::perms::owner_all);
}

// A double-click on a slider types in it, as on the drag fields: it set the value where each
// click landed (the dt slider jumped to 0.08 and the typed keys went to the shortcuts). The
// first click's jump is taken back, undo step and all (a step that did nothing was left behind),
// so the typed value is one undo step from the value before the double-click.
TEST_F(GuiTest, ADoubleClickOnASliderTypesInItAsOneUndoStep) {
    const std::string preset = read_file(std::string(TANGENT_SCENES_DIR) + "/tunnelling.json");
    ASSERT_NO_FATAL_FAILURE(launch(true, false, preset));
    const Json before = Json::parse(preset).at("discrete");
    ASSERT_NO_FATAL_FAILURE(click_widget("discrete_dt"));  // scrolls it into the window; sets some dt
    keys({"ctrl+z"});
    type_into("discrete_dt", "1/8");
    // back to before the double-click, then once more (nothing left to undo: a step that did
    // nothing would be undone here and come back first on redo), then forward to the typed value
    keys({"ctrl+z", "ctrl+z", "ctrl+y"});
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    const Json& discrete = saved.at("discrete");
    EXPECT_EQ(discrete.at("dt").get<double>(), 0.125) << discrete.dump();
    EXPECT_DOUBLE_EQ(discrete.at("phase").get<double>(), before.at("phase").get<double>() / before.at("dt").get<double>() * 0.125)
        << discrete.dump();
}

// File › Open Recent crashed whatever the file (an outside review): opening it reordered the
// list the menu was walking. The file opens, and the window goes on.
TEST_F(GuiTest, AFileOpensFromOpenRecent) {
    ASSERT_NO_FATAL_FAILURE(launch());
    type_into("body_b_radius", "1.5");
    keys({"ctrl+s"});  // saved to the scene's file
    x_->xdotool({"sleep", "0.5"});
    type_into("body_b_radius", "0.25");
    keys({"ctrl+shift+s"});  // and this one to another file, now the open one, with nothing unsaved
    ASSERT_NO_FATAL_FAILURE(click_widget("file_dialog_name"));
    x_->xdotool({"sleep", "0.2", "key", "ctrl+a", "sleep", "0.2"});
    type_more(dir_.file("other.json"), "Return");
    x_->xdotool({"sleep", "0.5"});
    ASSERT_TRUE(std::filesystem::exists(dir_.file("other.json")));
    ASSERT_NO_FATAL_FAILURE(click_widget("menu_file"));
    ASSERT_NO_FATAL_FAILURE(click_widget("menu_open_recent"));
    ASSERT_NO_FATAL_FAILURE(click_widget("recent_scene.json"));  // opens at once: nothing is unsaved
    x_->xdotool({"sleep", "0.5"});
    ASSERT_FALSE(app_->poll_exit().has_value()) << "tangent ended";
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved_body(saved, 1).radius, 1.5) << "scene.json, as saved, is open again";
}

// `tangent --tour` starts presentation mode before the window has a size: it took the smallest
// factor (1.25) where Help › Guided tour takes the screen's (an outside review). The factor
// follows the window's height from its first frame: 800 lines here, 800/540.
TEST_F(GuiTest, TheTourFromTheCommandLineScalesToTheScreen) {
    ASSERT_NO_FATAL_FAILURE(launch(false, false, {}, {"--tour"}));
    const double expected = static_cast<double>(kScreenHeight) / 540.0;
    EXPECT_TRUE(layout_until([&](const Layout& l) { return std::abs(l.ui_scale - expected) < 1e-3; }))
        << "UI scale " << layout_.ui_scale << ", expected " << expected;
    // and says how to reach the panels from it (nothing on the screen did: a student's review)
    EXPECT_TRUE(std::any_of(layout_.notices.begin(), layout_.notices.end(),
                            [](const std::string& n) { return n.find("F11 shows or hides the menus and panels") != std::string::npos; }))
        << "no word of F11 at the tour's start";
}

// With no window manager to act on the full-screen request (a bare X session; Xvfb here), the
// tour's window stayed 1280 x 800 in a corner of a larger screen while its layout took the whole
// screen: the badge and the caption's end were cut off (an outside review). The window is moved
// and sized to the screen itself. Judge: the screenshot, whose pixels are the window's everywhere
// (X's root is pure black; no theme draws that over a whole row); F11 gives the corner back.
TEST_F(GuiTest, TheTourFillsTheScreenWithNoWindowManager) {
    screen_size_ = {1600, 1000};
    ASSERT_NO_FATAL_FAILURE(launch(false, false, {}, {"--tour"}));
    std::this_thread::sleep_for(1s);
    // rows and columns (every 4th) that are pure black, sampled every 8th pixel along them
    const auto black_lines = [](const RgbImage& image) {
        int lines = 0;
        for (const bool rows : {true, false}) {
            const int across = rows ? image.height : image.width;
            const int along = rows ? image.width : image.height;
            for (int i = 0; i < across; i += 4) {
                bool all_black = true;
                for (int j = 0; j < along && all_black; j += 8) all_black = (rows ? image.at(j, i) : image.at(i, j)) == Rgb{0, 0, 0};
                lines += all_black;
            }
        }
        return lines;
    };
    const RgbImage full = screenshot("tour-no-window-manager.png");
    EXPECT_EQ(black_lines(full), 0) << "the window does not cover the screen";
    keys({"F11"});
    std::this_thread::sleep_for(1s);
    const RgbImage windowed = screenshot("tour-no-window-manager-windowed.png");
    EXPECT_GT(black_lines(windowed), 0) << "F11 left the window covering the screen";
}

// The time bar's handle was the theme's see-through grab, 1.8:1 on its track in the light theme
// and 2.4:1 in the dark (an accessibility review): it is drawn in the text's colour, wide enough
// to find from the back of a room. Judge: the screen's pixels along the slider's middle row, in
// both themes, against the background and the track.
TEST_F(GuiTest, TheTimeBarsHandleStandsOutInEveryTheme) {
    for (const std::string theme : {"dark", "light"}) {
        std::filesystem::create_directories(dir_.file("state"));
        dir_.write("state/theme.txt", theme + "\n");
        ASSERT_NO_FATAL_FAILURE(launch());
        keys({"j"});  // to the contact: the handle mid-bar
        std::this_thread::sleep_for(700ms);
        ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("time_slider"); }));
        const glm::dvec4 r = layout_.widgets.at("time_slider");
        const RgbImage image = screenshot("time-handle-" + theme + ".png");
        const int y = static_cast<int>(std::lround(layout_.window_position.y + 0.5 * (r.y + r.w)));
        const auto lum = [](Rgb c) {
            const auto linear = [](int v) { const double x = v / 255.0; return x <= 0.04045 ? x / 12.92 : std::pow((x + 0.055) / 1.055, 2.4); };
            return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b);
        };
        const auto contrast = [&](Rgb a, Rgb b) {
            const double la = lum(a);
            const double lb = lum(b);
            return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
        };
        // the track's colour: the most common along the row
        std::map<std::tuple<int, int, int>, int> seen;
        const int x0 = static_cast<int>(layout_.window_position.x + r.x) + 3;
        const int x1 = static_cast<int>(layout_.window_position.x + r.z) - 3;
        for (int x = x0; x < x1; ++x) ++seen[{image.at(x, y).r, image.at(x, y).g, image.at(x, y).b}];
        const auto track = std::max_element(seen.begin(), seen.end(), [](const auto& a, const auto& b) { return a.second < b.second; })->first;
        const Rgb track_rgb{std::get<0>(track), std::get<1>(track), std::get<2>(track)};
        int standing_out = 0;
        for (int x = x0; x < x1; ++x) standing_out += contrast(image.at(x, y), track_rgb) >= 3.0 ? 1 : 0;
        EXPECT_GE(standing_out, 8) << theme << ": the handle is " << standing_out << " px at 3:1 against its track";
        keys({"ctrl+q"});
        ASSERT_TRUE(app_->wait_for_exit(10s).has_value());
        app_.reset();
    }
}

// The speed of play was held to 0.05× to 10×: a 0.01-s scene lasted 0.2 s at the slowest, a
// 1000-s one 100 s at the fastest (a physics teacher's review). The range widens so that the
// horizon plays in at most 200 s and at least 2 s. Judge: the saved scene.
TEST_F(GuiTest, TheSpeedOfPlayReachesAShortScenesPace) {
    Json scene = Json::parse(scene_json());
    scene["time"] = {{"horizon", 0.01}};
    ASSERT_NO_FATAL_FAILURE(launch(true, false, scene.dump(2)));
    type_into("time_speed", "0.0001");
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_NEAR(saved.at("time").at("speed").get<double>(), 1e-4, 1e-12) << "the speed was held to its old least, 0.05";
}

// Under a window manager (a review with openbox): on a 1280 x 800 display the window opened
// 1280 x 800 inside a frame 20 px taller, its time bar's bottom row off the screen; it opens
// maximized there. Judge: the window's geometry as the X server reports it.
TEST_F(GuiTest, UnderAWindowManagerTheWindowFitsTheScreenWithItsFrame) {
    with_window_manager_ = true;
    window_size_.clear();  // tangent's own choice
    ASSERT_NO_FATAL_FAILURE(launch(false));
    // its size from xdotool, its place from the window itself (SDL): under a reparenting window
    // manager xdotool counts the frame's offset twice. Settled: the same size twice, 300 ms apart
    glm::ivec4 g{-1};
    glm::ivec4 last{-2};
    wait_until([&] {
        last = g;
        std::this_thread::sleep_for(300ms);
        g = window_geometry();
        return g == last && g.z > 0;
    }, 10s);
    ASSERT_GT(g.z, 0) << "no geometry";
    ASSERT_TRUE(layout_until([](const Layout&) { return true; }));
    const glm::dvec2 at = layout_.window_position;
    EXPECT_GE(at.x, 0.0);
    EXPECT_GT(at.y, 0.0) << "no title bar above the window: is the window manager running?";
    EXPECT_LE(at.y + g.w, kScreenHeight) << "the window reaches " << at.y + g.w - kScreenHeight << " px below the screen";
    EXPECT_LE(at.x + g.z, kScreenWidth);
}

// With no window manager, a window Tangent itself asked to open maximized (the display too small
// for 1280 x 800 and a frame) came back from F11 the display's size: SDL's flag read maximized,
// and maximizing again did nothing (a code review). Judge: the window's geometry before and after.
TEST_F(GuiTest, WithNoWindowManagerFullScreenGoesBackToTheWindowAsItWas) {
    screen_size_ = {1290, 830};
    window_size_.clear();  // tangent's own choice: 1280 x 800 and a frame do not fit
    ASSERT_NO_FATAL_FAILURE(launch(false));
    std::this_thread::sleep_for(500ms);
    const glm::ivec4 before = window_geometry();
    ASSERT_GT(before.z, 0);
    ASSERT_LT(before.z, 1290) << "the window already fills the screen: the test proves nothing";
    keys({"F11"});
    ASSERT_TRUE(wait_until([&] { return window_geometry() == glm::ivec4(0, 0, 1290, 830); }, 5s))
        << "not full screen: " << geometry_text(window_geometry());
    keys({"F11"});
    EXPECT_TRUE(wait_until([&] { return window_geometry() == before; }, 5s))
        << geometry_text(window_geometry()) << ", before " << geometry_text(before);
}

// Under a window manager F11 and back moved the window down by its title bar each time, and a
// maximized window came back unmaximized, lower and cut off (the same review): it comes back as
// it was. Judge: the window's geometry before and after.
TEST_F(GuiTest, UnderAWindowManagerFullScreenGoesBackToTheWindowAsItWas) {
    with_window_manager_ = true;
    screen_size_ = {1600, 1000};
    window_size_ = "1100x700";
    ASSERT_NO_FATAL_FAILURE(launch(false));
    std::this_thread::sleep_for(1s);
    const glm::ivec4 before = window_geometry();
    ASSERT_EQ(before.z, 1100);
    for (int round = 0; round < 2; ++round) {
        keys({"F11"});
        ASSERT_TRUE(wait_until([&] { return window_geometry() == glm::ivec4(0, 0, 1600, 1000); }, 5s))
            << "not full screen: " << geometry_text(window_geometry());
        keys({"F11"});
        EXPECT_TRUE(wait_until([&] { return window_geometry() == before; }, 5s))
            << "round " << round << ": " << geometry_text(window_geometry()) << ", before " << geometry_text(before);
    }
    ASSERT_EQ(run_process({find_on_path("wmctrl"), "-r", " - Tangent", "-b", "add,maximized_vert,maximized_horz"}, x_->client_environment())
                  .exit_code,
              0);
    glm::ivec4 maximized{-1};
    ASSERT_TRUE(wait_until([&] { return (maximized = window_geometry()).z == 1600; }, 5s)) << "not maximized";
    std::this_thread::sleep_for(500ms);
    maximized = window_geometry();
    keys({"F11"});
    ASSERT_TRUE(wait_until([&] { return window_geometry() == glm::ivec4(0, 0, 1600, 1000); }, 5s)) << "not full screen";
    keys({"F11"});
    EXPECT_TRUE(wait_until([&] { return window_geometry() == maximized; }, 5s))
        << geometry_text(window_geometry()) << ", maximized " << geometry_text(maximized);
}

// A teacher's step title longer than the row ran off the screen's edge mid-word (an outside
// review): it is cut at a word, with "…", and stays on the screen. Judge: the title's widget
// rectangle against the screen's width.
TEST_F(GuiTest, ALongStepTitleIsCutOnTheScreen) {
    const std::string tour = dir_.write("tour.json", R"({"version": 1, "title": "Long", "steps": [{"preset": "near-miss",
        "title": "A very long step title that a teacher pasted from the whole learning objective of the lesson plan into the tour file"},
        {"preset": "head-on-hit"}]})");
    ASSERT_NO_FATAL_FAILURE(launch(false, false, {}, {"--tour", tour}));
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("tour_step_1"); })) << "no step title";
    EXPECT_LE(layout_.widgets.at("tour_step_1").z, static_cast<double>(screen_size_.x) + 0.5)
        << "the title runs to x = " << layout_.widgets.at("tour_step_1").z;
}

// In presentation mode the bodies move under a pointer left at rest (a teacher stepping with a
// clicker), and "Drag to move A" came up over the picture (an outside review). There the hover hint
// shows only while the pointer is in use: at a move, and not 2 s after it. Judge: the layout
// report's hint, the pointer on A (at rest at the origin in the near-miss step) all along.
TEST_F(GuiTest, InPresentationModeHoverHintsNeedThePointerInUse) {
    ASSERT_NO_FATAL_FAILURE(launch(false, false, {}, {"--tour"}));
    keys({"Next", "Next", "Next"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("tour_step_4"); })) << "no step 4";
    const glm::dvec2 a = layout_.to_screen({0.0, 0.0});
    const auto pixel = [](double v) { return std::to_string(std::lround(v)); };
    x_->xdotool({"mousemove", pixel(a.x), pixel(a.y), "sleep", "0.2", "mousemove_relative", "1", "0", "sleep", "1.0"});
    EXPECT_TRUE(layout_until([](const Layout& l) { return l.canvas_hint.starts_with("Drag to move A"); }))
        << "no hint over A with the pointer in use: '" << layout_.canvas_hint << "'";
    std::this_thread::sleep_for(3s);  // the tour plays: frames go on
    EXPECT_TRUE(layout_until([](const Layout& l) { return l.canvas_hint.empty(); }))
        << "the hint stays over a pointer at rest: '" << layout_.canvas_hint << "'";
}

// The UI scale a teacher sets for the room's projector is there at the next start (it went back
// to 1 with every restart: an outside review). Ctrl+= three times (1.1, 1.25, then exactly
// 1.5: 15% steps never reached a projector's 1.5 or 2), quit, start again with the same state
// directory: the layout report gives the same scale.
TEST_F(GuiTest, TheUiScaleIsKeptForTheNextStart) {
    ASSERT_NO_FATAL_FAILURE(launch());
    const double start_scale = layout_.ui_scale;
    keys({"ctrl+equal", "ctrl+equal", "ctrl+equal"});
    ASSERT_TRUE(layout_until([&](const Layout& l) { return std::abs(l.ui_scale - 1.5 * start_scale) < 1e-4; }))
        << "UI scale " << layout_.ui_scale << ", 1.5 times " << start_scale << " expected";
    const double chosen = layout_.ui_scale;
    quit_and_read_saved();
    std::filesystem::remove(layout_path_);
    ASSERT_NO_FATAL_FAILURE(launch());
    EXPECT_TRUE(layout_until([&](const Layout& l) { return std::abs(l.ui_scale - chosen) < 1e-3 * chosen; }))
        << "UI scale " << layout_.ui_scale << " after a restart, " << chosen << " before";
}

// Esc ends the tour in presentation mode with "The tour is over; … (F11 brings back the menus and
// panels)"; after F11 had brought them back the notice still said so (a student's review). Leaving
// presentation mode, by F11 or by Esc, takes it away.
TEST_F(GuiTest, TheTourIsOverNoticeGoesWithPresentationMode) {
    for (const char* leave : {"F11", "Escape"}) {
        ASSERT_NO_FATAL_FAILURE(launch(false, false, {}, {"--tour"}));
        ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("tour_step_1"); })) << "no tour";
        keys({"Escape"});
        const auto says_f11 = [](const Layout& l) {
            return std::any_of(l.notices.begin(), l.notices.end(), [](const std::string& n) { return n.find("F11 brings back") != std::string::npos; });
        };
        ASSERT_TRUE(layout_until(says_f11)) << "no notice that the tour is over";
        keys({leave});
        // (at the first report with the panels back: the notice would go by itself some seconds later)
        ASSERT_TRUE(layout_until([&](const Layout& l) { return l.widgets.contains("menu_file"); })) << "the panels did not come back";
        EXPECT_FALSE(says_f11(layout_)) << "after " << leave << " the notice still says F11 brings back the panels";
        app_.reset();
        x_.reset();
    }
}

// The tour's caption had room for three lines: at a larger UI scale (Ctrl+=) its last lines were
// cut through the middle, with only a scroll bar to reach them (an outside review). Each step's
// caption box holds the caption as drawn.
TEST_F(GuiTest, TheTourCaptionFitsItsBoxAtALargerScale) {
    ASSERT_NO_FATAL_FAILURE(launch(false, false, {}, {"--tour"}));
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("tour_step_1"); })) << "no tour";
    const double start_scale = layout_.ui_scale;
    // (presentation mode holds the scale at the screen's limit, 800/450 = 1.2 times its start here)
    keys({"ctrl+equal", "ctrl+equal", "ctrl+equal"});
    ASSERT_TRUE(layout_until([&](const Layout& l) { return l.ui_scale > start_scale * 1.15; })) << "UI scale " << layout_.ui_scale;
    for (int step = 1; step <= 10; ++step) {
        if (step > 1) keys({"Next"});
        const std::string name = "tour_step_" + std::to_string(step);
        ASSERT_TRUE(layout_until([&](const Layout& l) { return l.widgets.contains(name); })) << "no " << name;
        ASSERT_TRUE(layout_.widgets.contains("tour_caption") && layout_.widgets.contains("tour_caption_text"));
        const glm::dvec4 box = layout_.widgets.at("tour_caption");
        const glm::dvec4 text = layout_.widgets.at("tour_caption_text");
        EXPECT_LE(text.w, box.w + 0.5) << "step " << step << ": the caption ends " << text.w - box.w << " px below its box";
        EXPECT_GE(text.y, box.y - 0.5) << "step " << step;
    }
}

// After "Snap to graze" at a projector's scale its notice lay over the grazing ghosts, the one
// thing to look at just then (a teacher's review, 1280 x 720 at UI scale 1.5). Judge: the touch
// point from `tangent analyze --json` of the scene written on exit, put on the screen by the
// layout report, lies outside the notice.
TEST_F(GuiTest, TheSnapToGrazeNoticeLeavesTheTouchInSight) {
    std::filesystem::create_directories(dir_.file("state"));
    dir_.write("state/ui-scale.txt", "1.5\n");
    window_size_ = "1280x720";
    Json scene = Json::parse(read_file(std::string(TANGENT_SCENES_DIR) + "/oblique-hit.json"));
    scene["bodies"][1]["position"] = {9.6, -7.82};
    scene["bodies"][1]["velocity"] = {-1.2, 1.1};
    ASSERT_NO_FATAL_FAILURE(launch(true, false, scene.dump(2)));
    keys({"g"});
    ASSERT_TRUE(layout_until([](const Layout& l) {
        return l.widgets.contains("notices") &&
               std::any_of(l.notices.begin(), l.notices.end(), [](const std::string& n) { return n.starts_with("Snapped to a graze"); });
    })) << "no notice of the snap";
    const Layout shown = layout_;
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    const ProcessResult analysis = run_process({TANGENT_BINARY, "analyze", dir_.write("grazing.json", saved.dump(2)), "--json"});
    ASSERT_EQ(analysis.exit_code, 0) << analysis.err;
    const Json answer = Json::parse(analysis.out);
    ASSERT_EQ(answer.at("case").get<std::string>(), "graze");
    const Json point = answer.at("contact_point");
    const glm::dvec2 touch = shown.to_screen({point.at(0).get<double>(), point.at(1).get<double>()});
    const glm::dvec4 notice = shown.widgets.at("notices");
    const glm::dvec2 low = shown.window_position + glm::dvec2(notice.x, notice.y);
    const glm::dvec2 high = shown.window_position + glm::dvec2(notice.z, notice.w);
    EXPECT_FALSE(touch.x >= low.x && touch.x <= high.x && touch.y >= low.y && touch.y <= high.y)
        << "the touch at " << str(touch) << " lies under the notice, " << str(low) << " to " << str(high);
}

// "Snap to graze" aims from the bodies where they are drawn at the time shown (a student's review):
// at the closest approach, where they overlap, its refusal said "the circles overlap now" beside
// the panel's c > 0 (of t = 0); and at t = 0.8 it moved B's start unannounced, the notice speaking
// of the velocity only. The refusal names the time shown, and the notice says where B's start
// went. Judge: the scene written on exit, B where it was drawn at that time.
// "Snapped to a graze: …", some 30 words, was gone after 5 s while a teacher read it aloud (an
// outside review at F11). A notice stays as long as reading it aloud takes, at 2.5 words a second.
// Judge: the notice's own words, counted here, and the clock.
TEST_F(GuiTest, ALongNoticeStaysLongEnoughToReadAloud) {
    ASSERT_NO_FATAL_FAILURE(launch(false, false, read_file(std::string(TANGENT_SCENES_DIR) + "/oblique-hit.json")));
    const auto snapped = [](const Layout& l) {
        return std::any_of(l.notices.begin(), l.notices.end(), [](const std::string& n) { return n.starts_with("Snapped to a graze"); });
    };
    keys({"g"});
    const auto shown_at = std::chrono::steady_clock::now();
    ASSERT_TRUE(layout_until(snapped)) << "no snap";
    const std::string notice = *std::find_if(layout_.notices.begin(), layout_.notices.end(),
                                             [](const std::string& n) { return n.starts_with("Snapped to a graze"); });
    const auto words = static_cast<double>(1 + std::count(notice.begin(), notice.end(), ' '));
    const double aloud = std::min(words / 2.5, 15.0);
    ASSERT_GT(aloud, 7.0) << "a short notice: the premise is gone: " << notice;
    // past the five seconds every notice had, and short of its reading time, it is still there
    std::this_thread::sleep_until(shown_at + std::chrono::milliseconds(static_cast<int>(1000 * (aloud - 1.0))));
    x_->xdotool({"mousemove", "5", "5"});  // a frame, whatever the window waits for
    std::this_thread::sleep_for(300ms);
    ASSERT_TRUE(layout_until([](const Layout&) { return true; }));
    EXPECT_TRUE(snapped(layout_)) << "gone before it could be read aloud (" << words << " words)";
}

TEST_F(GuiTest, SnapToGrazeSaysWhichMomentItAimsFrom) {
    const Json scene = Json::parse(read_file(std::string(TANGENT_SCENES_DIR) + "/oblique-hit.json"));
    ASSERT_NO_FATAL_FAILURE(launch(true, false, scene.dump(2)));
    keys({"k", "g"});
    ASSERT_TRUE(layout_until([](const Layout& l) {
        return std::any_of(l.notices.begin(), l.notices.end(), [](const std::string& n) { return n.starts_with("Snap to graze"); });
    })) << "no refusal at the closest approach";
    const std::string refusal = *std::find_if(layout_.notices.begin(), layout_.notices.end(),
                                              [](const std::string& n) { return n.starts_with("Snap to graze"); });
    char shown[32];
    std::snprintf(shown, sizeof shown, "t = %.4g", layout_.time);
    EXPECT_NE(refusal.find(std::string("at the time shown, ") + shown), std::string::npos) << refusal;
    keys({"Home", "Right", "Right", "Right", "Right", "Right"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.time > 0.0 && l.time < 2.0; }));
    const double t = layout_.time;
    keys({"g"});
    ASSERT_TRUE(layout_until([](const Layout& l) {
        return std::any_of(l.notices.begin(), l.notices.end(), [](const std::string& n) { return n.starts_with("Snapped to a graze"); });
    })) << "no snap at t = " << t;
    const std::string notice = *std::find_if(layout_.notices.begin(), layout_.notices.end(),
                                             [](const std::string& n) { return n.starts_with("Snapped to a graze"); });
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    const Body before = saved_body(scene, 1);
    const Body after = saved_body(saved, 1);
    const glm::dvec2 drawn_before = before.position + t * before.velocity;
    const glm::dvec2 drawn_after = after.position + t * after.velocity;
    EXPECT_LT(glm::length(drawn_after - drawn_before), 1e-12) << "B moved from where it was drawn at t = " << t;
    ASSERT_NE(after.position, before.position);
    const std::size_t at = notice.find("so its start moves to (");
    ASSERT_NE(at, std::string::npos) << notice;
    double x = 0.0;
    double y = 0.0;
    ASSERT_EQ(std::sscanf(notice.c_str() + at, "so its start moves to (%lf, %lf)", &x, &y), 2) << notice;
    EXPECT_NEAR(x, after.position.x, 1e-3 * std::abs(after.position.x)) << notice;
    EXPECT_NEAR(y, after.position.y, 1e-3 * std::abs(after.position.y)) << notice;

    // another refusal at a time other than 0 is not called an overlap: the same velocity, 6.7
    // apart (a code review saw "the circles overlap" beside STATIC)
    Json same = scene;
    same["bodies"][0]["position"] = {0, 0};
    same["bodies"][0]["velocity"] = {1, 0};
    same["bodies"][1]["position"] = {6.7, 0};
    same["bodies"][1]["velocity"] = {1, 0};
    ASSERT_NO_FATAL_FAILURE(launch(false, false, same.dump(2)));
    keys({"Right", "Right", "Right", "g"});
    ASSERT_TRUE(layout_until([](const Layout& l) {
        return l.time > 0.0 &&
               std::any_of(l.notices.begin(), l.notices.end(), [](const std::string& n) { return n.starts_with("Snap to graze"); });
    })) << "no refusal";
    for (const std::string& n : layout_.notices)
        if (n.starts_with("Snap to graze")) {
            EXPECT_EQ(n.find("overlap"), std::string::npos) << n;
        }
}

// After "Snap to graze" at a projector's scale, D's "6.3556e-14 ≈ 0" was too wide for the
// analysis table's value column, and every row then put its value under its formula: t_closest
// and d_min went below the window's bottom (a teacher's review, 1280 x 720 at UI scale 1.5).
// Only the row that does not fit goes under its formula. Judge: the button below the table
// stays within the window, as it is before the snap.
TEST_F(GuiTest, AWideValueAfterTheSnapKeepsTheAnalysisInSight) {
    std::filesystem::create_directories(dir_.file("state"));
    dir_.write("state/ui-scale.txt", "1.5\n");
    window_size_ = "1280x720";
    ASSERT_NO_FATAL_FAILURE(launch(false, false, read_file(std::string(TANGENT_SCENES_DIR) + "/oblique-hit.json")));
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("derivation_button"); }));
    const double bottom = 720.0;
    const double before = layout_.widgets.at("derivation_button").w;
    ASSERT_LE(before, bottom) << "the button under the analysis is below the window before the snap";
    keys({"g"});
    ASSERT_TRUE(layout_until([](const Layout& l) {
        return std::any_of(l.notices.begin(), l.notices.end(), [](const std::string& n) { return n.starts_with("Snapped to a graze"); });
    })) << "no notice of the snap";
    const double after = layout_.widgets.at("derivation_button").w;
    EXPECT_LE(after, bottom) << "after the snap the analysis reaches below the window (the button under it ends at y = " << after
                             << ", " << before << " before)";
}

// The case at the right of the menu bar was coloured for the canvas's background, not the
// bar's: in the light theme 4.40:1 on the bar's grey (an accessibility review). Judge: the
// screen's pixels there, the bar's own colour the commonest, against the strongest of the word.
TEST_F(GuiTest, TheMenuBarsCaseWordReadsOnTheBar) {
    std::filesystem::create_directories(dir_.file("state"));
    dir_.write("state/theme.txt", "light\n");
    ASSERT_NO_FATAL_FAILURE(launch());
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("menu_file"); }));
    const RgbImage image = screenshot("menu-bar-case-light.png");
    const glm::dvec4 file_menu = layout_.widgets.at("menu_file");
    const int top = static_cast<int>(layout_.window_position.y + file_menu.y) + 1;
    const int bottom = static_cast<int>(layout_.window_position.y + file_menu.w) - 1;
    const int right = static_cast<int>(layout_.window_position.x + layout_.canvas_origin.x + layout_.canvas_size.x) - 1;
    const auto luminance = [](const Rgb& c) {
        const auto channel = [](int v) {
            const double x = v / 255.0;
            return x <= 0.04045 ? x / 12.92 : std::pow((x + 0.055) / 1.055, 2.4);
        };
        return 0.2126 * channel(c.r) + 0.7152 * channel(c.g) + 0.0722 * channel(c.b);
    };
    std::map<std::tuple<int, int, int>, int> counts;
    std::vector<Rgb> seen;
    for (int y = top; y < bottom; ++y)
        for (int x = std::max(0, right - 250); x < std::min(image.width, right + 400); ++x) {
            const Rgb c = image.at(x, y);
            ++counts[{c.r, c.g, c.b}];
            seen.push_back(c);
        }
    ASSERT_FALSE(seen.empty());
    const auto commonest = std::max_element(counts.begin(), counts.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
    const Rgb bar{std::get<0>(commonest->first), std::get<1>(commonest->first), std::get<2>(commonest->first)};
    double strongest = 1.0;
    for (const Rgb& c : seen) {
        const double l1 = luminance(c), l2 = luminance(bar);
        strongest = std::max(strongest, (std::max(l1, l2) + 0.05) / (std::min(l1, l2) + 0.05));
    }
    EXPECT_GE(strongest, 4.5) << "the case word on the bar (" << bar.r << ", " << bar.g << ", " << bar.b << ")";
}

// The help (F1) at a projector's UI scale reached under the time bar, whose panel draws no
// background: its last lines showed through the play controls (a teacher's review). It ends
// above the time bar, and scrolls.
TEST_F(GuiTest, TheHelpEndsAboveTheTimeBar) {
    std::filesystem::create_directories(dir_.file("state"));
    dir_.write("state/ui-scale.txt", "2\n");
    ASSERT_NO_FATAL_FAILURE(launch());
    keys({"F1"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("help_window") && l.widgets.contains("time_bar"); }))
        << "no help window";
    EXPECT_LE(layout_.widgets.at("help_window").w, layout_.widgets.at("time_bar").y + 0.5)
        << "the help reaches " << layout_.widgets.at("help_window").w - layout_.widgets.at("time_bar").y << " px under the time bar's top";
}

// At UI scale 3 in a 1024 x 768 window the file dialog (640·3 x 460·3) and the quitting question's
// buttons reached past the window's edges: Open, Cancel and the name field out of sight (a review
// under a window manager). Every dialog's confirming widgets lie inside the window.
TEST_F(GuiTest, DialogsStayInsideASmallWindowAtALargeUiScale) {
    screen_size_ = {1024, 768};
    window_size_ = "1024x768";
    std::filesystem::create_directories(dir_.file("state"));
    dir_.write("state/ui-scale.txt", "3\n");
    ASSERT_NO_FATAL_FAILURE(launch(false));
    const auto inside = [&](const Layout& l, const std::string& name) {
        if (!l.widgets.contains(name)) return false;
        const glm::dvec4 r = l.widgets.at(name);
        return r.x >= 0.0 && r.y >= 0.0 && r.z <= 1024.0 && r.w <= 768.0;
    };
    keys({"ctrl+o"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("file_dialog_confirm"); })) << "no Open dialog";
    EXPECT_TRUE(inside(layout_, "file_dialog_confirm")) << "Open is outside the window";
    EXPECT_TRUE(inside(layout_, "file_dialog_name")) << "the name field is outside the window";
    keys({"Escape"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return !l.widgets.contains("file_dialog_confirm"); }));
    keys({"g", "ctrl+q"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("question_save"); })) << "no question";
    for (const char* button : {"question_save", "question_dont_save"}) EXPECT_TRUE(inside(layout_, button)) << button << " is outside the window";
}

// Help reopened at its old scroll position, its first line cut in half (a teacher's review): it
// opens at the top each time. Judge: its opening paragraph stands where it stood the first time.
TEST_F(GuiTest, TheHelpOpensAtTheTop) {
    std::filesystem::create_directories(dir_.file("state"));
    dir_.write("state/ui-scale.txt", "2\n");
    ASSERT_NO_FATAL_FAILURE(launch());
    keys({"F1"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("help_intro"); })) << "no help window";
    const glm::dvec4 first = layout_.widgets.at("help_intro");
    const glm::dvec2 inside = glm::dvec2(layout_.widgets.at("help_window").x + layout_.widgets.at("help_window").z,
                                         layout_.widgets.at("help_window").y + layout_.widgets.at("help_window").w) * 0.5 +
                              layout_.window_position;
    const auto pixel = [](double v) { return std::to_string(std::lround(v)); };
    for (int turn = 0; turn < 6; ++turn)
        x_->xdotool({"mousemove", pixel(inside.x), pixel(inside.y), "mousedown", "9", "mouseup", "9", "click", "5", "sleep", "0.1"});
    ASSERT_TRUE(layout_until([&](const Layout& l) { return l.widgets.contains("help_intro") && l.widgets.at("help_intro").y < first.y - 20.0; }))
        << "the help did not scroll";
    x_->xdotool({"mousemove", "20", std::to_string(screen_size_.y / 2), "mousedown", "9", "mouseup", "9", "sleep", "0.2"});
    keys({"F1"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return !l.widgets.contains("help_window"); })) << "F1 did not close it";
    keys({"F1"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("help_intro"); })) << "F1 did not open it again";
    EXPECT_NEAR(layout_.widgets.at("help_intro").y, first.y, 0.5) << "the help opened again scrolled";
}

// The derivation (F2) in presentation mode reached past the bottom of the screen, its last steps
// and its resize grip out of reach (an outside review): it stays within the window, and scrolls.
TEST_F(GuiTest, TheDerivationStaysOnTheScreenInPresentationMode) {
    ASSERT_NO_FATAL_FAILURE(launch());
    keys({"F2"});  // opened in the window first: its size is kept from there
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("derivation_window"); }));
    keys({"F2", "F11", "F2"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("derivation_window") && l.ui_scale > 1.2; }))
        << "no derivation window in presentation mode";
    const glm::dvec4 r = layout_.widgets.at("derivation_window");
    EXPECT_LE(layout_.window_position.y + r.w, kScreenHeight) << "its bottom edge at " << r.w << " px";
    EXPECT_LE(layout_.window_position.x + r.z, kScreenWidth) << "its right edge at " << r.z << " px";
    // nor over the play controls, and wide enough for its buttons at the larger text (sized in
    // the window first, its last button read "Copy as a LaTeX docum" after F11)
    ASSERT_TRUE(layout_.widgets.contains("time_bar") && layout_.widgets.contains("derivation_copy_document"));
    EXPECT_LE(r.w, layout_.widgets.at("time_bar").y + 0.5) << "it covers the time bar";
    EXPECT_LE(layout_.widgets.at("derivation_copy_document").z, r.z) << "its last button is cut";
}

// At the largest UI scale in a 1024x768 window the time bar's readout ("t = 0") and its last
// button ("Close") were cut off at the side panel (an outside review). The bar takes more rows
// instead: every one of its widgets lies whole inside it, none over another.
TEST_F(GuiTest, TheTimeBarKeepsEveryControlWholeAtTheLargestScale) {
    window_size_ = "1024x768";
    ASSERT_NO_FATAL_FAILURE(launch(false));
    std::vector<std::string> presses(8, "ctrl+equal");
    keys(presses);
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.ui_scale > 2.99; })) << "UI scale " << layout_.ui_scale;
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("time_bar") && l.widgets.contains("time_jump_closest"); }));
    const glm::dvec4 bar = layout_.widgets.at("time_bar");
    EXPECT_LE(bar.z, 1024.5) << "the bar itself runs past the window";
    const std::vector<std::string> names{"time_play",  "time_readout",      "time_slider",
                                         "time_speed", "time_loop", "time_jump_contact", "time_jump_closest"};
    for (const std::string& name : names) {
        ASSERT_TRUE(layout_.widgets.contains(name)) << "no " << name;
        const glm::dvec4 w = layout_.widgets.at(name);
        EXPECT_LE(w.z, bar.z + 0.5) << name << " runs " << w.z - bar.z << " px past the bar's right edge";
        EXPECT_LE(w.w, bar.w + 0.5) << name << " runs past the bar's bottom";
        EXPECT_GE(w.y, bar.y - 0.5) << name << " starts above the bar";
    }
    for (std::size_t i = 0; i < names.size(); ++i)
        for (std::size_t j = i + 1; j < names.size(); ++j) {
            const glm::dvec4 a = layout_.widgets.at(names[i]);
            const glm::dvec4 b = layout_.widgets.at(names[j]);
            const bool apart = a.z <= b.x + 0.5 || b.z <= a.x + 0.5 || a.w <= b.y + 0.5 || b.w <= a.y + 0.5;
            EXPECT_TRUE(apart) << names[i] << " and " << names[j] << " overlap";
        }
}

// At UI scales 1.25 and 1.5 in a 1024x768 window (the side panel is then 40% of it) the panel
// cut its own words off: "Check for overlap only every c", "Fit view (I" (a teacher's rehearsal).
// The checkbox, with its label, and the buttons lie whole inside the panel.
TEST_F(GuiTest, TheSidePanelsWordsStayWholeAtAProjectorsScale) {
    window_size_ = "1024x768";
    const std::string preset = read_file(std::string(TANGENT_SCENES_DIR) + "/tunnelling.json");
    ASSERT_NO_FATAL_FAILURE(launch(false, false, preset));
    keys({"ctrl+equal"});  // 1.1
    for (const double scale : {1.25, 1.5}) {
        keys({"ctrl+equal"});
        ASSERT_TRUE(layout_until([&](const Layout& l) { return std::abs(l.ui_scale - scale) < 0.02; })) << "UI scale " << layout_.ui_scale;
        ASSERT_TRUE(layout_until([](const Layout& l) {
            return l.widgets.contains("side_panel") && l.widgets.contains("discrete_enabled") && l.widgets.contains("fit_view_button") &&
                   l.widgets.contains("derivation_button");
        }));
        const glm::dvec4 panel = layout_.widgets.at("side_panel");
        for (const char* name : {"discrete_enabled", "fit_view_button", "derivation_button"}) {
            const glm::dvec4 w = layout_.widgets.at(name);
            EXPECT_LE(w.z, panel.z - 0.5) << name << " runs " << w.z - panel.z << " px past the panel at UI scale " << scale;
            EXPECT_GE(w.x, panel.x) << name;
        }
    }
}

// At UI scale 2 and 3, in 1280x720 and 1024x768 windows, the time bar's speed slider lost its
// word "speed" (an outside review): the word went before the slider narrowed, and stayed gone
// with the jump buttons on a row of their own. Read off the screenshot: right of the slider's
// frame (its last column in the frame's blue), inside the item the layout report names, the
// word's white text spans at least 20 px per unit of UI scale ("speed" is about 45).

class TimeBarWord : public GuiTest {
protected:
    void check(const std::string& size, int presses, double scale) {
        window_size_ = size;
        ASSERT_NO_FATAL_FAILURE(launch(false));
        keys(std::vector<std::string>(static_cast<std::size_t>(presses), "ctrl+equal"));
        ASSERT_TRUE(layout_until([&](const Layout& l) { return std::abs(l.ui_scale - scale) < 0.02; }))
            << "UI scale " << layout_.ui_scale << ", not " << scale;
        ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("time_speed") && l.widgets.contains("time_loop"); }));
        const RgbImage image = screenshot("time-bar-" + size + "-" + std::to_string(presses) + ".png");
        const glm::dvec4 item = layout_.widgets.at("time_speed");
        const auto left = static_cast<int>(std::ceil(layout_.window_position.x + item.x));
        const auto right = static_cast<int>(std::floor(layout_.window_position.x + item.z));
        const auto top = static_cast<int>(std::ceil(layout_.window_position.y + item.y));
        const auto bottom = static_cast<int>(std::floor(layout_.window_position.y + item.w));
        // ImGui's dark frame (FrameBg over the background) is blue; its text white
        const auto blue = [](Rgb c) { return c.b - c.r > 30 && c.b < 200; };
        const auto white = [](Rgb c) { return c.r > 200 && c.g > 200 && c.b > 200; };
        int frame_end = -1;
        std::optional<int> first_text;
        int last_text = -1;
        for (int x = left; x < right; ++x)
            for (int y = top; y < bottom; ++y)
                if (blue(image.at(x, y))) frame_end = x;
        ASSERT_GE(frame_end, left) << "no slider frame in the speed item " << left << ".." << right;
        for (int x = frame_end + 1; x < right; ++x)
            for (int y = top; y < bottom; ++y)
                if (white(image.at(x, y))) {
                    if (!first_text) first_text = x;
                    last_text = x;
                }
        const int span = first_text ? last_text - *first_text + 1 : 0;
        EXPECT_GE(span, 20.0 * layout_.ui_scale)
            << "at UI scale " << layout_.ui_scale << " in a " << size << " window the word beside the speed slider spans "
            << span << " px (the slider's frame ends at x = " << frame_end << ", the item at " << right << ")";
    }
};

TEST_F(TimeBarWord, StaysAtScale3In1024x768) { check("1024x768", 8, 3.0); }
TEST_F(TimeBarWord, StaysAtScale2In1280x720) { check("1280x720", 5, 2.0114); }

// A transparent figure in the dark theme says that its light ink needs a dark page, and the
// export window grows to hold the note: its height was fixed when it opened, so the note pushed
// the Export button out of sight.
TEST_F(GuiTest, ExportWindowShowsTheDarkThemeNoteAndKeepsItsButton) {
    ASSERT_NO_FATAL_FAILURE(launch());
    keys({"ctrl+e"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("export_transparent") && l.widgets.contains("export_window"); }))
        << "no export window after Ctrl+E";
    EXPECT_FALSE(layout_.widgets.contains("export_dark_note")) << "the note shows with an opaque background";
    ASSERT_NO_FATAL_FAILURE(click_widget("export_transparent"));
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("export_dark_note"); }))
        << "no note about the dark theme's light ink on a transparent background";
    ASSERT_TRUE(layout_until([](const Layout& l) {
        return l.widgets.contains("export_button") && l.widgets.at("export_button").w <= l.widgets.at("export_window").w;
    })) << "the Export button's bottom at " << layout_.widgets.at("export_button").w << " px lies below the window's, at "
        << layout_.widgets.at("export_window").w;
    const glm::dvec4 note = layout_.widgets.at("export_dark_note");
    EXPECT_GT(layout_.widgets.at("export_button").y, note.w) << "the Export button is not below the note";
}

// The pitfalls lab at 1366 x 768, UI scale 1: seventeen digits and "wrong" left the formulas four
// characters of column ("Tangen", "c withou", "A = dvx² dvx²" on five lines; a student's review).
// Where the formulas get no room beside the answers, each runs across its row with the answer
// under it. Judge: each formula is one line, within the window.
TEST_F(GuiTest, ThePitfallsLabsFormulasReadWholeOnALaptop) {
    // (and at UI scale 2 the digits column printed over a stacked answer, "w0rong"; a code review:
    // each answer lies under its formula, within the window)
    for (const double scale : {1.0, 2.0}) {
        std::filesystem::create_directories(dir_.file("state"));
        dir_.write("state/ui-scale.txt", scale == 1.0 ? "1\n" : "2\n");
        screen_size_ = {1366, 768};
        window_size_ = "1366x768";
        ASSERT_NO_FATAL_FAILURE(launch(false, false, read_file(std::string(TANGENT_SCENES_DIR) + "/tunnelling.json")));
        // the side panel scrolled to its end, where the lab's header is its last line
        ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("pitfalls_header"); }));
        const auto scroll_down = [&] {
            const glm::dvec2 at = rounded(glm::dvec2(widget_center("pitfalls_header").x, 384));
            for (int turn = 0; turn < 30; ++turn)
                x_->xdotool({"mousemove", std::to_string(static_cast<int>(at.x)), std::to_string(static_cast<int>(at.y)), "click", "5",
                             "sleep", "0.05"});
            std::this_thread::sleep_for(500ms);
            layout_ = Layout::parse(read_file(layout_path_));
        };
        scroll_down();
        ASSERT_LT(widget_center("pitfalls_header").y, 768.0);
        click(widget_center("pitfalls_header"));
        ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("pitfall_formula_5"); })) << "the lab did not open";
        scroll_down();
        const double line = layout_.widgets.at("pitfalls_header").w - layout_.widgets.at("pitfalls_header").y;  // a line and its padding
        for (int row = 0; row <= 5; ++row) {
            const std::string name = "pitfall_formula_" + std::to_string(row);
            ASSERT_TRUE(layout_.widgets.contains(name)) << name;
            const glm::dvec4 formula = layout_.widgets.at(name);
            if (scale == 1.0) {
                EXPECT_LT(formula.w - formula.y, line) << "row " << row << "'s formula takes more than a line";
            }
            EXPECT_LE(formula.z, 1366.0) << "row " << row << "'s formula runs off the window at scale " << scale;
            const std::string answer_name = "pitfall_answer_" + std::to_string(row);
            if (!layout_.widgets.contains(answer_name)) continue;  // beside the formula, in its own column
            const glm::dvec4 answer = layout_.widgets.at(answer_name);
            EXPECT_GE(answer.y, formula.w - 0.5) << "row " << row << "'s answer is not under its formula at scale " << scale;
            EXPECT_LE(answer.z, 1366.0) << "row " << row << "'s answer runs off the window at scale " << scale;
        }
        if (scale == 2.0) {
            EXPECT_TRUE(layout_.widgets.contains("pitfall_answer_5")) << "at scale 2 the answers are not under the formulas";
        }
        app_.reset();
        x_.reset();
    }
}

// Export Figure took "fig-3.1" typed as its file for fig-3.png (the ".1" replaced as an
// extension), and wrote over figure 3 without a word (an author's review). A name that does not
// end in .png or .svg gets the extension added; a figure that exists is replaced only at a second
// press, as Save As asks. Judge: the files on disk.
TEST_F(GuiTest, ExportKeepsADottedNameAndAsksBeforeReplacingAFigure) {
    ASSERT_NO_FATAL_FAILURE(launch());
    const std::string figure_3 = dir_.write("fig-3.png", "figure 3");
    keys({"ctrl+e"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("export_path"); })) << "no export window after Ctrl+E";
    type_into("export_path", dir_.file("fig-3.1"));
    ASSERT_NO_FATAL_FAILURE(click_widget("export_button"));
    const std::string figure_3_1 = dir_.file("fig-3.1.png");
    ASSERT_TRUE(wait_until([&] { return std::filesystem::exists(figure_3_1); }, 20s)) << "no figure written to " << figure_3_1;
    EXPECT_EQ(read_file(figure_3), "figure 3") << "figure 3.1 went over figure 3";
    EXPECT_EQ(read_file(figure_3_1).substr(0, 4), "\x89PNG");

    keys({"ctrl+e"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("export_path"); })) << "no export window after Ctrl+E";
    type_into("export_path", figure_3);
    ASSERT_NO_FATAL_FAILURE(click_widget("export_button"));
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("export_replace_note"); }))
        << "no question before replacing a figure that exists";
    std::this_thread::sleep_for(1s);
    EXPECT_EQ(read_file(figure_3), "figure 3") << "the first press replaced the figure";
    ASSERT_NO_FATAL_FAILURE(click_widget("export_button"));
    ASSERT_TRUE(wait_until([&] { return read_file(figure_3).starts_with("\x89PNG"); }, 20s)) << "the second press did not replace it";

    // a folder typed gets a figure in it, not a file ".png" beside it
    std::filesystem::create_directories(dir_.file("figures"));
    keys({"ctrl+e"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("export_path"); })) << "no export window after Ctrl+E";
    type_into("export_path", dir_.file("figures") + "/");
    ASSERT_NO_FATAL_FAILURE(click_widget("export_button"));
    const std::string in_folder = dir_.file("figures/tangent-figure.png");
    ASSERT_TRUE(wait_until([&] { return std::filesystem::exists(in_folder); }, 20s)) << "no figure written to " << in_folder;
    EXPECT_FALSE(std::filesystem::exists(dir_.file("figures/.png")));

    // and an extension alone, the name left out, gets the same figure in the format it names
    keys({"ctrl+e"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("export_path"); })) << "no export window after Ctrl+E";
    type_into("export_path", dir_.file("figures/.svg"));
    ASSERT_NO_FATAL_FAILURE(click_widget("export_button"));
    const std::string svg_in_folder = dir_.file("figures/tangent-figure.svg");
    ASSERT_TRUE(wait_until([&] { return std::filesystem::exists(svg_in_folder); }, 20s)) << "no figure written to " << svg_in_folder;
    EXPECT_TRUE(read_file(svg_in_folder).find("<svg") != std::string::npos);
    for (const char* hidden : {"figures/.svg", "figures/.svg.svg", "figures/.svg.png"})
        EXPECT_FALSE(std::filesystem::exists(dir_.file(hidden))) << hidden;
}

// Export Figure with the time plot open at UI scale 2 copied the canvas's framing, made short
// by the plot and with the badge's room sized for the UI scale: the figure showed the story
// small, in its lower right (an outside review). A canvas that fits the story gives a figure
// that fits it: the bodies' colours, wherever the picture draws them (bodies, paths, ghosts),
// span most of the figure's width or height.
TEST_F(GuiTest, AnExportWithThePlotOpenFillsTheFigure) {
    Json scene = Json::parse(read_file(std::string(TANGENT_SCENES_DIR) + "/oblique-hit.json"));
    scene["show"]["plot"] = true;
    scene["show"]["theme"] = "dark";
    ASSERT_FALSE(scene.contains("view")) << "the preset must leave the framing to the fit";
    ASSERT_NO_FATAL_FAILURE(launch(false, false, scene.dump(2)));
    keys(std::vector<std::string>(5, "ctrl+equal"));
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.ui_scale > 1.99; })) << "UI scale " << layout_.ui_scale;
    keys({"ctrl+e"});
    ASSERT_NO_FATAL_FAILURE(click_widget("export_button"));
    const std::string figure = dir_.file("scene.png");  // beside the scene file, its name
    ASSERT_TRUE(wait_until([&] { return std::filesystem::exists(figure); }, 20s)) << "no figure written to " << figure;
    int width = 0;
    int height = 0;
    int channels = 0;
    unsigned char* pixels = stbi_load(figure.c_str(), &width, &height, &channels, 3);
    ASSERT_NE(pixels, nullptr) << "cannot read " << figure;
    // the dark theme's A and B (app/draw/theme.cpp)
    const Rgb colours[] = {parse_hex_color("#56b4e9"), parse_hex_color("#f0e442")};
    glm::ivec2 min{width, height};
    glm::ivec2 max{-1, -1};
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const unsigned char* p = pixels + (static_cast<std::size_t>(y) * width + x) * 3;
            const Rgb seen{p[0], p[1], p[2]};
            for (const Rgb& c : colours)
                if (channel_distance(seen, c) <= 24) {
                    min = glm::min(min, glm::ivec2(x, y));
                    max = glm::max(max, glm::ivec2(x, y));
                }
        }
    stbi_image_free(pixels);
    ASSERT_GE(max.x, 0) << "neither body's colour is in the figure";
    const glm::dvec2 story = glm::dvec2(max - min + 1) / glm::dvec2(width, height);
    std::cout << "figure " << width << " x " << height << ": the story spans " << str(story) << " of it, from ("
              << min.x << ", " << min.y << ") to (" << max.x << ", " << max.y << ")\n";
    // a fit leaves margins at the edges and room for the badge (and, where that costs little, for
    // the arrows as drawn at every time): 70% of a side is well past the copied framing's 32% x 43%
    EXPECT_GE(std::max(story.x, story.y), 0.70) << "the story spans " << str(story) << " of the figure";
}

// Esc with the derivation open in presentation mode left presentation mode and kept the
// derivation (an outside review): it closes the derivation, and only the next Esc leaves.
TEST_F(GuiTest, EscClosesTheDerivationBeforeLeavingPresentationMode) {
    ASSERT_NO_FATAL_FAILURE(launch());
    keys({"F11", "F2"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("derivation_window") && l.ui_scale > 1.2; }))
        << "no derivation window in presentation mode";
    keys({"Escape"});
    EXPECT_TRUE(layout_until([](const Layout& l) { return !l.widgets.contains("derivation_window"); }))
        << "the derivation stayed open";
    EXPECT_GT(layout_.ui_scale, 1.2) << "presentation mode ended";
    keys({"Escape"});
    EXPECT_TRUE(layout_until([](const Layout& l) { return l.ui_scale < 1.2; })) << "the second Esc did not leave presentation mode";
}

// Regressions from an outside review of the tour. (1) A scene opened during the tour (Ctrl+N)
// left the tour's bar up, its caption describing the step no longer shown: opening another scene
// ends the tour. (2) Page Down acted behind the "Unsaved changes" question, moved the tour on and
// dropped the very edit the question was about: no shortcut acts while a question is open.
TEST_F(GuiTest, AQuestionHoldsTheTourStillAndAnotherSceneEndsIt) {
    ASSERT_NO_FATAL_FAILURE(launch(false, false, {}, {"--tour"}));
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("tour_step_1"); })) << "no tour";
    keys({"Next"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("tour_step_2"); })) << "Page Down did not move on";
    keys({"g"});  // an edit: the step's scene is now unsaved
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.unsaved; })) << "G made no edit";
    keys({"ctrl+n"});  // asks about the unsaved edit
    x_->xdotool({"sleep", "0.5"});
    keys({"Next", "Next"});  // behind the question: must do nothing
    x_->xdotool({"sleep", "0.5"});
    layout_ = Layout::parse(read_file(layout_path_));
    EXPECT_TRUE(layout_.widgets.contains("tour_step_2")) << "the tour moved on behind the question";
    EXPECT_TRUE(layout_.unsaved) << "the edit the question is about was dropped";
    // Cancel (Esc, held a frame or two: ImGui misses a press and release within one frame)
    x_->xdotool({"keydown", "Escape", "sleep", "0.12", "keyup", "Escape", "sleep", "0.4"});
    x_->xdotool({"sleep", "0.5"});
    keys({"ctrl+n"});
    x_->xdotool({"sleep", "0.5"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("question_dont_save"); })) << "no question";
    ASSERT_NO_FATAL_FAILURE(click_widget("question_dont_save"));
    EXPECT_TRUE(layout_until([](const Layout& l) {
        return std::none_of(l.widgets.begin(), l.widgets.end(), [](const auto& w) { return w.first.starts_with("tour_step_"); });
    })) << "the tour's bar is still up over the new scene";
}

// Regression (an outside review): a graze snapped in the tour's step "D > 0: a hit" left the
// caption's "t = 4 … t = 6" under a badge saying GRAZE. Edited away from the step's scene, the
// caption says it speaks of the step as it began; back at the step's scene (undo), it does not.
TEST_F(GuiTest, TheTourCaptionSaysWhenTheStepWasEdited) {
    ASSERT_NO_FATAL_FAILURE(launch(false, false, {}, {"--tour"}));
    ASSERT_TRUE(layout_until([](const Layout& l) { return !l.tour_caption.empty(); })) << "no tour caption";
    const std::string original = layout_.tour_caption;
    EXPECT_FALSE(original.starts_with("As the step began")) << original;
    EXPECT_EQ(layout_.tour_edited_case, "") << "the step as written, unedited";
    keys({"g"});
    EXPECT_TRUE(layout_until([&](const Layout& l) { return l.tour_caption == "As the step began, before your edits: " + original; }))
        << "after an edit: " << layout_.tour_caption;
    // the title "The overlap check" was written for a hit; snapped to a graze it says so, as the badge does
    EXPECT_EQ(layout_.tour_edited_case, "GRAZE") << "the title does not say the case changed";
    EXPECT_TRUE(layout_.widgets.contains("tour_step_edited"));
    keys({"ctrl+z"});
    EXPECT_TRUE(layout_until([&](const Layout& l) { return l.tour_caption == original; })) << "after undo: " << layout_.tour_caption;
    EXPECT_EQ(layout_.tour_edited_case, "");
    EXPECT_FALSE(layout_.widgets.contains("tour_step_edited"));
}

// Page Down from an edited step dropped the edit unasked (an outside review: a teacher's drag,
// gone when the class went back to it). Back at the step, the edit is there again, saying so,
// and Ctrl+Z leads back to the step as written; a step left unedited opens as written.
TEST_F(GuiTest, AnEditedTourStepIsThereAgainOnGoingBack) {
    ASSERT_NO_FATAL_FAILURE(launch(false, false, {}, {"--tour"}));
    ASSERT_TRUE(layout_until([](const Layout& l) { return !l.tour_caption.empty(); })) << "no tour caption";
    const std::string original = layout_.tour_caption;
    const std::string edited = "As the step began, before your edits: " + original;
    keys({"g"});
    ASSERT_TRUE(layout_until([&](const Layout& l) { return l.tour_caption == edited; })) << "after an edit: " << layout_.tour_caption;
    keys({"Next"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("tour_step_2"); })) << "no step 2";
    const std::string second = layout_.tour_caption;
    EXPECT_FALSE(second.starts_with("As the step began")) << second;
    keys({"Next", "Prior"});  // step 3 and back to 2, neither edited: as written
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("tour_step_2"); })) << "no step 2";
    EXPECT_EQ(layout_.tour_caption, second);
    keys({"Prior"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("tour_step_1"); })) << "no step 1";
    EXPECT_TRUE(layout_until([&](const Layout& l) { return l.tour_caption == edited; })) << "back at step 1: " << layout_.tour_caption;
    EXPECT_TRUE(std::any_of(layout_.notices.begin(), layout_.notices.end(),
                            [](const std::string& n) { return n.find("as you left it") != std::string::npos; }))
        << "no notice that the edit is back";
    keys({"ctrl+z"});
    EXPECT_TRUE(layout_until([&](const Layout& l) { return l.tour_caption == original; })) << "after undo: " << layout_.tour_caption;
}

// A projector's UI scale stacked on presentation mode's own factor: at scale 2 on a 720-line
// screen the tour left the picture 155 px of 720, and its title and "End the tour (Esc)" ran off
// the screen's edge (an outside review). At the largest UI scale, in every step, the canvas and
// the time plot keep at least 40% of the screen's height, every widget of the tour's bar lies
// inside the screen, and saying so, Ctrl+= leaves a notice.
TEST_F(GuiTest, PresentationModeKeepsThePictureItsRoomAtTheLargestScale) {
    ASSERT_NO_FATAL_FAILURE(launch(false, false, {}, {"--tour"}));
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("tour_step_1"); })) << "no tour";
    keys(std::vector<std::string>(8, "ctrl+equal"));  // the largest user scale, 3
    EXPECT_TRUE(layout_until([](const Layout& l) {
        return std::any_of(l.notices.begin(), l.notices.end(), [](const std::string& n) { return n.starts_with("Presentation mode keeps"); });
    })) << "no notice that the scale is held (UI scale " << layout_.ui_scale << ")";
    for (int step = 1; step <= 10; ++step) {
        if (step > 1) keys({"Next"});
        const std::string name = "tour_step_" + std::to_string(step);
        ASSERT_TRUE(layout_until([&](const Layout& l) { return l.widgets.contains(name) && l.widgets.contains("tour_end"); }))
            << "no " << name;
        // the tour's bar starts where the canvas and the plot end
        const double picture = layout_.widgets.at(name).y - layout_.canvas_origin.y;
        EXPECT_GE(picture, 0.4 * kScreenHeight) << "step " << step << " at UI scale " << layout_.ui_scale;
        for (const char* widget : {"tour_title", "tour_previous", "tour_next", "tour_end", name.c_str()}) {
            if (!layout_.widgets.contains(widget)) continue;  // the title is left out where it has no room
            EXPECT_LE(layout_.widgets.at(widget).z, kScreenWidth + 0.5) << "step " << step << ": " << widget << " runs off the screen";
        }
    }
}

// A refused entry's message stayed under its field through a snap, an undo and the jumps (an
// outside review: "'1/0' is not a number" long after the scene had moved on). A snap takes it
// away, and so does an undo (typing into another field leaves it: AFieldsErrorGoesOnceAValueIsEntered).
TEST_F(GuiTest, ARefusedEntrysMessageGoesWithTheNextEdit) {
    ASSERT_NO_FATAL_FAILURE(launch());
    type_into("body_b_radius", "1/0");
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.field_messages.contains("body_b_radius"); })) << "no message for 1/0";
    keys({"g"});  // snap to graze: an edit of B's velocity
    EXPECT_TRUE(layout_until([](const Layout& l) { return !l.field_messages.contains("body_b_radius"); }))
        << "still under the radius after a snap: " << layout_.field_messages["body_b_radius"];
    type_into("body_b_radius", "-1");
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.field_messages.contains("body_b_radius"); })) << "no message for -1";
    keys({"ctrl+z"});
    EXPECT_TRUE(layout_until([](const Layout& l) { return !l.field_messages.contains("body_b_radius"); }))
        << "still under the radius after an undo: " << layout_.field_messages["body_b_radius"];
}

// Esc closed Help and the derivation but not an open menu (an outside review): it does now, and
// the window goes on (nothing behind the menu acts on it).
TEST_F(GuiTest, EscClosesAnOpenMenu) {
    ASSERT_NO_FATAL_FAILURE(launch());
    ASSERT_NO_FATAL_FAILURE(click_widget("menu_file"));
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("menu_open_recent"); })) << "the File menu did not open";
    keys({"Escape"});
    EXPECT_TRUE(layout_until([](const Layout& l) { return !l.widgets.contains("menu_open_recent"); })) << "the File menu is still open";
    ASSERT_FALSE(app_->poll_exit().has_value()) << "tangent ended";
}

// A file from a newer Tangent with many unknown keys: at most four notices show, and the first,
// that the file is newer (and that a save keeps what this version does not know), was pushed out
// by the keys' own (an outside review). The first three show, the rest counted in a fourth.
TEST_F(GuiTest, ManyLoadWarningsKeepTheFirst) {
    std::string extra;
    for (int k = 0; k < 15; ++k) extra += ", \"unknown" + std::to_string(k) + "\": " + std::to_string(k);
    const std::string scene = R"({"version": 9, "bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1},
        {"position": [8, 1], "velocity": [-1, 0], "radius": 1}])" + extra + "}";
    ASSERT_NO_FATAL_FAILURE(launch(false, false, scene));
    EXPECT_TRUE(layout_until([](const Layout& l) {
        const auto has = [&](std::string_view part) {
            return std::any_of(l.notices.begin(), l.notices.end(), [&](const std::string& n) { return n.find(part) != std::string::npos; });
        };
        return has("newer Tangent") && has("13 more warnings");
    })) << "notices: " << (layout_.notices.empty() ? std::string("none") : layout_.notices.front());
}

// A notice keeps off the bodies as they are drawn: "Snapped to a graze …" lay along the bottom of
// the canvas over A for its five seconds, just as B grazed it (a teacher's rehearsal). Here the
// scene's own view puts A (at rest) at the bottom middle, where the notices used to go; the judge
// is A's circle, placed by the window's own world-to-screen map, against the notices' window.
TEST_F(GuiTest, ANoticeKeepsOffTheBodies) {
    const std::string scene = R"({"bodies": [{"position": [0, 0], "velocity": [0, 0], "radius": 1},
        {"position": [-6, 4], "velocity": [1.5, -0.5], "radius": 0.5}], "view": {"center": [0, 3.6], "zoom": 110}})";
    ASSERT_NO_FATAL_FAILURE(launch(false, false, scene));
    const glm::dvec2 a = layout_.to_screen({0.0, 0.0}) - layout_.window_position;
    const double r = layout_.pixels_per_unit;
    ASSERT_GT(a.y + r, layout_.canvas_origin.y + layout_.canvas_size.y - 150.0) << "A is not near the bottom: the test would not tell";
    keys({"g"});
    const auto clear_of_a = [&](const Layout& l) {
        const auto notices = l.widgets.find("notices");
        if (l.notices.empty() || notices == l.widgets.end()) return false;
        const glm::dvec4 box = notices->second;
        const glm::dvec2 nearest = glm::clamp(a, glm::dvec2(box.x, box.y), glm::dvec2(box.z, box.w));
        return glm::distance(nearest, a) >= r;
    };
    EXPECT_TRUE(layout_until(clear_of_a)) << "the notice stayed over A: " << (layout_.notices.empty() ? "" : layout_.notices.front());
    ASSERT_FALSE(layout_.notices.empty());
    EXPECT_NE(layout_.notices.front().find("Snapped to a graze"), std::string::npos) << layout_.notices.front();
}

// Notices speak of the scene as it is: after Ctrl+Z the snap's "Snapped to a graze … D = …"
// stayed beside an analysis showing D = 64 (an outside review).
TEST_F(GuiTest, UndoTakesAwayTheNoticesOfTheSceneUndone) {
    ASSERT_NO_FATAL_FAILURE(launch());
    keys({"g"});
    ASSERT_TRUE(layout_until([](const Layout& l) {
        return std::any_of(l.notices.begin(), l.notices.end(), [](const std::string& n) { return n.find("graze") != std::string::npos; });
    })) << "no notice after G";
    keys({"ctrl+z"});
    // as soon as the undo's notice shows, naming what the snap changed (notices fade after a few
    // seconds: the check must not wait for that)
    ASSERT_TRUE(layout_until([](const Layout& l) {
        return std::find(l.notices.begin(), l.notices.end(), "Undo B's velocity") != l.notices.end();
    })) << "no 'Undo B's velocity' notice";
    EXPECT_TRUE(std::none_of(layout_.notices.begin(), layout_.notices.end(),
                             [](const std::string& n) { return n.find("graze") != std::string::npos; }))
        << "the snap's notice outlived its undo: " << layout_.notices.front();
}

// Snap to graze (G) says "exact graze, D = 0" only when D is exactly 0: B's new velocity is rounded,
// and the notice said "exactly" beside a panel showing D = -9.2e-16 (an outside review). Judged
// by `tangent analyze` on the scene saved after the snap.
TEST_F(GuiTest, SnapToGrazeSaysHowCloseItIs) {
    ASSERT_NO_FATAL_FAILURE(launch());
    keys({"g"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return !l.notices.empty(); })) << "no notice after G";
    const std::string notice = layout_.notices.back();
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    const ProcessResult analysis = run_process({TANGENT_BINARY, "analyze", dir_.write("snapped.json", saved.dump()), "--json"});
    ASSERT_EQ(analysis.exit_code, 0) << analysis.err;
    const Json answer = Json::parse(analysis.out);
    EXPECT_EQ(answer.at("case").get<std::string>(), "graze");
    const bool exact = answer.at("discriminant").get<double>() == 0.0;
    EXPECT_EQ(notice.find("exactly") != std::string::npos, exact) << notice << " (D = " << answer.at("discriminant") << ")";
    if (!exact) {  // D as the panel shows it, and how close (once "to within 0.0e+00·R")
        EXPECT_NE(notice.find("leaves D = "), std::string::npos) << notice;
        EXPECT_EQ(notice.find("e+00"), std::string::npos) << notice;
    }
}

// Logout and shutdown send SIGTERM: with unsaved changes the window once stayed up behind its
// "save the changes?" question (an outside review). It must end at once and keep the work in
// the session's autosave.
TEST_F(GuiTest, TerminateWithUnsavedChangesEndsAndKeepsTheWork) {
    ASSERT_NO_FATAL_FAILURE(launch(false));
    const double ppu = layout_.pixels_per_unit;
    const glm::dvec2 new_center = drag_b_body();
    ASSERT_EQ(::kill(app_->pid(), SIGTERM), 0);
    const std::optional<int> code = app_->wait_for_exit(10s);
    ASSERT_TRUE(code.has_value()) << "tangent still runs 10 s after SIGTERM";
    const std::string autosave = dir_.file("state/autosave.json");
    ASSERT_TRUE(std::filesystem::exists(autosave)) << "no autosave at " << autosave;
    const Json saved = Json::parse(read_file(autosave));
    expect_near(saved_body(saved, 1).position, new_center, kPixelTolerance / ppu, "B's position in the autosave");
}

// An autosave that failed was silent, and the quit question went on saying "Your session is
// also kept and comes back at the next start" (an outside review, with a read-only state folder:
// the edit was lost). Here the state folder cannot be made at all, its parent being a file (which
// stops root too): after an edit, Ctrl+Q shows a notice naming the failure and the path, and the
// question says the session is not kept.
TEST_F(GuiTest, AFailedAutosaveIsSaidAndTheQuitQuestionDoesNotPromiseTheSession) {
    const std::string not_a_folder = dir_.write("not-a-folder", "a file where the state folder's parent should be\n");
    state_dir_ = not_a_folder + "/state";
    ASSERT_NO_FATAL_FAILURE(launch(false));
    type_into("body_b_radius", "2.5");
    keys({"ctrl+q"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("question_dont_save"); }))
        << "Ctrl+Q with unsaved changes did not ask";
    EXPECT_NE(layout_.question.find("NOT kept"), std::string::npos) << layout_.question;
    EXPECT_EQ(layout_.question.find("is also kept"), std::string::npos) << layout_.question;
    EXPECT_NE(layout_.question.find(state_dir_), std::string::npos) << "the question names the reason:\n" << layout_.question;
    std::string notices;
    for (const std::string& notice : layout_.notices) notices += notice + "\n";
    EXPECT_NE(notices.find("autosave failed"), std::string::npos) << notices;
    EXPECT_NE(notices.find(state_dir_), std::string::npos) << "the notice names the folder:\n" << notices;
    ASSERT_NO_FATAL_FAILURE(click_widget("question_dont_save"));
    const std::optional<int> code = app_->wait_for_exit(10s);
    ASSERT_TRUE(code.has_value()) << "tangent still runs 10 s after Don't save";
    const std::string log = read_file(dir_.file("tangent.log"));
    EXPECT_NE(log.find("the session was not kept"), std::string::npos) << log;
}

// With a state folder that works, the question keeps its promise, and the notice never shows.
TEST_F(GuiTest, TheQuitQuestionSaysTheSessionIsKeptWhenItIs) {
    ASSERT_NO_FATAL_FAILURE(launch(false));
    type_into("body_b_radius", "2.5");
    keys({"ctrl+q"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("question_dont_save"); }));
    EXPECT_NE(layout_.question.find("is also kept"), std::string::npos) << layout_.question;
    for (const std::string& notice : layout_.notices) EXPECT_EQ(notice.find("autosave failed"), std::string::npos) << notice;
    ASSERT_NO_FATAL_FAILURE(click_widget("question_dont_save"));
    ASSERT_TRUE(app_->wait_for_exit(10s).has_value());
    EXPECT_EQ(saved_body(Json::parse(read_file(dir_.file("state/autosave.json"))), 1).radius, 2.5)
        << "the autosave holds the edit";
}

// The outside review (a student's): a scene file opened and edited, Ctrl+Q, "Don't save"; the
// next start without a file restored the edit, but as "untitled" with nothing unsaved: Ctrl+S
// asked for a new name in the home folder, and Ctrl+N dropped the edit unasked for good. The
// restored session names its file and is unsaved, and Ctrl+S writes the edit into that file.
TEST_F(GuiTest, ARestoredSessionKeepsItsFileAndItsUnsavedChanges) {
    ASSERT_NO_FATAL_FAILURE(edit_quit_without_saving_and_restart("2.25"));
    EXPECT_TRUE(layout_.unsaved) << "the restored edit was never saved to scene.json";
    EXPECT_EQ(title_until("scene.json * - Tangent"), "scene.json * - Tangent");
    keys({"ctrl+s"});
    EXPECT_TRUE(wait_until([&] { return radius_in_file(scene_path_) == 2.25; }, 5s))
        << "Ctrl+S did not write the edit to scene.json:\n" << read_file(scene_path_);
    EXPECT_TRUE(layout_until([](const Layout& l) { return !l.unsaved; })) << "still unsaved after Ctrl+S";
    EXPECT_FALSE(layout_.widgets.contains("file_dialog_name")) << "Ctrl+S asked where to save: the scene has its file";
    EXPECT_EQ(title_until("scene.json - Tangent"), "scene.json - Tangent");
    // the caption is marked as written before the edits once, as a save in the first run marks it
    const std::string caption = Json::parse(scene_json()).at("caption").get<std::string>();
    EXPECT_EQ(Json::parse(read_file(scene_path_)).value("caption", std::string()), "As first written, before edits: " + caption);
    EXPECT_FALSE(std::filesystem::exists(home_ + "/scene.json"));
}

// ... and New (as Open and Quit) asks before it drops the restored edit, naming the file.
TEST_F(GuiTest, ARestoredSessionsUnsavedChangesAreAskedAboutBeforeANewScene) {
    ASSERT_NO_FATAL_FAILURE(edit_quit_without_saving_and_restart("2.25"));
    keys({"ctrl+n"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("question_dont_save"); }))
        << "Ctrl+N dropped the restored edit unasked";
    EXPECT_NE(layout_.question.find("scene.json"), std::string::npos) << layout_.question;
    // Cancel (Esc, held a frame or two: ImGui misses a press and release within one frame)
    x_->xdotool({"keydown", "Escape", "sleep", "0.12", "keyup", "Escape", "sleep", "0.4"});
    EXPECT_TRUE(layout_until([](const Layout& l) { return !l.widgets.contains("question_dont_save") && l.unsaved; }));
    keys({"ctrl+q"});
    ASSERT_NO_FATAL_FAILURE(click_widget("question_dont_save"));
    ASSERT_TRUE(app_->wait_for_exit(10s).has_value()) << "tangent still runs 10 s after Don't save";
    EXPECT_EQ(radius_in_file(dir_.file("state/autosave.json")), 2.25) << "the edit is in the session still";
    EXPECT_EQ(radius_in_file(scene_path_), kRadiusB) << "scene.json was written without a Save";
}

// The file the session came from changed on disk since (edited elsewhere): Ctrl+S does not write
// over those changes unasked. It opens Save As in the file's folder with its name, saying why;
// Enter there writes the session's scene over it, as the user then chose.
TEST_F(GuiTest, ARestoredSessionWhoseFileChangedOnDiskSavesOnlyWhereTheUserSays) {
    const Json theirs = edited_elsewhere();
    ASSERT_NO_FATAL_FAILURE(edit_quit_without_saving_and_restart("2.25", [&] {
        std::ofstream(scene_path_, std::ios::trunc) << theirs.dump(2);
    }));
    EXPECT_TRUE(layout_.unsaved);
    EXPECT_EQ(title_until("scene.json * - Tangent"), "scene.json * - Tangent");
    std::string notices;
    for (const std::string& notice : layout_.notices) notices += notice + "\n";
    EXPECT_NE(notices.find("scene.json has changed on disk"), std::string::npos) << notices;
    keys({"ctrl+s"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("file_dialog_name"); }))
        << "Ctrl+S did not ask where to save";
    EXPECT_EQ(radius_in_file(scene_path_), 0.5) << "the changes on disk were written over unasked";
    // the dialog's folder and name are the file's: Enter (held a frame or two) saves there
    x_->xdotool({"keydown", "Return", "sleep", "0.12", "keyup", "Return", "sleep", "0.4"});
    EXPECT_TRUE(wait_until([&] { return radius_in_file(scene_path_) == 2.25; }, 5s))
        << "Save in the dialog did not write scene.json in its own folder:\n" << read_file(scene_path_);
    EXPECT_TRUE(layout_until([](const Layout& l) { return !l.unsaved && !l.widgets.contains("file_dialog_name"); }));
    EXPECT_FALSE(std::filesystem::exists(home_ + "/scene.json"));
}

// A session kept by a Tangent from before session.json comes back as it did then: untitled and
// with nothing unsaved, without a word of error.
TEST_F(GuiTest, ASessionKeptByAnOlderTangentComesBackAsBefore) {
    Json kept = Json::parse(scene_json());
    kept["bodies"][1]["radius"] = 1.75;
    std::filesystem::create_directories(dir_.file("state"));
    dir_.write("state/autosave.json", kept.dump(2));
    open_scene_file_ = false;
    ASSERT_NO_FATAL_FAILURE(launch());
    ASSERT_FALSE(layout_.notices.empty());
    EXPECT_EQ(layout_.notices.front(), "Restored your last session (File › New scene starts afresh)");
    EXPECT_EQ(layout_.notices.size(), 1u) << layout_.notices.back();
    EXPECT_FALSE(layout_.unsaved);
    EXPECT_EQ(title_until("untitled - Tangent"), "untitled - Tangent");
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved_body(saved, 1).radius, 1.75);
}

// An autosave that does not load (a newer Tangent's, a hand edit) was only mentioned, and the first
// edit's autosave wrote over it: the only copy of someone's work, gone (an outside review). It is
// moved aside first, and the notice says where. Judge: the file's bytes, found again there.
TEST_F(GuiTest, AnAutosaveThatDoesNotLoadIsSetAsideNotWrittenOver) {
    Json theirs = Json::parse(scene_json());
    theirs["version"] = 2;
    theirs["caption"] = "MY UNSAVED LESSON WORK";
    theirs["show"]["theme"] = "sepia";
    std::filesystem::create_directories(dir_.file("state"));
    const std::string text = theirs.dump(2);
    dir_.write("state/autosave.json", text);
    dir_.write("state/session.json", R"({"file": null, "unsaved": true})");
    open_scene_file_ = false;
    ASSERT_NO_FATAL_FAILURE(launch(false));
    const std::string kept = dir_.file("state/autosave-unreadable-1.json");
    ASSERT_TRUE(layout_until([&](const Layout& l) {
        return std::any_of(l.notices.begin(), l.notices.end(), [&](const std::string& n) {
            return n.starts_with("Could not restore the last session") && n.find(kept) != std::string::npos;
        });
    })) << "no notice naming where the autosave went";
    type_into("body_b_radius", "1.7");  // an edit, and its autosave
    ASSERT_TRUE(wait_until([&] { return radius_in_file(dir_.file("state/autosave.json")) == 1.7; }, 15s)) << "no autosave of the edit";
    EXPECT_EQ(read_file(kept), text) << "the unreadable autosave is not kept as it was";
}

// Where the session came from, kept as no such thing (a hand edit): the file names the key and
// what is wrong, and the session comes back unsaved, so that nothing drops it unasked.
TEST_F(GuiTest, AKeptOriginThatIsNotOneIsSaidAndTheSessionComesBackUnsaved) {
    std::filesystem::create_directories(dir_.file("state"));
    dir_.write("state/autosave.json", scene_json());
    dir_.write("state/session.json", R"({"file": "/nowhere/my2.json", "unsaved": 3})");
    open_scene_file_ = false;
    ASSERT_NO_FATAL_FAILURE(launch(false));
    std::string notices;
    for (const std::string& notice : layout_.notices) notices += notice + "\n";
    EXPECT_NE(notices.find("session.json: unsaved must be true or false, got 3"), std::string::npos) << notices;
    EXPECT_TRUE(layout_.unsaved);
    EXPECT_EQ(title_until("untitled * - Tangent"), "untitled * - Tangent");
    keys({"ctrl+n"});
    EXPECT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("question_dont_save"); }))
        << "Ctrl+N dropped the restored scene unasked";
}

// File › Open started in the home folder whenever the scene had no file of its own (a new
// scene, a preset): it starts in the folder last used.
TEST_F(GuiTest, OpenStartsInTheFolderLastUsed) {
    home_ = dir_.file("home");
    std::filesystem::create_directories(home_);
    Json other = Json::parse(scene_json());
    other["bodies"][1]["radius"] = 0.6;
    dir_.write("other.json", other.dump(2));
    ASSERT_NO_FATAL_FAILURE(launch());
    keys({"ctrl+n"});  // nothing unsaved: a new scene at once, with no file
    EXPECT_EQ(title_until("untitled - Tangent"), "untitled - Tangent");
    keys({"ctrl+o"});
    ASSERT_NO_FATAL_FAILURE(click_widget("file_dialog_name"));
    x_->xdotool({"sleep", "0.2", "key", "ctrl+a", "sleep", "0.2"});
    type_more("other.json", "Return");
    const bool closed = layout_until([](const Layout& l) { return !l.widgets.contains("file_dialog_name"); });
    EXPECT_TRUE(closed) << "other.json is not in the folder the dialog started in";
    if (!closed) keys({"Escape"});
    EXPECT_EQ(title_until("other.json - Tangent"), "other.json - Tangent");
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved_body(saved, 1).radius, 0.6);
}

// Keyboard alone, as with a presenter's remote (a teacher's review: Ctrl+O, a name and Enter
// typed nothing, the name field had no keyboard focus; the unsaved-changes question took only
// Esc). Ctrl+O, the name typed and Enter open the file; with a change unsaved, D answers "Don't
// save", and Enter "Save" (into the file open). Judge: the window's title and the files.
TEST_F(GuiTest, AnotherSceneOpensFromTheKeyboardAlone) {
    home_ = dir_.file("home");
    std::filesystem::create_directories(home_);
    Json other = Json::parse(scene_json());
    other["bodies"][1]["radius"] = 0.6;
    dir_.write("other.json", other.dump(2));
    ASSERT_NO_FATAL_FAILURE(launch(false));
    const auto open_by_name = [&](const std::string& name) {
        keys({"ctrl+o"});
        ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("file_dialog_name"); })) << "no dialog";
        std::this_thread::sleep_for(500ms);
        // a whole path, typed with no click first, at 30 ms a key and Enter at once (typed ahead of
        // the field's focus, "other" came out "toher": a code review)
        x_->xdotool({"type", "--delay", "30", "--", dir_.file(name)});  // (type takes every argument after it as text)
        x_->xdotool({"key", "Return", "sleep", "0.4"});
    };
    ASSERT_NO_FATAL_FAILURE(open_by_name("other.json"));
    EXPECT_EQ(title_until("other.json - Tangent"), "other.json - Tangent") << "Ctrl+O, a name and Enter opened nothing";

    // a change, then the scene.json: D drops the change
    type_into("body_b_radius", "0.7");
    ASSERT_NO_FATAL_FAILURE(open_by_name("scene.json"));
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("question_dont_save"); })) << "no question";
    std::this_thread::sleep_for(500ms);
    keys({"d"});
    EXPECT_EQ(title_until("scene.json - Tangent"), "scene.json - Tangent") << "D did not answer Don't save";
    EXPECT_EQ(saved_body(Json::parse(read_file(dir_.file("other.json"))), 1).radius, 0.6) << "D saved the change";

    // a change, then other.json: Enter saves it into scene.json first
    ASSERT_NE(kRadiusB, 0.9);
    type_into("body_b_radius", "0.9");
    ASSERT_NO_FATAL_FAILURE(open_by_name("other.json"));
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("question_save"); })) << "no question";
    std::this_thread::sleep_for(500ms);
    keys({"Return"});
    EXPECT_EQ(title_until("other.json - Tangent"), "other.json - Tangent") << "Enter did not answer Save";
    EXPECT_EQ(saved_body(Json::parse(read_file(dir_.file("scene.json"))), 1).radius, 0.9) << "Enter did not save the change";
}

// Save As onto a file that exists replaced it without a word, and an Enter held from the
// unsaved-changes question (Save) on into the Save As dialog confirmed its suggested name and
// wrote over ~/Documents/scene.json (a code review). A held Enter now leaves the dialog open,
// and Save onto an existing file asks to be pressed again. Judge: the files' bytes.
TEST_F(GuiTest, SaveAsAsksBeforeReplacingAFile) {
    home_ = dir_.file("home");
    std::filesystem::create_directories(home_ + "/Documents");
    const std::string lesson = home_ + "/Documents/scene.json";
    const std::string kept = "{\"caption\": \"MY OLD LESSON\"}";
    dir_.write("home/Documents/scene.json", kept);
    open_scene_file_ = false;
    ASSERT_NO_FATAL_FAILURE(launch(false));
    keys({"g"});  // an edit
    keys({"ctrl+n"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("question_save"); })) << "no question";
    std::this_thread::sleep_for(500ms);
    x_->xdotool({"keydown", "Return", "sleep", "0.8", "keyup", "Return", "sleep", "0.5"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("file_dialog_name"); })) << "no Save As";
    EXPECT_EQ(read_file(lesson), kept) << "a held Enter saved over the file";
    // the suggested name, which exists: Save asks first, then replaces
    keys({"Return"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("file_dialog_name"); })) << "the dialog closed";
    EXPECT_EQ(read_file(lesson), kept) << "Save As replaced a file unasked";
    keys({"Return"});
    EXPECT_TRUE(layout_until([](const Layout& l) { return !l.widgets.contains("file_dialog_name"); })) << "a second Save did not";
    EXPECT_NE(read_file(lesson), kept) << "the second Save wrote nothing";
}

// A value typed and left sat outside the autosave until the next key or mouse move (an outside
// review: dt typed as 3, still 0.5 in the autosave nine seconds later): the window waits for
// events, and ImGui's clock, which timed the autosave, stands still meanwhile. Two edits, the
// second inside the autosave's 10-s spacing, and then no input at all: both reach the file.
TEST_F(GuiTest, AnEditReachesTheAutosaveWithNoFurtherInput) {
    ASSERT_NO_FATAL_FAILURE(launch(false));
    const std::string autosave = dir_.file("state/autosave.json");
    const auto saved_radius = [&]() -> std::optional<double> {
        if (!std::filesystem::exists(autosave)) return std::nullopt;
        try {
            return saved_body(Json::parse(read_file(autosave)), 1).radius;
        } catch (const std::exception&) {
            return std::nullopt;  // (written atomically: never half a file, but be safe)
        }
    };
    const auto wait_for_radius = [&](double radius, std::chrono::seconds limit) {
        const auto until = std::chrono::steady_clock::now() + limit;
        while (std::chrono::steady_clock::now() < until) {
            if (saved_radius() == radius) return true;
            std::this_thread::sleep_for(200ms);
        }
        return false;
    };
    type_into("body_b_radius", "2.5");
    EXPECT_TRUE(wait_for_radius(2.5, 15s)) << "B's radius 2.5 is not in the autosave";
    type_into("body_b_radius", "3");
    EXPECT_TRUE(wait_for_radius(3.0, 15s)) << "B's radius 3 is not in the autosave 15 s after it was typed";
}

// A scene file that does not open (one stray comma in a hand-edited file) shows the default
// scene instead; with --save-on-exit naming that same file, quitting once wrote the default
// scene over it. Now the file stays as it was and the exit code says the save did not happen.
TEST_F(GuiTest, AFileThatDidNotOpenIsNeverWrittenOverOnExit) {
    const std::string text = R"({"bodies": [{"position": [0, 0], "velocity": [1, 0], "radius": 1,},
        {"position": [5, 0], "velocity": [-1, 0], "radius": 1}]})";
    const std::string broken = dir_.write("mine.json", text);
    x_ = std::make_unique<XvfbServer>(dir_.file("xvfb.log"), kScreenWidth, kScreenHeight);
    ChildProcess::Options options;
    options.argv = {TANGENT_BINARY, broken, "--save-on-exit", broken, "--report-layout", dir_.file("layout.json")};
    options.environment = x_->client_environment();
    options.environment.push_back("TANGENT_STATE_DIR=" + dir_.file("state"));
    options.log_path = dir_.file("tangent.log");
    app_ = std::make_unique<ChildProcess>(options);
    ASSERT_TRUE(wait_until([&] { return std::filesystem::exists(dir_.file("layout.json")) || app_->poll_exit().has_value(); }, 20s));
    x_->xdotool({"mousemove", "20", std::to_string(kScreenHeight / 2), "sleep", "0.2"});
    keys({"ctrl+q"});
    const std::optional<int> code = app_->wait_for_exit(10s);
    ASSERT_TRUE(code.has_value()) << "tangent still runs 10 s after Ctrl+Q";
    const std::string log = read_file(dir_.file("tangent.log"));
    EXPECT_EQ(*code, 1) << log;
    EXPECT_EQ(read_file(broken), text) << "the file that did not open was written over";
    EXPECT_NE(log.find("mine.json:1:"), std::string::npos) << "the syntax error, with its place, on stderr too:\n" << log;
    EXPECT_NE(log.find("--save-on-exit: not written over"), std::string::npos) << log;
}

// A number field reads what is typed as arithmetic: Dear ImGui read "1/3" with sscanf and
// stored 1, without a word.
TEST_F(GuiTest, TypedFractionIsReadExactly) {
    ASSERT_NO_FATAL_FAILURE(launch());
    type_into("body_b_radius", "1/3");
    type_into("body_a_radius", "(1+sqrt(2))/pi");  // letters and parentheses: Dear ImGui's box kept them out
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved_body(saved, 1).radius, 1.0 / 3.0) << "B's radius typed as 1/3";
    EXPECT_EQ(saved_body(saved, 0).radius, (1.0 + std::sqrt(2.0)) / std::numbers::pi) << "A's radius typed as (1+sqrt(2))/pi";
}

// Text that is not a number leaves the value as it was (Dear ImGui kept the 2 of "2+"; the field
// lets through digits and + - * / . e E only, so letters never arrive).
TEST_F(GuiTest, TypedTextThatIsNoNumberLeavesTheValue) {
    ASSERT_NO_FATAL_FAILURE(launch());
    type_into("body_b_radius", "2+");
    type_into("body_a_radius", "(3");
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved_body(saved, 1).radius, kRadiusB) << "B's radius after '2+'";
    EXPECT_EQ(saved_body(saved, 0).radius, kRadiusA) << "A's radius after '(3'";
}

// Esc while typing keeps the exact value: Dear ImGui read back the text it had shown, "0.3333".
TEST_F(GuiTest, EscapeWhileTypingKeepsTheExactValue) {
    ASSERT_NO_FATAL_FAILURE(launch());
    type_into("body_b_radius", "1/3");
    type_into("body_b_radius", "5", "Escape");
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved_body(saved, 1).radius, 1.0 / 3.0) << "B's radius after 1/3, then 5 and Esc";
}

// Leaving a typed field with Tab checks the value as Enter does: a radius of -1 once stayed in
// the scene (the check ran only for Enter), and the scene could then not be saved.
TEST_F(GuiTest, TabOutOfATypedFieldChecksTheValue) {
    ASSERT_NO_FATAL_FAILURE(launch());
    type_into("body_a_radius", "-1", "Tab");
    keys({"Escape"});  // the next field's box, opened by Tab
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved_body(saved, 0).radius, kRadiusA) << "A's radius after '-1' and Tab";
}

// Shift+Tab opens the field before while the one left is read: each keeps its own undo step
// (the two were once one step, or the first was lost).
TEST_F(GuiTest, ShiftTabKeepsEachEditItsOwnUndoStep) {
    ASSERT_NO_FATAL_FAILURE(launch());
    type_into("body_b_radius", "1/7", "shift+Tab");
    type_more("2", "Return");  // into B's velocity y, the field before
    keys({"ctrl+z"});          // undoes the velocity alone
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    const Body b = saved_body(saved, 1);
    EXPECT_EQ(b.radius, 1.0 / 7.0) << "B's radius typed as 1/7 stays after one Ctrl+Z";
    EXPECT_EQ(b.velocity.x, kVelocityB.x);
    EXPECT_EQ(b.velocity.y, kVelocityB.y) << "B's velocity y typed as 2, undone by one Ctrl+Z";
}

// Leaving x by double-clicking y of the same vector: two edits, two undo steps (the first one's
// step was recorded as no change).
TEST_F(GuiTest, TypingXThenYIsTwoUndoSteps) {
    ASSERT_NO_FATAL_FAILURE(launch());
    type_into("body_a_position_x", "3", "");
    type_into("body_a_position_y", "4", "Return");
    keys({"ctrl+z", "ctrl+z"});
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    const Body a = saved_body(saved, 0);
    EXPECT_EQ(a.position.x, kPositionA.x) << "two Ctrl+Z undo both typed coordinates";
    EXPECT_EQ(a.position.y, kPositionA.y) << "two Ctrl+Z undo both typed coordinates";
}

// Ctrl+Z in a text box is the box's own: it once also undid the scene's last edit underneath.
TEST_F(GuiTest, CtrlZWhileTypingLeavesTheSceneAlone) {
    ASSERT_NO_FATAL_FAILURE(launch());
    type_into("body_b_radius", "2");
    type_into("body_a_radius", "3", "");
    keys({"ctrl+z", "Escape"});
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved_body(saved, 1).radius, 2.0) << "B's radius, typed before: not undone by Ctrl+Z in A's box";
    EXPECT_EQ(saved_body(saved, 0).radius, kRadiusA) << "A's radius: its box was left with Esc";
}

// Quit, New or a header closed while typing: the typed value is entered first. Ctrl+Q saved
// the scene without it; Ctrl+N on a clean scene carried the open box into the new scene; the
// header's arrow (which acts on the press) dropped it.
TEST_F(GuiTest, QuitWhileTypingEntersTheValue) {
    ASSERT_NO_FATAL_FAILURE(launch());
    type_into("body_b_radius", "3", "");
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved_body(saved, 1).radius, 3.0) << "B's radius typed as 3, then Ctrl+Q";
}

TEST_F(GuiTest, NewSceneWhileTypingEntersTheValueAndAsks) {
    ASSERT_NO_FATAL_FAILURE(launch());
    type_into("body_b_radius", "5", "");
    keys({"ctrl+n"});  // the value makes the scene unsaved: New asks
    // (Esc once the question shows: sent at once, on a loaded machine it came before the question)
    ASSERT_TRUE(layout_until([](const Layout& l) { return !l.question.empty(); })) << "Ctrl+N did not ask";
    keys({"Escape"});  // cancels
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.question.empty(); })) << "Esc did not cancel the question";
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    const Body b = saved_body(saved, 1);
    EXPECT_EQ(b.radius, 5.0) << "B's radius typed as 5, then Ctrl+N and Cancel";
    EXPECT_EQ(b.position.x, kPositionB.x) << "the test's scene is still open";
}

TEST_F(GuiTest, HeaderClosedWhileTypingEntersTheValue) {
    ASSERT_NO_FATAL_FAILURE(launch());
    type_into("body_b_radius", "4", "");
    const auto header = layout_.widgets.find("bodies_header");
    ASSERT_NE(header, layout_.widgets.end()) << "the layout report names no 'bodies_header'";
    const glm::dvec4 r = header->second;
    click(layout_.window_position + glm::dvec2(r.x + (r.w - r.y) * 0.5, (r.y + r.w) * 0.5));  // its arrow
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved_body(saved, 1).radius, 4.0) << "B's radius typed as 4, then the Bodies header closed";
}

// The time plot's f(t) / gap switch takes a click (the plot's own area once took it first and
// moved the time instead). The layout report, written again as the window closes, says which.
TEST_F(GuiTest, PlotSwitchTakesAClick) {
    ASSERT_NO_FATAL_FAILURE(launch(true, true));
    ASSERT_EQ(layout_.plot, "quadratic");
    click(widget_center("plot_gap"));
    quit_and_read_saved();
    const Layout closing = Layout::parse(read_file(layout_path_));
    EXPECT_EQ(closing.plot, "gap") << "after a click on 'gap'";
    EXPECT_EQ(closing.time, 0.0) << "the click moved the time instead";
}

TEST_F(GuiTest, RimDragSetsRadius) {
    ASSERT_NO_FATAL_FAILURE(launch());
    const double ppu = layout_.pixels_per_unit;
    // grab B's rim on its upper side, away from the velocity arrow (which points left and down)
    const glm::dvec2 out{0.0, -1.0};  // screen: up
    const glm::dvec2 from = rounded(b_center_screen() + out * (kRadiusB * ppu));
    const glm::dvec2 to = from + out * 40.0;
    drag(*x_, from, to);
    screenshot("rim-drag-screenshot.png");

    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    const Body b = saved_body(saved, 1);
    const double expected = std::hypot(layout_.to_world(to).x - kPositionB.x, layout_.to_world(to).y - kPositionB.y);
    EXPECT_NEAR(b.radius, expected, kPixelTolerance / ppu)
        << "B's radius after dragging its rim 40 px outwards (from " << kRadiusB << ", " << 40.0 / ppu
        << " world units more); if it did not change, the press at " << str(from)
        << " missed the rim (see LayoutReportMatchesTheScreen and rim-drag-screenshot.png)";
    expect_pixel_decimals(b.radius, ppu, "B's dragged radius");
    EXPECT_EQ(b.position.x, kPositionB.x);
    EXPECT_EQ(b.position.y, kPositionB.y);
    EXPECT_EQ(b.velocity.x, kVelocityB.x);
    EXPECT_EQ(b.velocity.y, kVelocityB.y);
    expect_a_unchanged(saved);
}

// The frame benchmark drags B every frame; it must not restore the user's last session nor
// autosave its own busy scene over it (nor touch the recent files).
/// CPU seconds the process has used so far (user + system, from /proc/PID/stat).
double cpu_seconds(pid_t pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    // fields after the command name (in parentheses, which may hold spaces): utime is the 12th, stime the 13th
    std::istringstream rest(text.substr(text.rfind(')') + 2));
    std::vector<std::string> fields{std::istream_iterator<std::string>(rest), std::istream_iterator<std::string>()};
    if (fields.size() < 13) return -1.0;
    return (std::stod(fields[11]) + std::stod(fields[12])) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

// With the pointer at rest the window waits for events instead of drawing. Resting on a field's
// label (part of the field's box, but no widget) once kept it drawing for ever: the field's
// typing hint waited for a hover timer that never ran there. Down the side panel's label column,
// each rest must leave the process idle once the hint (if any) is up.
TEST_F(GuiTest, RestingOnThePanelLetsTheWindowIdle) {
    launch();
    const double panel_left = layout_.window_position.x + layout_.canvas_origin.x + layout_.canvas_size.x;
    const double panel_width = layout_.window_position.x + kScreenWidth - panel_left;
    // just right of the fields (62% of the panel's width), on their labels
    const double label_x = panel_left + 0.66 * panel_width;
    int busy_spots = 0;
    std::string where;
    for (double y = 40.0; y < kScreenHeight - 20.0; y += 30.0) {
        x_->xdotool({"mousemove", std::to_string(std::lround(label_x)), std::to_string(std::lround(y)), "mousedown", "9",
                     "mouseup", "9", "sleep", "0.7"});
        const double before = cpu_seconds(app_->pid());
        std::this_thread::sleep_for(300ms);
        const double used = cpu_seconds(app_->pid()) - before;
        ASSERT_GE(before, 0.0) << "cannot read /proc/" << app_->pid() << "/stat";
        if (used > 0.12) {
            ++busy_spots;
            where += " (" + std::to_string(std::lround(label_x)) + ", " + std::to_string(std::lround(y)) + "): " +
                     std::to_string(used) + " s;";
        }
    }
    EXPECT_EQ(busy_spots, 0) << "CPU seconds used in 0.3 s of rest at" << where;
}

TEST(GuiBench, FrameBenchmarkLeavesTheSessionAlone) {
    TempDir dir;
    const std::string state = dir.file("state");
    std::filesystem::create_directories(state);
    const std::string session = scene_json();
    const std::string autosave = state + "/autosave.json";
    const std::string recent = state + "/recent-files.txt";
    {
        std::ofstream(autosave) << session;
        std::ofstream(recent) << dir.path() << "/lesson.json\n";
    }
    const std::string recent_before = read_file(recent);
    XvfbServer x(dir.file("xvfb.log"), 800, 600);
    ChildProcess::Options options;
    // "030" is thirty frames (CLI11 alone would read 24, in octal), the first 10% not counted
    options.argv = {TANGENT_BINARY, "--bench-frames", "030", "--size", "800x600"};
    options.environment = x.client_environment();
    options.environment.push_back("TANGENT_STATE_DIR=" + state);
    options.log_path = dir.file("stderr.txt");
    options.stdout_path = dir.file("stdout.txt");
    ChildProcess app(options);
    const std::optional<int> code = app.wait_for_exit(60s);
    ASSERT_TRUE(code.has_value()) << "the 30-frame benchmark still runs after 60 s";
    EXPECT_EQ(*code, 0) << "stderr: " << read_file(dir.file("stderr.txt"));
    EXPECT_NE(read_file(dir.file("stdout.txt")).find("frames 27 at 800x600: median"), std::string::npos)
        << "no report of 27 timed frames; stdout: " << read_file(dir.file("stdout.txt"));
    EXPECT_EQ(read_file(autosave), session) << "the benchmark overwrote the last session's autosave";
    EXPECT_EQ(read_file(recent), recent_before) << "the benchmark changed the recent files";
}

// --save-on-exit is checked as the window starts, not after a lesson's worth of edits (a
// missing directory was reported only at the end, and the exit code was still 0).
TEST(GuiNoDisplay, ASaveOnExitPathThatCannotBeWrittenIsRefusedAtOnce) {
    TempDir dir;
    const std::string plain = dir.write("plain", "");
    for (const std::string& target : {dir.file("missing/x.json"), dir.path(), plain + "/x.json"}) {
        ChildProcess::Options options;
        options.argv = {TANGENT_BINARY, "--save-on-exit", target};
        options.environment = {"DISPLAY=", "WAYLAND_DISPLAY=", "SDL_VIDEODRIVER="};
        options.log_path = dir.file("stderr.txt");
        ChildProcess app(options);
        const std::optional<int> code = app.wait_for_exit(5s);
        ASSERT_TRUE(code.has_value());
        const std::string err = read_file(dir.file("stderr.txt"));
        EXPECT_EQ(*code, 2) << target << ": " << err;
        EXPECT_NE(err.find("--save-on-exit cannot write " + target), std::string::npos) << err;
    }
}

TEST(GuiNoDisplay, RefusesWithoutADisplay) {
    TempDir dir;
    ChildProcess::Options options;
    options.argv = {TANGENT_BINARY};
    options.environment = {"DISPLAY=", "WAYLAND_DISPLAY=", "SDL_VIDEODRIVER="};
    options.log_path = dir.file("stderr.txt");
    options.stdout_path = dir.file("stdout.txt");
    const auto start = std::chrono::steady_clock::now();
    ChildProcess app(options);
    const std::optional<int> code = app.wait_for_exit(5s);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ASSERT_TRUE(code.has_value()) << "tangent without a display still runs after 5 s (it should refuse at once)";
    const std::string err = read_file(dir.file("stderr.txt"));
    EXPECT_EQ(*code, 1) << "stderr: " << err;
    EXPECT_NE(err.find("tangent export"), std::string::npos) << "stderr should point to `tangent export`; it says:\n" << err;
    EXPECT_NE(err.find("xvfb-run"), std::string::npos) << "stderr should point to xvfb-run; it says:\n" << err;
    EXPECT_LT(seconds, 3.0) << "refusing took " << seconds << " s";
}

// An outside review: a crash within 10 s after Ctrl+S brought back the scene from before the
// save, marked unsaved with a false "scene.json has changed on disk", and the Save it suggested
// wrote that older scene over the newer file. A save keeps the session at once, as saved.
TEST_F(GuiTest, ACrashRightAfterASaveRestoresTheSessionAsSaved) {
    home_ = dir_.file("home");
    std::filesystem::create_directories(home_);
    ASSERT_NO_FATAL_FAILURE(launch(false));
    const std::string autosave = dir_.file("state/autosave.json");
    type_into("body_b_radius", "2.5");
    ASSERT_TRUE(wait_until([&] { return radius_in_file(autosave) == 2.5; }, 15s)) << "the first edit was not autosaved";
    type_into("body_b_radius", "3");  // within the autosave's 10-s spacing
    keys({"ctrl+s"});
    ASSERT_TRUE(wait_until([&] { return radius_in_file(scene_path_) == 3.0; }, 5s)) << "Ctrl+S did not save";
    EXPECT_TRUE(wait_until([&] { return radius_in_file(autosave) == 3.0; }, 2s)) << "the save is not in the session";
    ASSERT_EQ(::kill(app_->pid(), SIGKILL), 0);
    ASSERT_TRUE(app_->wait_for_exit(10s).has_value());
    app_.reset();
    open_scene_file_ = false;
    ASSERT_NO_FATAL_FAILURE(launch(false));
    EXPECT_FALSE(layout_.unsaved) << "the saved scene came back as unsaved";
    EXPECT_EQ(title_until("scene.json - Tangent"), "scene.json - Tangent");
    for (const std::string& notice : layout_.notices) EXPECT_EQ(notice.find("changed on disk"), std::string::npos) << notice;
    EXPECT_EQ(radius_in_file(scene_path_), 3.0);
}

// The newcomer's hint ("New to Tangent? ... Guided tour") is said at the first start, and not again
// at the next: a start that edits nothing writes no autosave, and the hint came back at every
// start of a teacher who only shows the default scene. Judge: the layout report's notices.
TEST_F(GuiTest, TheNewcomersHintIsSaidOnce) {
    open_scene_file_ = false;
    const auto hinted = [](const Layout& l) {
        return std::any_of(l.notices.begin(), l.notices.end(), [](const std::string& n) { return n.find("New to Tangent?") != std::string::npos; });
    };
    ASSERT_NO_FATAL_FAILURE(launch(false));
    EXPECT_TRUE(hinted(layout_)) << "no hint at the first start";
    keys({"ctrl+q"});
    ASSERT_TRUE(app_->wait_for_exit(10s).has_value()) << "tangent still runs 10 s after Ctrl+Q";
    app_.reset();
    EXPECT_FALSE(std::filesystem::exists(dir_.file("state/autosave.json"))) << "nothing was edited, yet an autosave was written";
    ASSERT_NO_FATAL_FAILURE(launch(false));
    ASSERT_TRUE(layout_until([](const Layout&) { return true; }));
    EXPECT_FALSE(hinted(layout_)) << "the hint again at the second start";
}

// An outside review: "Don't save" on quitting promises "Your session is also kept and comes back
// at the next start"; a start with a file (the same one or another) then wrote its first autosave
// over that session without a word. The unsaved work is set apart and said so, and File › Restore
// previous session brings it back as a start without a file does: its file, unsaved, and Ctrl+S
// saving into that file.
TEST_F(GuiTest, AStartWithAFileKeepsTheLastSessionsUnsavedWorkApart) {
    home_ = dir_.file("home");
    std::filesystem::create_directories(home_);
    ASSERT_NO_FATAL_FAILURE(launch(false));
    type_into("body_b_radius", "2.25");
    keys({"ctrl+q"});
    ASSERT_NO_FATAL_FAILURE(click_widget("question_dont_save"));
    ASSERT_TRUE(app_->wait_for_exit(10s).has_value()) << "tangent still runs 10 s after Don't save";
    app_.reset();
    ASSERT_NO_FATAL_FAILURE(launch(false));  // scene.json again, as saved (B's radius 0.8)
    std::string notices;
    for (const std::string& notice : layout_.notices) notices += notice + "\n";
    EXPECT_NE(notices.find("Your last session's unsaved changes to scene.json are kept: File › Restore previous session"),
              std::string::npos)
        << notices;
    type_into("body_b_radius", "3");
    const std::string autosave = dir_.file("state/autosave.json");
    ASSERT_TRUE(wait_until([&] { return radius_in_file(autosave) == 3.0; }, 15s)) << "this run's edit is not autosaved";
    EXPECT_EQ(radius_in_file(dir_.file("state/previous/autosave.json")), 2.25) << "the last session's edit is gone";
    ASSERT_NO_FATAL_FAILURE(click_widget("menu_file"));
    ASSERT_NO_FATAL_FAILURE(click_widget("menu_restore_previous"));
    // this run's edit is asked about first
    ASSERT_NO_FATAL_FAILURE(click_widget("question_dont_save"));
    EXPECT_EQ(title_until("scene.json * - Tangent"), "scene.json * - Tangent");
    EXPECT_TRUE(layout_until([](const Layout& l) { return l.unsaved; }));
    keys({"ctrl+s"});
    EXPECT_TRUE(wait_until([&] { return radius_in_file(scene_path_) == 2.25; }, 5s))
        << "Ctrl+S did not write the last session's edit to scene.json:\n" << read_file(scene_path_);
    EXPECT_FALSE(layout_.widgets.contains("file_dialog_name")) << "Ctrl+S asked where to save: the scene has its file";
}

// An outside review: two windows on one state folder both wrote the one autosave, the last
// writer won, and the first window's quit question still promised its session. Here "another
// window" writes the autosave by hand: this window then says so, does not write over it, and its
// quit question does not promise.
TEST_F(GuiTest, AWindowWhoseSessionAnotherWindowTookOverNeitherWritesNorPromisesIt) {
    ASSERT_NO_FATAL_FAILURE(launch(false));
    const std::string autosave = dir_.file("state/autosave.json");
    type_into("body_b_radius", "2.5");
    ASSERT_TRUE(wait_until([&] { return radius_in_file(autosave) == 2.5; }, 15s)) << "the edit was not autosaved";
    const Json theirs = edited_elsewhere();
    dir_.write("state/autosave.json", theirs.dump(2));
    type_into("body_b_radius", "3");
    keys({"ctrl+q"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("question_dont_save"); }));
    EXPECT_EQ(layout_.question.find("is also kept"), std::string::npos) << layout_.question;
    EXPECT_NE(layout_.question.find("another Tangent window now keeps the session"), std::string::npos) << layout_.question;
    std::string notices;
    for (const std::string& notice : layout_.notices) notices += notice + "\n";
    EXPECT_NE(notices.find("Another Tangent window now keeps the session; save this one with Ctrl+S"), std::string::npos) << notices;
    ASSERT_NO_FATAL_FAILURE(click_widget("question_dont_save"));
    ASSERT_TRUE(app_->wait_for_exit(10s).has_value());
    EXPECT_EQ(radius_in_file(autosave), 0.5) << "the other window's session was written over";
}

/// A session kept by hand: the test's scene as the autosave, kept from `file` with nothing
/// unsaved; then tangent with no file (it restores that session).
class KeptSessionTest : public GuiTest {
protected:
    void restart_with_kept_file(const std::string& file) {
        home_ = dir_.file("home");
        std::filesystem::create_directories(home_);
        std::filesystem::create_directories(dir_.file("state"));
        const std::string text = scene_json();
        dir_.write("state/autosave.json", text);
        std::uint64_t hash = 14695981039346656037ull;  // FNV-1a, as the session store's digest
        for (const char c : text) hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ull;
        char digest[17];
        std::snprintf(digest, sizeof digest, "%016llx", static_cast<unsigned long long>(hash));
        const Json origin = {{"file", file}, {"file_digest", "0123456789abcdef"}, {"unsaved", false}, {"autosave_digest", digest}};
        dir_.write("state/session.json", origin.dump(2));
        open_scene_file_ = false;
        ASSERT_NO_FATAL_FAILURE(launch(false));
    }
    std::string notices() const {
        std::string all;
        for (const std::string& notice : layout_.notices) all += notice + "\n";
        return all;
    }
};

// An outside review: the restored file's folder gone, the reason said Save puts the scene "there
// again", but the dialog opened elsewhere (the home folder) and saved there. It says the folder
// is gone and that Save asks where.
TEST_F(KeptSessionTest, ARestoredFileWhoseFolderIsGoneIsSaidSo) {
    ASSERT_NO_FATAL_FAILURE(restart_with_kept_file(dir_.file("gone/scene.json")));
    EXPECT_NE(notices().find("The folder of scene.json, " + dir_.file("gone") + ", no longer exists"), std::string::npos) << notices();
    EXPECT_EQ(notices().find("there again"), std::string::npos) << notices();
    EXPECT_TRUE(layout_.unsaved);
}

// An outside review: "has changed on disk" was said of a path that is now a folder, a pipe or a
// device. It says what is there.
TEST_F(KeptSessionTest, ARestoredFileThatIsNowAFolderIsSaidToBeOne) {
    std::filesystem::create_directories(dir_.file("lesson/scene.json"));
    ASSERT_NO_FATAL_FAILURE(restart_with_kept_file(dir_.file("lesson/scene.json")));
    EXPECT_NE(notices().find(dir_.file("lesson/scene.json") + " is now a folder"), std::string::npos) << notices();
    EXPECT_EQ(notices().find("changed on disk"), std::string::npos) << notices();
    EXPECT_TRUE(layout_.unsaved);
}

TEST_F(KeptSessionTest, ARestoredFileThatIsNowAPipeIsSaidToBeNoRegularFile) {
    std::filesystem::create_directories(dir_.file("lesson"));
    ASSERT_EQ(run_process({find_on_path("mkfifo"), dir_.file("lesson/scene.json")}, {}).exit_code, 0);
    ASSERT_NO_FATAL_FAILURE(restart_with_kept_file(dir_.file("lesson/scene.json")));
    EXPECT_NE(notices().find(dir_.file("lesson/scene.json") + " is not a regular file"), std::string::npos) << notices();
    EXPECT_EQ(notices().find("changed on disk"), std::string::npos) << notices();
}

// A double-click on dt whose first click catches the contact takes the MISSED lines out of the
// panel; scrolled to its bottom, the panel then moved 84 px down under the pointer, the second
// click landed on another row, and what the teacher typed went nowhere (dt 0.5 became 0.087, a
// teacher's rehearsal). The panel keeps its height for a moment after a click.
TEST_F(GuiTest, ADoubleClickOnDtThatShortensThePanelStillTypesInDt) {
    const std::string preset = read_file(std::string(TANGENT_SCENES_DIR) + "/tunnelling.json");
    ASSERT_NO_FATAL_FAILURE(launch(true, false, preset));
    ASSERT_NO_FATAL_FAILURE(scroll_into_view("discrete_dt"));
    // the panel at the bottom of its scroll
    const glm::dvec2 at = widget_center("discrete_dt");
    std::vector<std::string> wheel = {"mousemove", std::to_string(std::lround(at.x)), std::to_string(kScreenHeight / 2), "mousedown",
                                      "9", "mouseup", "9"};
    for (int k = 0; k < 15; ++k) wheel.insert(wheel.end(), {"click", "5", "sleep", "0.1"});
    x_->xdotool(wheel);
    x_->xdotool({"sleep", "0.5"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("discrete_dt"); }));
    type_into("discrete_dt", "0.3");  // a double-click at the slider's middle, dt ~ 0.06 at the first click
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved.at("discrete").at("dt").get<double>(), 0.3) << saved.at("discrete").dump();
}

// The scene's file written by another program (a text editor, another Tangent) while open here,
// as editors save: a new file renamed over the old one.
void write_elsewhere(const std::string& path, const Json& scene) {
    const std::string temporary = path + ".editor~";
    std::ofstream(temporary, std::ios::trunc) << scene.dump(2);
    std::filesystem::rename(temporary, path);
}

std::string joined(const std::vector<std::string>& lines) {
    std::string all;
    for (const std::string& line : lines) all += line + "\n";
    return all;
}

// The window's notice of its file reopened after an edit elsewhere.
bool says_reopened(const Layout& l) {
    return joined(l.notices).find("scene.json changed on disk: reopened as it is now") != std::string::npos;
}

// A leftover of the outside reviews: the scene's file edited elsewhere while open here went
// unnoticed. With nothing unsaved here, it is now reopened as it is on disk, as one undo step.
TEST_F(GuiTest, ASceneFileEditedElsewhereIsReopenedWhenNothingHereIsUnsaved) {
    ASSERT_NO_FATAL_FAILURE(launch());
    const Json theirs = edited_elsewhere();
    write_elsewhere(scene_path_, theirs);
    ASSERT_TRUE(layout_until(says_reopened)) << joined(layout_.notices);
    EXPECT_FALSE(layout_.unsaved);
    keys({"ctrl+z"});  // the scene as it was: now unsaved, since the file is the other one
    EXPECT_TRUE(layout_until([](const Layout& l) { return l.unsaved; })) << "Ctrl+Z did not go back to the scene before";
    keys({"ctrl+shift+z"});
    EXPECT_TRUE(layout_until([](const Layout& l) { return !l.unsaved; }));
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved_body(saved, 1).radius, 0.5) << "the scene on exit is not the file as edited elsewhere";
    EXPECT_EQ(radius_in_file(scene_path_), 0.5);
}

// What is shown is this window's and no unsaved change: an edit elsewhere reopened the file and
// took away the student's time plot and relative frame with it (a code review). The bodies come
// from the file; the plot and the frame stay. Judge: the scene written on exit.
TEST_F(GuiTest, AFileReopenedAfterAnEditElsewhereKeepsWhatIsShown) {
    ASSERT_NO_FATAL_FAILURE(launch());
    keys({"p", "r"});
    std::this_thread::sleep_for(1s);
    const Json theirs = edited_elsewhere();
    write_elsewhere(scene_path_, theirs);
    ASSERT_TRUE(layout_until(says_reopened)) << joined(layout_.notices);
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved_body(saved, 1).radius, 0.5) << "the file's edit";
    EXPECT_TRUE(saved.at("show").value("plot", false)) << "the time plot went with the reopen";
    EXPECT_TRUE(saved.at("show").value("relative_frame", false)) << "the relative frame went with the reopen";
}

// With an edit here not saved, Ctrl+S wrote this window's scene over the file's edits made
// elsewhere, unasked. It now opens Save As, saying why, even when pressed at once (before the
// window's own look at the file); the file keeps its edits until the user chooses.
TEST_F(GuiTest, CtrlSDoesNotWriteOverAFileEditedElsewhereUnasked) {
    ASSERT_NO_FATAL_FAILURE(launch(false));
    type_into("body_b_radius", "2.25");
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.unsaved; }));
    const Json theirs = edited_elsewhere();
    write_elsewhere(scene_path_, theirs);
    keys({"ctrl+s"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("file_dialog_name"); }))
        << "Ctrl+S did not ask where to save";
    EXPECT_EQ(radius_in_file(scene_path_), 0.5) << "the edits made elsewhere were written over unasked";
    EXPECT_NE(joined(layout_.notices).find("scene.json has changed on disk since Tangent last opened or saved it"), std::string::npos)
        << joined(layout_.notices);
    EXPECT_TRUE(layout_.unsaved);
}

// A code review: a scene file grown too large to read (or unreadable) had no digest, which
// the watch took for "said already", and Ctrl+S wrote this window's scene over it unasked; and
// Ctrl+S on a window with nothing unsaved, after an edit elsewhere, reopened the file and wrote
// it straight back in this window's view. Now the first asks where, and the second writes
// nothing: the bytes on disk stay the other program's.
TEST_F(GuiTest, AnUnreadableSceneFileIsNotWrittenOverAndACleanCtrlSWritesNothing) {
    ASSERT_NO_FATAL_FAILURE(launch(false));
    const Json theirs = edited_elsewhere();
    const std::string their_text = theirs.dump(2);
    write_elsewhere(scene_path_, theirs);
    keys({"ctrl+s"});  // nothing unsaved here: reopens it, and writes nothing
    ASSERT_TRUE(layout_until(says_reopened)) << joined(layout_.notices);
    EXPECT_EQ(read_file(scene_path_), their_text) << "Ctrl+S rewrote the file edited elsewhere";
    EXPECT_FALSE(layout_.widgets.contains("file_dialog_name"));
    // an edit here, then the file replaced by one too large to read (2 MB of spaces after the scene)
    type_into("body_b_radius", "2.25");
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.unsaved; }));
    const std::string huge = their_text + std::string(2'000'000, ' ');
    {
        std::ofstream(scene_path_ + ".editor~", std::ios::trunc) << huge;
        std::filesystem::rename(scene_path_ + ".editor~", scene_path_);
    }
    x_->xdotool({"sleep", "2.5"});
    keys({"ctrl+s"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("file_dialog_name"); }))
        << "Ctrl+S did not ask where to save over a file it cannot read";
    EXPECT_EQ(std::filesystem::file_size(scene_path_), huge.size()) << "the unreadable file was written over";
}

}  // namespace
}  // namespace tangent::test
