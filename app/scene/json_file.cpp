#include "json_file.h"

#include <algorithm>
#include <cstdio>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <iterator>
#include <limits>
#include <map>
#include <optional>
#include <system_error>
#include <utility>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/format.h"

namespace tangent::detail {

namespace {

// "3:14" for the byte offset nlohmann reports (1-based, pointing at the last byte read): lines end
// at "\n", "\r\n" or a lone "\r"; the column counts characters (UTF-8 continuation bytes do not
// start one), and a byte-order mark at the start of the file, which nlohmann skips, is not one.
std::string line_and_column(std::string_view text, std::size_t byte) {
    std::size_t line = 1;
    std::size_t column = 1;
    const std::size_t end = std::min(byte == 0 ? 0 : byte - 1, text.size());
    const std::size_t first = text.starts_with("\xEF\xBB\xBF") ? std::min<std::size_t>(3, end) : 0;
    for (std::size_t i = first; i < end; ++i) {
        const bool lone_return = text[i] == '\r' && (i + 1 >= text.size() || text[i + 1] != '\n');
        if (text[i] == '\n' || lone_return) {
            ++line;
            column = 1;
        } else if (text[i] != '\r' && starts_utf8_character(text[i])) {
            ++column;
        }
    }
    return std::to_string(line) + ":" + std::to_string(column);
}

// The deepest a scene or tour nests lists and objects (they need 3 or 4): deeper input is refused
// while parsing, so that nothing downstream recurses that far.
constexpr int kMaxDepth = 32;

// A pointer into the text that remembers, in `last`, the byte nlohmann's lexer read last: the
// parser's events carry no position, so this is where they happen.
struct TrackingIterator {
    using iterator_category = std::input_iterator_tag;
    using value_type = char;
    using difference_type = std::ptrdiff_t;
    using pointer = const char*;
    using reference = const char&;

    const char* at = nullptr;
    const char** last = nullptr;

    reference operator*() const {
        *last = at;
        return *at;
    }
    TrackingIterator& operator++() {
        ++at;
        return *this;
    }
    TrackingIterator operator++(int) {
        TrackingIterator before = *this;
        ++at;
        return before;
    }
    friend bool operator==(const TrackingIterator& x, const TrackingIterator& y) { return x.at == y.at; }
};

// nlohmann's own DOM builder, with what it does not check: a key given twice in one object (the
// DOM would keep the last without a word), nesting deeper than kMaxDepth, and where a number too
// large for a double stands (its exception carries no position). The first problem is kept, with
// its 1-based byte position, and stops the parse.
class CheckingSax {
public:
    using Json = nlohmann::json;

    CheckingSax(Json& result, std::string_view text, const char** last) : dom_(result, false), text_(text), last_(last) {}

    bool null() { return value(dom_.null()); }
    bool boolean(bool v) { return value(dom_.boolean(v)); }
    bool number_integer(Json::number_integer_t v) { return value(dom_.number_integer(v)); }
    bool number_unsigned(Json::number_unsigned_t v) { return value(dom_.number_unsigned(v)); }
    bool number_float(Json::number_float_t v, const Json::string_t& s) {
        // "1e-400" reads as 0 without a word: a radius written so would be "got 0", a position
        // moved to 0. A number with a non-zero digit that comes out 0 is as out of range as 1e999.
        if (v == 0.0 && s.substr(0, s.find_first_of("eE")).find_first_of("123456789") != std::string::npos) {
            const std::size_t end = std::min(read_so_far(), text_.size());
            const std::size_t at = text_.rfind(s, end);
            const std::string number = s.size() > 24 ? s.substr(0, 20) + "..." : s;
            fail(at == std::string_view::npos ? end : at + 1,
                 "number underflow parsing '" + number + "' (numbers must fit in a double: the smallest is about 5e-324, and this would read as 0)");
            return false;
        }
        return value(dom_.number_float(v, s));
    }
    bool string(Json::string_t& v) { return value(dom_.string(v)); }
    bool binary(Json::binary_t& v) { return value(dom_.binary(v)); }

