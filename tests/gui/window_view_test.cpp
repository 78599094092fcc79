// End to end (gui_test.h): the view and time: framing, the menus' View toggles, the time plot, the
// overlap checks' step, play and the time bar, and the window idling when nothing moves.

#include "gui_test.h"

namespace tangent::test {
namespace {

// Turning the bounce on (B) left the view framed for the paths without it: at t = 8 in the
// oblique hit B had bounced off the top of the canvas, a sliver left (a student's review). The
// view is fitted again. Judge: B's centre after the bounce, worked out here from the contact
// `tangent analyze --json` gives for the scene saved (equal masses, e = 1: the normal parts of
// the velocities swap), lies on the canvas with B's whole disc.
TEST_F(GuiTest, TurningTheBounceOnFramesThePathsAfterIt) {
    const Json preset = Json::parse(read_file(std::string(TANGENT_SCENES_DIR) + "/oblique-hit.json"));
    ASSERT_NO_FATAL_FAILURE(launch(true, false, preset.dump()));
    keys({"b"});
    keys({"End"});
    const double horizon = preset.at("time").at("horizon").get<double>();
    ASSERT_TRUE(layout_until([&](const Layout& l) { return l.time == horizon; })) << "End did not go to t = " << horizon;
    const Layout shown = layout_;
    const Json saved = quit_and_read_saved();
    ASSERT_TRUE(saved.is_object());
    ASSERT_TRUE(saved.at("response").at("enabled").get<bool>()) << "B did not turn the bounce on";
    const ProcessResult analysis = run_process({TANGENT_BINARY, "analyze", dir_.write("bounce.json", saved.dump()), "--json"});
    ASSERT_EQ(analysis.exit_code, 0) << analysis.err;
    const Json answer = Json::parse(analysis.out);
    ASSERT_EQ(answer.at("case").get<std::string>(), "hit");
    const double t_enter = answer.at("t_enter").get<double>();
    const glm::dvec2 n = read_vec2(answer.at("contact_normal"));
    const Json& a = saved.at("bodies").at(0);
    const Json& b = saved.at("bodies").at(1);
    ASSERT_EQ(a.value("mass", 1.0), b.value("mass", 1.0));
    ASSERT_EQ(saved.at("response").value("restitution", 1.0), 1.0);
    const glm::dvec2 va = read_vec2(a.at("velocity"));
    const glm::dvec2 vb = read_vec2(b.at("velocity"));
    const glm::dvec2 vb_after = vb - glm::dot(vb - va, n) * n;  // equal masses, elastic
    const glm::dvec2 at_end = read_vec2(b.at("position")) + t_enter * vb + (horizon - t_enter) * vb_after;
    const glm::dvec2 centre = shown.to_screen(at_end) - shown.window_position;
    const double r = b.at("radius").get<double>() * shown.pixels_per_unit;
    const glm::dvec2 low = shown.canvas_origin;
    const glm::dvec2 high = shown.canvas_origin + shown.canvas_size;
    EXPECT_TRUE(centre.x - r >= low.x && centre.y - r >= low.y && centre.x + r <= high.x && centre.y + r <= high.y)
        << "B at t = " << horizon << " is drawn at (" << centre.x << ", " << centre.y << "), radius " << r << " px, on a canvas ("
        << low.x << ", " << low.y << ")-(" << high.x << ", " << high.y << ")";
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

// The menus from the keyboard alone (a student whose touchpad broke could reach no command
// without a key of its own: a review). Alt+V opens View, its first item lit: Down eleven times
// (past Fit view, the zooms, the UI scale's slider and its row of sizes, the side panel and four
// more) lights "Contact ghosts", Enter turns them on. F10 opens File, → twice goes across to View,
// Down nine times lights "Paths and time ticks", Enter. Then Esc after F10 leaves the menus, and → steps the
// time again. Judge: the scene written on exit, and the time the layout report gives.
TEST_F(GuiTest, TheMenusWorkFromTheKeyboard) {
    ASSERT_NO_FATAL_FAILURE(launch());
    keys({"alt+v"});
    for (int i = 0; i < 11; ++i) keys({"Down"});
    keys({"Return"});
    keys({"F10", "Right", "Right"});
    for (int i = 0; i < 9; ++i) keys({"Down"});
    keys({"Return"});
    keys({"F10", "Escape", "Right"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.time > 0.0; })) << "→ after the menus were left did not step the time";
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    const Json& show = saved.at("show");
    EXPECT_TRUE(show.value("ghosts", false)) << "Contact ghosts, from Alt+V: " << show.dump();
    EXPECT_TRUE(show.value("paths", false)) << "Paths and time ticks, from F10 and → →: " << show.dump();
    EXPECT_FALSE(show.value("closest", true)) << "Closest approach, never chosen: " << show.dump();
    expect_a_unchanged(saved);
}

// A question opened from a menu chosen by the keyboard kept the menu's navigation: → moved onto
// "Don't save" and Enter pressed it, and the edits were lost (a recheck). The question's own keys
// answer it: Enter saves, whatever the arrows did. Also: F10 lights the menu's first item (Up
// goes round to the last, Quit). Judge: the scene file on disk after Enter, holding the edit (G
// turns B's velocity), and tangent's exit.
TEST_F(GuiTest, AQuestionFromAKeyboardMenuTakesItsOwnKeys) {
    ASSERT_NO_FATAL_FAILURE(launch(false));
    keys({"g"});  // an edit: snap to graze turns B's velocity
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.unsaved; })) << "G made no edit";
    keys({"F10", "Up", "Return"});  // File, round to its last item: Quit
    ASSERT_TRUE(layout_until([](const Layout& l) { return !l.question.empty(); })) << "Quit from the keyboard asked nothing";
    keys({"Right", "Right", "Return"});
    const std::optional<int> code = app_->wait_for_exit(10s);
    ASSERT_TRUE(code.has_value()) << "tangent still runs after Enter in the question: " << layout_.question;
    EXPECT_EQ(*code, 0);
    const Body b = saved_body(Json::parse(read_file(scene_path_)), 1);
    EXPECT_NE(b.velocity, kVelocityB) << "Enter did not save: the edit is not in the file";
}

