#pragma once
// A picture as a standalone SVG 1.1 document: the same primitives the OpenGL renderer draws
// (app/render/shape_renderer.cpp, shaders/shape.frag), with the same geometry, so that the SVG
// rasterised at its size looks like the PNG export, and text stays text.
//
// The root is role="img", named by its <title> and described by its <desc> (what a screen
// reader says for it). Output units are canvas pixels times pixel_ratio (like the PNG's pixels).
// Every primitive is one element, in paint order, with class="tangent-<role>" (to_string(Role);
// prefixed, so that a page's own CSS for .badge or .body leaves an inlined figure alone) and
// data-body="0|1" when it belongs to a body: <circle> for discs and rings, <line> for segments,
// <path> for capsules, <text> for labels, and a <g> of parts for arrows (shaft, head) and boxed
// labels (box, text).
// A primitive that shows nothing on the figure (non-finite, zero-length arrow, empty label, or
// its ink, stroke and heads and text included, wholly outside the viewBox) writes no element:
// editors take the drawing's bounds from what is there. So a role has at most as many elements
// as the picture has primitives of it.

#include <string>

#include "picture.h"

namespace tangent {

struct SvgOptions {
    int width = 0;             ///< the SVG's width and height (and viewBox "0 0 width height");
    int height = 0;            ///< 0: picture.view.size_px · pixel_ratio, rounded
    double pixel_ratio = 1.0;  ///< output units per canvas pixel
    bool transparent = false;  ///< no background rectangle
    std::string title;         ///< the document's <title> (e.g. the scene's caption); none when empty
    std::string description;   ///< its <desc>: the figure in words (figure_words()); none when empty
    /// > 0: the width and height in inches, width / dpi (the viewBox stays in output units), so
    /// that the page holds the SVG at the size of the PNG with that many pixels per inch; 0: in
    /// output units, which a page reads as CSS pixels, 96 an inch
    double dpi = 0.0;
};

[[nodiscard]] std::string picture_to_svg(const Picture& picture, const SvgOptions& options);

/// The font-family the SVG names for labels (the fonts the window draws with come first).
inline constexpr const char* kSvgFontFamily = "DejaVu Sans, Verdana, sans-serif";

}  // namespace tangent