    bool start_object(std::size_t n) { return open(false) && dom_.start_object(n); }
    bool end_object() { return close(dom_.end_object()); }
    bool start_array(std::size_t n) { return open(true) && dom_.start_array(n); }
    bool end_array() { return close(dom_.end_array()); }

    // called with the key's closing quote read last
    bool key(Json::string_t& k) {
        Frame& object = frames_.back();
        const std::size_t at = key_start();
        const auto [first, inserted] = object.keys.emplace(k, at);
        if (!inserted) {
            const std::string where = frames_.size() == 1 ? std::string("the top level") : path(frames_.size() - 1);
            fail(at, where + " has the key " + Json(k).dump() + " twice (first at " + line_and_column(text_, first->second) + "): keep one");
            return false;
        }
        object.key = k;
        return dom_.key(k);
    }

    bool parse_error(std::size_t position, const std::string& token, const nlohmann::detail::exception& e) {
        if (e.id == 406) {
            // "number overflow parsing '1e999'": the lexer stands just past the number
            const std::string number = token.size() > 24 ? token.substr(0, 20) + "..." : token;
            fail(position >= token.size() ? position - token.size() + 1 : position,
                 "number overflow parsing '" + number + "' (numbers must fit in a double)");
        } else if (std::string_view(e.what()).find("ill-formed UTF-8") != std::string_view::npos && position > 0) {
            // the lexer stands on the byte that showed the sequence ill-formed, often the one after
            // it ('"caf\xE9"' ends at the quote): back to the sequence's first byte, within the token
            std::size_t at = std::min(position, text_.size()) - 1;
            const std::size_t token_start = position > token.size() ? position - token.size() : 0;
            const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text_[i]); };
            while (at > token_start && byte(at) < 0x80) --at;
            while (at > token_start && byte(at) >= 0x80 && byte(at) < 0xC0 && byte(at - 1) >= 0x80) --at;
            // in words: a file from Windows' Notepad saved as "ANSI" ("Schräg" with ä as the one
            // byte 0xE4) got the parser's "ill-formed UTF-8 byte; last read: …" (a locale review)
            std::string bytes;
            std::size_t count = 0;
            for (std::size_t i = at; i < text_.size() && byte(i) >= 0x80 && count < 4; ++i, ++count) {
                char hex[8];
                std::snprintf(hex, sizeof hex, "\\x%02X", byte(i));
                bytes += hex;
            }
            fail(at + 1, (count == 1 ? "the byte " + bytes + " is" : "the bytes " + bytes + " are") +
                             " not UTF-8 text: the file seems saved in another encoding (Latin-1 or Windows-1252, "
                             "\"ANSI\"); save it as UTF-8");
        } else if (const std::optional<std::size_t> start = string_start(position);
                   start && std::string_view(e.what()).find("unexpected string literal") != std::string_view::npos) {
            // a whole string where it does not belong ('"velocity"' after a missing comma): the
            // lexer stands on its closing quote, an editor's cursor would be on its opening one
            const std::string_view what = e.what();
            const bool comma =
                what.find("expected '}'") != std::string_view::npos || what.find("expected ']'") != std::string_view::npos;
            fail(*start, comma ? "syntax error: a comma is missing before this (between two items, or two keys and their values)"
                               : json_error_reason(e.what()));
        } else {
            const std::string_view what = e.what();
            // a number, all of the token (not "0}", a wrong closing bracket after a number)
            const bool number = !token.empty() && token.find_first_not_of("0123456789.eE+-") == std::string::npos &&
                                std::isdigit(static_cast<unsigned char>(token.back())) != 0;
            // a value where the list or object should go on with a comma or end: "[1 0]", or
            // "{…}\n{…}" between two bodies (the parser's own words were all an author got there)
            const bool value_after_value =
                (what.find("expected ']'") != std::string_view::npos || what.find("expected '}'") != std::string_view::npos) &&
                what.find("unexpected end of input") == std::string_view::npos && !token.empty() &&
                (token.back() == '{' || token.back() == '[' || number);
            // "01": the lexer reads 0, then 1 as a second value (it was called a missing comma: a QA review)
            const std::size_t number_start = position >= token.size() ? position - token.size() : 0;  // 0-based
            // (the 0 starts a number: after no digit or point, nor after a sign that follows an exponent's
            // e; "-01" is one too: a code review)
            const auto char_at = [&](std::size_t i) { return i < text_.size() ? text_[i] : ' '; };
            const auto part_of_number = [&](std::size_t i) {  // text_[i] continues a number begun before it
                const char c = char_at(i);
                if (std::isdigit(static_cast<unsigned char>(c)) != 0 || c == '.' || c == 'e' || c == 'E') return true;
                return (c == '-' || c == '+') && i >= 1 && (char_at(i - 1) == 'e' || char_at(i - 1) == 'E');
            };
            const bool leading_zero = number && number_start >= 1 && text_[number_start - 1] == '0' &&
                                      (number_start < 2 || !part_of_number(number_start - 2));
            if (const auto slip = hand_slip(token, position, what)) {
                fail(slip->first, slip->second);
            } else if (const auto plain = plain_reason(token, position, what.find("invalid literal") != std::string_view::npos)) {
                fail(plain->first, plain->second);
            } else if (leading_zero && value_after_value) {
                fail(number_start, "syntax error: a JSON number does not start with 0 followed by more digits (write 1, not 01)");
            } else if (value_after_value) {
                // the lexer stands on a '{' or '[' read (its token may hold what came before it), or
                // at a number's last character
                const bool opening = token.back() == '{' || token.back() == '[';
                fail(opening || position < token.size() ? position : position - token.size() + 1,
                     "syntax error: a comma is missing before this (between two items, or two keys and their values)");
            } else {
                fail(position, json_error_reason(e.what()));
            }
        }
        return false;
    }

