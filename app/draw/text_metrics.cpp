#include "text_metrics.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>

#include <stb/stb_truetype.h>

#include "embedded/embedded.h"

namespace tangent {

namespace {

// ImGui's tab is four spaces wide (IM_TABSIZE).
constexpr int kTabSpaces = 4;

struct Face {
    stbtt_fontinfo info{};
    int ascent = 0;   // font units, from the hhea table
    int descent = 0;  // negative
    double units_per_em = 2048.0;
    int fallback_advance = 0;
    std::array<int, 128> ascii_advance{};  // font units; control characters measure as the fallback

    bool load(const embedded::File* file) {
        if (file == nullptr || file->bytes.empty()) return false;
        const unsigned char* data = file->bytes.data();
        const int offset = stbtt_GetFontOffsetForIndex(data, 0);
        if (offset < 0 || stbtt_InitFont(&info, data, offset) == 0) return false;
        int line_gap = 0;
        stbtt_GetFontVMetrics(&info, &ascent, &descent, &line_gap);
        if (ascent - descent <= 0) return false;
        const float em_scale = stbtt_ScaleForMappingEmToPixels(&info, 1.0f);
        if (!(em_scale > 0.0f)) return false;
        units_per_em = std::round(1.0 / static_cast<double>(em_scale));
        fallback_advance = glyph_advance('?');
        for (char32_t c = 0; c < ascii_advance.size(); ++c) ascii_advance[c] = c < 0x20 ? fallback_advance : glyph_advance(c);
        ascii_advance['\t'] = kTabSpaces * glyph_advance(' ');
        ascii_advance['\r'] = 0;  // ImGui skips it
        return true;
    }

    // font units; what ImGui's atlas shows for a character the font lacks: '?'
    [[nodiscard]] int glyph_advance(char32_t c) const {
        const int glyph = stbtt_FindGlyphIndex(&info, static_cast<int>(c));
        if (glyph == 0) return c == '?' ? 0 : fallback_advance;
        int advance = 0;
        int left_bearing = 0;
        stbtt_GetGlyphHMetrics(&info, glyph, &advance, &left_bearing);
        return advance;
    }

    // ImGui's characters are 16 bits: anything past U+FFFF is its fallback
    [[nodiscard]] int advance(char32_t c) const {
        return c < ascii_advance.size() ? ascii_advance[c] : c > 0xFFFF ? fallback_advance : glyph_advance(c);
    }

    // stbtt_ScaleForPixelHeight, in float as ImGui computes it
    [[nodiscard]] float scale(double size_px) const {
        return static_cast<float>(size_px) / static_cast<float>(ascent - descent);
    }
};

}  // namespace

struct TextMetrics::Faces {
    std::array<Face, 2> face;  // regular, bold
    [[nodiscard]] const Face& pick(bool bold) const { return face[bold ? 1 : 0]; }
};

TextMetrics::TextMetrics() = default;
TextMetrics::~TextMetrics() = default;
TextMetrics::TextMetrics(TextMetrics&&) noexcept = default;
TextMetrics& TextMetrics::operator=(TextMetrics&&) noexcept = default;

Result<TextMetrics> TextMetrics::create() {
    auto faces = std::make_unique<Faces>();
    const char* names[2] = {"DejaVuSans.ttf", "DejaVuSans-Bold.ttf"};
    for (std::size_t i = 0; i < 2; ++i)
        if (!faces->face[i].load(embedded::find(embedded::fonts(), names[i])))
            return Error{std::string("the font ") + names[i] + " is not embedded in this build or cannot be read"};
    TextMetrics metrics;
    metrics.faces_ = std::move(faces);
    return metrics;
}

const TextMetrics* TextMetrics::shared() {
    // initialised once (thread-safe), never modified afterwards
    static const Result<TextMetrics> instance = create();
    return instance.ok() ? &instance.value() : nullptr;
}

char32_t next_code_point(std::string_view text, std::size_t& at) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
    const unsigned char lead = byte(at);
    int length = 0;
    char32_t c = 0;
    if (lead < 0x80) {
        ++at;
        return lead;
    }
    if ((lead & 0xE0) == 0xC0) {
        length = 2;
        c = lead & 0x1F;
    } else if ((lead & 0xF0) == 0xE0) {
        length = 3;
        c = lead & 0x0F;
    } else if ((lead & 0xF8) == 0xF0) {
        length = 4;
        c = lead & 0x07;
    } else {
        ++at;
        return 0xFFFD;
    }
    if (at + static_cast<std::size_t>(length) > text.size()) {
        ++at;
        return 0xFFFD;
    }
    for (int k = 1; k < length; ++k) {
        const unsigned char next = byte(at + static_cast<std::size_t>(k));
        if ((next & 0xC0) != 0x80) {
            ++at;
            return 0xFFFD;
        }
        c = (c << 6) | (next & 0x3F);
    }
    // overlong forms, surrogates and values past U+10FFFF are malformed too
    static constexpr char32_t kMinimum[5] = {0, 0, 0x80, 0x800, 0x10000};
    if (c < kMinimum[length] || (c >= 0xD800 && c <= 0xDFFF) || c > 0x10FFFF) {
        ++at;
        return 0xFFFD;
    }
    at += static_cast<std::size_t>(length);
    return c;
}

