// The panels around the canvas: the scene's numbers, the analysis with its formulas, the
// tunnelling controls, the bounce, the pitfalls, the time bar, the note and the notices.
// (The frame, the keys and the menus: frame.cpp.)

#include <SDL_keycode.h>
#include <imgui.h>
#include <imgui_internal.h>  // ClearActiveID: a document command closes a text box first; ClosePopupsExceptModals
#include <imgui_stdlib.h>

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include <algorithm>
#include <limits>
#include <utility>
#include <memory>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "app.h"
#include "core/format.h"
#include "core/pitfalls.h"
#include "draw/motion.h"
#include "draw/text_metrics.h"
#include "draw/theme.h"
#include "embedded/embedded.h"
#include "scene/composed_text.h"
#include "scene/scene_file.h"
#include "window.h"

namespace tangent::ui {

namespace {

constexpr float kSidePanelWidth = 400.0f;

ImVec4 to_imvec(const Rgba& c) { return {c.r, c.g, c.b, c.a}; }

/// lines_within()'s lines, drawn in `color`.
void text_wrapped_within(std::string_view text, ImVec4 color, float room) {
    ImGui::PushStyleColor(ImGuiCol_Text, color);
    for (const std::string_view line : lines_within(text, room)) ImGui::TextUnformatted(line.data(), line.data() + line.size());
    ImGui::PopStyleColor();
}

std::string number(double value) {
    if (std::isinf(value)) return value > 0 ? "> 1.8e308 (too large)" : "< -1.8e308 (too large)";  // beyond any double
    char text[40];
    std::snprintf(text, sizeof text, "%.6g", value == 0.0 ? 0.0 : value);
    return text;
}

/// The fewest significant digits, 6 to 12, that give the value back exactly, as the fields show
/// what was typed: Δp reads 2.000000002 beside B's x = 1.000000002, not 2. Else 6 digits.
std::string exact_number(double value) {
    const int digits = round_trip_digits(value);
    if (!std::isfinite(value) || digits <= 6 || digits > 12) return number(value);
    char text[40];
    std::snprintf(text, sizeof text, "%.*g", digits, value);
    return text;
}

std::string vec(glm::dvec2 v) { return "(" + number(v.x) + ", " + number(v.y) + ")"; }
std::string exact_vec(glm::dvec2 v) { return "(" + exact_number(v.x) + ", " + exact_number(v.y) + ")"; }

/// What a drag moves a field by per pixel: `unit` (a canvas pixel in world units, or a share of
/// it) within what a float holds, Dear ImGui's speed being one; 0.01 where there is none.
float drag_speed(double unit) {
    if (!(unit > 0.0) || !std::isfinite(unit)) return 0.01f;
    return static_cast<float>(std::clamp(unit, 1e-30, 1e30));
}


}  // namespace

float App::side_panel_width() const {
    const float window_width = ImGui::GetIO().DisplaySize.x;
    const float wanted = kSidePanelWidth * ui_scale_;
    return window_width > 0.0f ? std::min(wanted, 0.4f * window_width) : wanted;
}

void App::side_panel() {
    const Area area = work_area();
    const float width = side_panel_width();
    ImGui::SetNextWindowPos(ImVec2(static_cast<float>(area.pos.x + area.size.x) - width, static_cast<float>(area.pos.y)));
    ImGui::SetNextWindowSize(ImVec2(width, static_cast<float>(area.size.y)));
    // no background of its own: the whole window is cleared to the panel colour first (window.cpp)
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoTitleBar |
                                   ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoBringToFrontOnFocus;
    ImGui::Begin("Scene", nullptr, flags);
    if (std::exchange(panel_to_top_, false)) ImGui::SetScrollY(0.0f);
    drag_to_scroll(false);  // (its scroll bar, 22 px at the screen's edge, was all a finger had: a review)
    note_window("side_panel");
    if (caption_draft_) {
        caption_editor();
    } else if (answers_hidden_) {
        // (the scene's note, kept back with them: it tells what happens, "they never touch")
    } else if (!scene_.caption.empty()) {
        // once the bodies are edited the note may no longer hold ("they never touch" after a snap
        // to graze), and says so; it keeps the room of the longer form, so that the fields below
        // do not move down under the pointer at the first edit
        const std::string outdated = "As opened, before your edits: " + scene_.caption;
        const std::string& shown = caption_outdated() ? outdated : scene_.caption;
        const float wrap = ImGui::GetContentRegionAvail().x;
        const std::size_t used = text_disabled_at_spaces(shown, wrap);
        const std::size_t room = caption_outdated() ? used : lines_within(outdated, wrap).size();
        if (room > used)
            ImGui::SetCursorPosY(ImGui::GetCursorPosY() + ImGui::GetTextLineHeightWithSpacing() * static_cast<float>(room - used));
        // rewritten for the scene as it is now (a saved lesson reopened "As first written, before
        // edits: Oblique hit …" beside a GRAZE badge, with no way to say what it now shows)
        if (number_fields_.small_button(caption_outdated() ? fitting_label("Rewrite the note for this scene###caption", "Rewrite the note###caption",
                                                                  2.0f * ImGui::GetStyle().FramePadding.x)
                                                  : "Edit the note###caption")) {
            caption_draft_ = scene_.caption.starts_with(kEditedCaptionPrefix) ? scene_.caption.substr(kEditedCaptionPrefix.size())
                                                                                : scene_.caption;
            caption_focus_ = true;
        }
        note_widget("caption_edit");
        ImGui::Separator();
    } else if (number_fields_.small_button("Add a note (a caption for the scene)")) {
        caption_draft_ = std::string();
        caption_focus_ = true;
    }
    // a header's label beside its arrow and frame padding
    const float header = ImGui::GetTreeNodeToLabelSpacing() + ImGui::GetStyle().FramePadding.x;
    if (answers_hidden_) {
        text_wrapped_at_spaces("The answers are hidden, the scene's note with them: the canvas asks the question. Press H (View › Hide "
                               "the answers) to show them.");
        note_widget("answers_hidden_note");
        ImGui::Separator();
    }
    ImGui::SetNextItemOpen(show_analysis_, ImGuiCond_Once);
    if (!answers_hidden_ && (show_analysis_ = number_fields_.header("Analysis"))) {
        analysis_panel();
        if (number_fields_.button(fitting_label("The derivation, step by step (F2)###derivation", "Derivation (F2)###derivation",
                                        2.0f * ImGui::GetStyle().FramePadding.x)))
            show_formulas_ = true;
        note_widget("derivation_button");
    }
    ImGui::SetNextItemOpen(show_bodies_, ImGuiCond_Once);
    show_bodies_ = number_fields_.header("Bodies");
    note_widget("bodies_header");
    if (show_bodies_) bodies_panel();
    ImGui::SetNextItemOpen(show_tunnelling_, ImGuiCond_Once);
    show_tunnelling_ = number_fields_.header(
        fitting_label("Tunnelling: the overlap check every dt###tunnelling", "Tunnelling (dt)###tunnelling", header));
    note_widget("tunnelling_header");
    if (show_tunnelling_) tunnelling_panel();
    // (the bounce and the articles' formulas answer the question: kept back with the answers)
    if (!answers_hidden_) {
        // a header opened by a key (B, a pitfall preset) is scrolled up into sight with what it holds,
        // where that lies below the panel's edge (B opened the bounce's table out of sight: a
        // physics teacher's review)
        // (called after the section: its header's top `top`, on the screen, and the cursor below it)
        // (for a few frames: ImGui holds the scroll to the height the panel had the frame before,
        // which the section opened just now was not part of)
        const auto into_sight = [](int& frames, float top) {
            if (frames <= 0) return;
            --frames;
            const float window_top = ImGui::GetWindowPos().y;
            const float below = ImGui::GetCursorScreenPos().y - (window_top + ImGui::GetWindowHeight());
            // down until the section's end is in sight, but never past its header
            const float by = top < window_top ? top - window_top : std::min(std::max(0.0f, below), top - window_top);
            if (by != 0.0f) ImGui::SetScrollY(ImGui::GetScrollY() + by);
        };
        if (reveal_response_) response_into_sight_ = 3;
        ImGui::SetNextItemOpen(show_response_ || reveal_response_, reveal_response_ ? ImGuiCond_Always : ImGuiCond_Once);
        reveal_response_ = false;
        show_response_ = number_fields_.header("Collision response");
        note_widget("response_header");
        const float response_top = ImGui::GetItemRectMin().y;
        if (show_response_) response_panel();
        into_sight(response_into_sight_, response_top);
        if (reveal_pitfalls_) pitfalls_into_sight_ = 3;
        ImGui::SetNextItemOpen(show_pitfalls_ || reveal_pitfalls_, reveal_pitfalls_ ? ImGuiCond_Always : ImGuiCond_Once);
        reveal_pitfalls_ = false;
        show_pitfalls_ = number_fields_.header(fitting_label("Pitfalls lab: the articles' formulas###pitfalls", "Pitfalls lab###pitfalls", header));
        note_widget("pitfalls_header");
        const float pitfalls_top = ImGui::GetItemRectMin().y;
        if (show_pitfalls_) pitfalls_panel();
        into_sight(pitfalls_into_sight_, pitfalls_top);
    }
    // A click that shortens what the panel shows (on dt, catching the contact: the MISSED lines
    // go) pulls a panel scrolled to its bottom 84 px down under the pointer, and a double-click's
    // second click, meant to type in dt, would move another slider. For a moment after a click the
    // panel keeps its height, so that the rows stay where they were.
    const float bottom = ImGui::GetCursorPosY();
    const double now = ImGui::GetTime();
    if (ImGui::IsMouseClicked(ImGuiMouseButton_Left) && ImGui::IsWindowHovered(ImGuiHoveredFlags_AllowWhenBlockedByActiveItem)) {
        panel_hold_until_ = now + 2.0 * ImGui::GetIO().MouseDoubleClickTime;
        panel_release_due_ = notice_clock() + 2.0 * ImGui::GetIO().MouseDoubleClickTime + 0.05;  // (the window wakes then)
    }
    if (panel_release_due_ && notice_clock() >= *panel_release_due_) panel_release_due_.reset();
    if (bottom >= panel_held_bottom_ || now >= panel_hold_until_) {
        panel_held_bottom_ = bottom;
    } else {
        ImGui::Dummy(ImVec2(1.0f, panel_held_bottom_ - bottom));
    }
    ImGui::End();
}

void App::bodies_panel() {
    const Palette& pal = palette(theme());
    bool changed = false;
    // one undo step per field edit: remember the scene when a field becomes active
    const auto field_name = [](int body, const char* name) { return std::string(body == 0 ? "body_a_" : "body_b_") + name; };
    const auto track = [&](const NumberFields::Outcome& field, int body, const char* name, bool drag_field = true) {
        changed = changed || field.changed;
        const std::string id = field_name(body, name);
        // an edit can end and the next begin in one frame (x left for y of the same vector):
        // the ending one takes its undo step first
        panel_field_done(field, id);
        if (field.activated) field_before_ = scene_;
        // not while the field's message is up: the hint would cover its end
        if (drag_field && !field_has_message(id)) hint_pending_ |= typing_hint(true);
    };
    const float field_width = ImGui::GetContentRegionAvail().x * 0.62f;
    // a drag moves a position by what a canvas pixel is in the world, at any scale (0.02 a pixel
    // moved a scene 1e-6 across off the canvas at the first pixel: a code review)
    const double pixel = view_.pixels_per_unit > 0.0 ? 1.0 / view_.pixels_per_unit : 0.0;
    for (int i = 0; i < 2; ++i) {
        SceneBody& sb = scene_.bodies[static_cast<std::size_t>(i)];
        Body& b = sb.body;
        ImGui::PushID(i);
        // as the canvas draws it: held to 3:1 on the background
        const Rgba color = color_on(sb.color ? to_rgba(*sb.color) : pal.body[i], pal.background, kLineContrast);
        ImGui::ColorButton("##swatch", to_imvec(color), ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoPicker);
        ImGui::SameLine();
        ImGui::Text("Body %s", body_name(i).c_str());
        ImGui::SetNextItemWidth(field_width);
        track(number_fields_.drag2("position", &b.position.x, drag_speed(pixel), nullptr), i, "position");
        note_widget(i == 0 ? "body_a_position" : "body_b_position");
        for (int c = 0; c < 2; ++c) {
            const ImVec4 r = number_fields_.component_rect(c);
            widget_rects_.emplace_back(std::string(i == 0 ? "body_a_position_" : "body_b_position_") + (c == 0 ? "x" : "y"),
                                       glm::dvec4(r.x, r.y, r.z, r.w));
        }
        help_marker("Where the centre is at t = 0 (world units). Drag the circle on the canvas, or double-click here to type a value.");
        draw_field_messages(field_name(i, "position"), {b.position.x, b.position.y});
        ImGui::SetNextItemWidth(field_width);
        track(number_fields_.drag2("velocity", &b.velocity.x, drag_speed(0.5 * pixel / scene_.arrow_time()), nullptr), i, "velocity");
        help_marker(scene_.arrow_time() == 1.0
                        ? "Distance per unit of time. On the canvas the arrow shows where the centre will be one time unit later."
                        : ("Distance per unit of time. On the canvas the arrow shows where the centre will be " +
                           format_number(scene_.arrow_time()) + " time units later (v × " + format_number(scene_.arrow_time()) + ").")
                              .c_str());
        draw_field_messages(field_name(i, "velocity"), {b.velocity.x, b.velocity.y});
        static constexpr double kMinRadius = 1e-3;
        static constexpr double kMaxRadius = 1e6;
        ImGui::SetNextItemWidth(field_width);
        // the limits hold for dragging; a typed value is checked when the field is left (a
        // negative radius is refused with a message, not quietly turned into 0.001)
        track(number_fields_.drag("radius", &b.radius, drag_speed(0.5 * pixel), &kMinRadius, &kMaxRadius, nullptr, 0, true), i, "radius");
        note_widget(i == 0 ? "body_a_radius" : "body_b_radius");
        draw_field_messages(field_name(i, "radius"), {b.radius});
        bool immovable = b.immovable();
        if (!immovable) {
            static constexpr double kMinMass = 1e-6;
            static constexpr double kMaxMass = 1e12;
            ImGui::SetNextItemWidth(field_width * 0.55f);
            NumberFields::Outcome mass = number_fields_.drag("mass", &b.mass, 0.01f, &kMinMass, &kMaxMass, nullptr,
                                                             ImGuiSliderFlags_Logarithmic, true);
            // "inf" or "1/0" typed for a wall: the way to it is the box beside the field
            if (mass.error) *mass.error += "; for an infinite mass, tick immovable";
            track(mass, i, "mass");
            note_widget(i == 0 ? "body_a_mass" : "body_b_mass");
            // beside the field where it fits (at UI scale 2 in a 1024-px window it was cut to "immo")
            same_line_if_room(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize("immovable").x);
        }
        if (number_fields_.checkbox("immovable", &immovable)) {
            const Scene before = scene_;
            // unticked, the body gets back the mass it had (it came back as 1: a physics teacher's review)
            double& kept = mass_before_immovable_[static_cast<std::size_t>(i)];
            if (immovable) kept = b.mass;
            b.mass = immovable ? std::numeric_limits<double>::infinity() : kept;
            edit(before);
        }
        note_widget(i == 0 ? "body_a_immovable" : "body_b_immovable");
        help_marker("Mass only matters for the collision response. An immovable body has infinite mass: it does not recoil.");
        if (!b.immovable()) draw_field_messages(field_name(i, "mass"), {b.mass});
        ImGui::SetNextItemWidth(field_width * 0.55f);
        number_fields_.tab_stop("label");  // (in Tab's order too, as in Dear ImGui's own)
        const bool label_edited = ImGui::InputText("label", &sb.label);
        if (label_edited) sb.label = composed(sb.label);  // as a file's names are read (a keyboard may send "e" and its accent apart)
        note_widget(i == 0 ? "body_a_label" : "body_b_label");
        number_fields_.tab_stop_left();
        const NumberFields::Outcome label{label_edited, ImGui::IsItemActivated(), ImGui::IsItemDeactivatedAfterEdit(),
                                          std::nullopt, std::nullopt};
        // cut before the edit is checked, never inside a character: the check refused a name of
        // 41 characters and the whole edit went, with its reason drawn nowhere (a teacher's review:
        // "Aleksandra Konstantynowicz-Szczepanska Jr" came back as the old name)
        const bool cut = utf8_length(sb.label) > kMaxLabelLength;
        if (cut) sb.label = utf8_prefix(sb.label, kMaxLabelLength);
        track(label, i, "label", false);
        if (cut && label.committed)
            field_message(field_name(i, "label"), "A name keeps at most " + std::to_string(kMaxLabelLength) + " characters: the rest was cut.",
                          false);
        draw_field_messages(field_name(i, "label"), {});
        ImGui::PopID();
        ImGui::Spacing();
    }
    (void)changed;
    if (number_fields_.button("Snap to graze (G)")) snap_to_graze();
    help_marker("Turns B's velocity, relative to A, onto a tangent of the circle of radius R = rA + rB around A: the closest approach "
                "becomes exactly R, so D = 0. B keeps its place at the time shown: at a time other than 0 its start moves.");
    same_line_if_room(ImGui::CalcTextSize("Fit view (F)").x + 2.0f * ImGui::GetStyle().FramePadding.x);
    if (number_fields_.button("Fit view (F)")) fit_view_and_plot();
    note_widget("fit_view_button");

    // the time the story runs: paths drawn, play looped and the overlap checks run over [0, T]
    ImGui::Spacing();
    static constexpr double kMinHorizon = 1e-3;
    static constexpr double kMaxHorizon = 1e6;
    ImGui::SetNextItemWidth(field_width * 0.55f);
    const NumberFields::Outcome horizon = number_fields_.drag("horizon T", &scene_.time.horizon, 0.01f, &kMinHorizon,
                                                              &kMaxHorizon, nullptr, ImGuiSliderFlags_Logarithmic, true);
    panel_field_done(horizon, "horizon");
    if (horizon.activated) field_before_ = scene_;
    if (!field_has_message("horizon")) hint_pending_ |= typing_hint(true);
    note_widget("horizon");
    help_marker("How long the story runs: the paths are drawn from t = 0 to T, play loops over it, and the overlap "
                "checks run to T. (A contact or closest approach just past T is taken in too.)");
    draw_field_messages("horizon", {scene_.time.horizon});
    // a shorter horizon leaves the time shown inside it
    if (horizon.changed || horizon.committed) {
        const TimeSpan range = time_range();  // (it may begin before 0: at a past contact)
        time_ = std::clamp(time_, range.begin, std::max(range.begin, range.end));
    }
    // a view the fit made frames the new paths once the edit is done (else a horizon of 5 leaves the
    // path running off the canvas until F); one framed by hand stays
    if (horizon.committed && !view_framed_by_user_ && !view_from_file_) fit_pending_ = true;
}

void App::analysis_panel() {
    if (!analysis_valid_) {
        ImGui::TextColored(error_text_color(), "%s", analysis_error_.c_str());
        return;
    }
    const Encounter& e = encounter_;
    const Rgba color = case_text_color(e.kind, theme());
    ImGui::PushFont(fonts_.heading);
    ImGui::TextColored(to_imvec(color), "%s", to_capitals(e.kind).c_str());
    ImGui::PopFont();
    ImGui::SameLine();
    ImGui::AlignTextToFramePadding();
    ImGui::Text("%s", std::string(to_string(e.discriminant_sign)).c_str());

    struct Row {
        const char* formula;
        std::string value;
        std::string help;
    };
    // Three columns (formula, value, help) when they fit side by side; a value too wide for its
    // column goes under its formula (else after "Snap to graze" D's "6.3556e-14 ≈ 0" would stack
    // every row and push t_closest and d_min below the fold), and at a projector's UI scale in a narrow
    // panel every value goes under its formula instead of being cut to a digit or two.
    const auto table = [&](const char* id, const std::vector<Row>& rows) {
        ImGui::PushFont(fonts_.mono);
        float formula_width = 0.0f;
        std::vector<float> widths;
        for (const Row& r : rows) {
            formula_width = std::max(formula_width, ImGui::CalcTextSize(r.formula).x);
            widths.push_back(ImGui::CalcTextSize(r.value.c_str()).x);
        }
        ImGui::PopFont();
        const ImGuiStyle& style = ImGui::GetStyle();
        const float indent = ImGui::GetFontSize();
        const float marker_width = ImGui::CalcTextSize("(?)").x;
        const float avail = ImGui::GetContentRegionAvail().x;
        const float value_room = avail - formula_width - marker_width - 6.0f * style.CellPadding.x;
        float value_width = 0.0f;  // the widest value that fits beside its formula
        std::vector<bool> under(rows.size(), false);
        for (std::size_t i = 0; i < rows.size(); ++i) {
            under[i] = widths[i] > value_room;
            if (!under[i]) value_width = std::max(value_width, widths[i]);
        }
        // a value under its formula runs on below the value and help columns, empty on that line;
        // where half the values or more go under, they all do (at UI scale 1.5 a, b beside their
        // formulas over c, D, t_enter … under theirs read as a jumble on a projector)
        const auto under_count = static_cast<std::size_t>(std::count(under.begin(), under.end(), true));
        const bool side_by_side = value_width > 0.0f && 2 * under_count < rows.size();
        if (!ImGui::BeginTable(id, side_by_side ? 3 : 2,
                               ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_NoClip))
            return;
        if (side_by_side) {
            ImGui::TableSetupColumn("formula", ImGuiTableColumnFlags_WidthFixed, formula_width);
            ImGui::TableSetupColumn("value", ImGuiTableColumnFlags_WidthFixed, value_width);
            ImGui::TableSetupColumn("help", ImGuiTableColumnFlags_WidthFixed);
        } else {
            ImGui::TableSetupColumn("formula and value", ImGuiTableColumnFlags_WidthStretch);
            ImGui::TableSetupColumn("help", ImGuiTableColumnFlags_WidthFixed);
        }
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const Row& r = rows[i];
            const bool below = !side_by_side || under[i];
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::PushFont(fonts_.mono);
            // a formula wider than its column breaks at a space ("d_min = |Δp×Δv|/|Δv|" ran under
            // its "(?)" at UI scale 2 in a 1024-px window: a code review)
            // after its "=", where it has one: "d_min =" over "|Δp×Δv|/|Δv|"
            const std::string_view formula(r.formula);
            const float room = ImGui::GetContentRegionAvail().x;
            const std::size_t equals = formula.find(" = ");
            if (ImGui::CalcTextSize(formula.data(), formula.data() + formula.size()).x > room && equals != std::string_view::npos) {
                ImGui::TextUnformatted(formula.data(), formula.data() + equals + 2);
                ImGui::TextUnformatted(formula.data() + equals + 3, formula.data() + formula.size());
            } else {
                for (const std::string_view line : lines_at_spaces(formula, room)) ImGui::TextUnformatted(line.data(), line.data() + line.size());
            }
            if (below) {
                ImGui::Indent(indent);
                // broken after a comma where the column is narrower ("(-1.50068, 0.434696" lost
                // its ")" at UI scale 2 in a 1024-px window)
                for (const std::string_view line : lines_at_spaces(r.value, ImGui::GetContentRegionAvail().x))
                    ImGui::TextUnformatted(line.data(), line.data() + line.size());
                ImGui::Unindent(indent);
            }
            if (side_by_side) {
                ImGui::TableNextColumn();
                if (!below) ImGui::TextUnformatted(r.value.c_str());
            }
            ImGui::PopFont();
            ImGui::TableNextColumn();
            ImGui::TextDisabled("(?)");
            if (ImGui::IsItemHovered()) {
                ImGui::BeginTooltip();
                text_wrapped_at_spaces(r.help, std::nullopt, tooltip_room());
                ImGui::EndTooltip();
            }
        }
        ImGui::EndTable();
    };
    table("relative", {{"Δp = pB − pA", exact_vec(e.relative_position), "B's centre as seen from A's: the relative position at t = 0."},
                       {"Δv = vB − vA", exact_vec(e.relative_velocity), "B's velocity as seen from A: in A's frame, B moves along Δp + tΔv."},
                       {"R  = rA + rB", exact_number(e.radius_sum), "The circles touch when their centres are exactly R apart."}});
    ImGui::Spacing();
    text_disabled_at_spaces("|Δp + tΔv| = R  ⇔  a t² + b t + c = 0");
    // a graze within the tolerance: say that this small D counts as 0, beside the badge's "D = 0"
    // (D may round to 0 and still not be 0: a graze at lengths near 1e-80)
    // (a touch in the past too, receding with D = 0: "not 0" there was said of an exact 0)
    const bool counted_zero = e.discriminant_sign == DiscriminantSign::Zero && !e.exact_zero_discriminant();
    // every row always there ("none" where a value does not exist), so that the fields below
    // do not jump up or down under the pointer when the case changes while dragging
    const bool no_quadratic = e.discriminant_sign == DiscriminantSign::NotQuadratic;
    const std::string none = no_quadratic ? "none (a = 0)" : "none (D < 0)";
    // a = 0: D = b² − 4ac is 0 only because every term is, which reads as a graze's "D = 0"; and
    // |Δp×Δv|/|Δv| is 0/0: the distance is the constant |Δp|
    // a and D can be too small for a double although they are not 0 (lengths 1e-150): "0" beside
    // "D > 0" reads as a contradiction; `tangent analyze` says the same
    const char* underflow = " (not 0: below a double's range)";
    const Underflows zero = underflows(e);
    const std::string discriminant = no_quadratic ? std::string("none (a = 0)")
                                     : counted_zero ? (e.discriminant == 0.0 ? std::string("≈ 0 (not 0: below a double's range)")
                                                                            : number(e.discriminant) + " ≈ 0")
                                     : zero.discriminant ? number(e.discriminant) + underflow
                                                    : number(e.discriminant);
    const bool bounced = impact_.has_value();
    // the times with as many digits as tell t_enter, t_closest and t_exit apart: a hit lasting
    // 5.7e-5 at t = 1e4 would read "10000" in all three rows, as a graze's double root does
    const int time_digits = e.t_enter && e.t_exit ? digits_apart({*e.t_enter, *e.t_exit, e.t_closest.value_or(*e.t_enter)}, 6) : 6;
    const auto time_number = [&](double t) { return time_digits == 6 ? number(t) : format_significant(t, time_digits); };
    static constexpr const char* kWithoutTheBounce =
        " With the collision response on, the bodies part at t_enter: this is for the paths without the bounce, "
        "which the canvas no longer draws.";
    table("quadratic",
          {{"a = Δv·Δv", exact_number(e.a) + (zero.a ? underflow : ""), "The square of the relative speed. a = 0 means no relative motion: no quadratic at all."},
           {"b = 2 Δp·Δv", exact_number(e.b) + (zero.b ? underflow : ""), "Negative: the centres are getting closer at t = 0 (seen from A); positive: getting farther apart. It does not say "
            "whether they will touch."},
           {"c = Δp·Δp − R²", exact_number(e.c) + (zero.c ? underflow : ""), "Negative when the circles overlap now, zero when they touch now."},
           {"D = b² − 4ac", discriminant,
            no_quadratic
                ? "With no relative motion (a = 0) there is no quadratic and no discriminant: the distance between "
                  "the centres never changes, so they touch always or never."
            : counted_zero
                ? "The discriminant. Here D is not exactly 0, but the closest approach is within 1e-12·R of touching "
                  "(|d_min − R| ≤ τR, τ = 1e-12), so Tangent counts it as D = 0: one double root, " +
                      std::string(e.kind == Case::Receding ? "a touch in the past" : "a graze") +
                      ". Digits that small are below what dragging or typing can set on purpose."
                : "The discriminant. D < 0: no real root, the circles never touch (miss). D = 0: one double root, they "
                  "just touch (a graze; receding if that was in the past). D > 0: two roots, the first contact and when they would part if they passed "
                  "through each other: a hit if the first is now or ahead, overlapping if the first is past and the last ahead, receding if "
                  "neither is ahead. "
                  "Tangent computes it as "
                  "4(aR² − (Δp×Δv)²), which keeps its digits near a graze."},
           {"t_enter", e.t_enter ? time_number(*e.t_enter) : none,
            "The first contact: the smaller root. Computed as 2c / (−b + √D) or (−b − √D)/(2a), whichever subtracts "
            "nothing nearly equal: the textbook (−b − √D)/(2a) loses digits when c is small."},
           // with the bounce on, the bodies part at t_enter: these three are of the paths without it,
           // which the canvas no longer draws (else the panel and the picture seem to disagree)
           {bounced ? "t_exit (no bounce)" : "t_exit", e.t_exit ? time_number(*e.t_exit) : none,
            std::string("The larger root: when the circles would part if they passed through each other (the last contact).") +
                (bounced ? kWithoutTheBounce : "")},
           {bounced ? "t_closest (no bounce)" : "t_closest = −b/(2a)", e.t_closest ? time_number(*e.t_closest) : std::string("none (a = 0)"),
            std::string("The vertex of the parabola, −b/(2a): when the centres are nearest.") + (bounced ? kWithoutTheBounce : "")},
           // beside R, d_min with the digits that tell it from R ("2" beside R = 2 under MISS), but a
           // graze's, which is R to the tolerance
           {no_quadratic ? "d_min = |Δp| (always)" : bounced ? "d_min (no bounce)" : "d_min = |Δp×Δv|/|Δv|",
            e.discriminant_sign == DiscriminantSign::Zero ? number(e.min_distance) : format_apart(e.min_distance, e.radius_sum, 6).first,
            no_quadratic ? std::string("With no relative motion the centres stay |Δp| apart at every moment.")
                         : std::string("The closest approach, |Δp×Δv|/|Δv|: the distance between the centres at t_closest. "
                                       "Compare it with R: more, they never touch (a miss); equal, they just touch (a graze); less, they "
                                       "overlap for a while (a hit, or receding when that while is past).") +
                               (bounced ? kWithoutTheBounce : "")}});
}

