// The canvas: where the scene is drawn and dragged. Input goes through an invisible ImGui button
// that covers it, so panels over it take the mouse first (io.WantCaptureMouse by construction).

#include <imgui.h>

#include <glm/common.hpp>
#include <glm/geometric.hpp>
#include <glm/vector_relational.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <utility>

#include "app.h"
#include "core/format.h"
#include "render/labels.h"
#include "scene/number_text.h"

namespace tangent::ui {

namespace {
// the notice a held press raises ("Now drag out A's velocity arrow"), by its field key: gone at the drop
constexpr const char* kHoldPullNotice = "hold to pull";
}  // namespace

namespace {

constexpr double kHandleSlackPx = 8.0;  // how near the cursor must be to grab a rim or a tip
// how far the cursor goes before a press on a handle drags it: a touchpad's tap moves it a pixel
// or two (a review on a touchpad: a tap on B's centre moved it by 0.05 units)
constexpr double kDragDeadZonePx = 3.0;
constexpr double kWheelZoom = 1.15;

glm::dvec2 snapped(glm::dvec2 p, double step) { return glm::round(p / step) * step; }

}  // namespace

float App::time_bar_height() const {
    const ImGuiStyle& style = ImGui::GetStyle();
    const int rows = time_bar_layout().rows;
    return ImGui::GetFrameHeight() * static_cast<float>(rows) + style.ItemSpacing.y * static_cast<float>(rows - 1) +
           style.WindowPadding.y * 2;
}

void App::canvas() {
    // a scene opened from the menu earlier in this frame is framed by its own analysis, not the
    // last scene's (else the tunnelling preset opens squeezed onto one line of the head-on one's view)
    reanalyze_if_changed();
    const Area area = work_area();
    canvas_origin_ = area.pos;
    canvas_size_ = glm::max(glm::dvec2(canvas_width(), area.size.y - time_bar_height() - plot_height() - tour_bar_height()),
                            glm::dvec2(16.0));
    if (view_.size_px != canvas_size_) {
        // a new canvas size refits, unless the user has framed the view by hand; during a drag the
        // world is kept still under the canvas's top left instead, and the drop keeps that view
        // (below) (the tour's caption gaining a line at the first edit shrank the canvas mid-drag,
        // and the refit moved the world under the pointer: B, nudged up 3 px, went down 0.19: a
        // teacher's review; refitted at the drop, the scene jumped from under it then: a code review)
        if (drag_) view_.center += glm::dvec2(canvas_size_.x - view_.size_px.x, view_.size_px.y - canvas_size_.y) / (2.0 * view_.pixels_per_unit);
        view_.size_px = canvas_size_;
        if (!view_framed_by_user_) fit_pending_ = true;
    }
    // The MISSED banner or the checks' legend coming or going changes the overlays' corner. Where
    // the view is the fit's (not framed by hand), it is fitted again once the gesture ends: else,
    // with dt = 3 typed in, the banner lies over B and A's name until F is pressed, and the legend
    // of the checks, toggled on, over the contact. So it is when the bounce is turned on or off:
    // the paths after it are the story's too (B bounced off the top of the canvas, unseen).
    // Not at the end of a drag on the canvas: the scene jumped from under the pointer as it was
    // let go, the body dragged no longer under it and A's rim there instead, for the next press
    // to resize (a student's review). That view is taken as framed with what the drag made; F
    // frames it anew.
    if (std::exchange(drag_kept_view_, false)) {
        fit_pending_ = false;  // (a canvas resized during the drag: its view stands too)
        if (analysis_valid_) {
            framed_with_overlays_ = overlays_now();
            framed_with_bounce_ = scene_.response.enabled;
        }
    }
    if (analysis_valid_ && (overlays_now() != framed_with_overlays_ || scene_.response.enabled != framed_with_bounce_) && !drag_ &&
        !ImGui::IsAnyItemActive() && !view_framed_by_user_ && !view_animating_)
        fit_pending_ = true;
    if (fit_pending_ && !drag_) fit_view();

    ImGui::SetNextWindowPos(ImVec2(static_cast<float>(canvas_origin_.x), static_cast<float>(canvas_origin_.y)));
    ImGui::SetNextWindowSize(ImVec2(static_cast<float>(canvas_size_.x), static_cast<float>(canvas_size_.y)));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                                   ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoScrollWithMouse;
    ImGui::Begin("##canvas", nullptr, flags);
    ImGui::PopStyleVar();  // (read by Begin: the hover hint begun inside keeps the usual padding)
    ImGui::InvisibleButton("canvas", ImVec2(static_cast<float>(canvas_size_.x), static_cast<float>(canvas_size_.y)),
                           ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight | ImGuiButtonFlags_MouseButtonMiddle);
    const bool hovered = ImGui::IsItemHovered();
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    canvas_input(glm::dvec2(mouse.x, mouse.y) - canvas_origin_, hovered);
    ImGui::End();

    build_picture_for_canvas();
    ImDrawList& list = *ImGui::GetBackgroundDrawList();
    list.PushClipRect(ImVec2(static_cast<float>(canvas_origin_.x), static_cast<float>(canvas_origin_.y)),
                      ImVec2(static_cast<float>(canvas_origin_.x + canvas_size_.x), static_cast<float>(canvas_origin_.y + canvas_size_.y)));
    if (!fonts_.label_fonts.empty()) draw_labels(picture_, {canvas_origin_, 1.0}, list, fonts_);
    list.PopClipRect();
    // the panels share the canvas's background: a line marks where the canvas ends
    const ImU32 edge = ImGui::GetColorU32(ImGuiCol_Separator);
    const auto right = static_cast<float>(canvas_origin_.x + canvas_size_.x);
    const auto bottom = static_cast<float>(canvas_origin_.y + canvas_size_.y);
    list.AddLine(ImVec2(right, static_cast<float>(canvas_origin_.y)), ImVec2(right, bottom), edge, ui_scale_);
    list.AddLine(ImVec2(static_cast<float>(canvas_origin_.x), bottom), ImVec2(right, bottom), edge, ui_scale_);
    out_of_view_hint();
    if (plot_shown()) plot_panel();
}

void App::out_of_view_hint() {
    // A canvas showing nothing of the scene says so: a radius typed as 1e300 fills it with B's
    // colour, its undo leaves a dot at that scale, a pan can leave it empty. In the middle of the
    // canvas, until the scene is back in view, the way back.
    if (!analysis_valid_) return;
    const HandleGeometry bodies = handle_geometry(scene_, time_, Motion(scene_, impact_shown(), relative_blend_));
    const glm::dvec2 size = canvas_size_;
    bool seen = false;
    bool tiny = false;  // in view but under a pixel across
    std::optional<int> filling;
    for (int i = 0; i < 2; ++i) {
        const glm::dvec2 c = view_.to_screen(bodies.center[i]);
        const double r = bodies.radius[i] * view_.pixels_per_unit;
        if (!(std::isfinite(c.x) && std::isfinite(c.y) && std::isfinite(r))) continue;
        const bool meets = glm::distance(c, glm::clamp(c, glm::dvec2(0.0), size)) < r;
        const double farthest_corner = glm::length(glm::max(glm::abs(c), glm::abs(size - c)));
        if (meets && r >= farthest_corner) {
            filling = i;  // its disc covers every corner: the canvas is all one colour around the other
        } else if (meets && r >= 1.0) {
            seen = true;
        }
        tiny = tiny || (r < 1.0 && glm::all(glm::greaterThanEqual(c, glm::dvec2(0.0))) && glm::all(glm::lessThanEqual(c, size)));
    }
    if (seen && !filling) return;
    // not while playing (the bodies come round again), nor where F would frame the view as it is
    // (a fit that leaves the bodies dots: the hint would send a teacher round in a circle)
    if (playing_) return;
    const View fitted = story_view(canvas_size_, ui_scale_, false);
    if (glm::distance(fitted.center, view_.center) <= 1e-9 * std::max(1.0, glm::length(view_.center)) + 0.5 / view_.pixels_per_unit &&
        std::abs(fitted.pixels_per_unit / view_.pixels_per_unit - 1.0) < 1e-6)
        return;
    const std::string text = filling ? body_name(*filling) + " fills the whole view: press F to frame the scene"
                             : tiny  ? "The bodies are too small to see at this zoom: press F to frame the scene"
                                     : "The bodies are out of view: press F to frame the scene";
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoInputs;
    // in the middle of an empty canvas; along the bottom where the other body may show in the
    // middle (a pebble inside a boulder that fills the view: the hint would lie beside it)
    const bool at_bottom = filling.has_value();
    const glm::dvec2 at = canvas_origin_ + glm::dvec2(0.5 * size.x, at_bottom ? size.y - 12.0 * ui_scale_ : 0.5 * size.y);
    ImGui::SetNextWindowPos(ImVec2(static_cast<float>(at.x), static_cast<float>(at.y)), ImGuiCond_Always,
                            ImVec2(0.5f, at_bottom ? 1.0f : 0.5f));
    ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(static_cast<float>(size.x * 0.8), static_cast<float>(size.y * 0.5)));
    ImGui::SetNextWindowBgAlpha(0.9f);
    ImGui::Begin("##out_of_view", nullptr, flags);
    text_wrapped_at_spaces(text, std::nullopt, static_cast<float>(size.x * 0.8) - 2.0f * ImGui::GetStyle().WindowPadding.x);
    note_window("out_of_view");
    ImGui::End();
}