// A touchpad's sideways swipe (X buttons 6 and 7) and Shift with the wheel pan across, 60 px a
// notch, and the zoom stays (a student on a touchpad could pan only by dragging: a review). Judge:
// the view's centre and zoom in the layout report.
TEST_F(GuiTest, ASidewaysSwipeOrShiftWheelPansAcross) {
    ASSERT_NO_FATAL_FAILURE(launch());
    const Layout before = layout_;
    const glm::dvec2 over = rounded(before.to_screen({9.0, 13.0}));  // empty canvas above the bodies
    const std::string x = std::to_string(static_cast<int>(over.x)), y = std::to_string(static_cast<int>(over.y));
    x_->xdotool({"mousemove", x, y, "mousedown", "9", "mouseup", "9", "sleep", "0.2", "click", "7", "sleep", "0.2", "click", "7", "sleep", "0.3"});
    ASSERT_TRUE(layout_until([&](const Layout& l) { return l.view_center.x != before.view_center.x; })) << "no pan from the swipe";
    EXPECT_NEAR(layout_.view_center.x - before.view_center.x, 2 * 60.0 / before.pixels_per_unit, 1e-9) << "two notches to the right";
    EXPECT_EQ(layout_.view_center.y, before.view_center.y);
    EXPECT_EQ(layout_.pixels_per_unit, before.pixels_per_unit) << "a swipe sideways zoomed";
    const Layout swiped = layout_;
    x_->xdotool({"keydown", "shift", "sleep", "0.2", "click", "5", "sleep", "0.2", "keyup", "shift", "sleep", "0.3"});
    ASSERT_TRUE(layout_until([&](const Layout& l) { return l.view_center.x != swiped.view_center.x; })) << "no pan from Shift+wheel";
    EXPECT_NEAR(std::abs(layout_.view_center.x - swiped.view_center.x), 60.0 / before.pixels_per_unit, 1e-9);
    EXPECT_EQ(layout_.pixels_per_unit, before.pixels_per_unit) << "Shift+wheel zoomed";
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

// Undo of R brought the world frame back framed as the relative frame had been, B against the
// edge (a student's review), where R pressed again frames the world anew. Judge: the view after
// F, then R and Ctrl+Z, is the view F gave (the layout report's world-to-pixel map), and the
// relative frame's was another.
TEST_F(GuiTest, UndoOfTheRelativeFrameFramesTheWorldAgain) {
    ASSERT_NO_FATAL_FAILURE(launch());
    keys({"f"});
    std::this_thread::sleep_for(1s);
    ASSERT_TRUE(layout_until([](const Layout&) { return true; }));
    const Layout fitted = layout_;
    keys({"r"});
    std::this_thread::sleep_for(1500ms);
    ASSERT_TRUE(layout_until([](const Layout&) { return true; }));
    const Layout relative = layout_;
    ASSERT_GT(std::abs(relative.pixels_per_unit / fitted.pixels_per_unit - 1.0) + glm::distance(relative.view_center, fitted.view_center), 0.05)
        << "the relative frame is framed as the world was: the premise is gone";
    keys({"ctrl+z"});
    std::this_thread::sleep_for(1500ms);
    ASSERT_TRUE(layout_until([](const Layout&) { return true; }));
    EXPECT_NEAR(layout_.pixels_per_unit, fitted.pixels_per_unit, 1e-3 * fitted.pixels_per_unit) << "the zoom after undoing R";
    EXPECT_LT(glm::distance(layout_.view_center, fitted.view_center) * fitted.pixels_per_unit, 1.0)
        << "the view's centre after undoing R: " << str(layout_.view_center) << ", fitted " << str(fitted.view_center);
}

// A scene kept with its checks off and dt 1e-12: T turned them on, the scene broke its own rules
// (8e12 checks over a horizon of 8), the analysis gave way to the error and nothing could be
// saved (an outside review). T brings dt within reach, as the slider clamps it, and says so.
TEST_F(GuiTest, TurningTheChecksOnBringsAnOutOfReachDtWithinReach) {
    Json scene = Json::parse(scene_json());
    scene["discrete"] = {{"enabled", false}, {"dt", 1e-12}, {"phase", 0.0}};
    scene["time"] = {{"horizon", 8.0}};
    ASSERT_NO_FATAL_FAILURE(launch(true, false, scene.dump(2)));
    keys({"t"});
    EXPECT_TRUE(layout_until([](const Layout& l) {
        return std::any_of(l.notices.begin(), l.notices.end(), [](const std::string& n) { return n.find("out of reach") != std::string::npos; });
    })) << "T said nothing of the dt it changed";
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null()) << "the scene was not saved";
    EXPECT_TRUE(saved.at("discrete").at("enabled").get<bool>());
    EXPECT_GE(saved.at("discrete").at("dt").get<double>(), 8e-3);
    const ProcessResult analysis = run_process({TANGENT_BINARY, "analyze", dir_.write("checked.json", saved.dump(2)), "--json"});
    EXPECT_EQ(analysis.exit_code, 0) << analysis.err;
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

// A tap on a slider set the value under it: one stray tap on the phase at a whiteboard turned
// MISSED into caught (a whiteboard teacher's review). A tap now changes nothing, as on the drag
// fields; a drag still moves it. Judge: the saved dt after a tap at a quarter of the slider's
// width, then after a drag along it.
TEST_F(GuiTest, ATapOnASliderChangesNothing) {
    ASSERT_NO_FATAL_FAILURE(launch(true, false, read_file(std::string(TANGENT_SCENES_DIR) + "/tunnelling.json")));
    ASSERT_NO_FATAL_FAILURE(scroll_into_view("discrete_dt"));
    std::this_thread::sleep_for(300ms);
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("discrete_dt"); }));
    const glm::dvec4 box = layout_.widgets.at("discrete_dt") + glm::dvec4(layout_.window_position, layout_.window_position);
    const auto pixel = [](double v) { return std::to_string(std::lround(v)); };
    const double y = 0.5 * (box.y + box.w);
    const double x = box.x + 0.25 * (box.z - box.x);
    x_->xdotool({"mousemove", pixel(x), pixel(y), "sleep", "0.2", "mousedown", "1", "sleep", "0.1", "mouseup", "1", "sleep", "0.3"});
    // then a drag from there, 40 px along
    x_->xdotool({"mousedown", "1", "sleep", "0.1"});
    for (int k = 1; k <= 8; ++k) x_->xdotool({"mousemove", pixel(x + 5.0 * k), pixel(y), "sleep", "0.05"});
    x_->xdotool({"sleep", "0.2", "mouseup", "1", "sleep", "0.2"});
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    const double dragged = saved.at("discrete").at("dt").get<double>();
    EXPECT_NE(dragged, 0.5) << "the drag along the slider did not move it: the test would not tell";
    // the same tap alone, in a window of its own
    ASSERT_NO_FATAL_FAILURE(launch(true, false, read_file(std::string(TANGENT_SCENES_DIR) + "/tunnelling.json")));
    ASSERT_NO_FATAL_FAILURE(scroll_into_view("discrete_dt"));
    std::this_thread::sleep_for(300ms);
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("discrete_dt"); }));
    const glm::dvec4 again = layout_.widgets.at("discrete_dt") + glm::dvec4(layout_.window_position, layout_.window_position);
    const double x2 = again.x + 0.25 * (again.z - again.x);
    const double y2 = 0.5 * (again.y + again.w);
    x_->xdotool({"mousemove", pixel(x2), pixel(y2), "sleep", "0.2", "mousedown", "1", "sleep", "0.1", "mouseup", "1", "sleep", "0.3"});
    const Json tapped = quit_and_read_saved();
    ASSERT_FALSE(tapped.is_null());
    EXPECT_EQ(tapped.at("discrete").at("dt").get<double>(), 0.5) << "a tap on the dt slider set it";
    EXPECT_EQ(tapped.at("discrete").at("phase").get<double>(), 0.25);
}

