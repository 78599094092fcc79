// End to end (gui_test.h): the side panel's fields: typing exact values, refused and checked
// values said under their field, undo steps of typed edits, and the panels' words at large scales.

#include <charconv>

#include "gui_test.h"

namespace tangent::test {
namespace {

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

// The signs Tangent itself writes (the derivation's "−" and "·", copied) typed after Ctrl+A
// (a robustness review): a character with no key of its own arrives with no key press, and the
// Ctrl of the Ctrl+A, long released, dropped it as a shortcut's: "−2.5" entered 2.5, "2·3" 23,
// with no word. Judge: the values the texts mean, worked out by hand, in the saved scene.
TEST_F(GuiTest, SignsWithNoKeyOfTheirOwnAreTypedAfterCtrlA) {
    ASSERT_NO_FATAL_FAILURE(launch());
    type_into("body_a_position_x", "\u22122.5");  // −2.5
    type_into("body_a_position_y", "2\u00b73");   // 2·3
    type_into("body_b_radius", "\u221a4\u00d70.25");  // √4×0.25
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.unsaved; }));
    EXPECT_TRUE(layout_.field_messages.empty()) << layout_.field_messages.begin()->second;
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved_body(saved, 0).position, glm::dvec2(-2.5, 6.0));
    EXPECT_EQ(saved_body(saved, 1).radius, 0.5);
}

// A value with more digits than its field shows reads "0.12345678…", and the box opened for
// typing held that text, "…" and all: its digits could not be read, and a digit typed at its end
// was refused (a keyboard-only student's review). The box opens with every digit. Judge: the
// digits typed after End, read by strtod from the value's own shortest round-trip text.
TEST_F(GuiTest, ABoxOpensWithEveryDigitOfAValueShownCut) {
    Json scene = Json::parse(scene_json());
    const double y = 0.12345678901234568;
    scene["bodies"][1]["position"][1] = y;
    ASSERT_NO_FATAL_FAILURE(launch(true, false, scene.dump()));
    const glm::dvec2 at = widget_center("body_b_position_y");
    x_->xdotool({"mousemove", std::to_string(std::lround(at.x)), std::to_string(std::lround(at.y)), "mousedown", "9", "mouseup", "9",
                 "sleep", "0.2", "click", "--repeat", "2", "--delay", "80", "1"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.typing; })) << "the double-click opened no box";
    x_->xdotool({"key", "End", "sleep", "0.15"});
    type_more("9", "Return");
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.unsaved; }));
    EXPECT_TRUE(layout_.field_messages.empty()) << layout_.field_messages.begin()->second;
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    // the value's shortest round-trip digits (std::to_chars), then the 9 typed after them
    char digits[40] = {};
    std::to_chars(digits, digits + sizeof digits - 1, y);
    const double shortest_then_9 = std::strtod((std::string(digits) + "9").c_str(), nullptr);
    EXPECT_EQ(saved_body(saved, 1).position.y, shortest_then_9);
    EXPECT_NE(shortest_then_9, y) << "the premise: the digit typed changes the value";
}

