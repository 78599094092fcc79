#pragma once
// A figure in words, for readers who cannot see it: the SVG's <title> and <desc> (what a screen
// reader says for the figure) and the PNG's Title and Description text. Built from the same
// inputs as the picture, so the words and the drawing tell the same story; a question's words
// (answers off) give no answer away.

#include <string>

#include "picture_builder.h"
#include "plot_builder.h"

namespace tangent {

struct FigureWords {
    std::string title;        ///< a short name: the scene's caption, or what the figure shows
    std::string description;  ///< a few sentences: the bodies, then (with answers) what happens
};

/// The canvas figure of `in` (its scene, encounter, time, frame, checks, bounce and `answers`).
[[nodiscard]] FigureWords figure_words(const PictureInput& in);

/// The time plot of `in`, over its axes' time span; `answers` false leaves out where it crosses 0.
[[nodiscard]] FigureWords figure_words(const PlotInput& in, bool answers);

}  // namespace tangent