// → and ← stepped an 8 s scene by 8/50 = 0.16: 2.88, 3.04, never t = 3 (a teacher's review). The
// step is now the round 1, 2 or 5 times a power of ten at or above horizon/50: 0.2 there. Judge:
// the time in the layout report after steps from t = 0, against k·0.2 worked out here.
TEST_F(GuiTest, TimeStepsLandOnRoundTimes) {
    Json scene = Json::parse(scene_json());
    scene["time"] = {{"horizon", 8.0}};
    ASSERT_NO_FATAL_FAILURE(launch(false, false, scene.dump(2)));
    keys({"Right", "Right", "Right"});
    EXPECT_TRUE(layout_until([](const Layout& l) { return std::abs(l.time - 0.6) < 1e-12; })) << "t = " << layout_.time << " after 3 steps";
    for (int k = 0; k < 12; ++k) keys({"Right"});
    EXPECT_TRUE(layout_until([](const Layout& l) { return std::abs(l.time - 3.0) < 1e-12; })) << "t = " << layout_.time << " after 15 steps";
}

// A drag that makes the banner go (or come) leaves the view as it is at the drop: it was fitted
// again as B was let go, and the scene jumped 100 px from under the pointer, A's rim landing where
// B was, for the next press to resize A (a student's review). F still frames it anew. Judge: the
// layout report's view, and B's new centre under the drop point.
TEST_F(GuiTest, ADragThatEndsTheBannerLeavesTheViewWhereItWas) {
    Json scene = Json::parse(read_file(std::string(TANGENT_SCENES_DIR) + "/tunnelling.json"));  // MISSED, no view of its own
    ASSERT_NO_FATAL_FAILURE(launch(true, false, scene.dump(2)));
    const Layout opened = layout_;
    const std::size_t with_banner = opened.overlays.size();
    const glm::dvec2 b{-9.0, 0.3};  // B at t = 0
    const glm::dvec2 from = rounded(opened.to_screen(b));
    // up 1.6 units: d_min 1.9 > R = 1, a miss, no banner
    const glm::dvec2 to = from + glm::dvec2(0.0, -std::round(1.6 * opened.pixels_per_unit));
    drag(*x_, from, to);
    ASSERT_TRUE(layout_until([&](const Layout& l) { return l.overlays.size() < with_banner; })) << "the banner did not go";
    // frames drawn since (a refit, were there one, comes in the frame after the drop)
    const int dropped_at = layout_.frames;
    std::this_thread::sleep_for(1000ms);
    x_->xdotool({"mousemove_relative", "1", "0"});  // (frames come at events: the window idles)
    ASSERT_TRUE(layout_until([&](const Layout& l) { return l.frames >= dropped_at + 2; })) << "no frame drawn since the drop";
    EXPECT_NEAR(layout_.pixels_per_unit, opened.pixels_per_unit, 1e-9 * opened.pixels_per_unit) << "the view was fitted again at the drop";
    EXPECT_NEAR(glm::distance(layout_.view_center, opened.view_center), 0.0, 1e-9 * glm::length(opened.view_center) + 1e-12)
        << "the view moved at the drop";
    keys({"f"});
    EXPECT_TRUE(layout_until([&](const Layout& l) {
        return l.pixels_per_unit != opened.pixels_per_unit || l.view_center != opened.view_center;
    })) << "F framed nothing new after the banner went";
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    const glm::dvec2 dropped = read_vec2(saved.at("bodies").at(1).at("position"));
    EXPECT_NEAR(glm::distance(opened.to_screen(dropped), to), 0.0, kPixelTolerance + 1.0) << "B is not where it was dropped";
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

// At the largest UI scale in a 1024x768 window the time bar's readout ("t = 0") and its last
// button ("Close") were cut off at the side panel (an outside review). The bar takes more rows
// instead: every one of its widgets lies whole inside it, none over another.
TEST_F(GuiTest, TheTimeBarKeepsEveryControlWholeAtTheLargestScale) {
    window_size_ = "1024x768";
    ASSERT_NO_FATAL_FAILURE(launch(false));
    std::vector<std::string> presses(8, "ctrl+equal");
    keys(presses);
    // (3× asked for, held at the window's 1024 / 640 = 1.6×)
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.ui_scale > 1.59; })) << "UI scale " << layout_.ui_scale;
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

