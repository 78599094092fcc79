#include "labels.h"

#include <imgui.h>

namespace tangent {

namespace {

ImU32 to_imgui(const Rgba& c) { return ImGui::ColorConvertFloat4ToU32(ImVec4(c.r, c.g, c.b, c.a)); }

}  // namespace

void draw_labels(const Picture& picture, const LabelTarget& target, ImDrawList& list, const FontSet& fonts) {
    for (const Primitive& p : picture.items) {
        if (p.shape != Shape::Label || p.text.empty()) continue;
        const FontSet::Baked& baked = fonts.pick(p.font_px * static_cast<float>(target.scale), p.bold);
        const float size = p.font_px;  // canvas pixels
        const ImVec2 measured = baked.font->CalcTextSizeA(baked.size_px, 1e9f, 0.0f, p.text.c_str());
        const double to_canvas = size / baked.size_px;
        const TextBox box = label_box(p, picture.view, glm::dvec2(measured.x, measured.y) * to_canvas);
        const auto to_list = [&](glm::dvec2 canvas) {
            const glm::dvec2 v = target.origin + canvas * target.scale;
            return ImVec2(static_cast<float>(v.x), static_cast<float>(v.y));
        };
        if (p.box.a > 0.0f) {
            const glm::dvec2 pad(p.box_padding_px);
            list.AddRectFilled(to_list(box.top_left - pad), to_list(box.top_left + box.size + pad), to_imgui(p.box),
                               static_cast<float>(p.box_padding_px * 0.8 * target.scale));
        }
        list.AddText(baked.font, static_cast<float>(size * target.scale), to_list(box.top_left), to_imgui(p.fill),
                     p.text.c_str());
    }
}

}  // namespace tangent