void App::tunnelling_panel() {
    const Scene before = scene_;
    bool enabled = scene_.discrete.enabled;
    // the label beside its box, and the help marker after it
    const ImGuiStyle& style = ImGui::GetStyle();
    const float box = ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + style.ItemSpacing.x + ImGui::CalcTextSize("(?)").x;
    if (number_fields_.checkbox(fitting_label("Check for overlap only every dt (T)###discrete",
                                      fitting_label("Check only every dt (T)###discrete", "Check every dt (T)###discrete", box), box),
                        &enabled)) {
        set_checks(enabled);
    }
    note_widget("discrete_enabled");
    help_marker("A game loop that only asks \"do they overlap now?\" once per step of dt can step right over a contact "
                "that lasts less than dt. The continuous method solves for the contact time and cannot miss it.");
    if (!scene_.discrete.enabled) return;
    // (the span as the drag began, for all of it: widened to the dt as it is, it moved under a
    // pointer held still at an end, and the value slid on: a code review)
    const auto [dt_min, dt_max] = dt_span_held_.value_or(dt_slider_range());
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
    const NumberFields::Outcome dt = number_fields_.slider(
        "dt", &scene_.discrete.dt, dt_min, dt_max, "%.4g", ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
    dt_span_held_ = ImGui::IsItemActive() ? std::optional(std::pair{dt_min, dt_max}) : std::nullopt;
    note_widget("discrete_dt");
    if (dt.changed) {
        // the phase keeps its fraction of the step, from where this edit began: dt down and up
        // again gives the phase back (clamped at each step, it would stay at the smallest dt's)
        const Scene& start = dt.activated ? before : field_before_;
        scene_.discrete.phase = start.discrete.phase_for_step(scene_.discrete.dt);
    }
    slider_done(dt, before, "dt", "discrete_dt");
    help_marker("The time step of the overlap check. The slider is logarithmic (each third of it is ten times the "
                "step), so type a round value for a lesson. The phase keeps its share of the step as dt changes: "
                "halving dt halves φ.");
    draw_field_messages("discrete_dt", {scene_.discrete.dt});
    // halved and doubled at a tap, as [ and ] do (a whiteboard has no keys, and a tap on the
    // logarithmic slider jumps: 40% along set dt = 0.015, 130 checks: a review)
    if (number_fields_.button("Halve dt ([)###discrete_halve")) scale_step(0.5);
    note_widget("discrete_halve");
    ImGui::SameLine();
    if (number_fields_.button("Double dt (])###discrete_double")) scale_step(2.0);
    note_widget("discrete_double");
    const double phase_max = scene_.discrete.dt;
    const double zero = 0.0;
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
    slider_done(number_fields_.slider("phase φ", &scene_.discrete.phase, zero, phase_max, "%.4g",
                                      ImGuiSliderFlags_AlwaysClamp),
                before, "phase φ", "discrete_phase");
    help_marker("When the first check happens. The checks run at t = φ + k·dt. When dt changes (typed, dragged, halved or "
                "doubled) the phase keeps its share of the step: φ 0.25 at dt 0.5 becomes 0.125 at dt 0.25. Set the phase "
                "after dt to keep a value of your own.");
    draw_field_messages("discrete_phase", {scene_.discrete.phase});
    if (!sampling_ || answers_hidden_) return;  // (what the checks find is an answer)
    const SamplingResult& s = *sampling_;
    if (s.sample_count == 1) {  // not "1 checks from t = 1.25 to 1.25"
        ImGui::Text("1 check, at t = %s", number(s.input.phase).c_str());
    } else if (s.sample_count == 0) {
        ImGui::Text("No check: the first would come after the horizon");
    } else {
        text_wrapped_at_spaces(std::to_string(s.sample_count) + " checks from t = " + number(s.input.phase) + " to " +
                               number(s.sample_time(s.sample_count - 1)));
    }
    if (const std::optional<double> next = s.next_check_rounded_past()) {
        text_disabled_at_spaces("The next, φ + " + std::to_string(s.sample_count) + "·dt, is " + format_number_17(*next) +
                                " as the computer rounds it: a hair past the horizon, so not made.");
    }
    if (s.sample_count > kMaxSamplesDrawn)
        text_disabled_at_spaces("The canvas draws the " + std::to_string(kMaxSamplesDrawn) + " around the contact.");
    if (s.detected) {
        // with the digits that tell it from the contact's times ("t = 1.125" beside t_closest 1.125,
        // for a check at 1.125001 after it: a recheck)
        const double t = *s.first_detect_t;
        const Encounter& e = encounter_;
        const int digits = e.t_enter && e.t_exit ? digits_apart({t, *e.t_enter, *e.t_exit, e.t_closest.value_or(t)}, 6) : 6;
        text_wrapped_at_spaces("Seen at check k = " + std::to_string(*s.first_detect_k) + ", t = " + format_significant(t, digits));
    } else if (s.missed) {
        text_wrapped_at_spaces("MISSED: no check lands inside the contact",
                               to_imvec(text_color_on(palette(theme()).missed, palette(theme()).background)));
        switch (s.miss_cause.value_or(MissCause::SteppedOver)) {
            case MissCause::SteppedOver:
                text_disabled_at_spaces("The step carries the bodies through each other between two checks: tunnelling.");
                break;
            case MissCause::Instant: text_disabled_at_spaces("The touch lasts no time: only a check exactly at it sees it."); break;
            case MissCause::HorizonCut:
                text_disabled_at_spaces("The checks stop at the horizon while the circles still overlap.");
                break;
            case MissCause::StartsAfter: text_disabled_at_spaces("The first check comes after the contact has ended."); break;
            case MissCause::NoCheck: break;  // said above: "No check: the first would come after the horizon"
        }
    } else {
        text_disabled_at_spaces("No contact in this time to see.");
    }
    if (impact_) text_disabled_at_spaces("The checks run on the paths without the bounce: the motion they judge.");
    const bool cut_off = s.contact_cut_off;
    if (s.max_safe_dt && *s.max_safe_dt == 0.0) {
        text_wrapped_at_spaces(cut_off ? "No dt is safe: of the contact, only an instant lies in t = 0 to the horizon, so only a "
                                         "check exactly then sees it."
                                       : "No dt is safe: a graze touches for no time at all, so only a check exactly at t = " +
                                             (encounter_.t_enter ? number(*encounter_.t_enter) : std::string("?")) + " sees it.");
    } else if (s.max_safe_dt && *s.safe_dt == 0.0) {
        text_wrapped_at_spaces("No dt is safe: the contact lasts " + number(*s.max_safe_dt) +
                               ", no longer than the rounding of the checks' times there.");
    } else if (s.max_safe_dt) {
        // rounded down: "up to 3.995" would offer a step that steps over 3.99499687 (the button
        // offers safe_dt, a few ulps less still)
        const SafeStepText safe = safe_step_text(s, 6);
        ImGui::Text("Largest safe dt: %s%s", safe.just_under ? "just under " : "", safe.number.c_str());
        help_marker(cut_off ? "The checks run from t = 0 to the horizon, and only part of the contact lies in that time: this "
                              "is how long that part lasts. Any dt up to it catches the contact whatever the phase; a longer "
                              "dt can step over it."
                            : "The contact lasts t_exit − t_enter. Any dt up to that catches it whatever the phase; a longer "
                              "dt can step over it.\n\nCatching is not yet stopping: a check that first fires after the closest "
                              "approach sees the circles already moving apart, and a solver that pushes them apart there sends B "
                              "on through A. Only a dt under half of this puts a check in the contact while they still approach, "
                              "whatever the phase.");
        // the safe dt as the field shows it, rounded down, also below the slider's range (safe_step)
        if (safe_step()) {
            if (number_fields_.button("Use the safe dt (U)")) use_safe_step();
            note_widget("use_safe_dt");
        }
    }
}

void App::enter_field_edit(const std::string& field, bool under_field) {
    if (auto error = check_scene(scene_)) {
        // the file's key path in the panel's words: "bodies[1].radius ..." -> "Body B: radius ...",
        // or just "radius ..." under B's radius field
        std::string message = error->message;
        // the file's key for the horizon is not a name the panel shows
        for (std::size_t at; (at = message.find("time.horizon")) != std::string::npos;)
            message.replace(at, std::string_view("time.horizon").size(), "the horizon T");
        for (int i = 0; i < 2; ++i) {
            const std::string key = "bodies[" + std::to_string(i) + "].";
            if (message.rfind(key, 0) == 0)
                message = (under_field ? std::string() : "Body " + body_name(i) + ": ") + message.substr(key.size());
        }
        if (under_field) {
            field_message(field, std::move(message), true);
        } else {
            notify(std::move(message), true, field);
        }
        scene_ = field_before_;
    } else {
        // this field's errors from earlier attempts no longer hold (a radius of -2 refused, then
        // 2 entered); other fields' stay
        std::erase_if(notices_, [&](const Notice& n) { return n.error && n.field == field; });
        clear_field_messages(field);
        edit(field_before_);
    }
    field_before_ = scene_;  // the next field's edit starts here, even one already open (Shift+Tab)
}

void App::panel_field_done(const NumberFields::Outcome& outcome, const std::string& field) {
    // what the last entry said no longer stands once the field is left again: this entry's own
    // messages (if any) take its place
    if (outcome.left) clear_field_messages(field);
    if (outcome.committed) enter_field_edit(field, true);
    if (outcome.error) field_message(field, *outcome.error, true);
    if (outcome.note) field_message(field, *outcome.note, false);
}

void App::slider_done(const NumberFields::Outcome& field, const Scene& before, const char* name, const char* panel_field) {
    if (panel_field) {
        panel_field_done(field, panel_field);
    } else {
        if (field.error) notify(std::string(name) + ": " + *field.error, true, name);
        if (field.note) notify(std::string(name) + ": " + *field.note);
        if (field.committed) enter_field_edit(name);
    }
    if (!field_has_message(panel_field ? panel_field : name)) hint_pending_ |= typing_hint(false);
    if (field.committed) {
        last_slider_step_ = name;
        last_slider_serial_ = history_.serial();
    }
    if (field.reverted && last_slider_step_ == name && last_slider_serial_ == history_.serial()) {
        // a double-click to type: its first click's jump goes, undo step and all (the undo
        // step left behind would do nothing)
        history_.take_back(scene_);
        field_before_ = scene_;
        last_slider_step_.clear();
        return;
    }
    // a click on a slider moves it as it activates: the scene from before this panel's frame;
    // a Ctrl+click or Tab changes nothing yet, and an edit left earlier this frame counts
    if (field.activated) field_before_ = field.changed ? before : scene_;
}

void App::field_message(const std::string& field, std::string text, bool error) {
    const auto same = [&](const FieldMessage& m) { return m.field == field && m.text == text && m.error == error; };
    if (std::none_of(field_messages_.begin(), field_messages_.end(), same)) field_messages_.push_back({field, std::move(text), error, {}});
}

void App::clear_field_messages(const std::string& field) {
    std::erase_if(field_messages_, [&](const FieldMessage& m) { return m.field == field; });
}

bool App::field_has_message(const std::string& field) const {
    return std::any_of(field_messages_.begin(), field_messages_.end(), [&](const FieldMessage& m) { return m.field == field; }) ||
           std::any_of(notices_.begin(), notices_.end(), [&](const Notice& n) { return n.field == field; });
}

std::vector<std::pair<std::string, std::string>> App::field_message_texts() const {
    std::vector<std::pair<std::string, std::string>> texts;
    for (const FieldMessage& m : field_messages_) texts.emplace_back(m.field, m.text);
    return texts;
}

void App::draw_field_messages(const std::string& field, std::initializer_list<double> values) {
    // a value changed since the message was first shown (dragged, typed, undone, a rim dragged on
    // the canvas): the field is fixed, the message no longer about it
    const std::vector<double> now(values);
    std::erase_if(field_messages_, [&](const FieldMessage& m) { return m.field == field && !m.values.empty() && m.values != now; });
    bool any = false;
    bool fresh = false;
    for (FieldMessage& m : field_messages_) {
        if (m.field != field) continue;
        if (m.values.empty()) {
            m.values = now;
            fresh = true;
        }
        if (!any) ImGui::BeginGroup();  // one rectangle for the layout report
        any = true;
        const ImVec4 color = m.error ? error_text_color() : ImGui::GetStyleColorVec4(ImGuiCol_Text);
        text_wrapped_within(m.text, color, ImGui::GetContentRegionAvail().x);
    }
    if (!any) return;
    ImGui::EndGroup();
    note_widget(field + "_message");
    // a new message under a field near the panel's bottom edge is scrolled into view (in a small
    // window it would be drawn below the edge, unseen)
    if (fresh)
        ImGui::ScrollToRect(ImGui::GetCurrentWindow(), ImRect(ImGui::GetItemRectMin(), ImGui::GetItemRectMax()),
                            ImGuiScrollFlags_KeepVisibleEdgeY);
}

void App::response_panel() {
    const Scene before = scene_;
    bool enabled = scene_.response.enabled;
    if (number_fields_.checkbox("Bounce at first contact (B)", &enabled)) {
        scene_.response.enabled = enabled;
        edit(before);
    }
    help_marker("At t_enter an impulse along the contact normal n changes both velocities: "
                "j = -(1 + e)(Δv·n) / (1/mA + 1/mB), vA' = vA - (j/mA) n, vB' = vB + (j/mB) n.");
    const double zero = 0.0;
    const double one = 1.0;
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x * 0.6f);
    // three digits, or as many as tell it from 1 and 0: with two, a typed 0.999 read "1.00" beside
    // the badge's "e = 0.999", and with three 0.9999999 read "1" (reviews)
    const std::string e_format = "%." + std::to_string(digits_apart({scene_.response.restitution, 0.0, 1.0}, 3)) + "g";
    slider_done(number_fields_.slider("restitution e", &scene_.response.restitution, zero, one, e_format.c_str(),
                                      ImGuiSliderFlags_AlwaysClamp),
                before, "restitution e", "response_restitution");
    help_marker("e = 1: elastic, kinetic energy kept. e = 0: perfectly inelastic along n: the approach along n "
                "stops (Δv·n after = 0); they do not stick, and slide on along the tangent. "
                "Masses (and immovable) are set under Bodies.");
    draw_field_messages("response_restitution", {scene_.response.restitution});
    if (!scene_.response.enabled || !analysis_valid_) return;
    if (!impact_) {
        Result<Impact> why = respond(encounter_, scene_.response.restitution);
        text_disabled_at_spaces("No bounce: " + (why ? std::string() : why.error().message));
        return;
    }
    const Impact& i = *impact_;
    // masses near 1e308 overflow momentum and energy (the velocities after are still right)
    const auto finite_or_say = [](std::string text, bool finite) { return finite ? text : std::string("beyond a double"); };
    const auto finite_vec = [](glm::dvec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); };
    // Δv·n after within rounding of 0 is 0 (e = 0 would show "-6.31439e-16", read as still approaching)
    const double speed_after = i.normal_speed_after_shown();
    struct Change {
        const char* name;
        std::string before;
        std::string after;
    };
    // momentum's parts within rounding of 0 beside its size are 0: at masses 1e-12 and 1e12 the
    // after read "(-1e+12, 1.00974e-28)" under "momentum kept" (a physics teacher's review)
    const double momentum_size = std::max({std::abs(i.momentum_before.x), std::abs(i.momentum_before.y),
                                           std::abs(i.momentum_after.x), std::abs(i.momentum_after.y)});
    const auto momentum = [&](glm::dvec2 p) {
        for (double* part : {&p.x, &p.y})
            if (std::abs(*part) <= 1e-12 * momentum_size) *part = 0.0;
        return finite_or_say(vec(p), finite_vec(p));
    };
    // an immovable body that moves: the energy is the one seen from it (the note below says why)
    std::string energy = "kinetic energy";
    // and the momentum counted is the movable body's alone (the note below says why)
    std::string momentum_name = "momentum";
    if (scene_.body_a().immovable() != scene_.body_b().immovable())
        momentum_name += " (of " + body_name(scene_.body_a().immovable() ? 1 : 0) + ")";
    if (const std::optional<int> fixed = scene_.moving_immovable_body()) energy += " (in " + scene_.name(*fixed) + "'s frame)";
    const std::vector<Change> changes{
        {"vA", vec(scene_.body_a().velocity), vec(i.velocity_a_after)},
        {"vB", vec(scene_.body_b().velocity), vec(i.velocity_b_after)},
        {momentum_name.c_str(), momentum(i.momentum_before), momentum(i.momentum_after)},
        {energy.c_str(), finite_or_say(number(i.kinetic_energy_before), std::isfinite(i.kinetic_energy_before)),
         finite_or_say(number(i.kinetic_energy_after), std::isfinite(i.kinetic_energy_after))},
        {"Δv·n", number(i.normal_speed_before), number(speed_after)},
    };
    // before and after side by side when they fit, else one under the other (a narrow panel cuts "after" off)
    float widths[3] = {0.0f, ImGui::CalcTextSize("before").x, ImGui::CalcTextSize("after").x};
    for (const Change& c : changes) {
        widths[0] = std::max(widths[0], ImGui::CalcTextSize(c.name).x);
        widths[1] = std::max(widths[1], ImGui::CalcTextSize(c.before.c_str()).x);
        widths[2] = std::max(widths[2], ImGui::CalcTextSize(c.after.c_str()).x);
    }
    const float room = ImGui::GetContentRegionAvail().x;
    const float padding = ImGui::GetStyle().CellPadding.x;
    const bool side_by_side = widths[0] + widths[1] + widths[2] + 6.0f * padding <= room;
    // else before over after beside the names; and where even that cuts the numbers off (UI scale
    // 1.5 in a 1024-px window: "(-0.447123, -0.067"), each name over its numbers, indented
    const bool beside_names = side_by_side || widths[0] + std::max(widths[1], widths[2]) + 4.0f * padding <= room;
    if (!beside_names) {
        const float indent = ImGui::GetFontSize();
        for (const Change& c : changes) {
            ImGui::Separator();
            ImGui::TextUnformatted(c.name);
            ImGui::Indent(indent);
            ImGui::TextUnformatted(c.before.c_str());
            ImGui::TextUnformatted(("→ " + c.after).c_str());
            ImGui::Unindent(indent);
        }
        ImGui::Separator();
    } else if (ImGui::BeginTable("impact", side_by_side ? 3 : 2, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_BordersInnerH)) {
        ImGui::TableSetupColumn("");
        ImGui::TableSetupColumn(side_by_side ? "before" : "before, after");
        if (side_by_side) ImGui::TableSetupColumn("after");
        ImGui::TableHeadersRow();
        for (const Change& c : changes) {
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(c.name);
            ImGui::TableNextColumn();
            ImGui::TextUnformatted(c.before.c_str());
            if (side_by_side) ImGui::TableNextColumn();
            ImGui::TextUnformatted(c.after.c_str());
        }
        ImGui::EndTable();
    }
    // j itself, as `tangent analyze` prints it: B takes +j n, A takes -j n
    text_wrapped_at_spaces("Impulse j = " + (std::isfinite(i.impulse) ? number(i.impulse) : std::string("beyond a double")) +
                           (i.approaching                  ? " along n"
                            : i.normal_speed_before < 0.0 && encounter_.kind != Case::Graze ? " (closing too slowly for the velocities to show it)"
                                                             : " (no approach along n)"));
    note_widget("response_impulse");
    const double lost = i.energy_lost();
    // (wrapped: at UI scale 1.5 the panel cut "Energy lost: 0 (… kineti")
    if (!std::isfinite(lost)) {
        text_wrapped_at_spaces("Energy lost: beyond the range of a double at these masses");
    } else if (i.energy_kept()) {
        text_wrapped_at_spaces("Energy lost: 0 (kinetic energy kept)");
    } else {
        text_wrapped_at_spaces("Energy lost: " + number(lost) + " (" + share_percent(i.energy_lost_share()) + ")");
    }
    if (scene_.body_a().immovable() || scene_.body_b().immovable()) {
        // wrapped: at 1280 px it would run off the panel's edge
        text_disabled_at_spaces("An immovable body absorbs momentum: only the movable one is counted, and its energy is "
                                "taken as seen from the immovable body (which, if it moves, would otherwise do work on it).");
    }
}

