#pragma once
// What the canvas shows, as a list of primitives in world units with their style. Built from a
// scene and its Encounter (picture_builder.h), drawn by the OpenGL renderer in the window and in
// PNG exports, and written as SVG: nothing about the picture lives only in GL calls.

#include <cstdint>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "view.h"

namespace tangent {

/// Straight (not premultiplied) sRGB colour with alpha, each in [0, 1].
struct Rgba {
    float r = 0.0f;
    float g = 0.0f;
    float b = 0.0f;
    float a = 1.0f;
    [[nodiscard]] Rgba with_alpha(float alpha) const { return {r, g, b, alpha}; }
    friend bool operator==(const Rgba&, const Rgba&) = default;
};

enum class Shape : std::uint8_t {
    Disc,        ///< filled circle (p0, radius), with an optional outline
    Ring,        ///< circle outline (p0, radius)
    DashedRing,  ///< dashed circle outline (p0, radius)
    Segment,     ///< line p0 -> p1, optionally dashed
    Arrow,       ///< segment p0 -> p1 with a filled head at p1
    Capsule,     ///< every point within `radius` of the segment p0 -> p1: a swept circle
    Label,       ///< text at p0
};

/// What a primitive shows. Tests and the SVG's class names read it; the renderer ignores it.
enum class Role : std::uint8_t {
    Grid,
    Axis,
    AxisLabel,
    PathPast,
    PathFuture,
    TimeTick,
    TimeTickLabel,
    Body,
    BodyLabel,
    Velocity,
    Handle,          ///< the highlight around what a drag would move
    ClosestOutline,  ///< both bodies at t_closest
    ClosestSegment,  ///< between their centres then
    ClosestLabel,
    GhostEnter,      ///< the bodies at t_enter
    GhostExit,       ///< the bodies at t_exit
    GhostLabel,
    ContactPoint,
    ContactNormal,
    Sample,          ///< a body at a sample time t = φ + k·dt, the overlap check silent
    SampleHit,       ///< a body at a sample time where the overlap check fires
    SweptCapsule,    ///< the area a body sweeps between the samples around a missed contact
    RelativeCircle,  ///< relative frame: the circle of radius R around A
    RelativePath,    ///< relative frame: B's centre moving along Δp + tΔv
    ResponsePath,    ///< a path after the collision response
    ResponseVelocity,  ///< the velocity after the response, an arrow from the body where it bounces
    PitfallGhost,    ///< the bodies where a seed formula (wrongly) puts the first contact
    DistanceNow,     ///< the overlap check at the time shown: the centres' segment and |pB − pA| against R
    Loupe,           ///< time plot: the magnified inset's box, and what marks the spot it magnifies
    LoupeAxis,       ///< the inset's zero line
    LoupeCurve,      ///< the inset's curve, at its magnified scale
    LoupeVertex,     ///< the inset's vertex, and its distance from zero
    LoupeRoot,       ///< the inset's roots (a hit)
    LoupeLabel,      ///< the inset's magnification, its minimum, and its zero line's name
    Badge,           ///< the case, in words and colour
    Banner,          ///< "MISSED by the overlap check at dt = ..."
    Caption,
    TimeStamp,       ///< "t = 1.3" in a figure's top-right corner: the moment the bodies are drawn at
};

[[nodiscard]] const char* to_string(Role role);

enum class Space : std::uint8_t {
    World,   ///< p0, p1, radius in world units (y up)
    Screen,  ///< p0, p1, radius in canvas pixels (y down, origin top-left): overlays
};

/// Which point of a label's box sits at its anchor point.
enum class Align : std::uint8_t { TopLeft, Top, TopRight, Left, Center, Right, BottomLeft, Bottom, BottomRight };

struct Primitive {
    Shape shape = Shape::Segment;
    Role role = Role::Grid;
    Space space = Space::World;
    std::int8_t body = -1;  ///< 0 for A, 1 for B, -1 for neither

    glm::dvec2 p0{0.0};
    glm::dvec2 p1{0.0};
    double radius = 0.0;

    Rgba fill{0, 0, 0, 0};  ///< disc and capsule interior; a label's text; an arrow's head
    Rgba stroke{0, 0, 0, 0};
    float stroke_px = 0.0f;  ///< line or outline width in pixels (whatever the zoom)
    float dash_px = 0.0f;    ///< dash and gap length in pixels; 0 draws solid
    float gap_px = 0.0f;

    // labels
    std::string text;
    float font_px = 0.0f;
    bool bold = false;
    Align align = Align::Left;
    glm::dvec2 offset_px{0.0};  ///< from the anchor, in screen pixels (x right, y down)
    Rgba box{0, 0, 0, 0};       ///< a rounded box behind the text (badges, banners)
    float box_padding_px = 0.0f;
};

/// Where a label's text goes (canvas pixels), after alignment and offset: its top-left corner
/// and size. The box, when there is one, extends box_padding_px around it. The window, the PNG
/// and the SVG all place text with this.
struct TextBox {
    glm::dvec2 top_left{0.0};
    glm::dvec2 size{0.0};
};
[[nodiscard]] TextBox label_box(const Primitive& label, const View& view, glm::dvec2 text_size);

struct Picture {
    Rgba background;
    View view;                   ///< the view it was built for
    std::vector<Primitive> items;  ///< back to front

    [[nodiscard]] std::size_t count(Role role) const;
    [[nodiscard]] const Primitive* find(Role role, int body = -1) const;

    /// Removes what cannot be placed on the canvas: a point, size or offset that is not finite,
    /// or that lands further than kFarthestPx from it (a body at t = 1e307). Circles may reach
    /// 2^48 px (the renderers measure them from their rim); one larger still that crosses the
    /// canvas (a radius of 1e300) is first redrawn as one that looks the same there. Both
    /// builders end with this, so no renderer ever sees such a number.
    void drop_unplaceable();
};

/// Beyond this many pixels from the canvas nothing is drawn (and float pixel coordinates still
/// hold whole pixels).
inline constexpr double kFarthestPx = 1e7;

}  // namespace tangent