// (3× asked for: a window holds the scale at its width / 640 and its lines / 360, in steps of 0.05)
TEST_F(TimeBarWord, StaysAtTheLargestScaleIn1024x768) { check("1024x768", 8, 1.6); }

TEST_F(TimeBarWord, StaysAtTheLargestScaleIn1280x720) { check("1280x720", 8, 2.0); }

// At 3× in 1280×720 the derivation showed no line, Help's meanings a letter a line and the
// time plot's labels piled up (a low-vision review): a window holds the UI scale at what its
// panels have room for, says so, and gives the scale asked for once it has the room. Judge:
// the layout report's scale against the window's size, and the notice.
TEST_F(GuiTest, AWindowTooSmallForTheScaleAskedHoldsItAndSaysSo) {
    window_size_ = "1024x768";
    ASSERT_NO_FATAL_FAILURE(launch(false));
    const double start = layout_.ui_scale;
    keys(std::vector<std::string>(8, "ctrl+equal"));  // up to 3×
    ASSERT_TRUE(notice_shown("At this window's size the text is held at")) << joined(layout_.notices);
    EXPECT_LE(layout_.ui_scale, std::min(1024.0 / 640.0, 768.0 / 360.0) + 1e-6) << "from " << start;
    EXPECT_GE(layout_.ui_scale, std::min(1024.0 / 640.0, 768.0 / 360.0) - 0.05 - 1e-6) << "from " << start;
    EXPECT_NE(joined(layout_.notices).find("(3× asked for)"), std::string::npos) << joined(layout_.notices);
    // a smaller scale asked for, still held: said again, in place of the first (each press stacked
    // one more; Ctrl+− changed nothing, silently: a QA recheck)
    keys({"ctrl+minus"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return joined(l.notices).find("(2.5× asked for)") != std::string::npos; }))
        << joined(layout_.notices);
    EXPECT_EQ(std::count_if(layout_.notices.begin(), layout_.notices.end(),
                            [](const std::string& n) { return n.starts_with("At this window's size"); }),
              1)
        << joined(layout_.notices);
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