    // "0x10" where JSON wants a decimal: the number meant, if its hex digits are few enough to say it
    // exactly. `position` (1-based) is the x's.
    [[nodiscard]] std::pair<std::size_t, std::string> hexadecimal(std::size_t position) const {
        std::size_t end = position;  // 0-based, past the x
        while (end < text_.size() && std::isxdigit(static_cast<unsigned char>(text_[end])) != 0) ++end;
        const std::string digits(text_.substr(position, end - position));
        // (a hexadecimal float, 0x1p3, is named, not given a value: its point and power too)
        std::size_t rest = end;
        while (rest < text_.size() && std::string_view(".pP+-0123456789abcdefABCDEF").find(text_[rest]) != std::string_view::npos) ++rest;
        const std::string written = "0" + std::string(1, text_[position - 1]) + std::string(text_.substr(position, rest - position));
        if (digits.empty() || digits.size() > 13 || rest > end)
            return {position - 1, "syntax error: JSON numbers are decimal, not hexadecimal (" + written + ")"};
        return {position - 1, "syntax error: JSON numbers are decimal: write " + std::to_string(std::stoll(digits, nullptr, 16)) +
                                  ", not " + written};
    }

    // More slips of hand-editing, each in words for the parser's jargon (a robustness review): a
    // decimal comma, curly quotes pasted from a word processor, a no-break space, a key without
    // its quotes, two commas, text after the scene's end, and numbers JSON does not write (0x10,
    // .5, +10). `what` is the parser's message; the words, and where (1-based).
    [[nodiscard]] std::optional<std::pair<std::size_t, std::string>> hand_slip(const std::string& token, std::size_t position,
                                                                             std::string_view what) const {
        using Said = std::pair<std::size_t, std::string>;
        const std::string_view here = position >= 1 && position <= text_.size() ? text_.substr(position - 1) : std::string_view();
        // the last character before byte `i` (0-based) that is not a space, or 0
        const auto before = [&](std::size_t i) {
            while (i > 0 && std::isspace(static_cast<unsigned char>(text_[i - 1])) != 0) --i;
            return i > 0 ? text_[i - 1] : '\0';
        };
        // a minus sign, a thin or narrow space, a times sign or a superscript, as typeset (and as
        // Tangent's own derivation writes them, copied: a recheck)
        if (here.starts_with("\u2212"))
            return Said{position, "syntax error: a minus sign (\u2212, U+2212) where JSON takes the hyphen-minus (-): retype it"};
        for (const std::string_view space : {"\u202F", "\u2009", "\u2007"})
            if (here.starts_with(space))
                return Said{position, "syntax error: a narrow space (U+" + std::string(space == "\u202F" ? "202F" : space == "\u2009" ? "2009" : "2007") +
                                      "): JSON writes a number without spaces (1000, not 1 000)"};
        for (const std::string_view sign : {"\u00B7", "\u00D7", "\u2070", "\u00B9", "\u00B2", "\u00B3", "\u207B"})
            if (here.starts_with(sign))
                return Said{position, "syntax error: JSON numbers are plain decimals, with e for a power of ten: write 2e-3, not "
                                      "2\u00B710\u207B\u00B3"};
        for (const std::string_view quote : {"\u201C", "\u201D", "\u2018", "\u2019"})
            if (here.starts_with(quote))
                return Said{position, "syntax error: curly quotes (\u201C \u201D), as a word processor writes them: JSON takes "
                                      "straight double quotes (\"): retype them"};
        if (here.starts_with("\u00A0"))
            return Said{position, "syntax error: a no-break space (U+00A0), which JSON does not read as a space: replace it "
                                  "with a plain one"};
        if (what.find("; expected end of input") != std::string_view::npos) {
            // a whole file "0x10": the 0 read as the scene, the x as what follows it
            if ((here.starts_with('x') || here.starts_with('X')) && position >= 2 && text_[position - 2] == '0' &&
                (position == 2 || std::isdigit(static_cast<unsigned char>(text_[position - 3])) == 0))
                return hexadecimal(position);
            // (the closing bracket named only where the scene has one)
            const std::size_t first = text_.find_first_not_of(" \t\r\n");
            const bool bracketed = first != std::string_view::npos && (text_[first] == '{' || text_[first] == '[');
            return Said{position, bracketed ? "syntax error: text after the end of the scene (its last closing bracket): remove it"
                                            : "syntax error: text after the end of the value: remove it (a scene is an object "
                                              "{...})"};
        }
        if (what.find("unexpected ','") != std::string_view::npos && position >= 1) {
            const char prior = before(position - 1);
            if (prior == ',') return Said{position, "syntax error: two commas in a row: remove one"};
            if (prior == '[' || prior == '{') return Said{position, "syntax error: a comma with nothing before it: remove it"};
        }
        // "radius": 1,5 — the 5 read as the next key
        if (what.find("object key - unexpected number literal") != std::string_view::npos && !token.empty()) {
            const std::size_t number_start = position >= token.size() ? position - token.size() : 0;  // 0-based
            std::size_t comma = number_start;  // the comma before it, 0-based
            while (comma > 0 && std::isspace(static_cast<unsigned char>(text_[comma - 1])) != 0) --comma;
            if (comma > 0 && text_[--comma] == ',' && std::isdigit(static_cast<unsigned char>(before(comma))) != 0)
                return Said{number_start + 1, "syntax error: a number here, where the next key belongs: a decimal comma? "
                                              "JSON writes a point (1.5, not 1,5)"};
        }
        // position: [0, 0] — a key without its quotes
        if (what.find("parsing object key - invalid literal") != std::string_view::npos && !token.empty() &&
            std::isalpha(static_cast<unsigned char>(token.back())) != 0) {
            const std::size_t start = position - 1;  // 0-based, the key's first letter
            std::size_t end = start;
            while (end < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[end])) != 0 || text_[end] == '_')) ++end;
            const std::string key(text_.substr(start, end - start));
            return Said{position, "syntax error: a key takes double quotes: \"" + key + "\", not " + key};
        }
        // "1." and "1e": a number cut short
        if (what.find("expected digit after '.'") != std::string_view::npos)
            return Said{position > 1 ? position - 1 : position, "syntax error: a number ends with a digit: write 1 or 1.0, not 1."};
        if (what.find("digit after exponent") != std::string_view::npos)
            return Said{position > 1 ? position - 1 : position, "syntax error: an exponent needs its digits: write 1e3, not 1e"};
        // [1,000, 0]: a thousands separator, read as a comma and a number starting with 0
        if (!token.empty() && position >= 1) {
            std::size_t start = position - 1;  // 0-based, back to the start of the digits
            while (start > 0 && std::isdigit(static_cast<unsigned char>(text_[start - 1])) != 0) --start;
            std::size_t end = position - 1;
            while (end < text_.size() && std::isdigit(static_cast<unsigned char>(text_[end])) != 0) ++end;
            if (end - start == 3 && text_[start] == '0' && start >= 2 && text_[start - 1] == ',' &&
                std::isdigit(static_cast<unsigned char>(text_[start - 2])) != 0)
                return Said{start + 1, "syntax error: a thousands separator? JSON writes 1000, not 1,000"};
        }
        if (!token.empty() && what.find("invalid literal") != std::string_view::npos) {
            const char last = token.back();
            const char prior = token.size() >= 2 ? token[token.size() - 2] : '\0';
            if (last == '.' && std::isdigit(static_cast<unsigned char>(prior)) == 0)
                return Said{position, "syntax error: a JSON number starts with a digit: write 0.5, not .5"};
            if (last == '+' && prior != 'e' && prior != 'E')
                return Said{position, "syntax error: a JSON number takes no + sign: write 10, not +10"};
            if ((last == 'x' || last == 'X') && prior == '0') return hexadecimal(position);
        }
        return std::nullopt;
    }

    // What a person writing JSON by hand most often trips on, in words, for the parser's own
    // ("invalid literal; last read: '… /'" for a comment: a hand-editing review): `token` is what
    // the lexer read up to the error, `position` 1-based where it stands. The words, and where.
    [[nodiscard]] std::optional<std::pair<std::size_t, std::string>> plain_reason(const std::string& token, std::size_t position,
                                                                                bool invalid_literal) const {
        if (token.empty()) return std::nullopt;
        const char last = token.back();
        if (last == '/')
            return std::pair{position, std::string("syntax error: JSON has no comments (// or /* */): remove it, or put the "
                                                   "words in \"caption\"")};
        if (last == '\'')
            return std::pair{position, std::string("syntax error: JSON strings and keys take double quotes (\"), not single "
                                                   "ones (')")};
        // (the text from where the lexer stands, 1-based `position`)
        const std::string_view here = position >= 1 && position <= text_.size() ? text_.substr(position - 1) : std::string_view();
        if (here.starts_with("None"))  // a Python habit (a QA review: it was called NaN)
            return std::pair{position, std::string("syntax error: None is Python's; JSON writes null (or leave the key out)")};
        if ((last == 'N' && here.starts_with("NaN")) || (last == 'I' && here.starts_with("Inf"))) {
            // (at the minus sign of "-Infinity", where the number starts)
            const bool minus = token.size() >= 2 && token[token.size() - 2] == '-';
            return std::pair{minus && position > 1 ? position - 1 : position,
                             std::string("syntax error: NaN and Infinity are not JSON numbers: write a finite number")};
        }
        // a word JSON does not know ("Name:" of a file that is not JSON, "True", "nil"): said in words
        // (the word the lexer stopped in or just after: its letters at the token's end)
        std::size_t word_end = token.size();
        if (word_end > 1 && !std::isalpha(static_cast<unsigned char>(last)) && std::isalpha(static_cast<unsigned char>(token[word_end - 2])))
            --word_end;
        std::size_t word_start = word_end;
        while (word_start > 0 && std::isalpha(static_cast<unsigned char>(token[word_start - 1]))) --word_start;
        const std::string_view word = std::string_view(token).substr(word_start, word_end - word_start);
        if (invalid_literal && !word.empty() && word != "true" && word != "false" && word != "null")
            return std::pair{position >= token.size() - word_start ? position - (token.size() - word_start) + 1 : position,
                             std::string("syntax error: a value is a number, a \"string\" in double quotes, true, false, null, "
                                         "a list [...] or an object {...}; JSON knows no other words (it is case-sensitive)")};
        if (last == ']' || last == '}') {
            // "[1, 2,]": a comma before the closing bracket
            std::size_t at = position >= 2 ? position - 2 : 0;
            while (at > 0 && std::isspace(static_cast<unsigned char>(text_[at]))) --at;
            if (at < text_.size() && text_[at] == ',')
                return std::pair{position, std::string("syntax error: a comma before '") + last +
                                               "' (JSON allows none after the last item): remove it"};
        }
        return std::nullopt;
    }

    [[nodiscard]] const std::optional<std::pair<std::size_t, std::string>>& problem() const { return problem_; }

    // The 1-based position of the opening quote of the string whose closing quote is at the 1-based
    // `position`, if one is: the first '"' before it that no backslash escapes.
    [[nodiscard]] std::optional<std::size_t> string_start(std::size_t position) const {
        if (position < 2 || position > text_.size() || text_[position - 1] != '"') return std::nullopt;
        for (std::size_t at = position - 1; at-- > 0;) {
            if (text_[at] != '"') continue;
            std::size_t backslashes = 0;
            while (at > backslashes && text_[at - 1 - backslashes] == '\\') ++backslashes;
            if (backslashes % 2 == 0) return at + 1;
        }
        return std::nullopt;
    }