// A field open for typing is ringed as a Tab stop is (a keyboard-only student's review: among
// twenty grey fields, a selected "0" and a 1-px caret were all that showed where typing goes).
// Judge: the screen's pixels just above and below the field, before and after it opens: the
// panel's dark background, then the light ring (the text's colour).
TEST_F(GuiTest, AFieldOpenForTypingIsRinged) {
    ASSERT_NO_FATAL_FAILURE(launch(false));
    const glm::dvec4 field = layout_.widgets.at("body_a_position_x") + glm::dvec4(layout_.window_position, layout_.window_position);
    const auto brightness = [](const RgbImage& image, double x, double y) {
        const Rgb c = image.at(static_cast<int>(std::lround(x)), static_cast<int>(std::lround(y)));
        return (c.r + c.g + c.b) / 3;
    };
    const double middle = 0.5 * (field.x + field.z);
    const std::vector<glm::dvec2> edges = {{middle, field.y - 1.0}, {middle, field.w}, {field.x - 1.0, 0.5 * (field.y + field.w)}};
    const RgbImage before = screenshot("closed.png");
    for (const glm::dvec2 p : edges) ASSERT_LT(brightness(before, p.x, p.y), 90) << "the premise: a dark panel at " << p.x << ", " << p.y;
    const glm::dvec2 at((field.x + field.z) * 0.5, (field.y + field.w) * 0.5);
    x_->xdotool({"mousemove", std::to_string(std::lround(at.x)), std::to_string(std::lround(at.y)), "mousedown", "9", "mouseup", "9",
                 "sleep", "0.2", "click", "--repeat", "2", "--delay", "80", "1"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.typing; })) << "the double-click opened no box";
    std::this_thread::sleep_for(300ms);
    const RgbImage open = screenshot("open.png");
    for (const glm::dvec2 p : edges) EXPECT_GT(brightness(open, p.x, p.y), 180) << "no ring at " << p.x << ", " << p.y;
    // and Save As's name field, where what is typed goes as the dialog opens (it showed no caret,
    // selection or ring): ringed against the dialog's dark padding beside it
    keys({"Escape", "ctrl+shift+s"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("file_dialog_name"); })) << "no Save As";
    std::this_thread::sleep_for(300ms);
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("file_dialog_name"); }));  // (where it settled)
    const glm::dvec4 name = layout_.widgets.at("file_dialog_name") + glm::dvec4(layout_.window_position, layout_.window_position);
    const RgbImage dialog = screenshot("save-as.png");
    const double y = 0.5 * (name.y + name.w);
    EXPECT_LT(brightness(dialog, name.x - 5.0, y), 90) << "the premise: the dialog's dark padding left of the name";
    EXPECT_GT(brightness(dialog, name.x - 1.0, y), 180) << "no ring left of Save As's name field";
    EXPECT_GT(brightness(dialog, 0.5 * (name.x + name.z), name.w), 180) << "no ring under Save As's name field";
}

// Shift+arrows and Ctrl+A in a text field (a label) from keys sent in a burst (a recheck): Dear
// ImGui 1.86's backend read the modifiers from SDL's state after the burst, Shift and Ctrl long
// released: Shift+Left moved the caret and selected nothing, Ctrl+A did not select. Judge: the
// label saved, the selection replaced by what was typed over it.
TEST_F(GuiTest, ShiftArrowsAndCtrlASelectInALabel) {
    Json scene = Json::parse(scene_json());
    scene["bodies"][0]["label"] = "A";
    scene["bodies"][1]["label"] = "B";
    ASSERT_NO_FATAL_FAILURE(launch(true, false, scene.dump()));
    ASSERT_TRUE(layout_.widgets.contains("body_b_label")) << "B's label is not on the screen";
    click_widget("body_b_label");
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.typing; })) << "the click opened no typing";
    x_->xdotool({"key", "End", "sleep", "0.15"});
    type_more("cd", "");
    keys({"shift+Left", "shift+Left"});
    type_more("X", "Return");  // over "cd"
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.unsaved && !l.typing; }));
    click_widget("body_a_label");
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.typing; }));
    keys({"ctrl+a"});
    type_more("Z", "Return");  // over all of it
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved.at("bodies").at(1).at("label"), "BX") << "Shift+Left selected nothing";
    EXPECT_EQ(saved.at("bodies").at(0).at("label"), "Z") << "Ctrl+A selected nothing";
}

// Text that fills the field and is no number is said not to be a number, not "the text fills the
// field (63 characters) … type 1e65": a letter and its accents are no long number (a QA review).
// Judge: the message under the field, and every byte of it well-formed UTF-8 (a full field's last
// accent may be cut in two).
TEST_F(GuiTest, AFullFieldOfTextIsSaidToBeNoNumber) {
    ASSERT_NO_FATAL_FAILURE(launch());
    std::string text = "Z";
    for (int i = 0; i < 40; ++i) text += "\xCC\x81";  // 81 bytes: past the field's 63
    type_into("body_a_radius", text);
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.field_messages.contains("body_a_radius"); }))
        << "no message under A's radius";
    const std::string& message = layout_.field_messages.at("body_a_radius");
    EXPECT_NE(message.find("is not a number"), std::string::npos) << message;
    EXPECT_EQ(message.find("fills the field"), std::string::npos) << message;
    for (std::size_t i = 0; i < message.size();) {
        const auto lead = static_cast<unsigned char>(message[i]);
        const std::size_t length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0;
        ASSERT_GT(length, 0u) << "a stray continuation byte at " << i;
        ASSERT_LE(i + length, message.size()) << "a character cut at the end";
        for (std::size_t k = 1; k < length; ++k) ASSERT_EQ(static_cast<unsigned char>(message[i + k]) & 0xC0, 0x80) << "cut at " << i;
        i += length;
    }
}

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

