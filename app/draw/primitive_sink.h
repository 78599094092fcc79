#pragma once
// Appending primitives to a picture: the small constructors the scene's and the plot's builders
// share. Widths and dash lengths are taken as given (canvas pixels); a label's font size and
// offset are given at scale 1 and multiplied by the sink's scale.

#include <string>

#include "picture.h"

namespace tangent {

class PrimitiveSink {
public:
    PrimitiveSink(Picture& picture, Space space, float scale) : picture_(picture), space_(space), scale_(scale) {}

    Primitive& add(Shape shape, Role role, int body = -1) {
        Primitive& p = picture_.items.emplace_back();
        p.shape = shape;
        p.role = role;
        p.space = space_;
        p.body = static_cast<std::int8_t>(body);
        return p;
    }

    Primitive& segment(Role role, glm::dvec2 a, glm::dvec2 b, Rgba color, float width, int body = -1, float dash = 0,
                       float gap = 0) {
        Primitive& p = add(Shape::Segment, role, body);
        p.p0 = a;
        p.p1 = b;
        p.stroke = color;
        p.stroke_px = width;
        p.dash_px = dash;
        p.gap_px = gap;
        return p;
    }

    Primitive& ring(Role role, glm::dvec2 center, double radius, Rgba color, float width, int body = -1) {
        Primitive& p = add(Shape::Ring, role, body);
        p.p0 = center;
        p.radius = radius;
        p.stroke = color;
        p.stroke_px = width;
        return p;
    }

    Primitive& disc(Role role, glm::dvec2 center, double radius, Rgba fill, int body = -1) {
        Primitive& p = add(Shape::Disc, role, body);
        p.p0 = center;
        p.radius = radius;
        p.fill = fill;
        return p;
    }

    Primitive& label(Role role, glm::dvec2 at, std::string text, float font, Rgba color, Align align,
                     glm::dvec2 offset = {0, 0}, int body = -1) {
        Primitive& p = add(Shape::Label, role, body);
        p.p0 = at;
        p.text = std::move(text);
        p.font_px = font * scale_;
        p.fill = color;
        p.align = align;
        p.offset_px = offset * static_cast<double>(scale_);
        return p;
    }

private:
    Picture& picture_;
    Space space_;
    float scale_;
};

}  // namespace tangent