private:
    struct Frame {
        bool array = false;
        std::size_t index = 0;                      // the element being read, in a list
        std::string key;                            // the key being read, in an object
        std::map<std::string, std::size_t> keys{};  // each key so far, with where it starts
    };

    bool value(bool ok) {
        if (!frames_.empty() && frames_.back().array) ++frames_.back().index;
        return ok;
    }
    bool open(bool array) {
        if (frames_.size() >= kMaxDepth) {
            fail(read_so_far(), "lists and objects nested more than " + std::to_string(kMaxDepth) + " deep");
            return false;
        }
        Frame frame;
        frame.array = array;
        frames_.push_back(std::move(frame));
        return true;
    }
    bool close(bool ok) {
        frames_.pop_back();
        return value(ok);
    }
    void fail(std::size_t position, std::string message) {
        if (!problem_) problem_.emplace(position, std::move(message));
    }
    // 1-based position of the byte read last
    [[nodiscard]] std::size_t read_so_far() const {
        return *last_ ? static_cast<std::size_t>(*last_ - text_.data()) + 1 : 0;
    }
    // 1-based position of the opening quote of the key whose closing quote was read last
    [[nodiscard]] std::size_t key_start() const {
        std::size_t i = read_so_far() - 1;  // the closing quote, 0-based
        while (i > 0) {
            --i;
            if (text_[i] != '"') continue;
            std::size_t backslashes = 0;
            while (backslashes < i && text_[i - 1 - backslashes] == '\\') ++backslashes;
            if (backslashes % 2 == 0) return i + 1;
        }
        return 1;
    }
    // "bodies[1]": where the object at frames_[depth] lies
    [[nodiscard]] std::string path(std::size_t depth) const {
        std::string out;
        for (std::size_t i = 0; i < depth; ++i) {
            if (frames_[i].array) out += "[" + std::to_string(frames_[i].index) + "]";
            else out = key_path(out, shown_key(frames_[i].key));
        }
        return out;
    }

    nlohmann::detail::json_sax_dom_parser<Json> dom_;
    std::string_view text_;
    const char** last_;
    std::vector<Frame> frames_;
    std::optional<std::pair<std::size_t, std::string>> problem_;
};

}  // namespace