// Help scrolls by a drag on its text, as on a phone: a whiteboard has no wheel and no keys, and
// the drag moved the window instead (a review); the window moves by its title bar. Judge: the
// layout report's rectangles of Help's first paragraph and of the window.
TEST_F(GuiTest, HelpScrollsByADragOnItsText) {
    ASSERT_NO_FATAL_FAILURE(launch(false));
    keys({"F1"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("help_intro"); })) << "F1 opened no Help";
    const glm::dvec4 window = layout_.widgets.at("help_window");
    const glm::dvec4 intro = layout_.widgets.at("help_intro");
    const glm::dvec2 from = rounded(glm::dvec2(0.5 * (intro.x + intro.z), intro.w + 40.0));
    ASSERT_LT(from.y + 10.0, window.w) << "no room below the first paragraph";
    drag(*x_, from, from - glm::dvec2(0.0, 120.0));
    EXPECT_TRUE(layout_until([&](const Layout& l) { return l.widgets.contains("help_intro") && l.widgets.at("help_intro").y < intro.y - 60.0; }))
        << "the text did not scroll: its first paragraph at " << layout_.widgets.at("help_intro").y << ", from " << intro.y;
    const glm::dvec4 after = layout_.widgets.at("help_window");
    EXPECT_EQ(after.x, window.x) << "the drag moved the window";
    EXPECT_EQ(after.y, window.y) << "the drag moved the window";
}

// dt halved and doubled at a tap, as [ and ] do (a whiteboard has no keys, and a tap on the
// logarithmic slider jumps: a review). Judge: the scene written on quitting: 0.5 halved once,
// doubled twice, and the phase kept at its share of the step.
TEST_F(GuiTest, DtsHalveAndDoubleButtonsStepItAsTheKeysDo) {
    Json scene = Json::parse(scene_json());
    scene["discrete"] = {{"enabled", true}, {"dt", 0.5}, {"phase", 0.25}};
    ASSERT_NO_FATAL_FAILURE(launch(true, false, scene.dump(2)));
    // (halve once, double twice: 1, which neither button alone, nor a click lost, would give)
    ASSERT_NO_FATAL_FAILURE(scroll_into_view("discrete_halve"));
    click(widget_center("discrete_halve"));
    ASSERT_NO_FATAL_FAILURE(scroll_into_view("discrete_double"));
    click(widget_center("discrete_double"));
    click(widget_center("discrete_double"));
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved.at("discrete").at("dt").get<double>(), 1.0);
    EXPECT_EQ(saved.at("discrete").at("phase").get<double>(), 0.5);
}

// [ and ] halve and double dt exactly, wherever it lies: clamped to the slider's span (a
// thousandth of the horizon up), "halve" after "use the safe dt" (0.004 over a horizon of 10) made
// dt 0.01, 2.5 times larger (a game-dev teacher's review). Judge: the scene written on quitting,
// dt and φ as the exact scalings of the file's, beyond the horizon too (the one check moves from φ
// to 2φ).
TEST_F(GuiTest, HalvingAndDoublingDtAreExactBelowTheSlidersSpan) {
    Json scene = Json::parse(scene_json());
    const double dt = 0.004, phase = 0.003;  // the horizon is 10: the slider starts at 0.01
    scene["discrete"] = {{"enabled", true}, {"dt", dt}, {"phase", phase}};
    ASSERT_NO_FATAL_FAILURE(launch(true, false, scene.dump(2)));
    keys({"bracketleft", "bracketright", "bracketright", "bracketright"});
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved.at("discrete").at("dt").get<double>(), dt * 4.0);
    EXPECT_EQ(saved.at("discrete").at("phase").get<double>(), phase * 4.0);
}

TEST_F(GuiTest, DoublingADtBeyondTheHorizonIsExactToo) {
    Json scene = Json::parse(scene_json());
    scene["discrete"] = {{"enabled", true}, {"dt", 12.0}, {"phase", 1.0}};
    ASSERT_NO_FATAL_FAILURE(launch(true, false, scene.dump(2)));
    keys({"bracketright"});
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved.at("discrete").at("dt").get<double>(), 24.0);
    EXPECT_EQ(saved.at("discrete").at("phase").get<double>(), 2.0);  // (the one check moves with it, from φ to 2φ)
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