const char* App::pitfall_formula(seeds::Variant variant) {
    switch (variant) {
        case seeds::Variant::MissingRadius: return "c without −(rA + rB)²";
        case seeds::Variant::Precedence: return "(−B − √D)/2*A";
        case seeds::Variant::SwappedSquare: return "A = dvx² + dvx² (a typo, carried)";
        case seeds::Variant::ExactZero: return "delta == 0, else −1";
        case seeds::Variant::Textbook: return "(−b − √D)/(2a)";
    }
    return "";
}

void App::pitfalls_panel() {
    if (!analysis_valid_) return;
    text_disabled_at_spaces("Each formula from the articles, run on this scene beside Tangent's answer. Hover a row for why; "
                            "pick one to draw its first contact on the canvas.");
    const PitfallReport report = compare_pitfalls(encounter_);
    const Palette& pal = palette(theme());
    // the digits that tell each wrong answer from Tangent's ("1.33333e-09 wrong" beside Tangent's
    // 1.33333e-09 reads as the same number marked wrong)
    int digits = 6;
    for (const PitfallAnswer& answer : report.answers) {
        if (!answer.t_first_contact || !report.tangent_t) continue;
        const auto [theirs, ours] = format_apart(*answer.t_first_contact, *report.tangent_t, 6);
        const auto significant = [](const std::string& text) {
            int count = 0;
            for (const char c : text.substr(0, text.find_first_of("eE"))) count += c >= '0' && c <= '9';
            return count;
        };
        digits = std::max({digits, significant(theirs), significant(ours)});
    }
    const auto shown = [digits](double value) {
        char text[40];
        std::snprintf(text, sizeof text, "%.*g", digits, value == 0.0 ? 0.0 : value);
        return std::string(text);
    };
    const auto formula_of = [](seeds::Variant variant) { return pitfall_formula(variant); };
    const auto verdict_of = [&](const PitfallAnswer& answer) {
        const std::string value = answer.t_first_contact ? shown(*answer.t_first_contact) : "none";
        return value + (answer.wrong ? "  wrong" : answer.ambiguous ? "  (−1 = none?)" : "  right");
    };
    // Four columns when the formulas get room beside the answers; else (17 digits and "wrong" in a
    // narrow panel leave the formulas 4 characters: "Tangen", "c withou") each formula runs across
    // the row and its answer goes under it.
    const ImGuiStyle& style = ImGui::GetStyle();
    float answer_width = ImGui::CalcTextSize("first contact").x;
    if (report.tangent_t) answer_width = std::max(answer_width, ImGui::CalcTextSize(shown(*report.tangent_t).c_str()).x);
    for (const PitfallAnswer& answer : report.answers)
        answer_width = std::max(answer_width, ImGui::CalcTextSize(verdict_of(answer).c_str()).x);
    const float show_width = ImGui::GetFrameHeight();
    const float digits_width = ImGui::CalcTextSize("digits").x;
    const float table_width = ImGui::GetContentRegionAvail().x;
    const float formula_room = table_width - show_width - answer_width - digits_width - 8.0f * style.CellPadding.x;
    const bool side_by_side = formula_room >= ImGui::GetFontSize() * 9.0f;
    // Stacked, two columns: the formula, and under it the answer with its digits said in words
    // ("7.74413397e-09  wrong (0 of 16 digits)"), each wrapped to the row (a digits column beside
    // an answer wider than its own prints over it, "w0rong" at UI scale 2).
    const float stacked_room = table_width - show_width - 4.0f * style.CellPadding.x;
    if (ImGui::BeginTable("pitfalls", side_by_side ? 4 : 2, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_BordersInnerH)) {
        ImGui::TableSetupColumn("show");
        if (side_by_side) {
            // the formula column takes what the others leave and wraps: in a narrow panel "digits"
            // would be cut to "dig.."
            ImGui::TableSetupColumn("formula", ImGuiTableColumnFlags_WidthStretch);
            ImGui::TableSetupColumn("first contact");
            ImGui::TableSetupColumn("digits");
        } else {
            ImGui::TableSetupColumn("formula, first contact, digits", ImGuiTableColumnFlags_WidthStretch);
        }
        ImGui::TableHeadersRow();
        // the formula, the answer and its correct digits, in their columns or one under the other;
        // true if any is hovered
        const auto formula_and_answer = [&](const char* formula, const std::string& answer, int right, std::optional<ImVec4> color,
                                            int row) {
            ImGui::BeginGroup();  // one item, for the hover test
            ImGui::BeginGroup();
            text_wrapped_at_spaces(formula, std::nullopt, side_by_side ? 0.0f : stacked_room);
            ImGui::EndGroup();
            note_widget("pitfall_formula_" + std::to_string(row));
            if (!side_by_side) {
                ImGui::BeginGroup();
                text_wrapped_at_spaces(answer + " (" + std::to_string(right) + " of 16 digits)", color, stacked_room);
                ImGui::EndGroup();
                note_widget("pitfall_answer_" + std::to_string(row));
                ImGui::EndGroup();
                return ImGui::IsItemHovered();
            }
            ImGui::EndGroup();
            bool hovered = ImGui::IsItemHovered();
            ImGui::TableNextColumn();
            if (color) {
                ImGui::TextColored(*color, "%s", answer.c_str());
            } else {
                ImGui::TextUnformatted(answer.c_str());
            }
            hovered |= ImGui::IsItemHovered();
            ImGui::TableNextColumn();
            ImGui::Text("%d", right);
            return hovered || ImGui::IsItemHovered();
        };
        // Tangent's own answer first, and "show none" with it
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        if (number_fields_.radio_button("##none", !scene_.show.pitfall)) {
            const Scene before = scene_;
            scene_.show.pitfall.reset();
            edit(before);
        }
        ImGui::TableNextColumn();
        formula_and_answer("Tangent (stable roots)", report.tangent_t ? shown(*report.tangent_t) : "none", 16, std::nullopt, 0);
        for (const PitfallAnswer& answer : report.answers) {
            ImGui::PushID(static_cast<int>(answer.variant));
            ImGui::TableNextRow();
            ImGui::TableNextColumn();
            if (number_fields_.radio_button("##show", scene_.show.pitfall == answer.variant)) {
                const Scene before = scene_;
                scene_.show.pitfall = answer.variant;
                edit(before);
            }
            ImGui::TableNextColumn();
            const std::optional<ImVec4> color =
                answer.wrong ? std::optional<ImVec4>(to_imvec(text_color_on(pal.missed, pal.background))) : std::nullopt;
            const bool row_hovered = formula_and_answer(formula_of(answer.variant), verdict_of(answer), std::min(answer.correct_digits, 16),
                                                        color, 1 + static_cast<int>(&answer - report.answers.data()));
            if (row_hovered && (!answer.why.empty() || !answer.note.empty())) {
                ImGui::BeginTooltip();
                if (!answer.why.empty()) text_wrapped_at_spaces(answer.why, std::nullopt, tooltip_room());
                if (!answer.note.empty()) text_disabled_at_spaces(answer.note, tooltip_room());
                ImGui::EndTooltip();
            }
            ImGui::PopID();
        }
        ImGui::EndTable();
    }
    // the one sentence for the formula drawn on the canvas, in full
    if (scene_.show.pitfall) {
        for (const PitfallAnswer& answer : report.answers) {
            if (answer.variant != *scene_.show.pitfall) continue;
            if (!answer.why.empty()) text_wrapped_at_spaces(answer.why, to_imvec(text_color_on(pal.missed, pal.background)));
            if (!answer.note.empty()) text_disabled_at_spaces(answer.note);
            if (answer.why.empty() && answer.note.empty()) text_disabled_at_spaces("It agrees with Tangent on this scene.");
        }
    }
}

