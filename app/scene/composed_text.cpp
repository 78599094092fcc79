#include "composed_text.h"

#include <cstdlib>
#include <memory>

#include <utf8proc.h>

namespace tangent {

std::string composed(std::string_view utf8) {
    // every character below U+0300 is its own composed form and composes with nothing before it:
    // its UTF-8 bytes are all below 0xCC (U+0300 is CC 80), so most text needs no work
    bool plain = true;
    for (const char byte : utf8) plain = plain && static_cast<unsigned char>(byte) < 0xCC;
    if (plain) return std::string(utf8);
    utf8proc_uint8_t* out = nullptr;
    const auto options = static_cast<utf8proc_option_t>(UTF8PROC_STABLE | UTF8PROC_COMPOSE);
    const utf8proc_ssize_t length =
        utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(utf8.data()), static_cast<utf8proc_ssize_t>(utf8.size()), &out, options);
    if (length < 0) return std::string(utf8);  // not UTF-8 (out stays null)
    const std::unique_ptr<utf8proc_uint8_t, decltype(&std::free)> owned(out, &std::free);
    return std::string(reinterpret_cast<const char*>(out), static_cast<std::size_t>(length));
}

}  // namespace tangent
