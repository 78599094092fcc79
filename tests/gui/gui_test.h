#pragma once
// The fixture of the end-to-end tests: the real tangent window on a private X server (Xvfb),
// driven with xdotool the way a user's mouse and keyboard would, checked on screenshots, on the
// layout the window reports and on the scene it saves on exit. The tests are window_*_test.cpp.

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

using Json = nlohmann::json;
using namespace std::chrono_literals;

inline constexpr int kScreenWidth = 1280;
inline constexpr int kScreenHeight = 800;

// The scene every test opens: A at rest on the left, B on its right moving towards it. The view
// is pinned away from the world origin so that no axis crosses what the checks look at, and the
// paths, closest approach and contact ghosts are off: only the two bodies (disc, outline, label,
// velocity arrow) are drawn on the canvas.
inline const Rgb kBackground = parse_hex_color("#16181d");  // the dark theme's canvas (app/draw/theme.cpp)
inline const Rgb kColorA = parse_hex_color("#56b4e9");
inline const Rgb kColorB = parse_hex_color("#f0e442");
inline constexpr double kFillAlpha = 0.22;   // a body's disc: its colour at this alpha over the background
inline constexpr int kColorTolerance = 12;   // per channel
inline constexpr double kPixelTolerance = 2.0;
inline const glm::dvec2 kPositionA{7.0, 11.0};
inline constexpr double kRadiusA = 1.0;
inline const glm::dvec2 kPositionB{11.0, 11.0};
inline const glm::dvec2 kVelocityB{-1.5, -0.5};
inline constexpr double kRadiusB = 0.8;

// Drags, in screen pixels (y down).
inline const glm::dvec2 kMoveBy{120.0, -80.0};          // B's centre: right and up
inline const glm::dvec2 kNewTipFromCenter{90.0, 60.0};  // the new velocity arrow: right and down

