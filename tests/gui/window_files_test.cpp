// End to end (gui_test.h): files: new, open, presets, recent files, save and save as, files edited
// elsewhere, and the export dialog.

#include "gui_test.h"

namespace tangent::test {
namespace {

// New scene (Ctrl+N) over unsaved changes asks first; Esc (Cancel) keeps the work. It once
// replaced the scene at once, and undo does not reach past that.
TEST_F(GuiTest, NewSceneOverUnsavedWorkAsksFirst) {
    ASSERT_NO_FATAL_FAILURE(launch());
    const double ppu = layout_.pixels_per_unit;
    const glm::dvec2 new_center = drag_b_body();
    keys({"ctrl+n"});
    // (seen asking: else the test would pass were Ctrl+N to do nothing, a test audit)
    ASSERT_TRUE(layout_until([](const Layout& l) { return !l.question.empty(); })) << "Ctrl+N over unsaved work asked nothing";
    keys({"Escape"});
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

// "~/typed.json" in Save As's name field went to a folder named "~" in the current one, and
// failed (a file-system review): "~" is the home folder, as in a shell and desktop dialogs.
// Judge: the file in the home folder, with the scene's edit.
TEST_F(GuiTest, SaveAsTakesTildeForTheHomeFolder) {
    home_ = dir_.file("home");
    std::filesystem::create_directories(home_);
    ASSERT_NO_FATAL_FAILURE(launch());
    type_into("body_b_radius", "1.5");
    keys({"ctrl+shift+s"});
    ASSERT_NO_FATAL_FAILURE(click_widget("file_dialog_name"));
    x_->xdotool({"sleep", "0.2", "key", "ctrl+a", "sleep", "0.2"});
    type_more("~/typed.json", "Return");
    const std::string there = home_ + "/typed.json";
    ASSERT_TRUE(wait_until([&] { return std::filesystem::exists(there); }, 5s)) << "nothing saved in the home folder";
    EXPECT_EQ(saved_body(Json::parse(read_file(there)), 1).radius, 1.5);
    // "~//sub/x.json" as a shell reads it: the home folder's sub, not /sub (a code review)
    std::filesystem::create_directories(home_ + "/sub");
    keys({"ctrl+shift+s"});
    ASSERT_NO_FATAL_FAILURE(click_widget("file_dialog_name"));
    x_->xdotool({"sleep", "0.2", "key", "ctrl+a", "sleep", "0.2"});
    type_more("~//sub/x.json", "Return");
    EXPECT_TRUE(wait_until([&] { return std::filesystem::exists(home_ + "/sub/x.json"); }, 5s)) << "not in the home folder's sub";
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

// "~/Pictures/fig1" in Export Figure's name was a folder named "~" (the file dialogs took "~"
// already: a teacher's review). Judge: the figure in the home folder's Pictures.
TEST_F(GuiTest, ExportTakesTildeForTheHomeFolder) {
    home_ = dir_.file("home");
    std::filesystem::create_directories(home_ + "/Pictures");
    ASSERT_NO_FATAL_FAILURE(launch());
    keys({"ctrl+e"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("export_path"); })) << "no export window after Ctrl+E";
    type_into("export_path", "~/Pictures/fig1", "Return");
    const std::string figure = home_ + "/Pictures/fig1.png";
    ASSERT_TRUE(wait_until([&] { return std::filesystem::exists(figure); }, 20s)) << "no figure written to " << figure << ": "
                                                                                  << joined(layout_.notices);
    EXPECT_EQ(read_file(figure).substr(0, 4), "\x89PNG");
}

// The export dialog from the keyboard alone (a student without a touchpad could reach its text
// fields only: no theme, no check box, a keyboard-only review). Tab goes through its controls in
// order: width, height and scale open for typing, then the four themes, the two check boxes and
// the file's name; Space presses the ringed one. Judge: the PNG written, whose corner is the print
// theme's white paper (the scene's own theme is dark) and whose size is the one typed.
TEST_F(GuiTest, TheExportDialogWorksFromTheKeyboardAlone) {
    ASSERT_NO_FATAL_FAILURE(open_export_at_its_width());
    type_more("640", "");
    keys({"Tab", "Tab", "Tab", "Tab", "Tab", "Tab", "space"});  // height, scale, as shown, dark, light, print: pressed
    keys({"Tab", "Tab", "Tab"});  // the two check boxes, then the name, open for typing
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.typing; })) << "Tab did not reach the file's name";
    x_->xdotool({"key", "ctrl+a", "sleep", "0.15"});
    const std::string figure = dir_.file("keys.png");
    type_more(figure, "Return");
    ASSERT_TRUE(wait_until([&] { return std::filesystem::exists(figure); }, 20s)) << "no figure written to " << figure << ": "
                                                                                  << joined(layout_.notices);
    int width = 0;
    int height = 0;
    int channels = 0;
    unsigned char* pixels = stbi_load(figure.c_str(), &width, &height, &channels, 3);
    ASSERT_NE(pixels, nullptr) << "cannot read " << figure;
    EXPECT_EQ(width, 640) << "the width typed";
    const Rgb corner{pixels[0], pixels[1], pixels[2]};
    stbi_image_free(pixels);
    EXPECT_EQ(corner, parse_hex_color("#ffffff")) << "the print theme's paper, chosen with Space: " << to_string(corner);
}