TextExtent TextMetrics::measure(std::string_view utf8, double size_px, bool bold) const {
    TextExtent extent;
    extent.height = line_height(size_px);
    if (!faces_ || !(size_px > 0.0)) return extent;
    const Face& face = faces_->pick(bold);
    long long line_units = 0;
    long long widest = 0;
    for (std::size_t at = 0; at < utf8.size();) {
        const char32_t c = next_code_point(utf8, at);
        if (c == '\n') {
            widest = std::max(widest, line_units);
            line_units = 0;
            ++extent.lines;
            continue;
        }
        line_units += face.advance(c);
    }
    widest = std::max(widest, line_units);
    // ImGui counts the last line only when it has some width, or when it is the only one
    if (extent.lines > 1 && line_units == 0) --extent.lines;
    extent.width = static_cast<double>(widest) * size_px / static_cast<double>(face.ascent - face.descent);
    extent.height = line_height(size_px) * extent.lines;
    return extent;
}

bool TextMetrics::has_glyph(char32_t c, bool bold) const {
    if (!faces_) return false;
    if (c == '\n' || c == '\t' || c == '\r') return true;
    if (c > 0xFFFF) return false;
    return stbtt_FindGlyphIndex(&faces_->pick(bold).info, static_cast<int>(c)) != 0;
}

double TextMetrics::scale(double size_px, bool bold) const {
    if (!faces_) return 0.0;
    return faces_->pick(bold).scale(size_px);
}

double TextMetrics::em_size(double size_px, bool bold) const {
    if (!faces_) return size_px;
    const Face& face = faces_->pick(bold);
    return size_px * face.units_per_em / static_cast<double>(face.ascent - face.descent);
}

double TextMetrics::ascent(double size_px, bool bold) const {
    if (!faces_) return std::floor(size_px * 0.8 + 1.0);
    const Face& face = faces_->pick(bold);
    return std::floor(static_cast<float>(face.ascent) * face.scale(size_px) + 1.0f);
}

double TextMetrics::descent(double size_px, bool bold) const {
    if (!faces_) return std::floor(-size_px * 0.2 - 1.0);
    const Face& face = faces_->pick(bold);
    return std::floor(static_cast<float>(face.descent) * face.scale(size_px) - 1.0f);
}

std::string well_formed_utf8(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const auto byte = static_cast<unsigned char>(text[i]);
        std::size_t next = i;
        const char32_t code = next_code_point(text, next);
        if (byte >= 0x80 && code == 0xFFFD && next == i + 1) {  // malformed (a U+FFFD itself takes 3 bytes)
            char escaped[8];
            std::snprintf(escaped, sizeof escaped, "\\x%02X", byte);
            out += escaped;
        } else {
            out.append(text.substr(i, next - i));
        }
        i = next;
    }
    return out;
}

bool has_right_to_left(std::string_view text) {
    // (Arabic Presentation Forms-B end at U+FEFC: U+FEFF is the byte-order mark, often pasted along)
    for (std::size_t at = 0; at < text.size();) {
        const char32_t c = next_code_point(text, at);
        if ((c >= 0x0590 && c <= 0x08FF) || (c >= 0xFB1D && c <= 0xFDFF) || (c >= 0xFE70 && c <= 0xFEFC) ||
            (c >= 0x10800 && c <= 0x10FFF) || (c >= 0x1E800 && c <= 0x1EFFF))
            return true;
    }
    return false;
}

}  // namespace tangent
