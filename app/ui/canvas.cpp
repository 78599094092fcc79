// The canvas: where the scene is drawn and dragged. Input goes through an invisible ImGui button
// that covers it, so panels over it take the mouse first (io.WantCaptureMouse by construction).

#include <imgui.h>

#include <glm/common.hpp>
#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

#include "app.h"
#include "render/labels.h"

namespace tangent::ui {

namespace {

constexpr double kHandleSlackPx = 8.0;  // how near the cursor must be to grab a rim or a tip
constexpr double kWheelZoom = 1.15;

glm::dvec2 snapped(glm::dvec2 p, double step) { return glm::round(p / step) * step; }

}  // namespace

float App::time_bar_height() const {
    const ImGuiStyle& style = ImGui::GetStyle();
    return ImGui::GetFrameHeight() * 2 + style.ItemSpacing.y + style.WindowPadding.y * 2;
}

void App::canvas() {
    const Area area = work_area();
    const float side = show_side_panel_ ? side_panel_width() : 0.0f;
    canvas_origin_ = area.pos;
    canvas_size_ = glm::max(glm::dvec2(area.size.x - side, area.size.y - time_bar_height()), glm::dvec2(16.0));
    if (view_.size_px != canvas_size_) {
        // a resize keeps the centre and the zoom; the first frame fits
        view_.size_px = canvas_size_;
    }
    if (fit_pending_) fit_view();

    ImGui::SetNextWindowPos(ImVec2(static_cast<float>(canvas_origin_.x), static_cast<float>(canvas_origin_.y)));
    ImGui::SetNextWindowSize(ImVec2(static_cast<float>(canvas_size_.x), static_cast<float>(canvas_size_.y)));
    ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
    const ImGuiWindowFlags flags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground | ImGuiWindowFlags_NoMove |
                                   ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoBringToFrontOnFocus |
                                   ImGuiWindowFlags_NoNav | ImGuiWindowFlags_NoScrollWithMouse;
    ImGui::Begin("##canvas", nullptr, flags);
    ImGui::InvisibleButton("canvas", ImVec2(static_cast<float>(canvas_size_.x), static_cast<float>(canvas_size_.y)),
                           ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight | ImGuiButtonFlags_MouseButtonMiddle);
    const bool hovered = ImGui::IsItemHovered();
    const ImVec2 mouse = ImGui::GetIO().MousePos;
    canvas_input(glm::dvec2(mouse.x, mouse.y) - canvas_origin_, hovered);
    ImGui::End();
    ImGui::PopStyleVar();

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
}

void App::canvas_input(glm::dvec2 mouse, bool hovered) {
    const ImGuiIO& io = ImGui::GetIO();
    const glm::dvec2 world = view_.to_world(mouse);
    const HandleGeometry geometry = handle_geometry(scene_, time_);
    if (!drag_ && !pan_.active) hover_ = hovered ? pick_handle(geometry, world, kHandleSlackPx * ui_scale_ / view_.pixels_per_unit) : Handle{};

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
        drag_ = DragState{hover_, geometry.center[i] - world, scene_, false};
        playing_ = false;
    }
    if (hovered && (ImGui::IsMouseClicked(ImGuiMouseButton_Right) || ImGui::IsMouseClicked(ImGuiMouseButton_Middle))) {
        pan_ = {true, mouse};
    }
    if (pan_.active) {
        if (ImGui::IsMouseDown(ImGuiMouseButton_Right) || ImGui::IsMouseDown(ImGuiMouseButton_Middle)) {
            const glm::dvec2 delta = mouse - pan_.last_mouse;
            view_.center -= glm::dvec2(delta.x, -delta.y) / view_.pixels_per_unit;
            pan_.last_mouse = mouse;
        } else {
            pan_.active = false;
        }
    }
    if (hovered && io.MouseWheel != 0.0f) view_.zoom_at(mouse, std::pow(kWheelZoom, static_cast<double>(io.MouseWheel)));

    if (!drag_) return;
    if (!ImGui::IsMouseDown(ImGuiMouseButton_Left)) {
        // the drag ends: one undo step for all of it, unless it left the scene invalid
        if (auto error = check_scene(scene_)) {
            notify(error->message, true);
            scene_ = drag_->before;
        } else {
            edit(drag_->before);
        }
        drag_.reset();
        return;
    }
    const int i = drag_->handle.body;
    Body& body = scene_.bodies[static_cast<std::size_t>(i)].body;
    const Body& start = drag_->before.bodies[static_cast<std::size_t>(i)].body;
    const double step = grid_step(view_, ui_scale_);
    const bool snap = io.KeyShift;
    const glm::dvec2 center_now = start.position_at(time_);
    switch (drag_->handle.kind) {
        case HandleKind::Body: {
            // the body is drawn at p + t v: move p so that it lands under the cursor
            glm::dvec2 center = world + drag_->grab_offset;
            if (snap) center = snapped(center, step);
            body.position = center - time_ * body.velocity;
            break;
        }
        case HandleKind::Velocity: {
            glm::dvec2 velocity = world - center_now;
            if (snap) velocity = snapped(velocity, step);
            body.velocity = velocity;
            body.position = center_now - time_ * velocity;  // the body stays where it is drawn
            break;
        }
        case HandleKind::Rim: {
            double radius = glm::distance(world, center_now);
            if (snap) radius = std::round(radius / (0.5 * step)) * (0.5 * step);
            body.radius = std::max(radius, std::max(0.5 * step * 0.1, 1e-3));
            break;
        }
        case HandleKind::None: break;
    }
    drag_->changed = scene_ != drag_->before;
}

void App::build_picture_for_canvas() {
    if (!analysis_valid_) return;  // keep the last good picture while a field holds a bad value
    PictureInput in;
    in.scene = &scene_;
    in.encounter = &encounter_;
    in.sampling = sampling_ ? &*sampling_ : nullptr;
    in.impact = impact_ ? &*impact_ : nullptr;
    in.view = view_;
    in.time = time_;
    in.scale = ui_scale_;
    in.hover = drag_ ? drag_->handle : hover_;
    in.overlays = true;
    picture_ = build_picture(in);
}

}  // namespace tangent::ui