// An exam author's review: every figure printed its answer, and a teacher who asks the class to
// predict first had to hide the projector. H hides the answers: the canvas asks the question (no
// badge, nothing of the contact), the panel keeps back the analysis, the jumps and the derivation
// say why they do nothing, and H shows them again. Judge: the layout report (the canvas's
// overlays, the panel's widgets, the notices, the time).
TEST_F(GuiTest, HHidesTheAnswersAndShowsThemAgain) {
    ASSERT_NO_FATAL_FAILURE(launch(false));
    ASSERT_FALSE(layout_.overlays.empty()) << "no badge on the canvas to hide (the premise)";
    ASSERT_TRUE(layout_.widgets.contains("derivation_button")) << "no analysis in the panel to hide (the premise)";
    keys({"h"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.overlays.empty() && l.widgets.contains("answers_hidden_note"); }))
        << layout_.overlays.size() << " overlays on the canvas";
    EXPECT_FALSE(layout_.widgets.contains("derivation_button")) << "the analysis is still in the panel";
    keys({"j"});  // the jump to the contact would give it away
    EXPECT_TRUE(layout_until([](const Layout& l) { return joined(l.notices).find("The answers are hidden, and a jump to the contact") != std::string::npos; }))
        << joined(layout_.notices);
    EXPECT_EQ(layout_.time, 0.0) << "J jumped with the answers hidden";
    keys({"g"});  // snap to graze: its notice says D = 0 and the contact's time (a teacher's retest)
    EXPECT_TRUE(layout_until([](const Layout& l) { return joined(l.notices).find("The answers are hidden, and snap to graze") != std::string::npos; }))
        << joined(layout_.notices);
    EXPECT_FALSE(layout_.unsaved) << "G changed the scene with the answers hidden";
    keys({"h"});
    EXPECT_TRUE(layout_until([](const Layout& l) { return !l.overlays.empty() && l.widgets.contains("derivation_button"); }))
        << "H did not show the answers again";
    keys({"j"});
    EXPECT_TRUE(layout_until([](const Layout& l) { return l.time > 0.0; })) << "J does nothing with the answers shown";
}

// A teacher's retest: the lesson opened with the badge and the contact's times on the projector
// until H was pressed; --hide-answers opens with them hidden. In a tour, H kept the step's title
// ("D < 0: a miss") and its caption; they are hidden too. Judge: the layout report.
TEST_F(GuiTest, HideAnswersOpensWithThemHiddenAndHidesTheToursWords) {
    ASSERT_NO_FATAL_FAILURE(launch(false, false, {}, {"--hide-answers"}));
    EXPECT_TRUE(layout_.overlays.empty()) << layout_.overlays.size() << " overlays on the canvas as it opens";
    EXPECT_TRUE(layout_.widgets.contains("answers_hidden_note"));
    EXPECT_FALSE(layout_.widgets.contains("derivation_button"));
    app_->stop();
    app_.reset();
    x_.reset();
    ASSERT_NO_FATAL_FAILURE(launch(false, false, {}, {"--tour"}));
    keys({"Next", "Next", "Next"});  // (a step with a case in its title: D < 0, a miss)
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("tour_step_4"); }));
    const std::string caption = layout_.tour_caption;
    ASSERT_FALSE(caption.empty());
    keys({"h"});
    EXPECT_TRUE(layout_until([](const Layout& l) { return l.tour_caption.find("hidden with the answers") != std::string::npos; }))
        << "the step's caption with the answers hidden: " << layout_.tour_caption;
    keys({"h"});
    EXPECT_TRUE(layout_until([&](const Layout& l) { return l.tour_caption == caption; })) << layout_.tour_caption;
}

