// End to end (gui_test.h): the session kept between runs: the autosave, restoring it, quitting with
// unsaved work, a crash, two windows, and the settings kept for the next start.

#include "gui_test.h"

namespace tangent::test {
namespace {

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

// A hand-editing review: after a start that found the session's file changed on disk, the
// window stopped watching it for the rest of the session: a later edit went unsaid, and Ctrl+S's
// Save As named the first change only. Judge: a second edit elsewhere is said.
TEST_F(GuiTest, AfterARestoreThatFoundTheFileChangedTheWatchGoesOn) {
    Json theirs = edited_elsewhere();
    ASSERT_NO_FATAL_FAILURE(edit_quit_without_saving_and_restart("2.25", [&] {
        std::ofstream(scene_path_, std::ios::trunc) << theirs.dump(2);
    }));
    ASSERT_NE(joined(layout_.notices).find("scene.json has changed on disk"), std::string::npos) << joined(layout_.notices);
    keys({"Escape"});
    std::this_thread::sleep_for(1500ms);
    theirs["bodies"][1]["radius"] = 0.75;
    write_elsewhere(scene_path_, theirs);
    EXPECT_TRUE(layout_until([](const Layout& l) {
        const std::string all = joined(l.notices);
        return all.find("since Tangent last opened or saved it") != std::string::npos;
    })) << "the second edit elsewhere went unsaid: " << joined(layout_.notices);
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

// A session that said it held unsaved work, its autosave deleted: the window opened on the
// default scene without a word (an outside review). It says the work could not be restored.
TEST_F(GuiTest, AMissingAutosaveOfUnsavedWorkIsSaid) {
    std::filesystem::create_directories(dir_.file("state"));
    dir_.write("state/session.json", R"({"file": null, "unsaved": true, "autosave_digest": "0123456789abcdef"})");
    open_scene_file_ = false;
    ASSERT_NO_FATAL_FAILURE(launch(false));
    EXPECT_TRUE(layout_until([&](const Layout& l) {
        return std::any_of(l.notices.begin(), l.notices.end(), [&](const std::string& n) {
            return n.find("could not be restored") != std::string::npos && n.find(dir_.file("state/autosave.json")) != std::string::npos;
        });
    })) << "no notice that the unsaved work is gone";
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

// The state folder removed while the window is open (by hand, or a cleaner; a robustness review):
// the window said "Another Tangent window now keeps the session" and autosaved nothing from then
// on, its quit question saying the session was not kept. There is no other window: the folder
// is made again and the next edit autosaved. Judge: the autosave file read back.
TEST_F(GuiTest, AnAutosaveRemovedWithItsFolderIsWrittenAgain) {
    ASSERT_NO_FATAL_FAILURE(launch(false));
    const std::string autosave = dir_.file("state/autosave.json");
    const auto wait_for_radius = [&](double radius, std::chrono::seconds limit) {
        const auto until = std::chrono::steady_clock::now() + limit;
        while (std::chrono::steady_clock::now() < until) {
            try {
                if (std::filesystem::exists(autosave) && saved_body(Json::parse(read_file(autosave)), 1).radius == radius) return true;
            } catch (const std::exception&) {
            }
            std::this_thread::sleep_for(200ms);
        }
        return false;
    };
    type_into("body_b_radius", "2.5");
    ASSERT_TRUE(wait_for_radius(2.5, 15s)) << "the premise: the first edit is autosaved";
    std::filesystem::remove_all(dir_.file("state"));
    type_into("body_b_radius", "3");
    EXPECT_TRUE(wait_for_radius(3.0, 15s)) << "B's radius 3 is not in the autosave written again";
    for (const std::string& notice : layout_.notices) EXPECT_EQ(notice.find("Another Tangent window"), std::string::npos) << notice;
    // a folder in its place: the autosave fails and says why, no other window blamed (a recheck)
    std::filesystem::remove(autosave);
    std::filesystem::create_directories(autosave + "/inside");
    type_into("body_b_radius", "3.5");
    EXPECT_TRUE(wait_until(
        [&] {
            layout_ = Layout::parse(read_file(layout_path_));
            return std::any_of(layout_.notices.begin(), layout_.notices.end(),
                               [](const std::string& n) { return n.find("autosave failed") != std::string::npos; });
        },
        15s))
        << "no notice of the failed autosave";
    for (const std::string& notice : layout_.notices) EXPECT_EQ(notice.find("Another Tangent window"), std::string::npos) << notice;
    std::filesystem::remove_all(autosave);
    type_into("body_b_radius", "3");
    EXPECT_TRUE(wait_for_radius(3.0, 15s)) << "the autosave did not come back once the folder went";
    keys({"ctrl+q"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("question_dont_save"); }));
    EXPECT_NE(layout_.question.find("is also kept"), std::string::npos) << layout_.question;
    ASSERT_NO_FATAL_FAILURE(click_widget("question_dont_save"));
    ASSERT_TRUE(app_->wait_for_exit(10s).has_value());
}

// The quit question from the keyboard (a keyboard-only student's review): no button was ringed
// and Tab did nothing, though Enter meant Save. Save is ringed as it opens, Tab rings the next,
// and Enter presses the ringed one: here Don't save. Judge: the scene file as it was (not saved
// over) and the window gone.
TEST_F(GuiTest, TabRingsTheQuitQuestionsButtonsAndEnterPressesTheRingedOne) {
    ASSERT_NO_FATAL_FAILURE(launch(false));
    const std::string before = read_file(scene_path_);
    type_into("body_b_radius", "2.5");
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.unsaved; }));
    keys({"ctrl+q"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("question_dont_save"); })) << "Ctrl+Q did not ask";
    EXPECT_NE(layout_.question.find("Save the changes"), std::string::npos) << layout_.question;
    // Shift+Tab goes back, round to Cancel (it went forward: a recheck): Enter then cancels
    keys({"shift+Tab", "Return"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return !l.widgets.contains("question_dont_save"); })) << "Shift+Tab, Enter did not cancel";
    std::this_thread::sleep_for(500ms);
    ASSERT_FALSE(app_->poll_exit().has_value()) << "Shift+Tab, Enter quit";
    keys({"ctrl+q"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("question_dont_save"); })) << "Ctrl+Q did not ask again";
    keys({"Tab", "Return"});
    ASSERT_TRUE(app_->wait_for_exit(10s).has_value()) << "Tab, Enter did not press Don't save";
    EXPECT_EQ(read_file(scene_path_), before) << "the scene was saved: Enter pressed Save, not the ringed Don't save";
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

