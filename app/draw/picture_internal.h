#pragma once
// What the files that build the scene's picture share, and nothing outside app/draw includes: a
// box on the canvas and a segment's distance to it (picture_builder.cpp), the overlays' boxes and
// the times worth widening the view for (framing.cpp), and an exponent written bare (canvas_numbers.cpp).

#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "picture.h"
#include "text_metrics.h"

namespace tangent {

struct ScreenBox {
    glm::dvec2 min{0.0};
    glm::dvec2 max{0.0};
};

// Distance on the canvas from the segment pq to the box (0 where they meet).
double segment_box_distance(glm::dvec2 p, glm::dvec2 q, const ScreenBox& box);

// The case badge's and the MISSED banner's labels (sentences included) in `picture`, each as the
// box of its text and its backdrop's padding, on the canvas.
std::vector<ScreenBox> overlay_boxes(const Picture& picture, const TextMetrics& metrics);

// "1.5e+12" as "1.5e12", "2.0e-07" as "2.0e-7": the exponent's sign and zeros say nothing (time
// ticks would read "t = 4e+08" beside the axis's "4e9")
std::string bare_exponent(std::string text);

// Whether time `t` lies near enough [0, horizon] to widen the view for (kSpanReach).
bool near_span(double t, double horizon);

}  // namespace tangent