// A width typed as "abc" in the export dialog went back to 1600 without a word. It is said under
// the fields, and the width stays. Judge: the layout report's message widget, then the PNG's width.
TEST_F(GuiTest, ANonNumberInTheExportDialogIsSaid) {
    ASSERT_NO_FATAL_FAILURE(open_export_at_its_width());
    type_more("abc", "Return");
    EXPECT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("export_field_message"); }))
        << "no message for a width typed as abc";
    const std::string figure = dir_.file("abc-width.png");
    type_into("export_path", figure, "Return");
    ASSERT_TRUE(wait_until([&] { return std::filesystem::exists(figure); }, 20s)) << "no figure written to " << figure;
    int width = 0, height = 0, channels = 0;
    unsigned char* pixels = stbi_load(figure.c_str(), &width, &height, &channels, 3);
    ASSERT_NE(pixels, nullptr);
    stbi_image_free(pixels);
    EXPECT_EQ(width, 1600) << "the width as it was before abc";
}

// A bare name typed in the export dialog was written to the folder tangent was started from,
// which the dialog shows nowhere ("Wrote kbfig.svg": a keyboard-only review). It goes in the
// folder the field showed: beside the scene file. Judge: the file on disk there, none in the
// working folder.
TEST_F(GuiTest, ABareExportNameGoesInTheFolderShown) {
    ASSERT_NO_FATAL_FAILURE(launch());
    keys({"ctrl+e"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("export_path"); })) << "no export window after Ctrl+E";
    const std::string name = "bare-name-" + std::to_string(::getpid()) + ".svg";
    type_into("export_path", name, "Return");
    const std::string figure = dir_.file(name);  // beside scene.json
    ASSERT_TRUE(wait_until([&] { return std::filesystem::exists(figure); }, 20s)) << "no figure written to " << figure << ": "
                                                                                  << joined(layout_.notices);
    EXPECT_FALSE(std::filesystem::exists(std::filesystem::current_path() / name)) << "written in the working folder too";
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
    type_into("export_path", dir_.file("fig-3.1"), "");  // (Enter would export: the button does)
    ASSERT_NO_FATAL_FAILURE(click_widget("export_button"));
    const std::string figure_3_1 = dir_.file("fig-3.1.png");
    ASSERT_TRUE(wait_until([&] { return std::filesystem::exists(figure_3_1); }, 20s)) << "no figure written to " << figure_3_1;
    EXPECT_EQ(read_file(figure_3), "figure 3") << "figure 3.1 went over figure 3";
    EXPECT_EQ(read_file(figure_3_1).substr(0, 4), "\x89PNG");

    keys({"ctrl+e"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("export_path"); })) << "no export window after Ctrl+E";
    type_into("export_path", figure_3, "");
    ASSERT_NO_FATAL_FAILURE(click_widget("export_button"));
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("export_replace_note"); }))
        << "no question before replacing a figure that exists";
    std::this_thread::sleep_for(1s);
    EXPECT_EQ(read_file(figure_3), "figure 3") << "the first press replaced the figure";
    ASSERT_NO_FATAL_FAILURE(click_widget("export_button"));
    ASSERT_TRUE(wait_until([&] { return read_file(figure_3).starts_with("\x89PNG"); }, 20s)) << "the second press did not replace it";

    // Enter in the name exports, as the button does (a keyboard-only review: the dialog could not
    // be finished without the mouse)
    keys({"ctrl+e"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("export_path"); })) << "no export window after Ctrl+E";
    type_into("export_path", dir_.file("by-enter"), "Return");
    const std::string by_enter = dir_.file("by-enter.png");
    ASSERT_TRUE(wait_until([&] { return std::filesystem::exists(by_enter); }, 20s)) << "Enter in the name wrote no " << by_enter;
    EXPECT_EQ(read_file(by_enter).substr(0, 4), "\x89PNG");

    // a folder typed gets a figure in it, not a file ".png" beside it
    std::filesystem::create_directories(dir_.file("figures"));
    keys({"ctrl+e"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("export_path"); })) << "no export window after Ctrl+E";
    type_into("export_path", dir_.file("figures") + "/", "");
    ASSERT_NO_FATAL_FAILURE(click_widget("export_button"));
    const std::string in_folder = dir_.file("figures/tangent-figure.png");
    ASSERT_TRUE(wait_until([&] { return std::filesystem::exists(in_folder); }, 20s)) << "no figure written to " << in_folder;
    EXPECT_FALSE(std::filesystem::exists(dir_.file("figures/.png")));

    // and an extension alone, the name left out, gets the same figure in the format it names
    keys({"ctrl+e"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("export_path"); })) << "no export window after Ctrl+E";
    type_into("export_path", dir_.file("figures/.svg"), "");
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

