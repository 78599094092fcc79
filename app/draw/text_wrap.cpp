// Text wrapping (text_wrap.h): where a line may break, and the passes that fill the lines, then
// narrow them.

#include "text_wrap.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string_view>
#include <utility>
#include <vector>

#include "text_metrics.h"

namespace tangent {

namespace {

// Where a line may break at a space, worst first: inside a formula (beside "=", "+", "−", "·":
// "t =" above "4" reads as two things), inside brackets, between two words, or after a clause
// (a word ending in ',', ';', ':' or '.', outside brackets).
enum class LineBreak : std::uint8_t { Glued, Bracketed, Word, Clause };

bool is_operator(std::string_view word) { return is_relation(word) || is_operation(word); }

// How deep in brackets each position of `text` is: depth[i] counts the brackets open before i.
std::vector<int> bracket_depths(std::string_view text) {
    std::vector<int> depth(text.size() + 1, 0);
    for (std::size_t i = 0; i < text.size(); ++i)
        // (a stray closing bracket closes nothing: "1) … (2" is not "inside" from its ')' on)
        depth[i + 1] = std::max(0, depth[i] + (text[i] == '(' || text[i] == '[' ? 1 : text[i] == ')' || text[i] == ']' ? -1 : 0));
    return depth;
}

// What kind of break the space at `at` in `text` is.
// `depths`: bracket_depths(text), when the caller asks about many places of one long text (with
// each call counting the brackets from its start, a 100,000-word caption takes minutes).
LineBreak line_break(std::string_view text, std::size_t at, const std::vector<int>* depths = nullptr) {
    const std::size_t before_end = text.find_last_not_of(' ', at);
    if (before_end == std::string_view::npos) return LineBreak::Word;  // leading spaces
    const std::size_t before_begin = text.find_last_of(' ', before_end);
    const std::size_t first = before_begin == std::string_view::npos ? 0 : before_begin + 1;
    const std::string_view before = text.substr(first, before_end + 1 - first);
    const std::size_t after_end = std::min(text.find(' ', at + 1), text.size());
    const std::string_view after = text.substr(at + 1, after_end - (at + 1));
    if (is_operator(before) || is_operator(after)) return LineBreak::Glued;
    const int depth = depths ? (*depths)[at] : bracket_depths(text.substr(0, at)).back();
    if (depth > 0) return LineBreak::Bracketed;
    return std::string_view(",;:.").find(before.back()) != std::string_view::npos ? LineBreak::Clause : LineBreak::Word;
}

// Where to cut `word` for a line `width` px wide: after its longest start that fits (whole
// UTF-8 characters, at least one), or after the last separator in the second half of that.
std::size_t fitting_start(const TextMetrics& metrics, std::string_view word, double font_px, bool bold, double width) {
    // A prefix's width grows with its length: the longest that fits is found by doubling, then
    // halving, over the ends of its characters (past their continuation bytes), which are listed
    // only as far as the doubling reaches. (Measured one character longer each time, a run of
    // 10,000 zero-width combining marks in a caption took a minute.)
    std::vector<std::size_t> ends;
    const auto end_of = [&](std::size_t k) {  // the end of the k-th character (0-based), or npos past the word
        while (ends.size() <= k) {
            std::size_t at = ends.empty() ? 0 : ends.back();
            if (at >= word.size()) return std::string_view::npos;
            ++at;
            while (at < word.size() && (static_cast<unsigned char>(word[at]) & 0xC0) == 0x80) ++at;  // continuation bytes
            ends.push_back(at);
        }
        return ends[k];
    };
    if (end_of(0) == std::string_view::npos) return 0;
    const auto too_wide = [&](std::size_t k) {
        const std::size_t end = end_of(k);
        return end == std::string_view::npos || metrics.width(word.substr(0, end), font_px, bold) > width;
    };
    std::size_t fitting = 0;  // the first character always stays
    std::size_t wide = 1;
    while (!too_wide(wide)) {
        fitting = wide;
        wide *= 2;
    }
    while (wide - fitting > 1) {
        const std::size_t middle = fitting + (wide - fitting) / 2;
        (too_wide(middle) ? wide : fitting) = middle;
    }
    const std::size_t fit = ends[fitting];
    // after a '/', '-', '_' or '.' in the second half where there is one: "lessons/" + "2026/…"
    if (fit < word.size())
        for (std::size_t at = fit; at > fit / 2; --at)
            if (std::string_view("/-_.").find(word[at - 1]) != std::string_view::npos) return at;
    return fit;
}

// A text broken into lines, and how well: how many lines, how many of its breaks end a clause,
// and how many fall inside a formula or a word.
struct Wrapped {
    std::string text;
    int lines = 1;
    int clauses = 0;
    int glued = 0;
    int cut = 0;
};

// One pass of wrap_text(): each line as full as `width` lets it be, broken at the last of the
// best kind of space that ends a line that fits; with `clauses`, a clause's end counts as the
// best where it leaves the line half full or more (otherwise it is a break between words).
Wrapped wrap_pass(const TextMetrics& metrics, std::string_view text, double font_px, bool bold, double width, bool clauses) {
    const auto fits = [&](std::string_view line) { return metrics.width(line, font_px, bold) <= width; };
    Wrapped out;
    const auto new_line = [&] {
        out.text += '\n';
        ++out.lines;
    };
    std::size_t begin = 0;
    while (begin <= text.size()) {  // each line of the text as given
        std::size_t end = text.find('\n', begin);
        if (end == std::string_view::npos) end = text.size();
        const std::string_view paragraph = text.substr(begin, end - begin);
        const std::vector<int> depths = bracket_depths(paragraph);
        std::size_t start = 0;  // of the line being filled
        // whether the rest of the paragraph fits on one line, measuring no more of it than it
        // takes to tell (measured whole, each line of a 100,000-word caption would cost the rest
        // of it: minutes for an export)
        const auto rest_fits = [&] {
            for (std::size_t prefix = 256;; prefix *= 2) {
                if (start + prefix >= paragraph.size()) return fits(paragraph.substr(start));
                if (!fits(paragraph.substr(start, prefix))) return false;
            }
        };
        while (!rest_fits()) {
            // The spaces after `start` where a line could end, each with where the next would
            // begin; listed only as far as the search below reaches.
            struct Candidate {
                std::size_t at, next;
            };
            std::vector<Candidate> candidates;
            std::size_t listed_to = start + 1;  // where the next space is looked for
            const auto candidate = [&](std::size_t i) -> const Candidate* {
                while (candidates.size() <= i) {
                    const std::size_t at = paragraph.find(' ', listed_to);
                    if (at == std::string_view::npos) return nullptr;
                    const std::size_t next = std::min(paragraph.find_first_not_of(' ', at), paragraph.size());
                    if (next == paragraph.size()) return nullptr;  // spaces at the end: nothing to break before
                    candidates.push_back({at, next});
                    listed_to = next;
                }
                return &candidates[i];
            };
            const auto line_to = [&](const Candidate& c) { return paragraph.substr(start, c.at - start); };
            // How many candidates end a line narrower than `limit` (`strict`: <, else <=): a line's
            // width grows with its length (advances only, no kerning), so they come first. Found
            // by doubling, then halving, so that a line of thousands of words is measured some 2·log2
            // times, not once a word (a caption of short words at a small size took 10–44 s).
            const auto count_within = [&](double limit, bool strict, std::size_t known_bound) {
                const auto within = [&](std::size_t i) {
                    const Candidate* c = i < known_bound ? candidate(i) : nullptr;
                    if (!c) return false;
                    const double w = metrics.width(line_to(*c), font_px, bold);
                    return strict ? w < limit : w <= limit;
                };
                if (!within(0)) return std::size_t{0};
                std::size_t inside = 0, outside = 1;  // candidate `inside` is within, `outside` is not (or absent)
                while (within(outside)) {
                    inside = outside;
                    outside = 2 * outside + 1;
                }
                while (outside - inside > 1) {
                    const std::size_t middle = inside + (outside - inside) / 2;
                    (within(middle) ? inside : outside) = middle;
                }
                return inside + 1;
            };
            constexpr std::size_t unbounded = std::numeric_limits<std::size_t>::max();
            const std::size_t fitting = count_within(width, false, unbounded);
            const std::size_t under_half = clauses ? count_within(0.5 * width, true, fitting) : 0;
            std::size_t best = std::string_view::npos;  // where the line ends (a run of spaces)
            std::size_t best_next = 0;                  // and the next begins
            LineBreak best_kind = LineBreak::Glued;
            for (std::size_t i = 0; i < fitting; ++i) {
                const Candidate& c = candidates[i];
                LineBreak kind = line_break(paragraph, c.next - 1, &depths);
                // a clause's end counts where it leaves the line half full or more
                if (kind == LineBreak::Clause && (!clauses || i < under_half)) kind = LineBreak::Word;
                if (best == std::string_view::npos || kind >= best_kind) {
                    best = c.at;
                    best_next = c.next;
                    best_kind = kind;
                }
            }
            if (best != std::string_view::npos) {
                out.text += paragraph.substr(start, best - start);
                new_line();
                out.clauses += best_kind == LineBreak::Clause;
                out.glued += best_kind == LineBreak::Glued;
                start = best_next;
                continue;
            }
            // the first word alone is too wide: cut it where it fills the line
            const std::size_t cut = fitting_start(metrics, paragraph.substr(start), font_px, bold, width);
            if (start + cut >= paragraph.size()) break;  // one character wider than the line: it stays
            out.text += paragraph.substr(start, cut);
            new_line();
            ++out.cut;
            start += cut;
        }
        out.text += paragraph.substr(start);
        if (end < text.size()) new_line();
        begin = end + 1;
    }
    return out;
}

}  // namespace

std::string wrap_text(const std::string& as_given, double font_px, bool bold, double width) {
    const TextMetrics* metrics = TextMetrics::shared();
    if (!metrics || !(width > 0.0)) return as_given;
    // spaces at a line's end show nothing and break nothing: dropped (a caption ending in a
    // million of them was cut into lines of spaces, each measuring the rest: minutes); copied
    // only where there is something to drop (labels are wrapped every frame)
    const bool trim = as_given.ends_with(' ') || as_given.find(" \n") != std::string::npos;
    std::string trimmed;
    if (trim) {
        trimmed.reserve(as_given.size());
        for (std::size_t begin = 0; begin <= as_given.size();) {
            const std::size_t end = std::min(as_given.find('\n', begin), as_given.size());
            const std::string_view line = std::string_view(as_given).substr(begin, end - begin);
            const std::size_t kept = line.find_last_not_of(' ');
            trimmed += line.substr(0, kept == std::string_view::npos ? 0 : kept + 1);
            if (end < as_given.size()) trimmed += '\n';
            begin = end + 1;
        }
    }
    const std::string& text = trim ? trimmed : as_given;
    if (metrics->width(text, font_px, bold) <= width) return text;
    const Wrapped plain = wrap_pass(*metrics, text, font_px, bold, width, false);
    Wrapped best = wrap_pass(*metrics, text, font_px, bold, width, true);
    const bool clauses = best.lines <= plain.lines;
    if (!clauses) best = plain;
    // the narrowest width that breaks no worse: as many lines, as many after a clause (unless the
    // last line is one word alone: "…the circles touch" above "once."), no more inside a formula
    // or a word (found to a pixel by halving)
    const std::size_t last_line = best.text.rfind('\n');
    const bool alone = last_line != std::string::npos && best.text.find(' ', last_line) == std::string::npos;
    double too_narrow = 0.0;
    double wide_enough = width;
    while (wide_enough - too_narrow > 1.0) {
        const double middle = 0.5 * (too_narrow + wide_enough);
        Wrapped trial = wrap_pass(*metrics, text, font_px, bold, middle, clauses);
        if (trial.lines <= best.lines && (alone || trial.clauses >= best.clauses) && trial.glued <= best.glued &&
            trial.cut <= best.cut) {
            wide_enough = middle;
            best = std::move(trial);
        } else {
            too_narrow = middle;
        }
    }
    // a word still alone on the last line takes the one before it along, where that fits
    std::string& out = best.text;
    const std::size_t last = out.rfind('\n');
    if (last == std::string::npos || last == 0 || out.find(' ', last) != std::string::npos) return out;
    const std::size_t given = text.rfind('\n');  // a line break of the text as given stays
    if (given != std::string::npos && std::string_view(text).substr(given + 1) == std::string_view(out).substr(last + 1)) return out;
    const std::size_t previous = out.rfind('\n', last - 1) == std::string::npos ? 0 : out.rfind('\n', last - 1) + 1;
    const std::string_view line(out.data() + previous, last - previous);
    // the words before it that are glued to it go along too: "/2*A:" above "t = 5.432 (wrong)",
    // not "/2*A: t = 5.432" above "(wrong)" (a break inside "t = 5.432" is worse)
    std::size_t space = line.find_last_of(' ');
    while (space != std::string_view::npos && line_break(line, space) == LineBreak::Glued) {
        const std::size_t word_end = space == 0 ? std::string_view::npos : line.find_last_not_of(' ', space - 1);
        if (word_end == std::string_view::npos) return out;
        space = line.find_last_of(' ', word_end);
    }
    if (space == std::string_view::npos || line.find_last_not_of(' ', space) == std::string_view::npos) return out;
    const std::size_t cut = line.find_last_not_of(' ', space) + 1;  // the run of spaces before those words
    if (line_break(line, space) == LineBreak::Glued) return out;
    const std::string joined = std::string(line.substr(space + 1)) + ' ' + out.substr(last + 1);
    if (metrics->width(joined, font_px, bold) > width) return out;
    out = out.substr(0, previous + cut) + '\n' + joined;
    return out;
}

}  // namespace tangent
