// One frame of the window: its layout, the keyboard shortcuts, the menu bar, and the help
// window that lists the keys. The panels it lays out are in panels.cpp, the canvas in canvas.cpp.

#include <SDL_keycode.h>
#include <imgui.h>
#include <imgui_internal.h>  // ClearActiveID: a document command closes a text box first; ClosePopupsExceptModals

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <span>
#include <utility>

#include "app.h"
#include "core/format.h"
#include "draw/theme.h"
#include "embedded/embedded.h"
#include "scene/scene_file.h"

namespace tangent::ui {

namespace {

ImVec4 to_imvec(const Rgba& c) { return {c.r, c.g, c.b, c.a}; }

struct Shortcut {
    const char* keys;
    const char* what;
};

// What the canvas draws, for a student who sees it for the first time (the keys alone said how
// to drive it, not how to read it: an education researcher's review)
constexpr Shortcut kPictureKey[] = {
    {"Solid line, marks", "where each centre goes from t = 0 on; the marks are evenly spaced in time (a round step, "
                                   "such as 1, 2 or 5 time units, chosen by the zoom), some numbered with their time"},
    {"Faint dashed line", "where each centre came from, before t = 0"},
    {"Arrow", "the velocity: its tip is where the centre will be one time unit later (10 or more for a long scene, "
              "less for a short one: the velocity field's (?) says)"},
    {"Dashed circles (t_enter, t_exit)", "both circles at the first contact, and where they would part if they passed through each "
                                         "other; the dot is the point of contact, the short arrow the contact normal"},
    {"Dotted circles (d_min)", "both circles at their closest approach; d_min is the distance between the centres then (the "
                               "rims are d_min − R apart)"},
    {"Badge", "the case (HIT, GRAZE, MISS, RECEDING, OVERLAPPING, STATIC) and the sign of the discriminant D"},
    {"Dotted lines and arrows from the contact (B)", "the bounce: where each centre goes after it, and its velocity then (the "
                                                     "slim dotted arrow; its tip one arrow time on, as for the solid arrows)"},
    {"Faint outlines, crossed ones (T)", "the overlap check at each step dt: vermillion (orange-red) and crossed where it finds the "
                                         "circles overlapping; shaded "
                                     "capsules show the sweep between the two checks on either side of a contact they missed"},
};

constexpr Shortcut kShortcuts[] = {
    {"Drag a circle", "move it"},
    {"Drag an arrow tip", "set its velocity"},
    {"Ctrl-drag a circle, or press, hold and drag", "pull its velocity out of its centre (a circle at rest)"},
    {"Drag a rim", "set its radius"},
    {"Shift while dragging", "snap to the grid"},
    {"Drag the empty canvas (or right- or middle-drag)", "pan the view"},
    {"Mouse wheel", "zoom at the cursor"},
    {"Sideways swipe, or Shift+wheel", "pan left / right"},
    {"Esc while dragging", "drop the drag: what was dragged goes back"},
    {"Double-click a field", "type an exact value (or Ctrl+click it): 1/3, 2*pi, sqrt(2)/2, (1+2)^2 ...; "
                             "Enter, Tab or a click elsewhere enters it, Esc drops it"},
    {"Tab / Shift+Tab", "the next / previous field, button, check box or header (the side panel's, then the time bar's; after the one "
                        "last left; the first field at the start): a field opens for typing, the others get a ring"},
    {"Space or Enter", "press the ringed button, check box or header (Esc or a click drops the ring)"},
    {"F", "fit the view to the paths and the contact (and the time plot to its whole story)"},
    {"+ / -", "zoom in / out"},
    {"Space", "play / pause"},
    {"Left / Right", "step back / forward (check by check with the overlap check on); to go to a time, Ctrl+click the time "
                     "slider and type it"},
    {"Home / End", "go to the start / the horizon"},
    {"J", "jump to first contact"},
    {"K", "jump to the closest approach"},
    {"G", "snap to graze (turn B's velocity so that D = 0; B keeps its place at the time shown)"},
    {"R", "relative frame: A held still with radius R, B a point (and back)"},
    {"H", "hide / show the answers: the canvas asks the question (no case, closest approach or contact), for the class to predict first"},
    {"P", "the time plot of f(t) = a t² + b t + c: drag its cursor, wheel to zoom, right- or middle-drag to pan, double-click to reset"},
    {"B", "collision response on / off (they bounce at first contact); in presentation mode Shift+B, and B or . blanks the screen, as a presenter remote's black-screen button does (any key or click brings it back)"},
    {"T", "overlap check every dt on / off (tunnelling)"},
    {"[ / ]", "with the overlap check on: halve / double dt (the phase keeps its share of the step)"},
    {"U", "with the overlap check on: use the safe dt"},
    {"L", "pitfalls lab: draw the next of the articles' formulas' first contact beside Tangent's (none after the last)"},
    {"Ctrl+Z", "undo"},
    {"Ctrl+Shift+Z, Ctrl+Y", "redo"},
    {"Ctrl+= / Ctrl+- / Ctrl+0", "larger / smaller / default UI"},
    {"Ctrl+N / Ctrl+O", "new scene / open a scene file (or drop one on the window)"},
    {"Ctrl+S / Ctrl+Shift+S", "save / save as"},
    {"Ctrl+E", "export a figure (PNG or SVG; Enter in its file name exports, Esc closes the dialog)"},
    {"F12", "save the canvas as a PNG in ~/Pictures (else ~)"},
    {"F11", "presentation mode: full screen, everything larger (twice on a 1080-line screen); F11 again or Esc leaves it (during the tour, Esc ends the tour first)"},
    {"F2", "the derivation from |Δp + tΔv| = R to the roots, with the scene's numbers (Esc closes it)"},
    {"Page Down / Page Up", "next / previous step of the guided tour (Esc ends it, Page Down takes it up again where it was); with no tour, scroll Help or the derivation by a page"},
    {"Down / Up", "scroll Help or the derivation"},
    {"F10, or Alt+F / E / V / H", "open the menus from the keyboard: Up / Down choose, Left / Right go to the next menu (or into and out "
                                  "of a submenu), Enter takes the item, Esc leaves"},
    {"F1", "this help (Esc closes it)"},
    {"Ctrl+Q", "quit"},
};

}  // namespace

// In presentation mode, a Menu button in the canvas's top-right corner: what the keys do there
// for a teacher with a touch screen or a whiteboard only (a review: nothing on the screen left
// presentation mode, nor showed the answers again).
void App::presenting_menu(FrameRequests& requests) {
    const ImGuiStyle& style = ImGui::GetStyle();
    const float pad = style.WindowPadding.x;
    ImGui::SetNextWindowPos(ImVec2(static_cast<float>(canvas_origin_.x + canvas_size_.x) - pad, static_cast<float>(canvas_origin_.y) + pad),
                            ImGuiCond_Always, ImVec2(1.0f, 0.0f));
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoBackground;
    ImGui::Begin("##presenting_menu", nullptr, flags);
    if (ImGui::Button("Menu") || std::exchange(open_presenting_menu_, false)) ImGui::OpenPopup("presenting_menu_popup");
    note_widget("presenting_menu");
    presenting_menu_rect_ = glm::dvec4(ImGui::GetItemRectMin().x, ImGui::GetItemRectMin().y, ImGui::GetItemRectMax().x,
                                       ImGui::GetItemRectMax().y);
    // under the button, right-aligned with it, however it was opened (by a key it opened where
    // the pointer rested, over the scene)
    ImGui::SetNextWindowPos(ImVec2(ImGui::GetItemRectMax().x, ImGui::GetItemRectMax().y + style.ItemSpacing.y), ImGuiCond_Appearing,
                            ImVec2(1.0f, 0.0f));
    const bool opened = ImGui::BeginPopup("presenting_menu_popup");
    presenting_menu_open_ = opened;
    // opened by a key: its first item lit at once, arrows and Enter to choose; the keyboard's
    // navigation ends with the menu (as the bar's does)
    if (opened && keyboard_menu_ && menu_highlight_frames_ > 0) {
        --menu_highlight_frames_;
        GImGui->NavDisableHighlight = false;
        GImGui->NavDisableMouseHover = true;
    }
    if (!opened && keyboard_menu_) {
        keyboard_menu_ = false;
        ImGui::GetIO().ConfigFlags &= ~ImGuiConfigFlags_NavEnableKeyboard;
        GImGui->NavDisableHighlight = true;
    }
    if (opened) {
        if (ImGui::MenuItem(answers_hidden_ ? "Show the answers (H)" : "Hide the answers (H)")) toggle_answers();
        note_widget("presenting_answers");
        if (ImGui::MenuItem("Fit view (F)")) fit_view_and_plot();
        // (a whiteboard has no wheel and no keys: a review)
        if (ImGui::MenuItem("Zoom in (+)")) zoom_view(kZoomStep);
        note_widget("presenting_zoom_in");
        if (ImGui::MenuItem("Zoom out (-)")) zoom_view(1.0 / kZoomStep);
        if (ImGui::MenuItem(scene_.show.relative_frame ? "World frame (R)" : "Relative frame (R)")) toggle_relative_frame();
        // a slip of the finger undone, a graze and the tunnelling lesson, all without leaving
        // presentation mode (a whiteboard teacher's review: there was no Undo here)
        ImGui::Separator();
        if (ImGui::MenuItem((history_item(false) + " (Ctrl+Z)###presenting_undo").c_str(), nullptr, false, history_.can_undo())) undo();
        note_widget("presenting_undo");
        if (ImGui::MenuItem((history_item(true) + " (Ctrl+Y)###presenting_redo").c_str(), nullptr, false, history_.can_redo())) redo();
        if (ImGui::MenuItem("Snap to graze (G)")) snap_to_graze();
        if (ImGui::MenuItem(scene_.discrete.enabled ? "Hide the overlap checks (T)" : "Show the overlap checks at a step dt (T)"))
            set_checks(!scene_.discrete.enabled);
        note_widget("presenting_checks");
        if (scene_.discrete.enabled) {
            if (ImGui::MenuItem("Halve dt ([)")) scale_step(0.5);
            if (ImGui::MenuItem("Double dt (])")) scale_step(2.0);
            if (ImGui::MenuItem("Use the safe dt (U)")) use_safe_step();
        }
        ImGui::Separator();
        if (tour_) {
            if (ImGui::MenuItem("End the tour (Esc)")) end_tour();
            note_widget("presenting_end_tour");
        } else if (ended_tour_) {
            const std::string again = "Take up the tour again at step " + std::to_string(ended_tour_->step + 1) + " (Page Down)";
            if (ImGui::MenuItem(again.c_str())) resume_tour();
        }
        if (ImGui::MenuItem("Leave presentation mode (F11)")) request_presenting(false, requests);
        note_widget("presenting_leave");
        ImGui::EndPopup();
    }
    ImGui::End();
}

FrameRequests App::frame(double dt_seconds) {
    FrameRequests requests;
    hint_pending_ = false;
    // a drag that scrolled a menu ends without picking the item under the finger (Dear ImGui's
    // menu items act on a release over them: a whiteboard teacher's review)
    if (menu_drag_scrolled_ && ImGui::GetIO().MouseReleased[ImGuiMouseButton_Left]) ImGui::GetIO().MouseReleased[ImGuiMouseButton_Left] = false;
    if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) menu_drag_scrolled_ = false;
    widget_rects_.clear();
    question_text_.clear();
    if (std::exchange(enter_presentation_, false) && !presenting_) {
        presenting_ = true;
        requests.fullscreen = true;
        requests.rebuild_fonts = true;
    }
    // presentation mode's scale follows the window's height, known only from the first frame
    // (set before it, as by `--tour`, it would get the smallest factor) and changed by going full screen
    const float lines = ImGui::GetIO().DisplaySize.y;
    // (forgotten out of it: F11 again found the screen's height unchanged since the first time,
    // and kept the scale it took from the window's height on the frame F11 was pressed, 1.48 in
    // place of 2 on a 1080-line projector: a lecturer's review)
    if (!presenting_) presentation_lines_ = 0.0f;
    if (presenting_ && lines > 0.0f && lines != presentation_lines_) {
        presentation_lines_ = lines;
        requests.rebuild_fonts = true;
    }
    // a click anywhere, the wheel (which may scroll it out of sight), the file dialog take the
    // keys from the control Tab ringed; so does its going (pressed away, hidden), or Help, the
    // derivation or the export dialog opening in front of it (whose own controls Tab then rings;
    // a question takes the keys while it is open)
    number_fields_.begin_frame(tab_scope());
    const ImGuiIO& io = ImGui::GetIO();
    if (std::any_of(std::begin(io.MouseClicked), std::end(io.MouseClicked), [](bool b) { return b; }) || io.MouseWheel != 0.0f ||
        io.MouseWheelH != 0.0f || file_dialog_.visible())
        number_fields_.drop_ring();
    watch_file();
    reanalyze_if_changed();
    if (playing_ && !drag_) {
        time_ += dt_seconds * scene_.time.speed;
        if (time_ > scene_.time.horizon) {
            if (scene_.time.loop) {
                time_ = 0.0;
            } else {
                time_ = scene_.time.horizon;
                playing_ = false;
            }
        }
    }
    shortcuts(requests);
    animate_frame(dt_seconds);
    if (presenting_) {
        menu_bar_height_ = 0.0f;  // projector mode: the canvas, its badge and the time bar
    } else {
        menu_bar(requests);
        if (show_side_panel_) side_panel();
    }
    time_bar();
    canvas();
    if (presenting_) presenting_menu(requests);
    if (show_help_) help_window();
    derivation_window();
    tour_bar();
    file_dialog();
    export_dialog(requests);
    quit_dialog(requests);
    replace_dialog();
    // what was typed in a field whose panel closed as it was left: checked and undoable as any edit
    if (const std::optional<NumberFields::Outcome> orphan = number_fields_.take_orphan()) {
        if (orphan->error) notify("The field you were typing in: " + *orphan->error, true, "orphan");
        if (orphan->note) notify("The field you were typing in: " + *orphan->note);
        if (orphan->committed) enter_field_edit("orphan");
    }
    if (std::exchange(quit_after_typing_, false)) requests.quit = requests.quit || request_quit();
    draw_notices();
    if (blanked_) {
        // black over everything, the canvas's shapes and the panels alike; and a window over
        // everything too, that the pointer is over: the click that brings the picture back then
        // reaches nothing under it (a tap stepped the tour on), and the wheel, which does not
        // bring it back, zooms nothing unseen (a recheck)
        const ImVec2 size = ImGui::GetIO().DisplaySize;
        ImGui::GetForegroundDrawList()->AddRectFilled(ImVec2(0.0f, 0.0f), size, IM_COL32(0, 0, 0, 255));
        ImGui::SetNextWindowPos(ImVec2(0.0f, 0.0f));
        ImGui::SetNextWindowSize(size);
        ImGui::Begin("##blank", nullptr,
                     ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoNav |
                         ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoFocusOnAppearing);
        ImGui::BringWindowToDisplayFront(ImGui::GetCurrentWindow());
        ImGui::End();
    }
    autosave(false);
    keys_ = std::move(keys_next_frame_);
    keys_next_frame_.clear();
    // a scale chosen but not applied, once nothing is held: the keyboard's arrows moved the View
    // menu's slider and Esc closed the menu with it, the value kept and saved, the window at the
    // old scale (a recheck)
    if (!requests.rebuild_fonts && !ImGui::IsMouseDown(ImGuiMouseButton_Left) && !ImGui::IsAnyItemActive() &&
        combined_ui_scale() != ui_scale_)
        requests.rebuild_fonts = true;
    if (requests.rebuild_fonts) {
        const float before = ui_scale_;
        ui_scale_ = combined_ui_scale();
        // a larger scale asked for in presentation mode, held at the screen's limit: say why
        if (presenting_ && user_scale_ > remembered_user_scale_ && ui_scale_ <= before && ui_scale_ < dpi_scale_ * user_scale_ * presentation_factor()) {
            char text[160];
            std::snprintf(text, sizeof text, "Presentation mode keeps the text at %.3g× on this screen, so that the picture keeps its room",
                          static_cast<double>(ui_scale_));
            notify(text, false, kPresentationNotice);
        }
        // And in a window too small for the scale asked (a low-vision review: at 3× in 1280×720 the
        // derivation showed no line): held, and said, one notice at a time (each Ctrl+= stacked
        // another), gone once the hold no longer binds or in presentation mode (where it was
        // stale), said when the scale is chosen and held (Ctrl+− then changed nothing, silently:
        // a QA recheck), and at the start only where the hold takes a tenth or more.
        const float asked = dpi_scale_ * user_scale_;
        const bool held = !presenting_ && ui_scale_ < asked;
        const auto unsay = [this] { std::erase_if(notices_, [](const Notice& n) { return n.field == kUiScaleNotice; }); };
        if (!held) unsay();
        if (held && (user_scale_ != remembered_user_scale_ || (!scale_hold_said_ && ui_scale_ < 0.9f * asked))) {
            unsay();
            scale_hold_said_ = true;
            char text[220];
            std::snprintf(text, sizeof text,
                          "At this window's size the text is held at %.3g× (%.3g× asked for), so that the panels and the picture "
                          "keep their room: a larger window gives more",
                          static_cast<double>(ui_scale_), static_cast<double>(asked));
            notify(text, false, kUiScaleNotice);
        }
    }
    if (user_scale_ != remembered_user_scale_ && session_.usable() && !ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
        // kept for the next start once chosen (not at every step of a slider's drag)
        remembered_user_scale_ = user_scale_;
        if (auto error = session_.remember_ui_scale(user_scale_)) notify("Could not keep the UI scale: " + error->message, true);
    }
    return requests;
}