// A code review: a click on the empty canvas (to leave a field, say) made the view the user's, so
// the window no longer fitted it (the MISSED banner then covered B). Only a pan that moves does.
// Judge: the view's scale after the time plot opens (which refits a view the window framed).
TEST_F(GuiTest, AClickOnTheEmptyCanvasLeavesTheViewToTheWindow) {
    ASSERT_NO_FATAL_FAILURE(launch(false));
    const double before = layout_.pixels_per_unit;
    click(rounded(layout_.canvas_origin + layout_.canvas_size * glm::dvec2(0.88, 0.86)));
    keys({"p"});
    EXPECT_TRUE(layout_until([&](const Layout& l) { return l.widgets.contains("plot") && l.pixels_per_unit != before; }))
        << "the view kept its scale (" << before << " px a unit) as the plot took room: a click made it the user's";
}

// A student on a touchpad (a review): a wheel-zoomed time plot went back to its whole story only
// on a quick double-click; F (and Fit view) left it zoomed. F now fits the plot too. Judge: the
// time a click at one spot of the plot sets, before the zoom, zoomed, and after F.
TEST_F(GuiTest, FitViewAlsoUnzoomsTheTimePlot) {
    ASSERT_NO_FATAL_FAILURE(launch(false, true));
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("plot"); }));
    const glm::dvec4 plot = layout_.widgets.at("plot");
    const glm::dvec2 at = rounded(layout_.window_position + glm::dvec2(0.75 * plot.x + 0.25 * plot.z, 0.4 * plot.y + 0.6 * plot.w));
    const auto time_at_spot = [&] {
        const double before = layout_.time;
        std::this_thread::sleep_for(500ms);  // (no double-click with the click before)
        click(at);
        layout_until([&](const Layout& l) { return l.time != before; });
        return layout_.time;
    };
    const double whole = time_at_spot();
    x_->xdotool({"mousemove", std::to_string(std::lround(at.x + 30)), std::to_string(std::lround(at.y)), "mousedown", "9", "mouseup", "9",
                 "sleep", "0.2", "click", "--repeat", "8", "--delay", "60", "4", "sleep", "0.3"});
    const double zoomed = time_at_spot();
    ASSERT_GT(std::abs(zoomed - whole), 1e-3) << "the wheel did not zoom the plot (the premise)";
    keys({"f"});
    const double fitted = time_at_spot();
    EXPECT_NEAR(fitted, whole, 1e-9) << "after F the plot's spot reads t = " << fitted << ", zoomed " << zoomed << ", at first " << whole;
}

// A double-click on the time plot goes back to its whole story; its first click moved the time
// too (0.997 to 0.828: a student's review). The time is as it was before the double-click.
TEST_F(GuiTest, ADoubleClickOnThePlotLeavesTheTime) {
    ASSERT_NO_FATAL_FAILURE(launch(true, true));
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("plot"); }));
    ASSERT_EQ(layout_.time, 0.0);
    const glm::dvec4 plot = layout_.widgets.at("plot");
    const glm::dvec2 at = rounded(layout_.window_position + glm::dvec2(0.6 * plot.x + 0.4 * plot.z, 0.4 * plot.y + 0.6 * plot.w));
    x_->xdotool({"mousemove", std::to_string(std::lround(at.x)), std::to_string(std::lround(at.y)), "mousedown", "9", "mouseup", "9",
                 "sleep", "0.2", "mousedown", "1", "mouseup", "1", "sleep", "0.05", "mousedown", "1", "mouseup", "1", "sleep", "0.4"});
    quit_and_read_saved();
    const Layout closing = Layout::parse(read_file(layout_path_));
    EXPECT_EQ(closing.time, 0.0) << "the double-click moved the time";
    // (and a single click there does move it: the premise)
    ASSERT_NO_FATAL_FAILURE(launch(true, true));
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("plot") && l.widgets.contains("plot_gap"); }));
    click(at);
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.time != 0.0; })) << "a click on the plot did not move the time";
    // a pair whose first click is the f(t) / gap switch's is no double-click of the plot: its
    // second click sets the time as any click does (it went back to 0, the time before a click
    // long before: a code review)
    const double clicked = layout_.time;
    std::this_thread::sleep_for(1s);
    const glm::dvec4 gap = layout_.widgets.at("plot_gap");
    // (within ImGui's 6 px of each other, as a double-click's two clicks must be)
    const glm::dvec2 on_gap = rounded(layout_.window_position + glm::dvec2(gap.z - 2.0, 0.5 * (gap.y + gap.w)));
    const glm::dvec2 beside = rounded(layout_.window_position + glm::dvec2(gap.z + 3.0, 0.5 * (gap.y + gap.w)));
    x_->xdotool({"mousemove", std::to_string(std::lround(on_gap.x)), std::to_string(std::lround(on_gap.y)), "mousedown", "9", "mouseup", "9",
                 "sleep", "0.2", "mousedown", "1", "mouseup", "1", "sleep", "0.05", "mousemove", std::to_string(std::lround(beside.x)),
                 std::to_string(std::lround(beside.y)), "mousedown", "9", "mouseup", "9", "mousedown", "1", "mouseup", "1", "sleep", "0.4"});
    quit_and_read_saved();
    const double after = Layout::parse(read_file(layout_path_)).time;
    EXPECT_NE(after, 0.0) << "the switch's click and the plot's were taken for a double-click of the plot";
    EXPECT_NE(after, clicked) << "the click beside the switch did not set the time";
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