// At UI scales 1.25 and 1.5 in a 1024x768 window (the side panel is then 40% of it) the panel
// cut its own words off: "Check for overlap only every c", "Fit view (I" (a teacher's rehearsal);
// at 2, "immovable" read "immo" and the check's box ran past the screen (another). The checkboxes,
// with their labels, and the buttons lie whole inside the panel.
TEST_F(GuiTest, TheSidePanelsWordsStayWholeAtAProjectorsScale) {
    window_size_ = "1024x768";
    const std::string preset = read_file(std::string(TANGENT_SCENES_DIR) + "/tunnelling.json");
    ASSERT_NO_FATAL_FAILURE(launch(false, false, preset));
    keys({"ctrl+equal"});  // 1.1
    // (1.75 asked for is held at the window's 1024 / 640 = 1.6)
    for (const double scale : {1.25, 1.5, 1.6}) {
        keys({"ctrl+equal"});
        ASSERT_TRUE(layout_until([&](const Layout& l) { return std::abs(l.ui_scale - scale) < 0.02; })) << "UI scale " << layout_.ui_scale;
        ASSERT_TRUE(layout_until([](const Layout& l) {
            return l.widgets.contains("side_panel") && l.widgets.contains("discrete_enabled") && l.widgets.contains("fit_view_button") &&
                   l.widgets.contains("derivation_button") && l.widgets.contains("body_a_immovable");
        }));
        const glm::dvec4 panel = layout_.widgets.at("side_panel");
        for (const char* name : {"discrete_enabled", "fit_view_button", "derivation_button", "body_a_immovable", "body_b_immovable"}) {
            const glm::dvec4 w = layout_.widgets.at(name);
            EXPECT_LE(w.z, panel.z - 0.5) << name << " runs " << w.z - panel.z << " px past the panel at UI scale " << scale;
            EXPECT_GE(w.x, panel.x) << name;
        }
    }
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
    // (checked, not dropped: the field says why, as after Enter)
    EXPECT_TRUE(layout_until([](const Layout& l) {
        return l.field_messages.contains("body_a_radius") && l.field_messages.at("body_a_radius").find("-1") != std::string::npos;
    })) << "no message under A's radius after '-1' and Tab";
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved_body(saved, 0).radius, kRadiusA) << "A's radius after '-1' and Tab";
}

// Tab pressed right after the last character (a quick typist, a slow renderer): the character
// still queued for the field was lost when Tab closed it first ("0.75" entered "0.7": a code
// review). Judge: the scene saved.
TEST_F(GuiTest, TabRightAfterTypingKeepsTheLastCharacter) {
    ASSERT_NO_FATAL_FAILURE(launch());
    type_into("body_a_radius", "", "");
    x_->xdotool({"type", "--delay", "1", "--", "0.75"});
    x_->xdotool({"key", "Tab", "sleep", "0.4", "key", "Escape", "sleep", "0.3"});
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved_body(saved, 0).radius, 0.75) << "A's radius after 0.75 and a quick Tab";
}

// A keyboard-only review: at the start Tab opened no field (Dear ImGui's Tab needs its window
// focused, by a click), and after Enter it started over at the first field. From the keyboard
// alone now: Tab opens the first field, A's position x; after Enter, Tab the next, y; Shift+Tab
// the one before, x again; and F1 opens Help while a field is typed in. Judge: the scene saved.
TEST_F(GuiTest, TheKeyboardAloneReachesTheFieldsInTurn) {
    ASSERT_NO_FATAL_FAILURE(launch());
    keys({"Tab"});
    type_more("3", "Return");
    keys({"Tab"});
    type_more("4", "Return");
    keys({"shift+Tab"});
    type_more("5", "");
    keys({"F1"});
    EXPECT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("help_window"); })) << "F1 while typing opened no Help";
    // the typing goes on in the field, Help open beside it (opening, Help took the keyboard: the
    // field closed at "5", and "+1" zoomed the view: a code review)
    type_more("+1", "Return");
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    const Body a = saved_body(saved, 0);
    EXPECT_EQ(a.position.x, 6.0) << "A's position x: after y, Shift+Tab, 5, F1, +1, Enter";
    EXPECT_EQ(a.position.y, 4.0) << "A's position y: Tab after the Enter in x, 4";
}