void App::shortcuts(FrameRequests& requests) {
    const ImGuiIO& io = ImGui::GetIO();
    // A question is open (unsaved changes, quit) or a menu: its own keys answer it, and no
    // shortcut acts behind it (else Page Down moves the tour on under "Unsaved changes" and drops
    // the very edits the question is about).
    // The menus from the keyboard (a student without a working touchpad could reach none of the
    // commands that have no key of their own: a review): F10 opens the bar's first menu, Alt and
    // a menu's initial that menu; then Dear ImGui's keyboard navigation runs (arrows, Enter or
    // Space, Esc) until the menus close.
    ImGuiIO& nav_io = ImGui::GetIO();
    const bool any_popup = ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel);
    // ← or → that Dear ImGui could not move along (a menu's top level: it closes the menu) goes
    // to the menu beside it on the bar, round from the last to the first, as desktop menus do
    static constexpr const char* kBar[] = {"File", "Edit", "View", "Help"};
    if (menu_step_ != 0 && !any_popup && menu_to_open_.empty()) {
        const auto at = std::find_if(std::begin(kBar), std::end(kBar), [&](const char* m) { return menu_step_from_ == m; });
        if (at != std::end(kBar)) {
            const auto index = (static_cast<int>(at - std::begin(kBar)) + menu_step_ + 4) % 4;
            menu_to_open_ = kBar[index];
        }
    }
    menu_step_ = 0;
    // the menu key asked for by F10 or Alt and a menu's initial (Num Lock and Caps Lock aside)
    const auto menu_key = [](const KeyPress& key) -> const char* {
        const int held = key.modifiers & (KMOD_CTRL | KMOD_SHIFT | KMOD_ALT | KMOD_GUI);
        if (key.keycode == SDLK_F10 && held == 0) return "File";
        if (held != KMOD_LALT && held != KMOD_RALT && held != KMOD_ALT) return nullptr;
        switch (key.keycode) {
            case SDLK_f: return "File";
            case SDLK_e: return "Edit";
            case SDLK_v: return "View";
            case SDLK_h: return "Help";
            default: return nullptr;
        }
    };
    if (keyboard_menu_ && any_popup && !open_bar_menu_.empty()) {
        for (const KeyPress& key : keys_) {
            if (key.keycode == SDLK_LEFT || key.keycode == SDLK_RIGHT) {
                menu_step_ = key.keycode == SDLK_LEFT ? -1 : 1;
                menu_step_from_ = open_bar_menu_;
            } else if (const char* menu = menu_key(key)) {
                // F10 again closes the menus; Alt and another menu's initial goes to that menu
                ImGui::ClosePopupsExceptModals();
                if (key.keycode != SDLK_F10 && open_bar_menu_ != menu) menu_to_open_ = menu;
                return;
            }
        }
    }
    if (keyboard_menu_) nav_io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    else nav_io.ConfigFlags &= ~ImGuiConfigFlags_NavEnableKeyboard;
    // Esc with a menu of the bar open closes the menu only (with the navigation on, Dear ImGui
    // has closed it already: Help behind it closed too, a recheck); the innermost first
    const bool escape = std::any_of(keys_.begin(), keys_.end(), [](const KeyPress& k) { return k.keycode == SDLK_ESCAPE; });
    // (and presentation mode's Menu: Esc left presentation mode with it, opened by F10: a recheck)
    if (escape && (!open_bar_menu_.empty() || (presenting_ && presenting_menu_open_))) {
        ImGui::ClosePopupsExceptModals();
        return;
    }
    // F10 again closes presentation mode's Menu, opened by a key
    if (presenting_ && keyboard_menu_ && any_popup)
        for (const KeyPress& key : keys_)
            if (key.keycode == SDLK_F10) {
                ImGui::ClosePopupsExceptModals();
                return;
            }
    // A menu by its key: the bar's, or in presentation mode (no bar there) its one Menu, whose
    // list of the keys was out of reach without a pointer (a keyboard-only student's review).
    // Not during a drag (a menu's Snap to graze acted mid-drag, and its undo steps crossed the
    // drag's: a recheck); from a field typed in, the field is left as by Enter and the menu
    // opens next frame.
    const bool dragging_now = drag_.has_value() || (ImGui::IsAnyItemActive() && ImGui::IsMouseDown(ImGuiMouseButton_Left));
    if (!dragging_now && !any_popup) {
        for (const KeyPress& key : keys_) {
            const char* menu = menu_key(key);
            if (menu == nullptr) continue;
            if (io.WantTextInput && !key.deferred) {
                ImGui::ClearActiveID();
                keys_next_frame_.push_back({key.keycode, key.modifiers, true});
                return;
            }
            if (presenting_) {
                open_presenting_menu_ = true;
            } else {
                menu_to_open_ = menu;
            }
            keyboard_menu_ = true;
            menu_highlight_frames_ = 2;
            nav_io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
            return;
        }
    }
    if (ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel)) {
        // (a question that opens on a blank screen, the quit question from the window manager,
        // shows: its keys must not answer it unseen, a code review)
        blanked_ = false;
        // Esc closes an open menu, as it closes Help and the derivation (Dear ImGui does so only
        // with keyboard navigation on); a question stays for its own buttons
        if (escape) ImGui::ClosePopupsExceptModals();
        // F12 writes the canvas's picture, as it does with Help or Export in front (it did
        // nothing, and said nothing, over Open and Save As: a robustness review)
        if (std::any_of(keys_.begin(), keys_.end(), [](const KeyPress& k) { return k.keycode == SDLK_F12; })) screenshot(requests);
        return;
    }
    // While a drag is held (a body, an arrow, a rim, a slider), only Esc acts: Ctrl+Z mid-drag
    // would undo the edit before it, and the release then record the drag over that undo, so the
    // edit could never be undone again; T or G mid-drag would make a step of a place never let go at.
    const bool dragging = drag_.has_value() || (ImGui::IsAnyItemActive() && ImGui::IsMouseDown(ImGuiMouseButton_Left));
    if (blanked_) {
        // the next key brings the picture back, and only that (as slide software does: a Page
        // Down pressed to come back does not also move the tour on); a whole chord, not its
        // Ctrl or Shift alone (Ctrl+Z then undid as it brought the picture back: a recheck)
        const auto modifier = [](const KeyPress& k) {
            switch (k.keycode) {
                case SDLK_LSHIFT: case SDLK_RSHIFT: case SDLK_LCTRL: case SDLK_RCTRL:
                case SDLK_LALT: case SDLK_RALT: case SDLK_LGUI: case SDLK_RGUI: return true;
                default: return false;
            }
        };
        if (!std::all_of(keys_.begin(), keys_.end(), modifier) ||
            std::any_of(std::begin(io.MouseClicked), std::end(io.MouseClicked), [](bool b) { return b; }))
            blanked_ = false;
        if (!presenting_) blanked_ = false;
        return;
    }
    for (const KeyPress& key : keys_) {
        if (dragging && key.keycode != SDLK_ESCAPE) continue;
        const bool ctrl = (key.modifiers & KMOD_CTRL) != 0;
        const bool shift = (key.modifiers & KMOD_SHIFT) != 0;
        if (ctrl) {
            // New, Open, Save, Export or Quit while a field is typed in: the box closes first, so
            // that its value is entered (and checked) this frame, and the command acts next frame
            const bool document_command = key.keycode == SDLK_n || key.keycode == SDLK_o || key.keycode == SDLK_s ||
                                          key.keycode == SDLK_e || key.keycode == SDLK_q;
            if (document_command && io.WantTextInput && !key.deferred) {
                ImGui::ClearActiveID();
                keys_next_frame_.push_back({key.keycode, key.modifiers, true});
                continue;
            }
            switch (key.keycode) {
                // in a text box, Ctrl+Z and Ctrl+Y are the box's own (undoing the scene under it too
                // would make a value never entered into a redo step)
                case SDLK_z:
                    if (!io.WantTextInput) shift ? redo() : undo();
                    break;
                case SDLK_y:
                    if (!io.WantTextInput) redo();
                    break;
                case SDLK_o: choose_file(DialogPurpose::Open); break;
                case SDLK_s: shift ? choose_file(DialogPurpose::SaveAs) : save(); break;
                case SDLK_e: export_.visible = true; break;
                case SDLK_n: replace_scene("a new scene", [this] { set_scene(default_scene_for_new()); }); break;
                case SDLK_q: requests.quit = request_quit(); break;
                case SDLK_EQUALS:
                case SDLK_PLUS:
                case SDLK_KP_PLUS: user_scale_ = SessionStore::step_ui_scale(user_scale_, true), requests.rebuild_fonts = true; break;
                case SDLK_MINUS:
                case SDLK_KP_MINUS: user_scale_ = SessionStore::step_ui_scale(user_scale_, false), requests.rebuild_fonts = true; break;
                case SDLK_0: user_scale_ = 1.0f, requests.rebuild_fonts = true; break;
                default: break;
            }
            continue;
        }
        // keys that type nothing act while a field is typed in too (F1 for help, above all)
        switch (key.keycode) {
            case SDLK_F1: show_help_ = !show_help_; continue;
            case SDLK_F2:
                if (show_formulas_ || !answers_kept_back("the derivation")) show_formulas_ = !show_formulas_;
                continue;
            case SDLK_F11: request_presenting(!presenting_, requests); continue;
            // a remote's Page Down with a value half typed in the tour did nothing (a lecturer's
            // review): the box closes first, its value entered, and the tour steps next frame
            case SDLK_PAGEDOWN:
            case SDLK_PAGEUP:
                if ((tour_ || ended_tour_) && io.WantTextInput && !key.deferred) {
                    ImGui::ClearActiveID();
                    keys_next_frame_.push_back({key.keycode, key.modifiers, true});
                    refusals_before_ = field_refusals();  // (only a refusal of the field closed now keeps the step)
                    continue;
                }
                break;
            case SDLK_F12: screenshot(requests); continue;
            // Tab leaves a field typed in as Enter does, for the next stop in Tab's own order,
            // which has the buttons, check boxes and headers too (Dear ImGui's has text fields only)
            case SDLK_TAB:
                // (a character typed just before it, still queued for the field, is read first:
                // Tab then closes the field a frame later, else "0.5" then a quick Tab entered "0.")
                if (io.WantTextInput && !io.InputQueueCharacters.empty() && !key.deferred) {
                    keys_next_frame_.push_back({key.keycode, key.modifiers, true});
                    continue;
                }
                if (takes_tab()) number_fields_.tab(shift ? -1 : 1, tab_scope());
                continue;
            default: break;
        }
        if (io.WantTextInput) continue;  // typing into a field
        switch (key.keycode) {
            // Space or Enter presses the control Tab ringed (else Space plays, as ever)
            case SDLK_SPACE:
                if (!number_fields_.press_ringed()) toggle_play();
                break;
            case SDLK_RETURN:
            case SDLK_KP_ENTER: number_fields_.press_ringed(); break;
            case SDLK_LEFT: step_time(-1); break;
            case SDLK_RIGHT: step_time(+1); break;
            case SDLK_HOME: time_ = 0.0, playing_ = false; break;
            case SDLK_END: time_ = scene_.time.horizon, playing_ = false; break;
            case SDLK_f: fit_view_and_plot(); break;
            case SDLK_EQUALS:
            case SDLK_PLUS:
            case SDLK_KP_PLUS: zoom_view(kZoomStep); break;
            case SDLK_MINUS:
            case SDLK_KP_MINUS: zoom_view(1.0 / kZoomStep); break;
            case SDLK_j: jump_to_contact(); break;
            case SDLK_k: jump_to_closest(); break;
            case SDLK_g:
                snap_to_graze();
                break;
            case SDLK_r: toggle_relative_frame(); break;
            case SDLK_h: toggle_answers(); break;
            case SDLK_p: toggle_plot(); break;
            // a presenter remote's "black screen" button sends B or . (shift B for the bounce there)
            case SDLK_PERIOD:
                if (presenting_) blanked_ = true;
                break;
            case SDLK_b: {
                if (presenting_ && !shift) {
                    blanked_ = true;
                    break;
                }
                const Scene before = scene_;
                scene_.response.enabled = !scene_.response.enabled;
                edit(before);
                reveal_response_ = scene_.response.enabled;
                break;
            }
            case SDLK_t: set_checks(!scene_.discrete.enabled); break;
            // the tunnelling lesson from the keyboard too (a presenter's remote: else dt and "Use
            // the safe dt" take the mouse)
            case SDLK_LEFTBRACKET: scale_step(0.5); break;
            case SDLK_RIGHTBRACKET: scale_step(2.0); break;
            case SDLK_u:
                use_safe_step();
                break;
            case SDLK_l: next_pitfall(); break;
            // Help and the derivation scroll from the keyboard too (a keyboard-only review: half
            // of Help's keys, and the derivation's last steps, could not be read); Page Up/Down
            // are the tour's while one runs
            case SDLK_DOWN:
            case SDLK_UP:
                if (show_help_ || show_formulas_) scroll_lines_ += key.keycode == SDLK_DOWN ? 3.0f : -3.0f;
                break;
            case SDLK_PAGEDOWN:
                if (key.deferred && refused_typing()) break;
                if (tour_) next_tour_step();
                else if (ended_tour_ && !show_help_ && !show_formulas_) resume_tour();
                else if (show_help_ || show_formulas_) scroll_pages_ += 1.0f;
                break;
            case SDLK_PAGEUP:
                if (key.deferred && refused_typing()) break;
                if (tour_) previous_tour_step();
                else if (show_help_ || show_formulas_) scroll_pages_ -= 1.0f;
                break;
            case SDLK_ESCAPE:
                // the innermost first: a drag, the export dialog, Help, the derivation, then the tour
                // and presentation mode (else Esc to close the derivation in front of a class leaves
                // presentation mode)
                if (drag_) {
                    scene_ = drag_->before;  // Escape cancels a drag
                    drag_.reset();
                } else if (number_fields_.ringed()) {
                    number_fields_.drop_ring();  // the ring Tab put on a control
                } else if (export_.visible) {
                    export_.visible = false;
                } else if (show_help_) {
                    show_help_ = false;
                } else if (show_formulas_) {
                    show_formulas_ = false;
                } else if (tour_) {
                    end_tour();
                } else if (presenting_) {
                    request_presenting(false, requests);
                }
                break;
            default: break;
        }
    }
}