float App::canvas_width() const {
    const float side = show_side_panel_ && !presenting_ ? side_panel_width() : 0.0f;
    return static_cast<float>(work_area().size.x) - side;
}

float App::plot_height() const {
    if (!plot_shown()) return 0.0f;
    const float available = static_cast<float>(work_area().size.y) - time_bar_height() - tour_bar_height();
    return std::clamp(available * 0.36f, std::min(200.0f * ui_scale_, available * 0.5f), 420.0f * ui_scale_);
}

TimeSpan App::time_range() const {
    if (!analysis_valid_) return {0.0, scene_.time.horizon};
    return path_span(scene_, encounter_);
}

void App::plot_panel() {
    plot_origin_ = canvas_origin_ + glm::dvec2(0.0, canvas_size_.y);
    plot_size_ = {canvas_size_.x, plot_height()};
    if (!analysis_valid_ || plot_size_.y < 32.0) return;
    if (!plot_zoomed_) {
        plot_axes_ = default_plot_axes(scene_, encounter_, plot_quantity_, plot_size_, ui_scale_);
    } else {
        const PlotAxes fitted = default_plot_axes(scene_, encounter_, plot_quantity_, plot_size_, ui_scale_);
        plot_axes_.origin_px = fitted.origin_px;
        plot_axes_.size_px = fitted.size_px;
        fit_plot_values(plot_axes_, encounter_, plot_quantity_, ui_scale_);
    }

    ImGui::SetNextWindowPos(ImVec2(static_cast<float>(plot_origin_.x), static_cast<float>(plot_origin_.y)));
    ImGui::SetNextWindowSize(ImVec2(static_cast<float>(plot_size_.x), static_cast<float>(plot_size_.y)));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                                   ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoScrollWithMouse;
    ImGui::Begin("##plot", nullptr, flags);
    ImGui::PopStyleVar();  // (read by Begin: a tooltip begun inside keeps the usual padding)
    // what is plotted: the quadratic or the gap (first: the first item under the pointer takes it,
    // and the plot's own area below covers these buttons)
    const float radios = ImGui::CalcTextSize("f(t)gap").x + ImGui::GetFrameHeight() * 2 + ImGui::GetStyle().ItemSpacing.x * 4;
    const double switch_width = radios + 12.0 * ui_scale_;  // kept clear of the plot's title
    ImGui::SetCursorPos(ImVec2(static_cast<float>(plot_size_.x) - radios - 12 * ui_scale_, 2 * ui_scale_));
    const int quantity = plot_quantity_ == PlotQuantity::Quadratic ? 0 : 1;
    bool on_buttons = false;
    if (number_fields_.radio_button("f(t)", quantity == 0)) plot_quantity_ = PlotQuantity::Quadratic;
    note_widget("plot_quadratic");
    if (ImGui::IsItemHovered()) {
        on_buttons = true;
        ImGui::SetTooltip("f(t) = a t² + b t + c = |Δp + tΔv|² − R²: zero when the circles touch");
    }
    ImGui::SameLine();
    if (number_fields_.radio_button("gap", quantity == 1)) plot_quantity_ = PlotQuantity::Gap;
    note_widget("plot_gap");
    if (ImGui::IsItemHovered()) {
        on_buttons = true;
        ImGui::SetTooltip("gap(t) = |Δp + tΔv| − R: the distance between the rims, negative while they overlap");
    }
    ImGui::SetCursorPos(ImVec2(0.0f, 0.0f));
    ImGui::InvisibleButton("plot", ImVec2(static_cast<float>(plot_size_.x), static_cast<float>(plot_size_.y)),
                           ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight | ImGuiButtonFlags_MouseButtonMiddle);
    note_widget("plot");
    const bool hovered = ImGui::IsItemHovered() && !on_buttons;
    const ImGuiIO& io = ImGui::GetIO();
    const glm::dvec2 mouse = glm::dvec2(io.MousePos.x, io.MousePos.y) - plot_origin_;
    const double t_mouse = plot_axes_.t_at(mouse.x);
    const TimeSpan range = time_range();
    plot_hover_ = hovered ? std::optional<double>(t_mouse) : std::nullopt;
    // drag the cursor: the time, linked with the canvas and the time bar; a double-click goes
    // back to the whole story, and takes back the time its first click set (it moved the time
    // from 0.997 to 0.828: a student's review)
    if (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
        // (a pair whose first click was the plot's, not the f(t) / gap switch's within it: that
        // restored the time of a click long before, or 0: a code review)
        const double now = ImGui::GetTime();
        if (ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left) && now - plot_clicked_at_ <= io.MouseDoubleClickTime) {
            time_ = plot_time_before_click_;
            plot_zoomed_ = false;
        } else {
            plot_time_before_click_ = time_;
            plot_clicked_at_ = now;
            plot_dragging_ = true;
        }
    }
    if (plot_dragging_) {
        if (ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
            time_ = std::clamp(t_mouse, range.begin, range.end);
            playing_ = false;
        } else {
            plot_dragging_ = false;
        }
    }
    // zoom and pan the time axis; the values refit to what is shown
    if (hovered && io.MouseWheel != 0.0f) {
        plot_axes_.zoom_time(t_mouse, std::pow(1.0 / 1.15, static_cast<double>(io.MouseWheel)));
        plot_zoomed_ = true;
    }
    if (hovered && (ImGui::IsMouseClicked(ImGuiMouseButton_Right) || ImGui::IsMouseClicked(ImGuiMouseButton_Middle))) {
        plot_panning_ = true;
        plot_pan_from_ = t_mouse;
    }
    if (plot_panning_) {
        if (ImGui::IsMouseDown(ImGuiMouseButton_Right) || ImGui::IsMouseDown(ImGuiMouseButton_Middle)) {
            const double shift = plot_pan_from_ - t_mouse;
            plot_axes_.t_min += shift;
            plot_axes_.t_max += shift;
            plot_zoomed_ = true;
        } else {
            plot_panning_ = false;
        }
    }
    if (hovered) ImGui::SetMouseCursor(plot_dragging_ ? ImGuiMouseCursor_ResizeEW : ImGuiMouseCursor_Arrow);
    ImGui::End();

    PlotInput in;
    in.scene = &scene_;
    in.encounter = &encounter_;
    in.sampling = sampling_ ? &*sampling_ : nullptr;
    in.impact = impact_shown();
    in.theme = theme();
    in.quantity = plot_quantity_;
    in.reserved_right_px = switch_width;
    in.reserved_top_px = 2.0 * ui_scale_ + ImGui::GetFrameHeight() + 2.0 * ui_scale_;
    in.axes = plot_axes_;
    in.canvas_px = plot_size_;
    in.time = time_;
    in.hover_time = plot_dragging_ ? std::nullopt : plot_hover_;
    in.scale = ui_scale_;
    plot_picture_ = build_plot(in);
    ImDrawList& list = *ImGui::GetBackgroundDrawList();
    list.PushClipRect(ImVec2(static_cast<float>(plot_origin_.x), static_cast<float>(plot_origin_.y)),
                      ImVec2(static_cast<float>(plot_origin_.x + plot_size_.x), static_cast<float>(plot_origin_.y + plot_size_.y)));
    if (!fonts_.label_fonts.empty()) draw_labels(plot_picture_, {plot_origin_, 1.0}, list, fonts_);
    list.PopClipRect();
    const ImU32 edge = ImGui::GetColorU32(ImGuiCol_Separator);
    const auto right = static_cast<float>(plot_origin_.x + plot_size_.x);
    const auto bottom = static_cast<float>(plot_origin_.y + plot_size_.y);
    list.AddLine(ImVec2(right, static_cast<float>(plot_origin_.y)), ImVec2(right, bottom), edge, ui_scale_);
    list.AddLine(ImVec2(static_cast<float>(plot_origin_.x), bottom), ImVec2(right, bottom), edge, ui_scale_);
}