// A keyboard-only review: Tab reached the number fields alone; the check boxes ("immovable",
// "loop"), the buttons (Jump to contact) and the headers took the mouse. Tab now rings them in
// its order, and Space or Enter presses the one ringed (Space plays only when none is). Judge:
// the scene saved (A's mass, the loop, the time) against `tangent analyze`'s t_enter.
TEST_F(GuiTest, TabRingsCheckBoxesAndButtonsForSpaceOrEnter) {
    const ProcessResult analysis = run_process({TANGENT_BINARY, "analyze", dir_.write("judge.json", scene_json()), "--json"});
    ASSERT_EQ(analysis.exit_code, 0) << analysis.err;
    const double t_enter = Json::parse(analysis.out).at("t_enter").get<double>();
    ASSERT_NO_FATAL_FAILURE(launch());
    // Shift+Tab at the start opens the last field, the time bar's speed; left as it was, the "loop"
    // box after it (Space), then Jump to contact (Enter)
    keys({"shift+Tab"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.typing; })) << "Shift+Tab opened no field";
    keys({"Tab", "space", "Tab", "Return"});
    // A's radius typed as it was, then Tab: its mass, then its "immovable" box (Space)
    type_into("body_a_radius", "1", "Tab");
    keys({"Tab", "space"});
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    const Json& a = saved.at("bodies").at(0);
    EXPECT_EQ(a.at("mass"), "infinite") << "Space on the ringed \"immovable\" box left A's mass at " << a.at("mass");
    EXPECT_FALSE(saved.at("time").at("loop").get<bool>()) << "Space on the ringed \"loop\" box left it on";
    EXPECT_EQ(saved.at("time").at("current").get<double>(), t_enter) << "Enter on the ringed Jump to contact";
}

// A low-vision review at 2560 x 1440 and 192 dpi: the window opened at 1280 x 800 and UI scale
// 1, its text about 5 pt (SDL reads no DPI from Xvfb's or some drivers' XRandR outputs). The
// display's scale now comes from the desktop's Xft.dpi (what GNOME and KDE set, and the user's
// word even on a dense screen), else SDL's reading, else the X screen's size; and the default
// window grows with it. Judge: the layout report's UI scale, and the canvas wider than a
// 1280-pixel window's could be.
TEST_F(GuiTest, TheWindowTakesTheDisplaysDpi) {
    screen_size_ = {2560, 1440};
    xvfb_dpi_ = 192;
    window_size_.clear();  // tangent's own size
    ASSERT_NO_FATAL_FAILURE(launch());
    EXPECT_EQ(layout_.ui_scale, 2.0);
    EXPECT_GT(layout_.canvas_size.x, 1280.0) << "the window did not grow with the scale";
    EXPECT_LE(layout_.window_position.x + layout_.canvas_size.x, 2560.0) << "the window runs off the screen";
    app_->stop();
    // the desktop's own setting: 144 dpi at a screen of 100
    xvfb_dpi_ = 0;
    x_resources_ = "Xft.antialias:\t1\nXft.dpi:\t144\n";
    ASSERT_NO_FATAL_FAILURE(launch());
    EXPECT_EQ(layout_.ui_scale, 1.5);
    app_->stop();
    // and a user's 96 on a 192-dpi screen is the user's choice
    xvfb_dpi_ = 192;
    x_resources_ = "Xft.dpi: 96";
    ASSERT_NO_FATAL_FAILURE(launch());
    EXPECT_EQ(layout_.ui_scale, 1.0);
}

// A teacher at a whiteboard (one finger, no keys) tapped the UI scale slider aiming at 2× and got
// 2.62×, and the View menu, rebuilt at the new size, stayed open with another item under the
// finger, toggled by the next tap (a review). The menu has 1×, 1.5×, 2× and 3× to tap, and closes
// once a scale is chosen by a tap. Judge: the layout report's UI scale and its widgets.
TEST_F(GuiTest, TheViewMenusScalePresetsSetTheScaleAndCloseTheMenu) {
    ASSERT_NO_FATAL_FAILURE(launch(false));
    for (const auto& [widget, scale] : {std::pair{"view_ui_scale_2", 2.0}, std::pair{"view_ui_scale_1.5", 1.5}, std::pair{"view_ui_scale_1", 1.0}}) {
        click(widget_center("menu_view"));
        ASSERT_TRUE(layout_until([&](const Layout& l) { return l.widgets.contains(widget); })) << "no " << widget << " in the View menu";
        click(widget_center(widget));
        EXPECT_TRUE(layout_until([&](const Layout& l) { return l.ui_scale == scale && !l.widgets.contains("view_ui_scale"); }))
            << widget << ": UI scale " << layout_.ui_scale << (layout_.widgets.contains("view_ui_scale") ? ", the menu still open" : "");
    }
}