std::string json_error_reason(const char* what) {
    std::string reason = what;
    const auto column = reason.find("column ");
    if (column != std::string::npos) {
        const auto colon = reason.find(": ", column);
        if (colon != std::string::npos) return reason.substr(colon + 2);
    }
    const auto bracket = reason.find("] ");
    return bracket == std::string::npos ? reason : reason.substr(bracket + 2);
}

Result<std::string> read_small_file(const std::filesystem::path& path, const std::string& name, std::string_view kind,
                                    std::uintmax_t limit) {
    if (path.empty()) return Error{"no " + std::string(kind) + " file named: the path is empty"};  // not "cannot open : …"
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec && ec != std::errc::no_such_file_or_directory) return Error{"cannot open " + name + ": " + ec.message()};
    if (!std::filesystem::exists(status))
        return Error{"cannot open " + name + ": " + std::make_error_code(std::errc::no_such_file_or_directory).message()};
    if (std::filesystem::is_directory(status)) return Error{name + " is a directory, not a " + std::string(kind) + " file"};
    // a pipe would block the open until a writer came, a device (/dev/zero) never ends
    if (!std::filesystem::is_regular_file(status))
        return Error{name + " is not a regular file (a pipe, a device or a socket), not a " + std::string(kind) + " file"};
    const auto size = std::filesystem::file_size(path, ec);
    if (!ec && size > limit)
        return Error{name + " is too large for a " + std::string(kind) + " file: " + std::to_string(size) +
                     " bytes (at most " + std::to_string(limit) + ")"};
    // the kernel's log reads as a regular file, and a read takes its messages from the system
    // logger (a code review): refused by name, not read
    if (std::filesystem::weakly_canonical(path, ec) == "/proc/kmsg")
        return Error{name + " is the kernel's message log, not a " + std::string(kind) + " file"};
    // not blocking: a "regular" file that waits for data hung the read, and the window, past
    // SIGTERM (a QA review); a true regular file ignores the flag. The type is asked again of what
    // was opened: a pipe put in the file's place after the check above would read as empty.
    struct Descriptor {
        int fd;
        ~Descriptor() {
            if (fd >= 0) ::close(fd);
        }
    } file{::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)};
    if (file.fd < 0) return Error{"cannot open " + name + ": " + std::strerror(errno)};
    struct stat opened {};
    if (::fstat(file.fd, &opened) != 0) return Error{"cannot read " + name + ": " + std::strerror(errno)};
    if (!S_ISREG(opened.st_mode))
        return Error{name + " is not a regular file (a pipe, a device or a socket), not a " + std::string(kind) + " file"};
    // read to the end rather than trust the size (files in /proc say 0), stopping past the limit
    std::string text;
    char chunk[65536];
    for (;;) {
        const ssize_t got = ::read(file.fd, chunk, sizeof chunk);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) {
            const int error = errno;
            if (error == EAGAIN || error == EWOULDBLOCK)
                return Error{name + " has no data to give now (it waits for some), not a " + std::string(kind) + " file"};
            return Error{"cannot read " + name + ": " + std::strerror(error)};
        }
        if (got == 0) break;
        text.append(chunk, static_cast<std::size_t>(got));
        if (text.size() > limit)
            return Error{name + " is too large for a " + std::string(kind) + " file: over " + std::to_string(limit) + " bytes"};
    }
    return text;
}

