#pragma once
// A figure in words, for readers who cannot see it: the SVG's <title> and <desc> (what a screen
// reader says for the figure) and the PNG's Title and Description text. Built from the same
// inputs as the picture, and from the picture drawn: it names only what is drawn (no ghosts the
// scene hides, the frame's own marks in the relative frame), and reads the drawn texts where
// they say something of their own (a seed formula's wrong time, the overlap check now). A
// question's words (answers off) give no answer away.

#include <string>

#include "picture.h"
#include "picture_builder.h"
#include "plot_builder.h"

namespace tangent {

struct FigureWords {
    std::string title;        ///< a short name: the lead-in of the scene's caption, or what the figure shows
    std::string description;  ///< a few sentences: the bodies, then (with answers) what happens
};

/// The canvas figure `drawn`, built from `in` (its scene, encounter, time, frame, checks, bounce
/// and `answers`).
[[nodiscard]] FigureWords figure_words(const PictureInput& in, const Picture& drawn);

/// The time plot `drawn`, built from `in`; `answers` false leaves out where it crosses 0.
[[nodiscard]] FigureWords figure_words(const PlotInput& in, const Picture& drawn, bool answers);

}  // namespace tangent