// A physics teacher's review: "immovable" ticked and unticked gave the body a mass of 1, not the
// 4 it had; and "inf" typed for a wall got only "unknown name 'inf'", with no way to the box
// beside the field. Judge: the scene saved, and the field's message in the layout report.
TEST_F(GuiTest, ImmovableTickedAndUntickedGivesTheMassBack) {
    ASSERT_NO_FATAL_FAILURE(launch());
    type_into("body_b_mass", "inf");
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.field_messages.contains("body_b_mass"); })) << "no message for 'inf'";
    EXPECT_NE(layout_.field_messages.at("body_b_mass").find("tick immovable"), std::string::npos)
        << layout_.field_messages.at("body_b_mass");
    type_into("body_b_mass", "4");
    ASSERT_TRUE(layout_until([](const Layout& l) { return !l.field_messages.contains("body_b_mass") && !l.typing; }));
    click_widget("body_b_immovable");
    ASSERT_TRUE(layout_until([](const Layout& l) { return !l.widgets.contains("body_b_mass"); })) << "ticked, the mass field stayed";
    click_widget("body_b_immovable");
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("body_b_mass"); })) << "unticked, no mass field";
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved.at("bodies").at(1).at("mass"), 4.0) << "unticked, B's mass is " << saved.at("bodies").at(1).at("mass");
}

// A header from the keyboard: Shift+Tab from the first field rings the header above it, Bodies,
// and Enter folds it. Judge: the layout's widgets (A's position field gone, and back after Space).
TEST_F(GuiTest, EnterOnARingedHeaderFoldsIt) {
    ASSERT_NO_FATAL_FAILURE(launch());
    keys({"Tab", "shift+Tab", "Return"});
    EXPECT_TRUE(layout_until([](const Layout& l) { return !l.widgets.contains("body_a_position") && !l.typing; }))
        << "Enter on the ringed Bodies header left the bodies' fields shown";
    keys({"space"});
    EXPECT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("body_a_position"); }))
        << "Space on the ringed Bodies header did not unfold it";
    EXPECT_EQ(layout_.time, 0.0) << "Space played with a header ringed";
}

// A keyboard-only review: a ring on a control that went out of sight (its panel hidden by F11)
// kept Space and Enter, so Space no longer played, and the press held fired on the control once
// it was drawn again (a header folded by itself). The ring now goes with its control. Judge: the
// layout (playing, the Bodies header still open).
TEST_F(GuiTest, ARingGoesWithItsControl) {
    ASSERT_NO_FATAL_FAILURE(launch());
    keys({"Tab", "shift+Tab", "F11"});  // the Bodies header ringed, then the side panel hidden
    ASSERT_TRUE(layout_until([](const Layout& l) { return !l.widgets.contains("bodies_header"); })) << "F11 left the side panel";
    keys({"space"});
    EXPECT_TRUE(layout_until([](const Layout& l) { return l.time > 0.0; })) << "Space did not play with the ring's control hidden";
    keys({"space", "F11"});
    EXPECT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("body_a_position"); }))
        << "the Bodies header folded by itself when shown again";
}

// Help in front of the side panel (at a projector's UI scale it covers it): Tab went on through
// the fields and buttons behind it, out of sight, and Enter pressed them (Snap to graze). With
// Help open, Tab goes through Help's own stops (none). Judge: no field opens; the scene saved is
// the scene opened.
TEST_F(GuiTest, TabKeepsToHelpWhileItIsOpen) {
    ASSERT_NO_FATAL_FAILURE(launch());
    keys({"F1"});
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("help_window"); })) << "F1 opened no Help";
    keys({"Tab"});
    EXPECT_FALSE(layout_until([](const Layout& l) { return l.typing; })) << "Tab opened a field behind Help";
    // Tab and Enter in turn, round the whole order behind Help (about 40 stops: the buttons and
    // check boxes among them would each change the scene), and nothing changes
    std::vector<std::string> presses;
    for (int i = 0; i < 45; ++i) presses.insert(presses.end(), {"Tab", "Return"});
    keys(presses);
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("help_window"); })) << "Help closed";
    EXPECT_FALSE(layout_.unsaved) << "Tab and Enter behind Help changed the scene";
}

