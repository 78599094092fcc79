#pragma once
// The picture's text: labels, badges, banners and captions, drawn with Dear ImGui's font
// renderer into a draw list, so the window and the PNG export set text the same way.

#include <glm/vec2.hpp>

#include "draw/picture.h"
#include "fonts.h"

struct ImDrawList;

namespace tangent {

/// Where the canvas lies in the draw list's coordinates: canvas pixel p goes to origin + p·scale.
struct LabelTarget {
    glm::dvec2 origin{0.0};
    double scale = 1.0;
};

/// Draws every Shape::Label primitive of `picture`, in order, with its box behind it.
void draw_labels(const Picture& picture, const LabelTarget& target, ImDrawList& list, const FontSet& fonts);

}  // namespace tangent