// A hand-editing review: the window sat untouched while the teacher typed in an editor, and the
// edit's notice never showed (stamped with Dear ImGui's clock, which stands still while the window
// waits for events: the first frame after the wait made it old at once). Judge: the notice shown.
TEST_F(GuiTest, AnEditElsewhereAfterALongIdleIsSaid) {
    ASSERT_NO_FATAL_FAILURE(launch());
    std::this_thread::sleep_for(12s);  // longer than the notice lives
    write_elsewhere(scene_path_, edited_elsewhere());
    EXPECT_TRUE(layout_until(says_reopened)) << "no notice after an idle window: " << joined(layout_.notices);
}

// An edit elsewhere to what is shown ("plot": true typed in the file) is taken: it was kept from
// the window, and the next save wrote false over it (a hand-editing review). An unknown key that
// comes with it is said, as on opening. Judge: the scene written on exit, the notices.
TEST_F(GuiTest, AnEditElsewhereToWhatIsShownIsTakenAndItsWarningsSaid) {
    ASSERT_NO_FATAL_FAILURE(launch());
    Json theirs = edited_elsewhere();
    theirs["show"]["plot"] = true;
    theirs["bodies"][1]["colour"] = "#ff0000";
    write_elsewhere(scene_path_, theirs);
    ASSERT_TRUE(layout_until(says_reopened)) << joined(layout_.notices);
    EXPECT_TRUE(layout_until([](const Layout& l) { return joined(l.notices).find("bodies[1].colour") != std::string::npos; }))
        << "no word on the unknown key: " << joined(layout_.notices);
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_TRUE(saved.at("show").value("plot", false)) << "the plot asked for in the file was dropped";
}