// A teacher's review, the tour's bounce step: K jumped to t_closest = 4, the closest approach of
// the paths without the bounce, where the bodies had long bounced apart and no d_min is drawn.
// With the bounce, K goes to the bounce, the nearest they come, and says why. Judge: `tangent
// analyze --json`'s response time and t_closest.
TEST_F(GuiTest, KWithTheBounceGoesToTheBounce) {
    const std::string scene = read_file(std::string(TANGENT_SCENES_DIR) + "/unequal.json");
    const ProcessResult analysis = run_process({TANGENT_BINARY, "analyze", dir_.write("unequal.json", scene), "--json"});
    ASSERT_EQ(analysis.exit_code, 0) << analysis.err;
    const Json answer = Json::parse(analysis.out);
    const double bounce = answer.at("response").at("time").get<double>();
    ASSERT_GT(answer.at("t_closest").get<double>(), bounce) << "the premise: the closest approach comes after the bounce";
    ASSERT_NO_FATAL_FAILURE(launch(false, false, scene));
    keys({"k"});
    EXPECT_TRUE(layout_until([&](const Layout& l) { return l.time == bounce; })) << "K went to t = " << layout_.time << ", not the bounce";
    EXPECT_TRUE(std::any_of(layout_.notices.begin(), layout_.notices.end(),
                            [](const std::string& n) { return n.find("without it") != std::string::npos; }))
        << "no word on why K did not go to t_closest";
}

// B turns the bounce on and opens its header, which on a laptop's panel lay below the edge, its
// table of velocities, momentum and energy out of sight (a physics teacher's review). The header
// is now scrolled up into sight. Judge: the layout report's place of the header, with room below.
TEST_F(GuiTest, BShowsTheBouncesTable) {
    ASSERT_NO_FATAL_FAILURE(launch());
    ASSERT_TRUE(layout_until([](const Layout& l) { return l.widgets.contains("response_header"); }));
    const double below_edge = layout_.widgets.at("response_header").w;
    ASSERT_GT(below_edge, kScreenHeight) << "the premise: the header starts out of sight";
    keys({"b"});
    EXPECT_TRUE(layout_until([](const Layout& l) {
        return l.widgets.contains("response_impulse") && l.widgets.at("response_impulse").w < kScreenHeight;
    })) << "B left the bounce's table out of sight: its header's bottom at " << layout_.widgets.at("response_header").w;
    EXPECT_GT(layout_.widgets.at("response_header").y, 0.0) << "scrolled past the header";
}

