#pragma once
// Files compiled into the binary at build time (shaders, fonts, preset scenes), so that Tangent
// runs from any working directory and an export needs nothing beside the executable.

#include <span>
#include <string_view>

namespace tangent::embedded {

struct File {
    std::string_view name;  ///< "head-on-hit.json", "shape.frag", "DejaVuSans.ttf"
    std::span<const unsigned char> bytes;
    [[nodiscard]] std::string_view text() const { return {reinterpret_cast<const char*>(bytes.data()), bytes.size()}; }
};

/// The preset scenes of assets/scenes/, sorted by file name.
[[nodiscard]] std::span<const File> presets();
/// The guided tours of assets/: tour.json, the default tour, whose steps name presets.
[[nodiscard]] std::span<const File> tours();
/// The GLSL sources of shaders/.
[[nodiscard]] std::span<const File> shaders();
/// The fonts (from Debian's fonts-dejavu-core): DejaVuSans.ttf, DejaVuSans-Bold.ttf, DejaVuSansMono.ttf.
[[nodiscard]] std::span<const File> fonts();

/// The file of that name in a group, or nullptr.
[[nodiscard]] const File* find(std::span<const File> group, std::string_view name);

}  // namespace tangent::embedded