App::TimeBarLayout App::time_bar_layout() const {
    // the widths as time_bar() draws them, in the bar's content width
    const ImGuiStyle& style = ImGui::GetStyle();
    const float font = ImGui::GetFontSize();
    const float frame = ImGui::GetFrameHeight();
    const float gap = style.ItemSpacing.x;
    const auto button_width = [&](const char* label) { return ImGui::CalcTextSize(label).x + 2.0f * style.FramePadding.x; };
    const float available = canvas_width() - 2.0f * style.WindowPadding.x;
    TimeBarLayout layout;
    // Play, ◀, ▶, the time slider (at least 4 em) and its readout (else the last two below)
    const float play_and_steps = font * 4.5f + gap + frame + gap + frame;
    const float readout = ImGui::CalcTextSize("t = -00000.000").x;
    layout.split_time = play_and_steps + gap + font * 4.0f + gap + readout > available;
    // speed (7 em, down to 3, with its word), loop, and the two jumps: first the jumps' labels
    // shorten, then the slider narrows, then the jumps take a row of their own; only where the
    // word, a 3 em slider and loop do not fit even on a row without the jumps does the word go
    // (its tooltip stays). Were the word to go first, at a projector's UI scale it would be gone
    // even with the jumps on their own row and room to spare beside a narrower slider.
    const float loop_width = frame + style.ItemInnerSpacing.x + ImGui::CalcTextSize("loop").x;
    const float long_buttons = button_width("Jump to contact (J)") + gap + button_width("Jump to closest approach (K)");
    const float short_buttons = button_width("Contact (J)") + gap + button_width("Closest (K)");
    const float speed_word = style.ItemInnerSpacing.x + ImGui::CalcTextSize("speed").x;
    const float wide_speed = font * 7.0f;
    const float narrow_speed = font * 3.0f;
    // the widest slider, up to 7 em, that fits beside the rest of its row
    const auto slider_beside = [&](bool word, float buttons) {
        const float rest = (word ? speed_word : 0.0f) + gap + loop_width + (buttons > 0.0f ? gap + buttons : 0.0f);
        return std::min(wide_speed, available - rest);
    };
    layout.speed_width = wide_speed;
    if (slider_beside(true, long_buttons) >= wide_speed) {
        layout.long_labels = true;
    } else if (slider_beside(true, short_buttons) >= narrow_speed) {
        layout.long_labels = false;
        layout.speed_width = slider_beside(true, short_buttons);
    } else {
        layout.split_controls = true;
        layout.long_labels = long_buttons <= available;
        layout.speed_label = slider_beside(true, 0.0f) >= narrow_speed;
        layout.speed_width = std::max(narrow_speed, slider_beside(layout.speed_label, 0.0f));
    }
    layout.rows = 2 + (layout.split_time ? 1 : 0) + (layout.split_controls ? 1 : 0);
    return layout;
}