void App::apply_key_scroll(bool keys) {
    drag_to_scroll(false);  // (a whiteboard teacher's review: Help could be read only by the keys)
    if (!keys || (scroll_lines_ == 0.0f && scroll_pages_ == 0.0f)) return;
    const float line = ImGui::GetTextLineHeightWithSpacing();
    const float page = std::max(line, ImGui::GetWindowHeight() - 2.0f * line);
    ImGui::SetScrollY(std::clamp(ImGui::GetScrollY() + scroll_lines_ * line + scroll_pages_ * page, 0.0f, ImGui::GetScrollMaxY()));
    scroll_lines_ = 0.0f;
    scroll_pages_ = 0.0f;
}

void App::next_pitfall() {
    const Scene before = scene_;
    const auto* const at = scene_.show.pitfall ? std::find(std::begin(seeds::kVariants), std::end(seeds::kVariants), *scene_.show.pitfall)
                                               : std::end(seeds::kVariants);
    const auto* const next = at == std::end(seeds::kVariants) ? std::begin(seeds::kVariants) : at + 1;
    if (next == std::end(seeds::kVariants)) {
        scene_.show.pitfall.reset();
    } else {
        scene_.show.pitfall = *next;
    }
    edit(before);
    reveal_pitfalls_ = true;
    // (the last one's notice gives way: two stacked read as two formulas drawn)
    constexpr std::string_view kPitfallNotice = "pitfall";
    std::erase_if(notices_, [&](const Notice& n) { return n.field == kPitfallNotice; });
    notify(scene_.show.pitfall ? std::string("Pitfalls lab: the canvas draws where ") + pitfall_formula(*scene_.show.pitfall) +
                                     " puts the first contact (L for the next formula)"
                               : std::string("Pitfalls lab: no formula drawn (L for the first)"),
           false, std::string(kPitfallNotice));
}