// A teacher abroad: a pupil's name in Polish, Greek or Cyrillic showed as "???" in the window (its
// font atlas held Latin-1 and Tangent's own symbols only), though figures drew it. The window now
// bakes the blocks of characters the user's text needs. Judge: the pixels around A's name on the
// canvas, against the same scene with as many '?' in its place (identical before the fix).
TEST_F(GuiTest, NamesInPolishGreekAndCyrillicAreDrawnNotQuestionMarks) {
    int shots = 0;
    const auto name_pixels = [&](const std::string& label) {
        if (app_) app_->stop();
        app_.reset();
        x_.reset();
        Json scene = Json::parse(scene_json());
        scene["bodies"][0]["label"] = label;
        launch(false, false, scene.dump(2));
        std::this_thread::sleep_for(500ms);  // (the atlas rebuilt for it, and drawn)
        const RgbImage image = screenshot("name-" + std::to_string(++shots) + ".png");
        const glm::dvec2 centre = layout_.to_screen(kPositionA);
        const double reach = 0.8 * kRadiusA * layout_.pixels_per_unit;
        std::vector<Rgb> pixels;
        for (int y = static_cast<int>(centre.y - reach); y < centre.y + reach; ++y)
            for (int x = static_cast<int>(centre.x - reach); x < centre.x + reach; ++x) pixels.push_back(image.at(x, y));
        return pixels;
    };
    for (const std::string& name : {std::string("Łęż"), std::string("Ξένη"), std::string("Жук")}) {
        const std::vector<Rgb> drawn = name_pixels(name);
        std::size_t count = 0;
        for (std::size_t at = 0; at < name.size(); ++count) at += (static_cast<unsigned char>(name[at]) < 0x80 ? 1 : 2);
        const std::vector<Rgb> questions = name_pixels(std::string(count, '?'));
        ASSERT_EQ(drawn.size(), questions.size());
        int different = 0;
        for (std::size_t i = 0; i < drawn.size(); ++i)
            different += std::abs(drawn[i].r - questions[i].r) + std::abs(drawn[i].g - questions[i].g) + std::abs(drawn[i].b - questions[i].b) > 60;
        EXPECT_GT(different, 40) << name << " is drawn as " << count << " question marks";
    }
}

// A soak test: while a notice showed ("Saved scene.json", 5 to 15 s after almost every action) the
// window drew frames as fast as it could, 1.4 cores on this machine, a laptop's battery all day.
// A notice stands still: the window now waits, and wakes only to take it away on time. Judge: the
// process's CPU time while the notice shows, and the notice gone on its own with no input.
TEST_F(GuiTest, ANoticeOnShowLetsTheWindowIdle) {
    ASSERT_NO_FATAL_FAILURE(launch(false));
    keys({"g"});  // an edit: Ctrl+S then has something to save, and says so
    keys({"ctrl+s"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return joined(l.notices).find("Saved") != std::string::npos; }))
        << joined(layout_.notices);
    std::this_thread::sleep_for(700ms);  // (the frames after the key)
    const double before = cpu_seconds(app_->pid());
    ASSERT_GE(before, 0.0);
    std::this_thread::sleep_for(2s);
    const double used = cpu_seconds(app_->pid()) - before;
    EXPECT_LT(used, 0.3) << "CPU seconds used in 2 s while a notice stood on the screen";
    // gone on its own, within its time (at most 15 s) and a little
    EXPECT_TRUE(wait_until([&] {
        layout_ = Layout::parse(read_file(layout_path_));
        return joined(layout_.notices).find("Saved") == std::string::npos;
    }, 18s)) << "the notice stayed: " << joined(layout_.notices);
}