Result<nlohmann::json> parse_json(std::string_view text, const std::string& name) {
    // UTF-32 first: its little-endian mark starts as UTF-16's does ("FF FE" then two NULs), and
    // it would be named UTF-16; without a mark, three NULs beside each character
    const bool utf32_mark = text.starts_with(std::string_view("\xFF\xFE\0\0", 4)) || text.starts_with(std::string_view("\0\0\xFE\xFF", 4));
    const bool three_nuls = text.size() >= 4 && ((text[0] != '\0' && text.substr(1, 3) == std::string_view("\0\0\0", 3)) ||
                                                 (text.substr(0, 3) == std::string_view("\0\0\0", 3) && text[3] != '\0'));
    if (utf32_mark || three_nuls)
        return Error{name + ": this is UTF-32 text, not UTF-8: save it as UTF-8"};
    // UTF-16 (an editor's "Unicode"): a byte-order mark, or every other byte NUL
    const bool utf16_mark = text.starts_with("\xFF\xFE") || text.starts_with("\xFE\xFF");
    const bool every_other_nul = text.size() >= 4 && ((text[0] != '\0' && text[1] == '\0' && text[3] == '\0') ||
                                                      (text[0] == '\0' && text[2] == '\0' && text[1] != '\0'));
    if (utf16_mark || every_other_nul)
        return Error{name + ": this is UTF-16 text (\"Unicode\" in some editors), not UTF-8: save it as UTF-8"};
    // JSON allows one UTF-8 byte-order mark before the text; nlohmann reports a second as an
    // "invalid literal", its invisible bytes echoed in the message
    if (text.starts_with("\xEF\xBB\xBF\xEF\xBB\xBF"))
        return Error{name + ":1:1: two byte-order marks (the bytes EF BB BF) begin the file, where JSON allows one: remove one"};
    // nlohmann's lexer takes a NUL byte for the end of the input: a scene followed by a NUL and
    // anything at all would be read as if the rest were not there
    if (const std::size_t nul = text.find('\0'); nul != std::string_view::npos)
        return Error{name + ":" + line_and_column(text, nul + 1) + ": a NUL byte: this is binary data, not JSON text"};
    nlohmann::json result;
    const char* last = nullptr;
    CheckingSax sax(result, text, &last);
    const TrackingIterator first{text.data(), &last};
    const TrackingIterator end{text.data() + text.size(), &last};
    const bool parsed = nlohmann::json::sax_parse(first, end, &sax);
    if (const auto& problem = sax.problem()) return Error{name + ":" + line_and_column(text, problem->first) + ": " + problem->second};
    if (!parsed) return Error{name + ": not a JSON value"};  // not reached: every failure is a problem above
    return result;
}

