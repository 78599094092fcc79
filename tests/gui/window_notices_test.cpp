// End to end (gui_test.h): the notices and the scene's note: where they stand, how long they stay,
// what Snap to graze says, and the caption when the bodies are edited.

#include "gui_test.h"

namespace tangent::test {
namespace {

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

// A teacher's rehearsal at UI scale 2 in a 1024 x 768 window: "Snapped to a graze …", placed
// below the overlays, ran on past the canvas's foot over the time bar's Play button, cut off
// before "which counts as 0". The notice now stays whole, within the canvas or over the top of
// the side panel (where every place on the canvas would hide part of the scene), never over the
// time bar.
TEST_F(GuiTest, ANoticeStaysWithinTheCanvasAtALargeUiScale) {
    screen_size_ = {1024, 768};
    window_size_ = "1024x768";
    std::filesystem::create_directories(dir_.file("state"));
    dir_.write("state/ui-scale.txt", "2\n");
    ASSERT_NO_FATAL_FAILURE(launch(false));
    keys({"g"});
    ASSERT_TRUE(notice_shown("Snapped to a graze")) << "no notice of the snap";
    const glm::dvec4 notice = layout_.widgets.at("notices");
    const glm::dvec2 low = layout_.canvas_origin;
    const glm::dvec2 high = layout_.canvas_origin + layout_.canvas_size;
    const bool on_canvas = notice.x >= low.x - 1.0 && notice.y >= low.y - 1.0 && notice.z <= high.x + 1.0 && notice.w <= high.y + 1.0;
    // right of the canvas (the side panel), within the window's height
    const bool on_panel = notice.x >= high.x - 1.0 && notice.y >= low.y - 1.0 && notice.w <= screen_size_.y + 1.0;
    EXPECT_TRUE(on_canvas || on_panel) << "the notice (" << notice.x << ", " << notice.y << ")-(" << notice.z << ", " << notice.w
                                       << ") leaves the canvas (" << low.x << ", " << low.y << ")-(" << high.x << ", " << high.y
                                       << ") for the time bar";
}

// "Snapped to a graze: the circles now just touch, once, at t = …" stayed up after B was dragged
// onto A, over OVERLAPPING (a student's review): a snap's notice goes once either body is edited.
// Judge: the notices in the layout report, after G, then after a drag of B's body.
TEST_F(GuiTest, ASnapsNoticeGoesOnceABodyIsDragged) {
    ASSERT_NO_FATAL_FAILURE(launch(false));
    keys({"g"});
    ASSERT_TRUE(notice_shown("Snapped to a graze")) << "no notice of the snap";
    // the premise: undragged, it stays up longer than this test waits for it to go (about 12 s)
    std::this_thread::sleep_for(2s);
    ASSERT_TRUE(notice_shown("Snapped to a graze")) << "the snap's notice went on its own within 2 s";
    (void)drag_b_body();
    EXPECT_TRUE(layout_until([](const Layout& l) {
        return std::none_of(l.notices.begin(), l.notices.end(), [](const std::string& n) { return n.starts_with("Snapped to a graze"); });
    })) << "the snap's notice stayed after B was dragged";
}

// Each body at t = 0 and at first contact, from `tangent analyze --json` of the scene written on
// exit, put on the screen by the layout report `shown`, lies clear of the notices' box there.
void expect_bodies_clear_of_the_notice(const Layout& shown, const Json& saved, const TempDir& dir, const std::string& what) {
    const ProcessResult analysis = run_process({TANGENT_BINARY, "analyze", dir.write("shown.json", saved.dump(2)), "--json"});
    ASSERT_EQ(analysis.exit_code, 0) << analysis.err;
    const Json answer = Json::parse(analysis.out);
    ASSERT_TRUE(answer.at("t_enter").is_number()) << "the scene has no contact: the test would not tell";
    const glm::dvec4 notice = shown.widgets.at("notices");
    const glm::dvec2 low = shown.window_position + glm::dvec2(notice.x, notice.y);
    const glm::dvec2 high = shown.window_position + glm::dvec2(notice.z, notice.w);
    for (const double t : {0.0, answer.at("t_enter").get<double>()})
        for (int i = 0; i < 2; ++i) {
            const Json& body = saved.at("bodies").at(i);
            const glm::dvec2 p{body.at("position").at(0).get<double>(), body.at("position").at(1).get<double>()};
            const glm::dvec2 v{body.at("velocity").at(0).get<double>(), body.at("velocity").at(1).get<double>()};
            const glm::dvec2 centre = shown.to_screen(p + t * v);
            const double r = body.at("radius").get<double>() * shown.pixels_per_unit;
            EXPECT_GE(glm::distance(glm::clamp(centre, low, high), centre), r)
                << "body " << i << " at t = " << t << " (" << str(centre) << ", radius " << r << " px) lies under " << what << ", "
                << str(low) << " to " << str(high);
        }
}

// The newcomer's hint at a projector's UI scale 2 in 1024 x 768 (the first start on a teacher's
// projector), wrapped to half the canvas in its top right, stood over the contact ghosts it
// tells the newcomer to look at. No place on that canvas is free of the scene: the hint now goes
// over the top of the side panel. Judge: expect_bodies_clear_of_the_notice.
TEST_F(GuiTest, TheNewcomersHintLeavesTheSceneInSightAtALargeUiScale) {
    screen_size_ = {1024, 768};
    window_size_ = "1024x768";
    open_scene_file_ = false;
    std::filesystem::create_directories(dir_.file("state"));
    dir_.write("state/ui-scale.txt", "2\n");
    ASSERT_NO_FATAL_FAILURE(launch(true));
    ASSERT_TRUE(notice_shown("New to Tangent?")) << "no newcomer's hint at the first start";
    const Layout shown = layout_;
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    expect_bodies_clear_of_the_notice(shown, saved, dir_, "the hint");
}

// A teacher's review: in the tour (no side panel) at 1280 x 800, UI scale 1.5, the quadratic's
// step leaves a canvas 200 px tall above its plot, and "Snapped to a graze …" lay over B for its
// 12 s. The notice now goes over the plot's right half. Judge: expect_bodies_clear_of_the_notice.
TEST_F(GuiTest, InTheTourTheSnapNoticeLeavesTheBodiesInSight) {
    screen_size_ = {1280, 800};
    window_size_ = "1280x800";
    std::filesystem::create_directories(dir_.file("state"));
    dir_.write("state/ui-scale.txt", "1.5\n");
    ASSERT_NO_FATAL_FAILURE(launch(true, false, {}, {"--tour"}));
    keys({"Next", "Next", "Home"});  // the quadratic's step, paused at t = 0
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.tour_caption.find("Squaring") != std::string::npos && l.time == 0.0; }))
        << "not at the quadratic's step, at t = 0: " << layout_.tour_caption;
    keys({"g"});
    ASSERT_TRUE(notice_shown("Snapped to a graze")) << "no notice of the snap";
    const Layout shown = layout_;
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    expect_bodies_clear_of_the_notice(shown, saved, dir_, "the notice");
}