void App::time_bar() {
    const Area area = work_area();
    const float side = show_side_panel_ && !presenting_ ? side_panel_width() : 0.0f;
    const float height = time_bar_height();
    const TimeBarLayout layout = time_bar_layout();
    ImGui::SetNextWindowPos(ImVec2(static_cast<float>(area.pos.x), static_cast<float>(area.pos.y + area.size.y) - height));
    ImGui::SetNextWindowSize(ImVec2(static_cast<float>(area.size.x) - side, height));
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoBringToFrontOnFocus;
    ImGui::Begin("Time", nullptr, flags);
    widget_rects_.emplace_back("time_bar", glm::dvec4(ImGui::GetWindowPos().x, ImGui::GetWindowPos().y,
                                                      ImGui::GetWindowPos().x + ImGui::GetWindowSize().x,
                                                      ImGui::GetWindowPos().y + ImGui::GetWindowSize().y));
    const auto record = [&](const char* name) {
        widget_rects_.emplace_back(name, glm::dvec4(ImGui::GetItemRectMin().x, ImGui::GetItemRectMin().y,
                                                    ImGui::GetItemRectMax().x, ImGui::GetItemRectMax().y));
    };
    if (number_fields_.button(playing_ ? "Pause###play" : "Play###play", ImVec2(ImGui::GetFontSize() * 4.5f, 0))) toggle_play();
    record("time_play");
    ImGui::SameLine();
    if (number_fields_.arrow_button("back", ImGuiDir_Left)) step_time(-1);
    ImGui::SameLine();
    if (number_fields_.arrow_button("forward", ImGuiDir_Right)) step_time(+1);
    const TimeSpan range = time_range();  // [0, horizon], widened to a contact or closest approach near it
    // the time beside the slider, not on it, where the handle would cover its digits; the two on
    // a row of their own below Play when the bar is too narrow for all of them
    char readout[48];
    std::snprintf(readout, sizeof readout, "%s", time_readout(time_, scene_.time.horizon).c_str());
    if (!layout.split_time) ImGui::SameLine();
    const float readout_width = std::max(ImGui::CalcTextSize("t = -00000.000").x, ImGui::CalcTextSize(readout).x);
    ImGui::SetNextItemWidth(std::max(ImGui::GetContentRegionAvail().x - readout_width - ImGui::GetStyle().ItemSpacing.x,
                                     ImGui::GetFontSize() * (layout.split_time ? 2.0f : 4.0f)));
    // the slider's own text is hidden (the time is beside it); its typed box shows the time
    const bool typing_time = number_fields_.typing("##time");
    if (!typing_time) {
        // and with no digits over it, its handle is wide and in the text's colour: the theme's
        // see-through grab was 1.8:1 on its track in the light theme, lost on a projector
        const ImVec4 ink = ImGui::GetStyleColorVec4(ImGuiCol_Text);
        ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0, 0, 0, 0));
        ImGui::PushStyleColor(ImGuiCol_SliderGrab, ink);
        ImGui::PushStyleColor(ImGuiCol_SliderGrabActive, ink);
        ImGui::PushStyleVar(ImGuiStyleVar_GrabMinSize, 2.0f * ImGui::GetStyle().GrabMinSize);
    }
    const NumberFields::Outcome time = number_fields_.slider("##time", &time_, range.begin, range.end, "%.4g",
                                                             ImGuiSliderFlags_AlwaysClamp);
    if (!typing_time) {
        ImGui::PopStyleVar();
        ImGui::PopStyleColor(3);
    }
    record("time_slider");
    if (time.changed) playing_ = false;
    if (time.error) notify("time: " + *time.error, true, "time");
    if (time.note) notify("time: " + *time.note);
    ImGui::SameLine();
    ImGui::TextUnformatted(readout);
    record("time_readout");

    const ImGuiStyle& style = ImGui::GetStyle();
    const float slider_width = layout.speed_width;
    ImGui::SetNextItemWidth(slider_width);
    // from 0.05× to 10×, widened so that the horizon plays in at most 200 s and at least 2 s (a
    // 0.01-s bullet lasted 0.2 s at the slowest, a 1000-s trolley 100 s at the fastest)
    // (and the scene's own speed, which a file may set anywhere above 0: the slider does not pull it in)
    // (held for a drag, as dt's span is)
    const auto [slowest, fastest] = speed_span_held_.value_or(std::pair{std::min({0.05, scene_.time.horizon / 200.0, scene_.time.speed}),
                                                                        std::max({10.0, scene_.time.horizon / 2.0, scene_.time.speed})});
    const Scene before = scene_;
    // the value on the side of the slider away from its handle (centred, the handle would cover it)
    const char* speed_name = layout.speed_label ? "speed" : "##speed";
    const bool typing_speed = number_fields_.typing(speed_name);
    if (!typing_speed) ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(0, 0, 0, 0));
    // 500×, not "5e+02×", from 100 on
    // (and 1e+308× as that, not 309 digits across the time bar's buttons: a QA review)
    const char* speed_format = scene_.time.speed >= 99.5 && scene_.time.speed < 1e5 ? "%.0f×" : "%.2g×";
    const NumberFields::Outcome speed = number_fields_.slider(speed_name, &scene_.time.speed, slowest, fastest, speed_format,
                                                              ImGuiSliderFlags_Logarithmic | ImGuiSliderFlags_AlwaysClamp);
    speed_span_held_ = ImGui::IsItemActive() ? std::optional(std::pair{slowest, fastest}) : std::nullopt;
    record("time_speed");
    if (!typing_speed) {
        ImGui::PopStyleColor();
        char value[32];
        std::snprintf(value, sizeof value, speed_format, scene_.time.speed);
        const float handle_at = static_cast<float>(std::log(scene_.time.speed / slowest) / std::log(fastest / slowest));
        const float text_width = ImGui::CalcTextSize(value).x;
        const ImVec2 frame = ImGui::GetItemRectMin();
        const float x = handle_at > 0.5f ? frame.x + style.FramePadding.x
                                         : frame.x + slider_width - style.FramePadding.x - text_width;
        ImGui::GetWindowDrawList()->AddText(ImVec2(x, frame.y + style.FramePadding.y), ImGui::GetColorU32(ImGuiCol_Text), value);
        // the label "speed" (when shown) is drawn by the slider: in the transparent colour, so again here
        if (layout.speed_label)
            ImGui::GetWindowDrawList()->AddText(ImVec2(frame.x + slider_width + style.ItemInnerSpacing.x, frame.y + style.FramePadding.y),
                                                ImGui::GetColorU32(ImGuiCol_Text), "speed");
    }
    if (!layout.speed_label && ImGui::IsItemHovered() && !ImGui::IsItemActive()) ImGui::SetTooltip("speed of play");
    slider_done(speed, before, "speed");
    ImGui::SameLine();
    if (number_fields_.checkbox("loop", &scene_.time.loop)) edit(before);
    record("time_loop");
    if (!layout.split_controls) ImGui::SameLine();
    // (with the answers hidden, both alike: one greyed out alone would say there is no contact)
    ImGui::BeginDisabled(answers_hidden_ || !analysis_valid_ || !encounter_.t_enter);
    if (number_fields_.button(layout.long_labels ? "Jump to contact (J)###contact" : "Contact (J)###contact")) jump_to_contact();
    record("time_jump_contact");
    ImGui::EndDisabled();
    ImGui::SameLine();
    ImGui::BeginDisabled(answers_hidden_ || !analysis_valid_ || !encounter_.t_closest);
    if (number_fields_.button(layout.long_labels ? "Jump to closest approach (K)###closest" : "Closest (K)###closest")) jump_to_closest();
    record("time_jump_closest");
    ImGui::EndDisabled();
    ImGui::End();
}