namespace {

std::string kind_of(const nlohmann::json& value) {
    using Kind = nlohmann::json::value_t;
    switch (value.type()) {
        case Kind::string: return "a string";
        case Kind::array: return value.size() == 1 ? "a list of 1 item" : "a list of " + std::to_string(value.size()) + " items";
        case Kind::object: return "an object";
        default: return "something else";
    }
}

}  // namespace

std::string shown_key(std::string_view key) {
    if (key.empty()) return "\"\"";
    // a key of 500,000 characters filled the canvas and the terminal, its "unknown key, ignored"
    // cut off or never drawn (a QA review): said by its start and its length
    if (const std::size_t length = utf8_length(key); length > 60)
        return utf8_prefix(key, 40) + "\u2026 (a key of " + std::to_string(length) + " characters)";
    return std::string(key);
}

std::string key_path(const std::string& path, std::string_view key) {
    return path.empty() ? std::string(key) : path + "." + std::string(key);
}

std::optional<std::int64_t> whole_version(const nlohmann::json& value) {
    if (value.is_number_integer()) return value.get<std::int64_t>();  // (unsigned past 2^63 wraps negative: refused as < 1)
    if (!value.is_number_float()) return std::nullopt;
    const double number = value.get<double>();
    if (!std::isfinite(number) || number != std::floor(number)) return std::nullopt;
    // (a whole number past any version, 1e300 say, is one too: said out of range, not "not whole")
    if (std::abs(number) > 1e15) return number > 0 ? std::numeric_limits<std::int64_t>::max() : std::numeric_limits<std::int64_t>::min();
    return static_cast<std::int64_t>(number);
}