ImGuiID App::tab_scope() const {
    // Help in front of all (it has no stops: Tab rests while it is open), then the derivation
    // where it drew its buttons (collapsed, or with no analysis to copy, it has none: Tab goes on
    // through the panels, else they could not be reached to mend the scene). A window's ID is
    // the hash of its name.
    if (show_help_) return ImHashStr("Help");
    if (export_.visible) return ImHashStr("Export figure");  // (its window's controls only, while it is open)
    const ImGuiID derivation = ImHashStr(kDerivationTitle);
    if (show_formulas_ && number_fields_.drew_stops_in(derivation)) return derivation;
    return 0;
}

bool App::takes_tab() const {
    if (ImGui::GetCurrentContext() == nullptr) return false;
    return !file_dialog_.visible() && !ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId | ImGuiPopupFlags_AnyPopupLevel);
}

void App::keep_title_bar_reachable() const {
    const Area area = work_area();
    const ImVec2 pos = ImGui::GetWindowPos();
    const ImVec2 size = ImGui::GetWindowSize();
    const float grab = 80.0f * ui_scale_;  // this much of the title bar stays in view
    const float left = static_cast<float>(area.pos.x) - size.x + grab;
    const float right = static_cast<float>(area.pos.x + area.size.x) - grab;
    const float top = static_cast<float>(area.pos.y);
    const float bottom = static_cast<float>(area.pos.y + area.size.y) - ImGui::GetFrameHeight();
    const ImVec2 kept(std::clamp(pos.x, left, std::max(left, right)), std::clamp(pos.y, top, std::max(top, bottom)));
    if (kept.x != pos.x || kept.y != pos.y) ImGui::SetWindowPos(kept);
}