// An edit elsewhere while this window has an unsaved edit is said and not taken; once the edit
// here is undone, nothing here is unsaved and the file is reopened as it is (the window stayed on
// the old scene, clean, and said nothing again: a hand-editing review). Judge: the notices, and
// the scene written on exit.
TEST_F(GuiTest, AnEditElsewhereSaidBesideUnsavedEditsIsTakenOnceTheyAreUndone) {
    ASSERT_NO_FATAL_FAILURE(launch());
    type_into("body_a_radius", "1.75");
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.unsaved; }));
    write_elsewhere(scene_path_, edited_elsewhere());
    ASSERT_TRUE(layout_until([](const Layout& l) { return joined(l.notices).find("has changed on disk") != std::string::npos; }))
        << joined(layout_.notices);
    EXPECT_FALSE(says_reopened(layout_)) << "reopened over an unsaved edit: " << joined(layout_.notices);
    keys({"ctrl+z"});
    ASSERT_TRUE(layout_until(says_reopened)) << "not reopened once the edit here was undone: " << joined(layout_.notices);
    EXPECT_FALSE(layout_.unsaved);
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved_body(saved, 1).radius, 0.5) << "the scene on exit is not the file as edited elsewhere";
    EXPECT_NE(saved_body(saved, 0).radius, 1.75) << "the undone edit came back";
}

// A teacher in Germany: with a dash in the file's name ("Stoß – Aufgabe 3.json") the title stayed
// on "Tangent" (SDL converts it through the C library's locale, and in the "C" locale that failed),
// so the task bar named no file and never showed the unsaved '*' (a locale review). Judge: the
// title as the window manager reads it (xdotool: _NET_WM_NAME).
TEST_F(GuiTest, TheTitleNamesAFileWithADashInItsName) {
    const std::string name = "Stoß – Aufgabe 3.json";
    const std::string path = dir_.write(name, scene_json());
    open_scene_file_ = false;
    ASSERT_NO_FATAL_FAILURE(launch(false, false, {}, {path}));
    EXPECT_EQ(title_until(name + " - Tangent"), name + " - Tangent");
    keys({"g"});  // an edit: snap to graze
    EXPECT_EQ(title_until(name + " * - Tangent"), name + " * - Tangent");
}

// A file whose name is not UTF-8 (a Latin-1 "é" from an old system): Dear ImGui read the byte as
// the start of a character and swallowed what followed ("Saved lat?son"), and the title did too
// (a file-system review). The byte is written \xE9. Judge: the notice and the title as shown.
TEST_F(GuiTest, AFileNameThatIsNotUtf8IsShownWhole) {
    const std::string name = "lat\xE9x.json";
    const std::string path = dir_.write(name, scene_json());
    open_scene_file_ = false;
    ASSERT_NO_FATAL_FAILURE(launch(false, false, {}, {path}));
    EXPECT_EQ(title_until("lat\\xE9x.json - Tangent"), "lat\\xE9x.json - Tangent");
    keys({"g", "ctrl+s"});  // an edit, saved: "Saved lat\xE9x.json"
    EXPECT_TRUE(layout_until([](const Layout& l) { return joined(l.notices).find("Saved lat\\xE9x.json") != std::string::npos; }))
        << joined(layout_.notices);
}