bool App::arrow_hidden(int i) const {
    const Body& body = i == 0 ? scene_.body_a() : scene_.body_b();
    return glm::length(body.velocity) * scene_.arrow_time() * view_.pixels_per_unit < kHandleSlackPx * ui_scale_;
}

bool App::arrow_tip_off_canvas(int i) const {
    const Body& body = i == 0 ? scene_.body_a() : scene_.body_b();
    const glm::dvec2 tip = view_.to_screen(body.position_at(time_) + body.velocity * scene_.arrow_time());
    return !(tip.x >= 0.0 && tip.y >= 0.0 && tip.x <= view_.size_px.x && tip.y <= view_.size_px.y);
}

void App::canvas_input(glm::dvec2 mouse, bool hovered) {
    const ImGuiIO& io = ImGui::GetIO();
    const glm::dvec2 world = view_.to_world(mouse);
    // where the handles are; where they cannot be dragged (the relative frame, after the bounce),
    // where the bodies are drawn, so that a click on one says why (picked where the bodies would be
    // in the world frame, a click on the drawn circle would find nothing and say nothing)
    const HandleGeometry geometry = editable() ? handle_geometry(scene_, time_)
                                               : handle_geometry(scene_, time_, Motion(scene_, impact_shown(), relative_blend_));
    if (!drag_ && !pan_.active) {
        hover_ = hovered ? pick_handle(geometry, world, kHandleSlackPx * ui_scale_ / view_.pixels_per_unit) : Handle{};
        // a press on a body's name moves that body (centres together, A's name lay over B's disc,
        // and pressing it moved B, or resized it: a young student's review), and so does one on the
        // name of a body too small to press, standing off it (a fast bullet's "B" 20 px above its
        // dot panned the view: a student's review)
        if (hover_.kind == HandleKind::Body || hover_.kind == HandleKind::Rim || (hovered && hover_.kind == HandleKind::None)) {
            if (const std::optional<int> named = body_named_at(picture_, mouse)) hover_ = {HandleKind::Body, *named};
        }
        // Ctrl over a body grabs its velocity instead, pulled out of the centre (a body at rest
        // has no arrow tip of its own to grab)
        hover_pulled_ = hover_.kind == HandleKind::Body && io.KeyCtrl;
        if (hover_pulled_) hover_.kind = HandleKind::Velocity;
        pressed_on_locked_handle_ = false;
        if (!editable()) {
            // the handles move the bodies as they start, in the world frame: say how to get there
            // (and a press there is not one on the empty canvas, which pans)
            if (hover_.kind != HandleKind::None && ImGui::IsMouseClicked(ImGuiMouseButton_Left)) {
                notify(relative_blend_ > 0.0 ? "To drag the circles, go back to the world frame (R)"
                                             : "To drag the circles, go to a time before the bounce, or turn the response off");
                pressed_on_locked_handle_ = true;
            }
            hover_ = {};
        }
    }

    // half a second over a handle, not dragging: what dragging it does (else only Help says that
    // the circles, their arrow tips and rims can be dragged)
    if (hover_ != hint_handle_) {
        hint_handle_ = hover_;
        hint_since_ = ImGui::GetTime();
    }
    // in presentation mode only while the pointer is in use: the bodies move under a pointer left
    // at rest (a teacher stepping with a clicker), and "Drag to change A's radius" would come up over them
    if (io.MouseDelta.x != 0.0f || io.MouseDelta.y != 0.0f || ImGui::IsAnyMouseDown()) {
        pointer_moved_at_ = ImGui::GetTime();
        pointer_rest_due_ = notice_clock() + kPointerRestSeconds;  // (the window wakes then: redraw_due_in)
    } else if (!pointer_in_use()) {
        pointer_rest_due_.reset();  // drawn at rest: nothing more to wake for
    }
    canvas_hint_.clear();
    if (hover_ != hint_dragged_) hint_dragged_ = {};
    if (!drag_ && hovered && pointer_in_use() && hover_.kind != HandleKind::None && hover_ != hint_dragged_) {
        const double hovered_for = ImGui::GetTime() - hint_since_;
        // (the name as drawn: a label cleared to nothing read "Drag to move  (Shift: …)")
        const std::string name = scene_.name(hover_.body);
        if (hovered_for >= kTypingHintDelay) {
            // an arrow shrunk into its centre cannot be grabbed by its tip: say how to pull it out
            // (a young student's review: every drag then moved the body)
            switch (hover_.kind) {
                case HandleKind::Body:
                    // nor one whose tip lies off the canvas (a fast bullet's, framed by its story: a
                    // student could not find it)
                    canvas_hint_ = "Drag to move " + name + " (Shift: onto the grid)" +
                                   (arrow_hidden(hover_.body) ? ". To pull its velocity arrow out of its centre: Ctrl+drag, or press and hold, then drag"
                                    : editable() && arrow_tip_off_canvas(hover_.body)
                                        ? ". Its velocity arrow's tip is off the canvas: Ctrl+drag draws a new arrow from its centre, or zoom out to reach the tip"
                                        : "");
                    break;
                case HandleKind::Velocity:
                    canvas_hint_ = "Drag to set " + name + "'s velocity: the arrow's tip is where " + name + "'s centre is " +
                                   (scene_.arrow_time() == 1.0 ? std::string("one unit of time") : format_number(scene_.arrow_time()) + " time units") +
                                   " later";
                    break;
                case HandleKind::Rim: canvas_hint_ = "Drag to change " + name + "'s radius"; break;
                case HandleKind::None: break;
            }
            // wrapped: on one line the arrow's hint ran across the side panel's numbers
            if (!canvas_hint_.empty()) {
                ImGui::BeginTooltip();
                text_wrapped_at_spaces(canvas_hint_, std::nullopt, tooltip_room());
                ImGui::EndTooltip();
            }
        }
        // a new tooltip sizes itself unseen in its first frame: a few more frames bring it on screen
        hint_pending_ |= hovered_for < kTypingHintDelay + 0.1;
    }
    // In presentation mode the side panel's numbers are hidden: a drag says the value it sets,
    // beside the pointer (a teacher made B "twice as fast" by dragging, and the class could not
    // check the number). As the panel writes it: the start, the velocity, the radius.
    if (drag_ && drag_->moving && presenting_) {
        const int i = drag_->handle.body;
        const Body& body = i == 0 ? scene_.body_a() : scene_.body_b();
        const std::string name = scene_.name(i);
        const auto pair = [](glm::dvec2 v) { return "(" + format_number(v.x) + ", " + format_number(v.y) + ")"; };
        switch (drag_->handle.kind) {
            case HandleKind::Body: canvas_hint_ = name + "'s start: " + pair(body.position); break;
            case HandleKind::Velocity: canvas_hint_ = name + "'s velocity: " + pair(body.velocity); break;
            case HandleKind::Rim: canvas_hint_ = name + "'s radius: " + format_number(body.radius); break;
            case HandleKind::None: break;
        }
        if (!canvas_hint_.empty()) {
            ImGui::BeginTooltip();
            ImGui::TextUnformatted(canvas_hint_.c_str());
            ImGui::EndTooltip();
        }
    }

    const Handle shown = drag_ ? drag_->handle : hover_;
    if (hovered || drag_) {
        switch (shown.kind) {
            case HandleKind::Body: ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeAll); break;
            case HandleKind::Velocity: ImGui::SetMouseCursor(ImGuiMouseCursor_Hand); break;
            case HandleKind::Rim: ImGui::SetMouseCursor(ImGuiMouseCursor_ResizeNWSE); break;
            case HandleKind::None: break;
        }
    }

    if (hovered && ImGui::IsMouseClicked(ImGuiMouseButton_Left) && hover_.kind != HandleKind::None) {
        const int i = hover_.body;
        drag_ = DragState{};
        drag_->handle = hover_;
        drag_->before = scene_;
        drag_->press_px = mouse;
        if (hover_.kind == HandleKind::Body) drag_->grab_offset = geometry.center[i] - world;
        // a finger has no Ctrl: held still a moment, a press on a body with no arrow to grab pulls one out
        if (hover_.kind == HandleKind::Body && arrow_hidden(i)) drag_->hold_since = notice_clock();
        // (pulled out of the centre with Ctrl, the tip goes where the pointer goes, once it moves)
        if (hover_.kind == HandleKind::Velocity && !hover_pulled_) drag_->grab_offset = geometry.arrow_tip[i] - world;
        if (hover_.kind == HandleKind::Rim)
            drag_->rim_offset = geometry.radius[i] - std::hypot(world.x - geometry.center[i].x, world.y - geometry.center[i].y);
        clear_field_errors();
        playing_ = false;
    }
    // a drag on the empty canvas, with any button, pans: a touchpad has no middle button, and a
    // right drag there is a two-finger press held while moving (a review on a touchpad)
    const bool left_on_empty =
        ImGui::IsMouseClicked(ImGuiMouseButton_Left) && hover_.kind == HandleKind::None && !drag_ && !pressed_on_locked_handle_;
    if (hovered && (left_on_empty || ImGui::IsMouseClicked(ImGuiMouseButton_Right) || ImGui::IsMouseClicked(ImGuiMouseButton_Middle))) {
        pan_ = {true, mouse, !left_on_empty};
    }
    if (pan_.active) {
        if (ImGui::IsMouseDown(ImGuiMouseButton_Left) || ImGui::IsMouseDown(ImGuiMouseButton_Right) ||
            ImGui::IsMouseDown(ImGuiMouseButton_Middle)) {
            const glm::dvec2 delta = mouse - pan_.last_mouse;
            pan_.moving = pan_.moving || glm::length(delta) >= kDragDeadZonePx * ui_scale_;
            // (a click that does not move leaves the view the window's to fit: a click on the
            // canvas to leave a field kept the MISSED banner over B once the view was the user's)
            if (pan_.moving && delta != glm::dvec2(0.0)) {
                view_.center -= glm::dvec2(delta.x, -delta.y) / view_.pixels_per_unit;
                pan_.last_mouse = mouse;
                view_framed_by_user_ = true;
            }
        } else {
            pan_.active = false;
        }
    }
    // a touchpad's sideways swipe (or Shift with the wheel, as in most desktop tools) pans across,
    // 60 pixels a notch (a student on a touchpad had no pan but a drag: a review); the wheel zooms
    // (Shift with the wheel up goes left, as in browsers and GTK: X's button 6)
    const double across = static_cast<double>(io.MouseWheelH) - (io.KeyShift ? static_cast<double>(io.MouseWheel) : 0.0);
    if (hovered && across != 0.0) {
        view_.center.x += across * 60.0 * ui_scale_ / view_.pixels_per_unit;
        view_framed_by_user_ = true;
    }
    if (hovered && io.MouseWheel != 0.0f && !io.KeyShift) {
        view_.zoom_at(mouse, std::pow(kWheelZoom, static_cast<double>(io.MouseWheel)));
        view_framed_by_user_ = true;
    }

    if (!drag_) return;
    if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
        // the drag ends: one undo step for all of it, unless it left the scene invalid
        if (auto error = check_scene(scene_)) {
            // said of the bodies by their names, not by the file's keys ("bodies[1].radius")
            std::string message = error->message;
            for (int b = 0; b < 2; ++b)
                if (const std::string key = "bodies[" + std::to_string(b) + "]."; message.starts_with(key))
                    message = body_name(b) + "'s " + message.substr(key.size());
            notify("The drag is undone: " + message, true);
            scene_ = drag_->before;
        } else {
            edit(drag_->before);
            drag_kept_view_ = true;
        }
        // "Now drag out A's velocity arrow" is done with once the drag ends (it stayed 4 s over the
        // arrow just drawn: a whiteboard teacher's review)
        std::erase_if(notices_, [](const Notice& n) { return n.field == kHoldPullNotice; });
        // no "Drag to set A's velocity" over the arrow just dragged, under a pointer (or a finger,
        // on a whiteboard) left there: it covered half of B for as long as it rested (a review)
        hint_dragged_ = drag_->handle;
        drag_.reset();
        return;
    }
    if (!drag_->moving && glm::distance(mouse, drag_->press_px) < kDragDeadZonePx * ui_scale_) {
        if (drag_->hold_since && notice_clock() - *drag_->hold_since >= kHoldToPullSeconds) {
            // held still: the press becomes a pull of the velocity, the tip where the pointer goes
            drag_->hold_since.reset();
            drag_->handle.kind = HandleKind::Velocity;
            drag_->grab_offset = glm::dvec2(0.0);
            notify("Now drag out " + scene_.name(drag_->handle.body) + "'s velocity arrow", false, kHoldPullNotice);
        }
        return;
    }
    drag_->moving = true;
    drag_->hold_since.reset();  // (moved before the moment was up: the body moves)
    const int i = drag_->handle.body;
    Body& body = scene_.bodies[static_cast<std::size_t>(i)].body;
    const Body& start = drag_->before.bodies[static_cast<std::size_t>(i)].body;
    const double step = grid_step(view_, ui_scale_);
    const bool snap = io.KeyShift;
    // a dragged value keeps the decimals a pixel can tell (or the grid's, snapped) and no more:
    // -8.22, not -8.2229347…, in the fields and in every number the analysis shows
    const double pixel = 1.0 / view_.pixels_per_unit;
    const double resolution = snap ? step : pixel;
    const auto decimal = [](glm::dvec2 v, double r) { return glm::dvec2(round_to_decimal(v.x, r), round_to_decimal(v.y, r)); };
    const glm::dvec2 center_now = start.position_at(time_);
    switch (drag_->handle.kind) {
        case HandleKind::Body: {
            // the body is drawn at p + t v: move p so that it lands under the cursor
            glm::dvec2 center = world + drag_->grab_offset;
            if (snap) center = snapped(center, step);
            // at t = 0 p is the snapped centre; later p is kept to the pixel, the centre within one of the grid point
            body.position = decimal(center - time_ * body.velocity, time_ == 0.0 ? resolution : pixel);
            break;
        }
        case HandleKind::Velocity: {
            // the tip is at p + v·arrow_time (Scene::arrow_time)
            const double arrow_time = scene_.arrow_time();
            glm::dvec2 tip = world + drag_->grab_offset - center_now;
            if (snap) tip = snapped(tip, step);
            body.velocity = decimal(tip / arrow_time, resolution / arrow_time);
            // the body stays where it is drawn (at t = 0, p itself, exactly as it was)
            if (time_ != 0.0) body.position = decimal(center_now - time_ * body.velocity, pixel);
            break;
        }
        case HandleKind::Rim: {
            // (hypot: far zoomed out, a pointer 1e160 units off squared to infinity)
            double radius = std::hypot(world.x - center_now.x, world.y - center_now.y) + drag_->rim_offset;
            if (snap) radius = std::round(radius / (0.5 * step)) * (0.5 * step);
            radius = round_to_decimal(radius, snap ? 0.5 * step : resolution);
            // no smaller than a twentieth of the grid's step, at any scale (a floor of 1e-3 as well
            // set a radius of 1e-6 to 0.001 at the first grab of its rim: a code review)
            body.radius = std::max(radius, std::max(0.05 * step, std::numeric_limits<double>::min()));
            break;
        }
        case HandleKind::None: break;
    }
    drag_->changed = scene_ != drag_->before;
}

PictureInput App::picture_input(const Scene& scene) const {
    PictureInput in;
    in.scene = &scene;
    in.encounter = &encounter_;
    in.sampling = sampling_ ? &*sampling_ : nullptr;
    in.impact = impact_shown();
    in.theme = theme();
    in.view = view_;
    in.time = time_;
    in.scale = ui_scale_;
    in.relative_blend = relative_blend_;
    in.answers = !answers_hidden_;  // (the window's figures too: the question as shown)
    return in;
}

void App::build_picture_for_canvas() {
    if (!analysis_valid_) return;  // keep the last good picture while a field holds a bad value
    PictureInput in = picture_input(scene_);
    // (in presentation mode a pointer left at rest rings nothing: a white ring round A reads as part of the figure)
    in.hover = drag_ ? drag_->handle : pointer_in_use() ? hover_ : Handle{};
    in.playing = playing_;
    picture_ = build_picture(in);
}

}  // namespace tangent::ui