App::Area App::work_area() const {
    const ImGuiViewport* viewport = ImGui::GetMainViewport();
    return {{viewport->Pos.x, viewport->Pos.y + menu_bar_height_},
            {viewport->Size.x, std::max(0.0f, viewport->Size.y - menu_bar_height_)}};
}

void App::menu_bar(FrameRequests& requests) {
    ImGui::PushStyleColor(ImGuiCol_MenuBarBg, ImVec4(0, 0, 0, 0));  // the clear colour shows instead
    const bool open = ImGui::BeginMainMenuBar();
    ImGui::PopStyleColor();
    if (!open) return;
    menu_bar_height_ = ImGui::GetWindowHeight();
    // A menu's title is noted for the layout report while the menu is closed (once it is open,
    // the last item is the menu's window), its items while it is open.
    const auto begin_menu = [this](const char* label, const char* widget) {
        const bool opened = ImGui::BeginMenu(label);
        if (!opened) note_widget(widget);
        return opened;
    };
    // A menu of the bar no taller than the window below the bar: taller (View at UI scale 3 in a
    // 1080-line window), ImGui moved it up over the bar, the menu's own title under the pointer
    // lay on "Fit view", and a second click meant to close the menu fitted the view (a low-vision
    // review). Held below the bar it scrolls instead.
    const float below_bar = std::max(ImGui::GetFrameHeight(), ImGui::GetMainViewport()->Size.y - menu_bar_height_);
    const auto begin_bar_menu = [&](const char* label, const char* widget) {
        if (menu_to_open_ == label) {  // asked for by a key (shortcuts): the same ID BeginMenu opens
            ImGui::OpenPopup(label);
            menu_to_open_.clear();
        }
        ImGui::SetNextWindowSizeConstraints(ImVec2(0.0f, 0.0f), ImVec2(FLT_MAX, below_bar));
        const bool opened = widget != nullptr ? begin_menu(label, widget) : ImGui::BeginMenu(label);
        if (opened) open_bar_menu_ = label;
        // a menu taller than the window scrolls by a drag too; that drag's release picks nothing
        if (opened && drag_to_scroll(true)) menu_drag_scrolled_ = true;
        // opened by a key, its first item lit at once (else the first Down lit the second)
        if (opened && keyboard_menu_ && menu_highlight_frames_ > 0) {
            --menu_highlight_frames_;
            GImGui->NavDisableHighlight = false;
            GImGui->NavDisableMouseHover = true;
        }
        return opened;
    };
    open_bar_menu_.clear();
    if (begin_bar_menu("File", "menu_file")) {
        if (ImGui::MenuItem("New scene", "Ctrl+N")) replace_scene("a new scene", [this] { set_scene(default_scene_for_new()); });
        if (ImGui::MenuItem("Open…", "Ctrl+O")) choose_file(DialogPurpose::Open);
        ImGui::SetNextWindowSizeConstraints(ImVec2(0.0f, 0.0f), ImVec2(FLT_MAX, below_bar));
        if (ImGui::BeginMenu("Open Recent", !recent_.empty())) {
            // opened after the loop: opening a file reorders the list the loop walks
            std::optional<std::filesystem::path> chosen;
            for (const std::filesystem::path& path : recent_) {
                if (ImGui::MenuItem(shown_name(path.filename().string()).c_str())) chosen = path;
                note_widget("recent_" + path.filename().string());
                if (ImGui::IsItemHovered() && !keyboard_menu_) wrapped_tooltip(shown_name(path.string()));
            }
            ImGui::EndMenu();
            if (chosen) open_file(*chosen);
        } else {
            note_widget("menu_open_recent");
        }
        // (a submenu too: taller than the window, ImGui moved it up over the bar and its menu)
        ImGui::SetNextWindowSizeConstraints(ImVec2(0.0f, 0.0f), ImVec2(FLT_MAX, below_bar));
        if (begin_menu("Open Preset", "menu_open_preset")) {
            // the cases first, then the seeds' mistakes and the tour's steps, each in a menu of its own
            const auto items = [this](std::string_view group) {
                for (const embedded::File& file : embedded::presets()) {
                    if (!file.name.starts_with(group) || (group.empty() && (file.name.starts_with("pitfall-") ||
                                                                            file.name.starts_with("tour-"))))
                        continue;
                    Result<LoadedScene> preset = parse_scene(file.text(), file.name);
                    if (!preset) continue;
                    if (ImGui::MenuItem(scene_title(preset->scene.caption, file.name).c_str()))
                        replace_scene(std::string(file.name), [this, &file] { open_preset(file); });
                    note_widget("preset_" + std::string(file.name));
                    // (wrapped: one line of a long caption ran off the window at a large scale: a review)
                    if (ImGui::IsItemHovered() && !keyboard_menu_ && !preset->scene.caption.empty()) wrapped_tooltip(preset->scene.caption);
                }
            };
            items("");
            ImGui::Separator();
            ImGui::SetNextWindowSizeConstraints(ImVec2(0.0f, 0.0f), ImVec2(FLT_MAX, below_bar));
            if (begin_menu("Pitfalls: the articles' mistakes", "menu_pitfalls")) {
                items("pitfall-");
                ImGui::EndMenu();
            }
            ImGui::SetNextWindowSizeConstraints(ImVec2(0.0f, 0.0f), ImVec2(FLT_MAX, below_bar));
            if (begin_menu("Steps of the guided tour", "menu_tour_steps")) {
                items("tour-");
                ImGui::EndMenu();
            }
            ImGui::EndMenu();
        }
        ImGui::Separator();
        if (ImGui::MenuItem("Save", "Ctrl+S")) save();
        if (ImGui::MenuItem("Save As…", "Ctrl+Shift+S")) choose_file(DialogPurpose::SaveAs);
        ImGui::Separator();
        if (ImGui::MenuItem("Export Figure…", "Ctrl+E")) export_.visible = true;
        if (ImGui::MenuItem("Save the canvas as PNG", "F12")) screenshot(requests);
        ImGui::Separator();
        session_menu_items();
        if (ImGui::MenuItem("Quit", "Ctrl+Q")) requests.quit = request_quit();
        ImGui::EndMenu();
    }
    if (begin_bar_menu("Edit", nullptr)) {
        // "###": the item keeps its identity while its words follow the step
        if (ImGui::MenuItem((history_item(false) + "###undo").c_str(), "Ctrl+Z", false, history_.can_undo())) undo();
        if (ImGui::MenuItem((history_item(true) + "###redo").c_str(), "Ctrl+Shift+Z", false, history_.can_redo())) redo();
        ImGui::Separator();
        if (ImGui::MenuItem("Snap to graze", "G")) snap_to_graze();
        ImGui::EndMenu();
    }
    if (begin_bar_menu("View", "menu_view")) {
        if (ImGui::MenuItem("Fit view", "F")) fit_view_and_plot();
        note_widget("view_fit");
        if (ImGui::MenuItem("Zoom in", "+")) zoom_view(kZoomStep);
        if (ImGui::MenuItem("Zoom out", "-")) zoom_view(1.0 / kZoomStep);
        // (near the top: at a large scale the menu is taller than the window, and its end scrolls
        // out of sight, where a teacher looking for larger text would not find it: a review)
        ImGui::SetNextItemWidth(ImGui::GetFontSize() * 8);
        ImGui::SliderFloat("UI scale", &user_scale_, SessionStore::kMinUiScale, SessionStore::kMaxUiScale, "%.2f×", ImGuiSliderFlags_AlwaysClamp);
        note_widget("view_ui_scale");
        // Once the scale is let go by a click or a tap the menu closes: rebuilt at the new size,
        // other items came to lie under the finger at rest, and the next tap toggled one (a
        // whiteboard teacher's review). From the keyboard it stays open, for the arrows.
        if (ImGui::IsItemDeactivatedAfterEdit()) {
            requests.rebuild_fonts = true;  // on release: fonts are rebaked
            if (!keyboard_menu_) ImGui::CloseCurrentPopup();
        }
        // (on a high-DPI display "1.00×" drew everything twice as large, with no word why: a review)
        const std::string scale_help = "Larger text and handles for a projector. Ctrl+= and Ctrl+- change it too." +
                                       (dpi_scale_ != 1.0f ? " It multiplies the display's own scale, " + format_significant(dpi_scale_, 3) +
                                                                 "× here (from its dots an inch): " + format_significant(ui_scale_, 3) +
                                                                 "× in all."
                                                           : std::string());
        help_marker(scale_help.c_str());
        // and the usual sizes at a tap (a slider tapped at 2× gave 2.62×; 15 px off is ±0.27)
        for (const float preset : {1.0f, 1.5f, 2.0f, 3.0f}) {
            char label[16];
            std::snprintf(label, sizeof label, "%g×", static_cast<double>(preset));
            if (preset != 1.0f) ImGui::SameLine();
            if (ImGui::Button(label, ImVec2(ImGui::GetFontSize() * 2.6f, 0))) {
                user_scale_ = preset;
                requests.rebuild_fonts = true;
                if (!keyboard_menu_) ImGui::CloseCurrentPopup();
            }
            note_widget(preset == 1.0f ? "view_ui_scale_1" : preset == 1.5f ? "view_ui_scale_1.5" : preset == 2.0f ? "view_ui_scale_2" : "view_ui_scale_3");
        }
        ImGui::Separator();
        ImGui::MenuItem("Side panel", nullptr, &show_side_panel_);
        if (ImGui::MenuItem("Relative frame (A held still)", "R", scene_.show.relative_frame)) toggle_relative_frame();
        if (ImGui::MenuItem("Hide the answers (a question for the class)", "H", answers_hidden_)) toggle_answers();
        note_widget("view_hide_answers");
        if (ImGui::MenuItem("Time plot of f(t)", "P", plot_shown())) toggle_plot();
        // what the canvas draws (a scene file can turn these off: here they come back)
        const auto shown = [this](const char* name, bool ShowSettings::*flag, const char* widget) {
            if (ImGui::MenuItem(name, nullptr, scene_.show.*flag)) {
                const Scene before = scene_;
                scene_.show.*flag = !(scene_.show.*flag);
                edit(before);
            }
            note_widget(widget);
        };
        shown("Paths and time ticks", &ShowSettings::paths, "view_paths");
        shown("Closest approach", &ShowSettings::closest, "view_closest");
        shown("Contact ghosts", &ShowSettings::ghosts, "view_ghosts");
        shown("Body names", &ShowSettings::labels, "view_labels");
        shown("The overlap check now: |pB − pA| against R", &ShowSettings::distance_now, "view_distance_now");
        ImGui::Separator();
        if (ImGui::MenuItem("Presentation mode", "F11", presenting_)) request_presenting(!presenting_, requests);
        ImGui::Separator();
        const Theme current = theme();
        for (Theme option : {Theme::Dark, Theme::Light, Theme::Print}) {
            if (ImGui::MenuItem(("Theme: " + std::string(to_string(option))).c_str(), nullptr, current == option)) {
                theme_choice_ = option;  // the window's, for every scene from now on: not an edit
                if (session_.usable())
                    if (auto error = session_.remember_theme(option)) notify("Could not keep the theme: " + error->message, true);
            }
            note_widget("view_theme_" + std::string(to_string(option)));
        }
        ImGui::EndMenu();
    }
    if (begin_bar_menu("Help", nullptr)) {
        if (ImGui::MenuItem("Shortcuts and how to", "F1")) show_help_ = true;
        if (ImGui::MenuItem("The derivation with these numbers", "F2") && !answers_kept_back("the derivation")) show_formulas_ = true;
        ImGui::Separator();
        if (ImGui::MenuItem("Guided tour")) {
            Result<Tour> tour = default_tour();
            if (tour) {
                replace_scene("the guided tour", [this, started = std::make_shared<Tour>(std::move(tour).value())] {
                    start_tour(std::move(*started));
                    enter_presentation_ = true;  // the next frame asks the window for full screen
                });
            } else {
                notify(tour.error().message, true);
            }
        }
        if (ImGui::MenuItem("Guided tour from a file…")) choose_file(DialogPurpose::Tour);
        if (ended_tour_ && !tour_) {
            const std::string again = "Take up the tour again at step " + std::to_string(ended_tour_->step + 1);
            if (ImGui::MenuItem(again.c_str(), "Page Down")) resume_tour();
        }
        ImGui::EndMenu();
    }
    // the case, in words, at the right of the menu bar (or, while they are hidden, a reminder)
    if (answers_hidden_) {
        const char* text = "answers hidden (H)";
        ImGui::SameLine(ImGui::GetWindowWidth() - ImGui::CalcTextSize(text).x - ImGui::GetStyle().ItemSpacing.x * 3);
        ImGui::TextDisabled("%s", text);
    } else if (analysis_valid_) {
        const std::string text = to_capitals(encounter_.kind) + "  " + std::string(to_string(encounter_.discriminant_sign));
        ImGui::SameLine(ImGui::GetWindowWidth() - ImGui::CalcTextSize(text.c_str()).x - ImGui::GetStyle().ItemSpacing.x * 3);
        // readable on the bar's own colour (the window's background, the bar's own drawn clear),
        // not the canvas's: in the light theme that is only 4.40:1
        const ImVec4 bar = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
        ImGui::TextColored(to_imvec(text_color_on(case_color(encounter_.kind, theme()), Rgba{bar.x, bar.y, bar.z, 1.0f})), "%s",
                           text.c_str());
    }
    ImGui::EndMainMenuBar();
    // The keyboard's menu ends with its menus: a question or a dialog opened from it has its own
    // keys (left on, the navigation's arrows moved onto "Don't save" and Enter pressed it, the
    // edits lost; Enter in Save As climbed folders: a recheck)
    if (keyboard_menu_ && open_bar_menu_.empty() && menu_to_open_.empty() && menu_step_ == 0) {
        keyboard_menu_ = false;
        ImGui::GetIO().ConfigFlags &= ~ImGuiConfigFlags_NavEnableKeyboard;
        GImGui->NavDisableHighlight = true;
    }
}