// A file named on a Mac ("Việt.json" as "Vie" + U+0323 + U+0302 + "t.json": its accents kept apart)
// was shown as written: the dot and the circumflex drawn one over the other, as in the window's
// names. Its name is now shown composed, and the file saved is still the one with its own bytes.
// Judge: the title and the notice as shown, and the folder's files after the save.
TEST_F(GuiTest, AFileNameWithItsAccentsApartIsShownComposed) {
    const std::string name = "Vie\xCC\xA3\xCC\x82t.json";  // decomposed (NFD)
    const std::string shown = "Vi\xE1\xBB\x87t.json";         // U+1EC7: composed (NFC)
    const std::string path = dir_.write(name, scene_json());
    open_scene_file_ = false;
    ASSERT_NO_FATAL_FAILURE(launch(false, false, {}, {path}));
    EXPECT_EQ(title_until(shown + " - Tangent"), shown + " - Tangent");
    keys({"g", "ctrl+s"});  // an edit, saved
    EXPECT_TRUE(layout_until([&](const Layout& l) { return joined(l.notices).find("Saved " + shown) != std::string::npos; }))
        << joined(layout_.notices);
    EXPECT_FALSE(std::filesystem::exists(dir_.file(shown))) << "saved under the composed name, beside the file";
    EXPECT_NE(read_file(path), scene_json()) << "the file itself was not saved";
}

// F12 twice in one second (before and after J: the start and the contact) wrote the second
// picture over the first, under the same time-stamped name (a file-system review). Three presses
// in well under a second (two of them always share one). Judge: the files in ~/Pictures, three
// PNGs, each different.
TEST_F(GuiTest, F12ThriceInASecondKeepsEveryPicture) {
    home_ = dir_.file("home");
    std::filesystem::create_directories(home_ + "/Pictures");
    ASSERT_NO_FATAL_FAILURE(launch(false));
    x_->xdotool({"key", "F12", "key", "j", "sleep", "0.1", "key", "F12", "key", "k", "sleep", "0.1", "key", "F12"});
    std::vector<std::string> pictures;
    wait_until([&] {
        pictures.clear();
        for (const auto& entry : std::filesystem::directory_iterator(home_ + "/Pictures"))
            if (entry.path().extension() == ".png") pictures.push_back(entry.path().string());
        return pictures.size() >= 3;
    }, 10s);
    ASSERT_EQ(pictures.size(), 3u) << "F12 three times left " << pictures.size() << " picture(s)";
    for (std::size_t i = 0; i < 3; ++i)
        EXPECT_NE(read_file(pictures[i]), read_file(pictures[(i + 1) % 3])) << pictures[i] << " and " << pictures[(i + 1) % 3];
}

// F12 over Open did nothing and said nothing (a robustness review): it writes the canvas's
// picture, as it does with Help in front, and the dialog stays open. Judge: a PNG in ~/Pictures,
// and the layout report's dialog.
TEST_F(GuiTest, F12OverTheOpenDialogSavesThePicture) {
    home_ = dir_.file("home");
    std::filesystem::create_directories(home_ + "/Pictures");
    ASSERT_NO_FATAL_FAILURE(launch(false));
    keys({"ctrl+o"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("file_dialog_name"); })) << "Ctrl+O opened no dialog";
    keys({"F12"});
    std::vector<std::string> pictures;
    wait_until([&] {
        pictures.clear();
        for (const auto& entry : std::filesystem::directory_iterator(home_ + "/Pictures"))
            if (entry.path().extension() == ".png") pictures.push_back(entry.path().string());
        return !pictures.empty();
    }, 10s);
    EXPECT_EQ(pictures.size(), 1u) << "F12 over Open left " << pictures.size() << " picture(s)";
    EXPECT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("file_dialog_name"); })) << "the dialog closed";
    keys({"Escape"});
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

// A keyboard user had no way out of the Export figure window (a student's review): Help and the
// derivation close with Esc, and so does it.
TEST_F(GuiTest, EscClosesTheExportDialog) {
    ASSERT_NO_FATAL_FAILURE(launch());
    keys({"ctrl+e"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("export_window"); })) << "Ctrl+E opened no export dialog";
    keys({"Escape"});
    EXPECT_TRUE(layout_until([](const Layout& l) { return !l.widgets.contains("export_window"); })) << "Esc left the export dialog open";
}

}  // namespace
}  // namespace tangent::test