std::vector<std::string> App::notice_texts() const {
    std::vector<std::string> texts;
    for (const Notice& n : notices_) texts.push_back(n.repeats > 1 ? n.text + "  ×" + std::to_string(n.repeats) : n.text);
    return texts;
}

// The scene's note, typed: Done keeps it (one undo step) as written for the bodies as they are
// now, so it is no longer marked "before your edits"; Cancel leaves the note as it was.
void App::caption_editor() {
    text_disabled_at_spaces("The scene's note, one line (saved with it; along the bottom of a figure with --caption):");
    // the typing goes here from the first key (else "G" in a word snaps to a graze)
    if (std::exchange(caption_focus_, false)) ImGui::SetKeyboardFocusHere();
    ImGui::SetNextItemWidth(ImGui::GetContentRegionAvail().x);
    // (one line: imgui's multi-line box does not wrap; the note as it will read is shown under it)
    number_fields_.tab_stop("##caption");
    const bool entered = ImGui::InputText("##caption", &*caption_draft_, ImGuiInputTextFlags_EnterReturnsTrue);
    number_fields_.tab_stop_left();
    note_widget("caption_field");
    std::replace(caption_draft_->begin(), caption_draft_->end(), '\n', ' ');  // (pasted)
    if (utf8_length(*caption_draft_) > 400) *caption_draft_ = utf8_prefix(*caption_draft_, 400);
    if (!caption_draft_->empty()) text_wrapped_at_spaces(composed(*caption_draft_));
    const bool done = number_fields_.button("Done") || entered;
    note_widget("caption_done");
    ImGui::SameLine();
    const bool cancel = number_fields_.button("Cancel");
    if (done) {
        const Scene before = scene_;
        std::string text = composed(*caption_draft_);
        while (!text.empty() && text.back() == ' ') text.pop_back();
        while (!text.empty() && text.front() == ' ') text.erase(text.begin());
        scene_.caption = text;
        caption_scene_ = scene_;  // it now speaks of the scene as it is
        edit(before);
        caption_draft_.reset();
    } else if (cancel) {
        caption_draft_.reset();
    }
    ImGui::Separator();
}