// Arabic or Hebrew text is drawn left to right in the window, unjoined (Dear ImGui lays text out
// one glyph after another): a notice says so, once, and where it is drawn right. Judge: the
// notices shown with an Arabic name, and none with a Greek one and a Hebrew recent file.
TEST_F(GuiTest, RightToLeftTextIsSaidToBeDrawnLeftToRight) {
    Json scene = Json::parse(scene_json());
    scene["bodies"][1]["label"] = "الكرة";
    ASSERT_NO_FATAL_FAILURE(launch(false, false, scene.dump(2)));
    EXPECT_TRUE(layout_until([](const Layout& l) { return joined(l.notices).find("Right-to-left text") != std::string::npos; }))
        << joined(layout_.notices);
    app_->stop();
    app_.reset();
    x_.reset();
    scene["bodies"][1]["label"] = "Ζωή";
    // a recent file with a Hebrew name is not on show (only in File › Open Recent): nothing to say
    // of it (a code review: the notice came at every start)
    const std::string hebrew = dir_.write("שיעור.json", scene_json());
    std::filesystem::create_directories(dir_.file("state"));
    dir_.write("state/recent-files.txt", hebrew + "\n");
    ASSERT_NO_FATAL_FAILURE(launch(false, false, scene.dump(2)));
    std::this_thread::sleep_for(1s);
    layout_ = Layout::parse(read_file(layout_path_));
    EXPECT_EQ(joined(layout_.notices).find("Right-to-left"), std::string::npos) << joined(layout_.notices);
}

// Where the swap does not wait for the display (Xvfb here, a virtual machine, a remote desktop),
// playback drew as fast as it could: 100 frames a second and a core and a half (a soak test).
// The window draws a frame a refresh at most. Judge: the frames drawn in 3 s of playback, from
// the layout report's count (the display's refresh under Xvfb: 60 Hz).
TEST_F(GuiTest, PlaybackDrawsNoFasterThanTheDisplayRefreshes) {
    ASSERT_NO_FATAL_FAILURE(launch(false));
    keys({"space"});
    std::this_thread::sleep_for(500ms);
    const Layout first = Layout::parse(read_file(layout_path_));
    const auto start = std::chrono::steady_clock::now();
    std::this_thread::sleep_for(3s);
    const Layout last = Layout::parse(read_file(layout_path_));
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    ASSERT_GT(last.time, first.time) << "not playing";
    const double rate = (last.frames - first.frames) / seconds;
    EXPECT_LT(rate, 72.0) << "frames a second while playing";
    EXPECT_GT(rate, 20.0) << "frames a second while playing: not smooth";
}

}  // namespace
// A low-vision review at UI scale 3 in a 1080-line window: the View menu, taller than the window,
// was moved up over the menu bar, its own title under the pointer lay on "Fit view", and a second
// click meant to close the menu fitted the view instead. A menu of the bar now stays below it and
// scrolls. Judge: the layout report (the menu's items below the bar) and the view's zoom.
TEST_F(GuiTest, ATallMenuStaysBelowTheBarAndASecondClickClosesIt) {
    // (3× kept, held at the window's 720 / 360 = 2×, where the View menu is still taller than the window)
    window_size_ = "1280x720";
    std::filesystem::create_directories(dir_.file("state"));
    dir_.write("state/ui-scale.txt", "3\n");
    ASSERT_NO_FATAL_FAILURE(launch());
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.ui_scale == 2.0 && l.widgets.contains("menu_view"); }));
    const double bar_bottom = layout_.widgets.at("menu_view").w;
    const double fitted = layout_.pixels_per_unit;
    keys({"minus", "minus"});  // zoomed out: Fit view would change the zoom
    ASSERT_TRUE(layout_until([&](const Layout& l) { return l.pixels_per_unit < fitted / 1.5; })) << "- did not zoom out";
    const double zoom = layout_.pixels_per_unit;
    const glm::dvec2 view_title = widget_center("menu_view");
    ASSERT_NO_FATAL_FAILURE(click_widget("menu_view"));
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("view_hide_answers"); })) << "the View menu did not open";
    // its first item below the bar, and the premise: the menu is taller than the window below it
    ASSERT_TRUE(layout_.widgets.contains("view_fit"));
    EXPECT_GE(layout_.widgets.at("view_fit").y, bar_bottom - 1.0) << "the menu rose over the bar";
    EXPECT_GE(layout_.widgets.at("view_hide_answers").y, bar_bottom - 1.0) << "the menu rose over the bar";
    ASSERT_NO_FATAL_FAILURE(click(view_title));
    EXPECT_TRUE(layout_until([](const Layout& l) { return !l.widgets.contains("view_hide_answers"); })) << "a second click left the menu open";
    EXPECT_EQ(layout_.pixels_per_unit, zoom) << "the second click on View fitted the view";
}

}  // namespace tangent::test