// A teacher's review: back at the tour's tunnelling step after ], "This step as you left it" lay
// over the checks' outlines, the canvas's top right free beside it. The notice keeps off the
// checks where it can. Judge: each check's circles, at t = phase + k·dt from the scene written on
// exit, clear of the notice.
TEST_F(GuiTest, ANoticeKeepsOffTheChecksWhereItCan) {
    screen_size_ = {1280, 800};
    window_size_ = "1280x800";
    std::filesystem::create_directories(dir_.file("state"));
    dir_.write("state/ui-scale.txt", "1.5\n");
    ASSERT_NO_FATAL_FAILURE(launch(true, false, {}, {"--tour"}));
    keys({"Next", "bracketright", "Home", "Prior", "Next"});  // (the step comes back paused at t = 0, as left)
    ASSERT_TRUE(notice_shown("This step as you left it"));
    const Layout shown = layout_;
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    const double dt = saved.at("discrete").at("dt").get<double>();
    const double phase = saved.at("discrete").at("phase").get<double>();
    const double horizon = saved.at("time").at("horizon").get<double>();
    const glm::dvec4 notice = shown.widgets.at("notices");
    const glm::dvec2 low = shown.window_position + glm::dvec2(notice.x, notice.y);
    const glm::dvec2 high = shown.window_position + glm::dvec2(notice.z, notice.w);
    int checks = 0;
    for (double t = phase; t <= horizon; t += dt)
        for (int i = 0; i < 2; ++i) {
            const Body body = saved_body(saved, i);
            const glm::dvec2 centre = shown.to_screen(body.position + t * body.velocity);
            const double r = body.radius * shown.pixels_per_unit;
            ++checks;
            EXPECT_GE(glm::distance(glm::clamp(centre, low, high), centre), r)
                << "the check at t = " << t << " (body " << i << ") lies under the notice, " << str(low) << " to " << str(high);
        }
    EXPECT_GE(checks, 4) << "too few checks to judge by";
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

// The tunnelling preset's caption, shown as it opens, still said "checking only every dt = 0.5
// skips a contact" after U had made dt safe (a student's review): the notice goes with the edit
// that makes the caption outdated, as it goes after an edit of the bodies.
TEST_F(GuiTest, TheCaptionNoticeGoesOnceTheChecksAreMadeSafe) {
    ASSERT_NO_FATAL_FAILURE(launch());
    ASSERT_NO_FATAL_FAILURE(click_widget("menu_file"));
    ASSERT_NO_FATAL_FAILURE(click_widget("menu_open_preset"));
    ASSERT_NO_FATAL_FAILURE(click_widget("preset_tunnelling.json"));
    const std::string caption = Json::parse(read_file(std::string(TANGENT_SCENES_DIR) + "/tunnelling.json")).at("caption");
    const auto caption_shown = [&](const Layout& l) {
        return std::any_of(l.notices.begin(), l.notices.end(), [&](const std::string& n) { return n.find(caption) != std::string::npos; });
    };
    ASSERT_TRUE(layout_until(caption_shown)) << "the caption is not among the notices as the preset opens";
    keys({"u"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.unsaved; })) << "U changed nothing";
    EXPECT_TRUE(layout_until([&](const Layout& l) { return !caption_shown(l); })) << "the caption's notice stayed after U";
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
    ASSERT_TRUE(notice_shown("Snapped to a graze")) << "no notice of the snap";
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

    // at the first contact (J) the circles touch: "overlap" read as wrong, with no way back (a
    // student's review); the refusal says they touch, at which moment, and how to get back
    ASSERT_NO_FATAL_FAILURE(launch(false, false, scene.dump(2)));
    keys({"j", "g"});
    ASSERT_TRUE(layout_until([](const Layout& l) {
        return l.time > 0.0 &&
               std::any_of(l.notices.begin(), l.notices.end(), [](const std::string& n) { return n.starts_with("Snap to graze"); });
    })) << "no refusal at the first contact";
    {  // the first root of |Δp + tΔv| = R, in long double: J went there
        const Body a = saved_body(scene, 0), b = saved_body(scene, 1);
        const long double px = b.position.x - a.position.x, py = b.position.y - a.position.y;
        const long double vx = (long double)b.velocity.x - a.velocity.x, vy = (long double)b.velocity.y - a.velocity.y;
        const long double r = (long double)a.radius + b.radius;
        const long double qa = vx * vx + vy * vy, half_b = px * vx + py * vy, qc = px * px + py * py - r * r;
        const long double t_enter = qc / (-half_b + std::sqrt(half_b * half_b - qa * qc));
        EXPECT_NEAR(layout_.time, static_cast<double>(t_enter), 1e-9 * std::abs(static_cast<double>(t_enter))) << "J went to the first contact";
    }
    for (const std::string& n : layout_.notices)
        if (n.starts_with("Snap to graze")) {
            EXPECT_EQ(n.find("overlap"), std::string::npos) << n;
            EXPECT_NE(n.find("the circles touch (first contact)"), std::string::npos) << n;
            EXPECT_NE(n.find("Home"), std::string::npos) << n;
        }

    // a fast bullet (a recheck): the double nearest its t_enter lies a hair inside the contact,
    // and the refusal said "overlap"
    ASSERT_NO_FATAL_FAILURE(launch(false, false, bullet_scene(0.1).dump(2)));
    keys({"j", "g"});
    ASSERT_TRUE(layout_until([](const Layout& l) {
        return l.time > 0.0 &&
               std::any_of(l.notices.begin(), l.notices.end(), [](const std::string& n) { return n.starts_with("Snap to graze"); });
    })) << "no refusal at the bullet's first contact";
    for (const std::string& n : layout_.notices)
        if (n.starts_with("Snap to graze")) {
            EXPECT_EQ(n.find("overlap"), std::string::npos) << n;
            EXPECT_NE(n.find("the circles touch (first contact)"), std::string::npos) << n;
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

// U, [ and ] with the overlap check off did nothing and said nothing (a student's review): a key
// that does nothing reads as broken. Each says the check is off and how to turn it on.
TEST_F(GuiTest, TheChecksStepKeysSayWhenTheCheckIsOff) {
    ASSERT_NO_FATAL_FAILURE(launch());
    // each by its own words (U's notice is still up when [ is pressed)
    for (const auto& [key, words] : {std::pair<std::string, std::string>{"u", "U sets"}, {"bracketleft", "[ halves"}, {"bracketright", "] doubles"}}) {
        keys({key});
        EXPECT_TRUE(layout_until([&](const Layout& l) {
            return std::any_of(l.notices.begin(), l.notices.end(), [&](const std::string& n) {
                return n.starts_with(words) && n.find("T turns it on") != std::string::npos;
            });
        })) << key << " said nothing with the check off";
    }
}

}  // namespace
}  // namespace tangent::test