namespace {

// A label's box on the screen (its backdrop's padding with it where `padded`), as drawn at `origin`.
glm::dvec4 label_rect(const TextMetrics& metrics, const Primitive& p, const View& view, glm::dvec2 origin, bool padded) {
    const TextExtent extent = metrics.measure(p.text, p.font_px, p.bold);
    const TextBox box = label_box(p, view, {extent.width, extent.height});
    const glm::dvec2 pad(padded ? p.box_padding_px : 0.0f);
    const glm::dvec2 low = origin + box.top_left - pad;
    const glm::dvec2 high = origin + box.top_left + box.size + pad;
    return {low.x, low.y, high.x, high.y};
}

}  // namespace

std::vector<glm::dvec4> App::overlay_rects() const {
    std::vector<glm::dvec4> rects;
    const TextMetrics* metrics = TextMetrics::shared();
    if (!metrics) return rects;
    for (const Primitive& p : picture_.items)
        if (p.shape == Shape::Label &&
            (p.role == Role::Badge || p.role == Role::Banner || p.role == Role::TimeStamp || p.role == Role::Caption))
            rects.push_back(label_rect(*metrics, p, picture_.view, canvas_origin_, true));
    return rects;
}

std::vector<std::pair<int, glm::dvec4>> App::body_name_rects() const {
    std::vector<std::pair<int, glm::dvec4>> rects;
    const TextMetrics* metrics = TextMetrics::shared();
    if (!metrics) return rects;
    for (const Primitive& p : picture_.items)
        if (p.shape == Shape::Label && p.role == Role::BodyLabel)
            rects.emplace_back(p.body, label_rect(*metrics, p, picture_.view, canvas_origin_, false));
    return rects;
}

