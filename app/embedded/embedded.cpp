#include "embedded.h"

namespace tangent::embedded {

const File* find(std::span<const File> group, std::string_view name) {
    for (const File& file : group)
        if (file.name == name) return &file;
    return nullptr;
}

}  // namespace tangent::embedded