std::string text_problem(const nlohmann::json& value) {
    if (!value.is_string()) return "must be a string";
    if (value.get_ref<const std::string&>().find('\0') != std::string::npos) return "must not hold the character U+0000 (\\u0000)";
    return "";
}

std::string bad_value_message(const std::string& path, const std::string& what, const nlohmann::json& value) {
    std::string shown = value.dump();
    // (cut between characters: a cut inside an accent's two bytes left a stray \xCC: a QA review)
    if (utf8_length(shown) > 40) shown = utf8_prefix(shown, 37) + "...";
    const bool plain = value.is_number() || value.is_null() || value.is_boolean();
    return path + " " + what + ", got " + shown + (plain ? "" : " (" + kind_of(value) + ")");
}

void warn_unknown_keys(const nlohmann::json& object, const std::string& path, std::span<const std::string_view> known,
                       std::vector<std::string>& warnings) {
    for (const auto& item : object.items()) {
        bool found = false;
        for (std::string_view key : known) found = found || item.key() == key;
        if (found) continue;
        // the nearest known key, two edits at most ("colour": did you mean "color"?), or the same
        // in other letter case ("Radius")
        std::string_view nearest;
        std::size_t nearest_distance = 3;
        for (std::string_view key : known) {
            std::string lower(item.key());
            std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
            const std::size_t d = edit_distance(lower, key);
            if (d < nearest_distance && d < std::max<std::size_t>(item.key().size(), 2)) {
                nearest_distance = d;
                nearest = key;
            }
        }
        warnings.push_back(key_path(path, shown_key(item.key())) + ": unknown key, ignored" +
                           (nearest.empty() ? std::string() : "; did you mean \"" + std::string(nearest) + "\"?"));
    }
}

}  // namespace tangent::detail