// The pitfalls lab's rows are radio buttons, out of Tab's reach (a keyboard-only review): L draws
// the articles' formulas in turn, none after the last, and says which. Judge: the scene file saved
// after each L (Ctrl+S): each of the five formulas the scene format names, once, then none.
TEST_F(GuiTest, LDrawsThePitfallFormulasInTurn) {
    ASSERT_NO_FATAL_FAILURE(launch());
    const auto drawn = [&] {
        const Json scene = Json::parse(read_file(scene_path_));
        return scene.contains("show") && scene.at("show").contains("pitfall") ? scene.at("show").at("pitfall").get<std::string>()
                                                                               : std::string();
    };
    std::vector<std::string> seen;
    for (int press = 0; press < 6; ++press) {
        const std::string before = read_file(scene_path_);
        keys({"l", "ctrl+s"});
        ASSERT_TRUE(wait_until([&] { return read_file(scene_path_) != before; }, 5s)) << "L then Ctrl+S changed nothing, press " << press;
        seen.push_back(drawn());
    }
    EXPECT_EQ(seen.back(), "") << "a formula still drawn after the last";
    seen.pop_back();
    std::vector<std::string> sorted = seen;
    std::sort(sorted.begin(), sorted.end());
    const std::vector<std::string> formulas{"exact-zero", "missing-radius", "precedence", "swapped-square", "textbook"};
    EXPECT_EQ(sorted, formulas) << "L should draw each formula once";
    EXPECT_TRUE(std::any_of(layout_.notices.begin(), layout_.notices.end(), [](const std::string& n) { return n.starts_with("Pitfalls lab"); }) ||
                layout_until([](const Layout& l) {
                    return std::any_of(l.notices.begin(), l.notices.end(), [](const std::string& n) { return n.starts_with("Pitfalls lab"); });
                }))
        << "no notice saying what L drew";
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
    // one Ctrl+Z undoes y alone (x typed and entered before it: else the test would pass were
    // neither ever entered, a test audit); judge: the file Ctrl+S writes
    const std::string before = read_file(scene_path_);
    keys({"ctrl+z", "ctrl+s"});
    ASSERT_TRUE(wait_until([&] { return read_file(scene_path_) != before; }, 5s)) << "Ctrl+S wrote nothing";
    const Body after_one = saved_body(Json::parse(read_file(scene_path_)), 0);
    EXPECT_EQ(after_one.position.x, 3.0) << "x, typed as 3, after one Ctrl+Z";
    EXPECT_EQ(after_one.position.y, kPositionA.y) << "y, typed as 4, after one Ctrl+Z";
    keys({"ctrl+z"});
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

// Ctrl+= for a larger UI while a name was being typed also typed "=" into it (a teacher's review:
// "Nguyễn Thị Ánh=", and "-6=" refused in a number field). A character typed with Ctrl held is
// the shortcut's alone. Judge: the name saved, and the UI scale in the layout report.
TEST_F(GuiTest, CtrlEqualsWhileTypingEnlargesTheUiAndTypesNothing) {
    ASSERT_NO_FATAL_FAILURE(launch());
    const double scale = layout_.ui_scale;
    type_into("body_a_label", "Zofia", "");
    x_->xdotool({"key", "ctrl+equal", "sleep", "0.3", "key", "ctrl+minus", "sleep", "0.3", "key", "ctrl+equal", "sleep", "0.5",
                 "key", "Return", "sleep", "0.5"});
    EXPECT_TRUE(layout_until([&](const Layout& l) { return l.ui_scale > scale; })) << "Ctrl+= did not enlarge the UI";
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved.at("bodies").at(0).at("label").get<std::string>(), "Zofia");
}

// A name of 41 characters typed in was refused whole when the field was left, and the old name
// came back with its reason drawn nowhere (a teacher's review), though the canvas had shown it cut
// to 40 while typing. It is kept cut to 40, and a note under the field says so. Judge: the name
// saved, and the field's message in the layout report.
TEST_F(GuiTest, ANameTooLongIsCutAndSaid) {
    ASSERT_NO_FATAL_FAILURE(launch());
    const std::string typed = "Aleksandra Konstantynowicz-Szczepanska Jr";  // 41 characters
    ASSERT_EQ(typed.size(), 41u);
    type_into("body_a_label", typed);
    EXPECT_TRUE(layout_until([](const Layout& l) {
        return l.field_messages.contains("body_a_label") && l.field_messages.at("body_a_label").find("at most 40 characters") != std::string::npos;
    })) << "no message under the field";
    EXPECT_TRUE(layout_.widgets.contains("body_a_label_message")) << "the message is not drawn";
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved.at("bodies").at(0).at("label").get<std::string>(), typed.substr(0, 40));
}

// A keyboard that sends a letter and its accent apart ("e", then U+0301) gave a name drawn with
// the accent where the font puts it for a small letter, over a capital, and Vietnamese's two marks
// one over the other. What is typed is kept composed, as a file's names are read. Judge: the
// name saved, against its composed form.
TEST_F(GuiTest, ANameTypedWithItsAccentsApartIsKeptComposed) {
    ASSERT_NO_FATAL_FAILURE(launch());
    type_into("body_a_label", "A\xCC\x81nh Vie\xCC\xA3\xCC\x82t");  // A + U+0301, e + U+0323 + U+0302
    const Json saved = quit_and_read_saved();
    ASSERT_FALSE(saved.is_null());
    EXPECT_EQ(saved.at("bodies").at(0).at("label").get<std::string>(), "\xC3\x81nh Vi\xE1\xBB\x87t");  // U+00C1, U+1EC7
}

}  // namespace
}  // namespace tangent::test