inline std::string scene_json(bool plot = false) {
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

// A fast bullet: A (radius 1) at rest at the origin, B (`radius`) from (-10, 0.5) at 60 units a
// second, a horizon of 1, and no saved view (the window frames it).
inline Json bullet_scene(double radius) {
    Json bullet = Json::parse(scene_json());
    bullet["bodies"][0]["position"] = Json::array({0.0, 0.0});
    bullet["bodies"][0]["velocity"] = Json::array({0.0, 0.0});
    bullet["bodies"][0]["radius"] = 1.0;
    bullet["bodies"][1]["position"] = Json::array({-10.0, 0.5});
    bullet["bodies"][1]["velocity"] = Json::array({60.0, 0.0});
    bullet["bodies"][1]["radius"] = radius;
    bullet["time"] = {{"horizon", 1.0}};
    bullet.erase("view");
    return bullet;
}

// The test scene as another program saves it: B's radius 0.5.
inline Json edited_elsewhere() {
    Json theirs = Json::parse(scene_json());
    theirs["bodies"][1]["radius"] = 0.5;
    return theirs;
}

inline Rgb blend(Rgb top, double alpha, Rgb bottom) {
    const auto mix = [&](int a, int b) { return static_cast<int>(std::lround(alpha * a + (1.0 - alpha) * b)); };
    return {mix(top.r, bottom.r), mix(top.g, bottom.g), mix(top.b, bottom.b)};
}

inline std::string geometry_text(glm::ivec4 g) {
    return std::to_string(g.z) + "x" + std::to_string(g.w) + " at (" + std::to_string(g.x) + ", " + std::to_string(g.y) + ")";
}

inline std::string str(glm::dvec2 v) {
    std::ostringstream text;
    text.precision(10);
    text << "(" << v.x << ", " << v.y << ")";
    return text.str();
}

inline glm::dvec2 read_vec2(const Json& j) { return {j.at(0).get<double>(), j.at(1).get<double>()}; }

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
    std::map<int, glm::dvec4> body_names;           ///< body -> its name's box on the canvas (window)
    std::string tour_caption;                       ///< the tour's caption as shown ("" with no tour)
    std::string tour_edited_case;                   ///< "GRAZE" when an edit changed the step's case, else ""
    bool blanked = false;                           ///< presentation mode's black screen (B or .)
    std::string canvas_hint;                        ///< the hover hint over the canvas ("" for none)
    std::map<std::string, std::string> field_messages;  ///< field -> its message under it (lines joined)
    std::string question;                           ///< the unsaved-changes question and its note ("" with none)
    bool typing = false;                            ///< a text box has the keys
    int frames = 0;                                 ///< frames drawn since the start

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
        l.typing = j.at("typing").get<bool>();
        l.frames = j.at("frames").get<int>();
        for (const auto& [name, rect] : j.at("widgets").items())
            l.widgets[name] = {rect.at(0).get<double>(), rect.at(1).get<double>(), rect.at(2).get<double>(),
                               rect.at(3).get<double>()};
        for (const Json& notice : j.at("notices")) l.notices.push_back(notice.get<std::string>());
        for (const Json& rect : j.at("overlays"))
            l.overlays.emplace_back(rect.at(0).get<double>(), rect.at(1).get<double>(), rect.at(2).get<double>(), rect.at(3).get<double>());
        for (const Json& name : j.at("body_names")) {
            const Json& rect = name.at("box");
            l.body_names[name.at("body").get<int>()] = {rect.at(0).get<double>(), rect.at(1).get<double>(), rect.at(2).get<double>(),
                                                        rect.at(3).get<double>()};
        }
        l.tour_caption = j.at("tour_caption").get<std::string>();
        l.tour_edited_case = j.at("tour_edited_case").get<std::string>();
        l.blanked = j.at("blanked").get<bool>();
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

inline glm::dvec2 rounded(glm::dvec2 p) { return {std::round(p.x), std::round(p.y)}; }

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
        x_ = std::make_unique<XvfbServer>(dir_.file("xvfb.log"), screen_size_.x, screen_size_.y, std::chrono::milliseconds(15000),
                                          xvfb_dpi_);
        if (!x_resources_.empty()) {  // as xrdb loads them (Xvfb -noreset keeps them with no client connected)
            const ProcessResult set = run_process({find_on_path("xprop"), "-root", "-f", "RESOURCE_MANAGER", "8s", "-set",
                                                   "RESOURCE_MANAGER", x_resources_},
                                                  x_->client_environment());
            ASSERT_EQ(set.exit_code, 0) << set.err;
        }
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
        if (no_state_place_) {
            options.environment.insert(options.environment.end(), {"TANGENT_STATE_DIR=", "XDG_STATE_HOME=", "HOME="});
        } else {
            options.environment.push_back("TANGENT_STATE_DIR=" + (state_dir_.empty() ? dir_.file("state") : state_dir_));
            if (!home_.empty()) options.environment.push_back("HOME=" + home_);
        }
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

    /// The X screen's dots an inch for the next launch() (0: Xvfb's default, 100), and the X
    /// resources set on it ("Xft.dpi: 144"; none when empty).
    int xvfb_dpi_ = 0;
    std::string x_resources_;
    /// The window's size for the next launch(): the screen's unless a test asks for a smaller one
    /// (none: no --size, tangent's own choice).
    std::string window_size_ = std::to_string(kScreenWidth) + "x" + std::to_string(kScreenHeight);
    /// The X screen's size for the next launch().
    glm::ivec2 screen_size_{kScreenWidth, kScreenHeight};
    /// The session's folder for the next launch() ("": the test's own "state").
    std::string state_dir_;
    bool no_state_place_ = false;  ///< no TANGENT_STATE_DIR, XDG_STATE_HOME or HOME: nowhere to keep the session
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
    // Ctrl+E, then Tab into the export dialog's width, open for typing and all selected.
    void open_export_at_its_width() {
        ASSERT_NO_FATAL_FAILURE(launch());
        keys({"ctrl+e"});
        ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("export_path"); })) << "no export window after Ctrl+E";
        keys({"Tab"});
        ASSERT_TRUE(layout_until([](const Layout& l) { return l.typing; })) << "Tab did not open the width for typing";
        x_->xdotool({"key", "ctrl+a", "sleep", "0.15"});
    }

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
        const auto double_click = [&] {
            x_->xdotool({"mousemove", std::to_string(std::lround(at.x)), std::to_string(std::lround(at.y)), "mousedown", "9",
                         "mouseup", "9", "sleep", "0.2", "mousedown", "1", "sleep", "0.05", "mouseup", "1", "sleep", "0.08",
                         "mousedown", "1", "sleep", "0.05", "mouseup", "1", "sleep", "0.3"});
        };
        double_click();
        // on a loaded machine a frame can outlast the double-click time, and the two clicks read
        // as two single ones: the typing then went nowhere (a GUI test failed so under load)
        if (!layout_until([](const Layout& l) { return l.typing; })) double_click();
        x_->xdotool({"key", "ctrl+a", "sleep", "0.15"});
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

    /// Waits (up to 5 s) for a notice that starts with `prefix`, its window in the layout report.
    bool notice_shown(const std::string& prefix) {
        return layout_until([&](const Layout& l) {
            return l.widgets.contains("notices") &&
                   std::any_of(l.notices.begin(), l.notices.end(), [&](const std::string& n) { return n.starts_with(prefix); });
        });
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

inline Body saved_body(const Json& saved, int i) {
    const Json& b = saved.at("bodies").at(static_cast<std::size_t>(i));
    return {read_vec2(b.at("position")), read_vec2(b.at("velocity")), b.at("radius").get<double>()};
}

/// B's radius in the scene file at `path` (-1 when it holds no scene).
inline double radius_in_file(const std::string& path) {
    try {
        return saved_body(Json::parse(read_file(path)), 1).radius;
    } catch (const std::exception&) {
        return -1.0;
    }
}

inline void expect_near(glm::dvec2 actual, glm::dvec2 expected, double tolerance, const std::string& what) {
    EXPECT_TRUE(std::abs(actual.x - expected.x) <= tolerance && std::abs(actual.y - expected.y) <= tolerance)
        << what << ": expected " << str(expected) << " within " << tolerance << " per coordinate, got " << str(actual)
        << ", off by " << str(actual - expected);
}

/// Expects `value`, dragged where one pixel is 1/ppu world units, to carry no decimals beyond the
/// pixel's: with 1/ppu = m·10^e (1 <= m < 10, read off its decimal text), it prints back as
/// itself with -e decimals (or is a multiple of 10^e). A drag once left -8.2229347… in a field.
inline void expect_pixel_decimals(double value, double ppu, const std::string& what) {
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

inline void expect_pixel_decimals(glm::dvec2 value, double ppu, const std::string& what) {
    expect_pixel_decimals(value.x, ppu, what + ".x");
    expect_pixel_decimals(value.y, ppu, what + ".y");
}

inline void expect_a_unchanged(const Json& saved) {
    const Body a = saved_body(saved, 0);
    EXPECT_EQ(a.position.x, kPositionA.x);
    EXPECT_EQ(a.position.y, kPositionA.y);
    EXPECT_EQ(a.velocity.x, 0.0);
    EXPECT_EQ(a.velocity.y, 0.0);
    EXPECT_EQ(a.radius, kRadiusA);
}

/// The colour around `at` (screen): the per-channel median of the 5x5 pixels there, so that a
/// faint grid line (1 px) through the spot does not decide it.
inline Rgb colour_around(const RgbImage& image, glm::ivec2 at) {
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
inline void expect_colour(const RgbImage& image, glm::dvec2 at, Rgb expected, const std::string& what) {
    const glm::ivec2 p{static_cast<int>(std::lround(at.x)), static_cast<int>(std::lround(at.y))};
    const Rgb seen = colour_around(image, p);
    EXPECT_LE(channel_distance(seen, expected), kColorTolerance)
        << what << ", around pixel (" << p.x << ", " << p.y << "): expected " << to_string(expected) << " (±"
        << kColorTolerance << " per channel), saw " << to_string(seen) << " (the 5x5 median)";
}

/// Where a body's outline is drawn: walking from `center` (screen) along `direction`, from
/// 0.5 to 1.5 times `radius_px` out, the middle of the run of pixels in the body's colour.
inline std::optional<double> outline_distance(const RgbImage& image, glm::dvec2 center, glm::dvec2 direction, double radius_px, Rgb colour) {
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

inline const glm::dvec2 kDirections[] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};

// Every other test aims the mouse by the layout report: it must say where things are drawn.

/// Pixels within `rect` (window coordinates, as the layout report gives them) of `image` whose
/// colour is within 40 per channel of `colour`: text drawn in it (anti-aliased edges aside).
inline int pixels_in_colour(const RgbImage& image, const Layout& layout, glm::dvec4 rect, Rgb colour) {
    int count = 0;
    for (int y = static_cast<int>(std::floor(layout.window_position.y + rect.y)); y < std::ceil(layout.window_position.y + rect.w); ++y)
        for (int x = static_cast<int>(std::floor(layout.window_position.x + rect.x)); x < std::ceil(layout.window_position.x + rect.z); ++x)
            if (x >= 0 && y >= 0 && x < image.width && y < image.height && channel_distance(image.at(x, y), colour) <= 40) ++count;
    return count;
}

inline const Rgb kErrorText = parse_hex_color("#ff735a");  // a field's error on the dark panel (app/ui/panels.cpp)

// The frame benchmark drags B every frame; it must not restore the user's last session nor
// autosave its own busy scene over it (nor touch the recent files).
/// CPU seconds the process has used so far (user + system, from /proc/PID/stat).
inline double cpu_seconds(pid_t pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    std::string text((std::istreambuf_iterator<char>(stat)), std::istreambuf_iterator<char>());
    // fields after the command name (in parentheses, which may hold spaces): utime is the 12th, stime the 13th
    std::istringstream rest(text.substr(text.rfind(')') + 2));
    std::vector<std::string> fields{std::istream_iterator<std::string>(rest), std::istream_iterator<std::string>()};
    if (fields.size() < 13) return -1.0;
    return (std::stod(fields[11]) + std::stod(fields[12])) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

// The scene's file written by another program (a text editor, another Tangent) while open here,
// as editors save: a new file renamed over the old one.
inline void write_elsewhere(const std::string& path, const Json& scene) {
    const std::string temporary = path + ".editor~";
    std::ofstream(temporary, std::ios::trunc) << scene.dump(2);
    std::filesystem::rename(temporary, path);
}

inline std::string joined(const std::vector<std::string>& lines) {
    std::string all;
    for (const std::string& line : lines) all += line + "\n";
    return all;
}

// The window's notice of its file reopened after an edit elsewhere.
inline bool says_reopened(const Layout& l) {
    return joined(l.notices).find("scene.json changed on disk: reopened as it is now") != std::string::npos;
}

}  // namespace tangent::test