void App::draw_notices() {
    notices_drawn_ = notices_raised_;
    const double now = notice_clock();
    notices_.erase(std::remove_if(notices_.begin(), notices_.end(),
                                  [&](const Notice& n) { return now - n.shown_at > n.seconds(); }),
                   notices_.end());
    if (notices_.empty()) return;
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoInputs;
    // Along the bottom of the canvas, in the middle, unless that covers a body as it is drawn now
    // ("Snapped to a graze …" can lie over A for its five seconds, just as B grazes it) or where they
    // first touch: then, at most half the canvas wide, in a bottom corner or the top right (the
    // overlays hold the top left), the first that hides none of them, else over the side panel's
    // top, else the one that hides least. Each place is judged by the notices' size there,
    // wrapped to its width.
    const std::vector<std::string> texts = notice_texts();
    const ImVec2 padding = ImGui::GetStyle().WindowPadding;
    const auto size_at = [&](float max_width) {
        const float room = max_width - padding.x * 2;
        ImVec2 size(0.0f, 0.0f);
        for (std::size_t i = 0; i < texts.size(); ++i) {
            if (i > 0) size.y += ImGui::GetStyle().ItemSpacing.y + 1.0f;  // the separator between two
            for (const std::string_view line : lines_within(texts[i], room)) {
                size.x = std::max(size.x, ImGui::CalcTextSize(line.data(), line.data() + line.size()).x);
                size.y += ImGui::GetTextLineHeightWithSpacing();
            }
        }
        return ImVec2(std::min(size.x, room) + padding.x * 2, size.y + padding.y * 2);
    };
    const float edge = static_cast<float>(12.0 * ui_scale_);
    const float left = static_cast<float>(canvas_origin_.x) + edge;
    const float right = static_cast<float>(canvas_origin_.x + canvas_size_.x) - edge;
    const float top = static_cast<float>(canvas_origin_.y) + edge;
    const float bottom = static_cast<float>(canvas_origin_.y + canvas_size_.y) - edge;
    const float wide = static_cast<float>(canvas_size_.x * 0.9);
    const float half = static_cast<float>(canvas_size_.x * 0.45);
    struct Place {
        ImVec2 at;
        ImVec2 pivot;
        float max_width;
        float room = 0.0f;  // how tall the notices may grow there (set below)
        double cost = 0.0;  // what the place itself costs, beside what it hides
    };
    // The overlays (the case badge, its sentence, the MISSED banner, its legend, in the top left;
    // the time stamp; the caption along the bottom):
    // on a narrow canvas the top right reached over the first, and "Snapped to a graze" hid the
    // banner's "at dt = 8" just as the teacher explained it (a live lesson's review).
    std::vector<std::pair<glm::dvec2, glm::dvec2>> overlays;  // boxes on the screen
    for (const glm::dvec4& rect : overlay_rects()) overlays.emplace_back(glm::dvec2(rect.x, rect.y), glm::dvec2(rect.z, rect.w));
    // and presentation mode's Menu button, the one way out for a finger (the opening notice lay over it)
    if (presenting_)
        overlays.emplace_back(glm::dvec2(presenting_menu_rect_.x, presenting_menu_rect_.y),
                              glm::dvec2(presenting_menu_rect_.z, presenting_menu_rect_.w));
    // the top right, under presentation mode's Menu button (the notice there hid it)
    const float top_right = presenting_ ? std::max(top, static_cast<float>(presenting_menu_rect_.w) + edge) : top;
    // (the top-left stack's foot: the caption is along the bottom, the time stamp top right)
    float below_overlays = top;
    for (const auto& [low, high] : overlays)
        if (low.y < 0.5 * (top + bottom) && low.x < 0.5 * (left + right)) below_overlays = std::max(below_overlays, static_cast<float>(high.y) + edge);
    std::vector<Place> places = {{ImVec2(0.5f * (left + right), bottom), ImVec2(0.5f, 1.0f), wide},
                                 {ImVec2(left, bottom), ImVec2(0.0f, 1.0f), half},
                                 {ImVec2(right, bottom), ImVec2(1.0f, 1.0f), half},
                                 {ImVec2(right, top_right), ImVec2(1.0f, 0.0f), half},
                                 {ImVec2(right, below_overlays), ImVec2(1.0f, 0.0f), half},
                                 {ImVec2(left, below_overlays), ImVec2(0.0f, 0.0f), half}};
    // how tall the notices may grow there: down to the canvas's foot from a place at the top,
    // up to its head from one at the bottom (at UI scale 2, below the overlays, a long notice ran
    // on over the time bar's Play button, cut off mid-sentence: an outside review)
    for (Place& place : places) place.room = place.pivot.y == 0.0f ? bottom - place.at.y : place.at.y - top;
    // Last, over the top of the side panel: where every place on the canvas hides part of the
    // scene. At UI scale 2 in 1024 × 768 the welcome hint, wrapped to half the canvas, stood
    // over the contact it tells a newcomer to look at. (Its small cost keeps a notice on the
    // canvas, beside what it is about, wherever the canvas has room for it.)
    if (show_side_panel_ && !presenting_) {  // (F11 draws no side panel: the place would hide B, opaque)
        const Area area = work_area();
        const float panel_width = side_panel_width();
        const float panel_left = static_cast<float>(area.pos.x + area.size.x) - panel_width;
        Place panel{ImVec2(panel_left, static_cast<float>(area.pos.y) + edge), ImVec2(0.0f, 0.0f), panel_width - edge};
        panel.room = static_cast<float>(area.pos.y + area.size.y) - edge - panel.at.y;
        panel.cost = 0.05;
        if (panel.max_width > 8.0f * ImGui::GetFontSize()) places.push_back(panel);
    }
    // Or over the time plot, under the canvas, as wide as the canvas's bottom place (half as wide,
    // five lines were too tall for it): in the tour (no side panel) at UI scale 1.5 the canvas is
    // 200 px tall, and "Snapped to a graze …" lay over B for its 12 s (a teacher's review).
    if (const float plot = plot_height(); plot > 0.0f) {
        Place over_plot{ImVec2(0.5f * (left + right), static_cast<float>(canvas_origin_.y + canvas_size_.y) + edge), ImVec2(0.5f, 0.0f),
                        wide};
        over_plot.room = plot - 2.0f * edge;
        over_plot.cost = 0.1;
        places.push_back(over_plot);
    }
    // What a notice should not hide: the bodies as drawn now, and where they first touch (after
    // "Snap to graze" the notice can lie over the grazing ghosts, the one thing to look at), and
    // the overlays. Where every place hides some of it, the one that hides least, as the share of
    // each disc's square, or each overlay's box, that it covers.
    struct Disc {
        glm::dvec2 centre;  // on the screen
        double radius;
        double weight;  // a body 1; an overlap check's outline a quarter
    };
    std::vector<Disc> discs;
    if (analysis_valid_) {
        const Motion motion(scene_, impact_shown(), relative_blend_);
        std::vector<double> times{time_};
        if (scene_.show.ghosts && encounter_.t_enter && *encounter_.t_enter != time_) times.push_back(*encounter_.t_enter);
        for (const double t : times)
            for (int i = 0; i < 2; ++i)
                discs.push_back({canvas_origin_ + view_.to_screen(motion.position(i, t)), motion.radius(i) * view_.pixels_per_unit, 1.0});
        // the checks' outlines too, less: "This step as you left it" lay over the tour's tunnelling
        // checks, the free top right beside it (a teacher's review)
        if (sampling_ && scene_.discrete.enabled)
            for (std::int64_t k = 0; k < std::min<std::int64_t>(sampling_->sample_count, 200); ++k)
                for (int i = 0; i < 2; ++i) {
                    const double t = sampling_->sample_time(k);
                    discs.push_back({canvas_origin_ + view_.to_screen(motion.position(i, t)), motion.radius(i) * view_.pixels_per_unit, 0.25});
                }
    }
    const auto hidden = [&](const Place& place) {
        ImVec2 size = size_at(place.max_width);
        // a notice cut off is worse than any body or overlay hidden: the words are the message
        double share = place.cost + (size.y > place.room ? 100.0 * size.y / std::max(place.room, 1.0f) : 0.0);
        size.y = std::min(size.y, std::max(place.room, 0.0f));
        const glm::dvec2 min(place.at.x - place.pivot.x * size.x, place.at.y - place.pivot.y * size.y);
        const glm::dvec2 max = min + glm::dvec2(size.x, size.y);
        for (const auto& [c, r, weight] : discs) {
            if (!(glm::distance(c, glm::clamp(c, min, max)) < r)) continue;  // (a NaN centre hides nothing)
            const glm::dvec2 overlap = glm::max(glm::min(max, c + r) - glm::max(min, c - r), glm::dvec2(0.0));
            share += weight * std::max(overlap.x * overlap.y / (4.0 * r * r), 1e-3);
        }
        for (const auto& [low, high] : overlays) {
            const glm::dvec2 overlap = glm::min(max, high) - glm::max(min, low);
            if (overlap.x <= 0.0 || overlap.y <= 0.0) continue;
            // (twice a disc's: the case and the banner are what the class reads; a ghost half
            // hidden still shows where it is)
            share += 2.0 * std::max(overlap.x * overlap.y / ((high.x - low.x) * (high.y - low.y)), 1e-3);
        }
        return share;
    };
    const Place* place = &places[0];
    double least = std::numeric_limits<double>::infinity();
    for (const Place& candidate : places) {
        const double share = hidden(candidate);
        if (share < least) {
            least = share;
            place = &candidate;
        }
        if (share == 0.0) break;
    }
    ImGui::SetNextWindowPos(place->at, ImGuiCond_Always, place->pivot);
    // as tall as they need, up to the canvas's edge: four long messages at once (every state file
    // unreadable at a start) were cut off mid-sentence at half its height (an outside review)
    ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(place->max_width, std::max(place->room, 0.0f)));
    // (over the side panel's text, opaque: its lines showed through)
    ImGui::SetNextWindowBgAlpha(place->cost > 0.0 ? 1.0f : 0.9f);
    ImGui::Begin("##notices", nullptr, flags);
    const float room = place->max_width - padding.x * 2;
    for (std::size_t i = 0; i < notices_.size(); ++i) {
        if (i > 0) ImGui::Separator();  // where one ends and the next begins, with several at once
        // a path longer than the notice is wide is cut onto the next line, not cut off at its edge
        // ("…/tangent/autosave.js", and the kept copy's name lost: an outside review)
        const ImVec4 color = notices_[i].error ? error_text_color() : ImGui::GetStyleColorVec4(ImGuiCol_Text);
        text_wrapped_within(texts[i], color, room);
    }
    note_window("notices");
    ImGui::End();
}

}  // namespace tangent::ui