// 400 px at the UI scale, but never more than 40% of the window: at a projector's scale 2 on a
// 1280-pixel window it would take 60% and leave the canvas a strip (its rows then scroll or wrap)

void App::help_window() {
    // as wide as the keys and their meanings need, within the window; taller content scrolls
    // above the time bar: the docked panels draw no background of their own, and the help's last
    // lines would show through the play controls at UI scale 2
    const ImVec2 display = ImGui::GetIO().DisplaySize;
    const Area area = work_area();
    const float bottom = static_cast<float>(canvas_origin_.y + canvas_size_.y + plot_height());
    const float room = std::max(160.0f, bottom - static_cast<float>(area.pos.y) - 8.0f);
    ImGui::SetNextWindowSize(ImVec2(std::min(760.0f * ui_scale_, 0.9f * display.x), 0), ImGuiCond_Appearing);
    ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(0.95f * display.x, std::min(0.9f * display.y, room)));
    ImGui::SetNextWindowPos(ImVec2(display.x * 0.5f, 0.5f * (static_cast<float>(area.pos.y) + bottom)), ImGuiCond_Appearing,
                            ImVec2(0.5f, 0.5f));
    // opened by F1 while a field is typed in, it leaves the field the keyboard (taking the focus,
    // it closed the field half-typed, and the next letters acted as shortcuts: a code review)
    const ImGuiWindowFlags keep_typing = ImGui::GetIO().WantTextInput ? ImGuiWindowFlags_NoFocusOnAppearing : 0;
    if (!ImGui::Begin("Help", &show_help_, ImGuiWindowFlags_NoSavedSettings | keep_typing)) {
        ImGui::End();
        return;
    }
    keep_title_bar_reachable();
    note_window("help_window");
    // from the top each time it opens (else it comes back at its old place, a line cut in half)
    if (ImGui::IsWindowAppearing()) ImGui::SetScrollY(0.0f);
    apply_key_scroll();
    ImGui::BeginGroup();
    text_wrapped_at_spaces("Two circles move at constant velocity. They touch when their centres are R = rA + rB apart: "
                           "|Δp + tΔv| = R, which squared is a quadratic in t. Its discriminant D says miss (D < 0), touch once (D = 0: a graze, "
                           "or receding if it was in the past) or touch over an interval (D > 0: a hit, or overlapping or "
                           "receding when that interval has begun or passed).");
    ImGui::EndGroup();
    note_widget("help_intro");
    // how to read the rest without the mouse, where the rest may be below the window's edge
    text_disabled_at_spaces("Down / Up or Page Down / Up scroll this list; Esc closes it.");
    // each table's first column as wide as its widest entry, up to 40% of the width (wrapped
    // beyond: at a large UI scale "Dotted lines and arrows from the contact (B)" left the meanings
    // a letter a line, a low-vision review), the meanings wrapped in the rest
    const auto table = [this](const char* id, std::span<const Shortcut> rows) {
        ImGui::PushFont(fonts_.ui_bold);
        float widest = 0.0f;
        for (const Shortcut& s : rows) widest = std::max(widest, ImGui::CalcTextSize(s.keys).x);
        ImGui::PopFont();
        const float keys_width = std::min(widest, 0.4f * ImGui::GetContentRegionAvail().x);
        if (!ImGui::BeginTable(id, 2, ImGuiTableFlags_RowBg)) return;
        ImGui::TableSetupColumn("keys", ImGuiTableColumnFlags_WidthFixed, keys_width);
        ImGui::TableSetupColumn("what", ImGuiTableColumnFlags_WidthStretch);
        for (const Shortcut& s : rows) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::PushFont(fonts_.ui_bold);
            text_wrapped_at_spaces(s.keys, std::nullopt, keys_width);
            ImGui::PopFont();
            ImGui::TableNextColumn();
            text_wrapped_at_spaces(s.what);
        }
        ImGui::EndTable();
    };
    ImGui::Separator();
    ImGui::PushFont(fonts_.ui_bold);
    ImGui::TextUnformatted("Reading the picture");
    ImGui::PopFont();
    table("picture", kPictureKey);
    ImGui::Separator();
    ImGui::PushFont(fonts_.ui_bold);
    ImGui::TextUnformatted("Mouse and keys");
    ImGui::PopFont();
    note_widget("help_keys");
    table("keys", kShortcuts);
    ImGui::End();
}


}  // namespace tangent::ui