// With HOME unset (and no other place named) the session, recent files, UI scale and theme were
// dropped without a word (a locale review). Judge: the notice shown at the start.
TEST_F(GuiTest, WithNowhereToKeepTheSessionTheWindowSaysSo) {
    no_state_place_ = true;
    ASSERT_NO_FATAL_FAILURE(launch(false));
    EXPECT_TRUE(layout_until([](const Layout& l) { return joined(l.notices).find("Nothing is kept for the next start") != std::string::npos; }))
        << joined(layout_.notices);
}

// A notice raised while the window waited for events (the autosave failing, found by the idle
// autosave) went unseen: the window drew no frame for it, and took it away unseen when its time
// was up (a code review). Judge: the notice in the layout report, which is written as a frame is
// drawn, with no input after the edit.
TEST_F(GuiTest, ANoticeRaisedWhileTheWindowWaitsIsShown) {
    ASSERT_NO_FATAL_FAILURE(launch(false));
    keys({"g"});  // an edit, autosaved
    const std::string autosave = dir_.file("state") + "/autosave.json";
    ASSERT_TRUE(wait_until([&] { return std::filesystem::exists(autosave); }, 10s)) << "no autosave";
    std::filesystem::remove(autosave);
    std::filesystem::create_directory(autosave);  // the next autosave cannot be written
    keys({"ctrl+z"});  // an edit to autosave; then nothing more
    // (the idle autosave comes within 10 s of the last)
    EXPECT_TRUE(wait_until([&] {
        layout_ = Layout::parse(read_file(layout_path_));
        const std::string notices = joined(layout_.notices);
        return notices.find("not being kept") != std::string::npos || notices.find("now keeps the session") != std::string::npos ||
               notices.find("autosave failed") != std::string::npos;
    }, 16s)) << "no notice drawn: " << joined(layout_.notices);
}

}  // namespace
}  // namespace tangent::test