namespace tangent::test {
namespace {

// Thirty thousand accents on one letter (a name) passed Dear ImGui's 16-bit indices in one run
// of text and aborted the window, and a key of 100,000 characters in a notice took seconds to
// measure (a QA review). Judges: the window comes up, its notices say the key by its start and
// length and that the accents were left out, and it quits with the scene saved.
TEST_F(GuiTest, AHugeKeyAndAThousandAccentsOnALetterNeitherStallNorAbortTheWindow) {
    Json scene = Json::parse(scene_json());
    std::string marks;
    for (int i = 0; i < 30000; ++i) marks += "\xCC\x81";
    scene["bodies"][0]["label"] = "x" + marks;
    scene["caption"] = std::string(300000, 'x');
    scene[std::string(100000, 'k')] = 1;
    ASSERT_NO_FATAL_FAILURE(launch(true, false, scene.dump()));
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.notices.size() >= 2; })) << layout_.notices.size() << " notices";
    std::string all;
    for (const std::string& notice : layout_.notices) all += notice + "\n";
    EXPECT_NE(all.find("(a key of 100000 characters): unknown key, ignored"), std::string::npos) << all.substr(0, 400);
    EXPECT_NE(all.find("bodies[0].label: 29970 combining marks past 30"), std::string::npos) << all.substr(0, 400);
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved.at("caption").get<std::string>().size(), 300000u);
}

}  // namespace
}  // namespace tangent::test
