// Names and notes written with separate accents (NFD: "e" then U+0301, as a Mac's file names and
// some keyboards write them) are read composed (NFC), since the window and the PNG export draw
// each character alone and a separate accent lands where the font puts it for a small letter.
// Judge: Python's unicodedata, over every character that has a canonical decomposition.

#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "core/format.h"
#include "scene/composed_text.h"
#include "scene/scene_file.h"
#include "scene/tour.h"
#include "support/process.h"

namespace tangent {
namespace {

using test::run_process;

// For each character whose decomposed form differs from it: that form, its marks in the order
// Unicode sorts them and, for two marks, in the other order as a keyboard may send them; then
// the composed form Python's unicodedata gives for each. Lines "decomposed\tcomposed", in hex
// UTF-8 (a tab or a newline among them would split a line).
constexpr const char* kJudge = R"PY(
import sys, unicodedata as u
def hexed(s): return s.encode('utf-8').hex()
n = 0
for c in range(0x110000):
    if 0xD800 <= c < 0xE000: continue
    ch = chr(c)
    d = u.normalize('NFD', ch)
    if d == ch: continue
    variants = [d]
    if len(d) == 3: variants.append(d[0] + d[2] + d[1])
    for v in variants:
        print(hexed(v) + '\t' + hexed(u.normalize('NFC', v)))
        n += 1
# runs of text: Vietnamese, a capital with two marks, a mark with no composed letter, Hangul jamo
for v in ['Vie\u0323\u0302t Na\u0300m', 'E\u0302\u0301ch', 'v\u0304 = x\u0302', '\u1112\u1161\u11ab', '\u0301 alone', 'A\u030a\u0301']:
    print(hexed(v) + '\t' + hexed(u.normalize('NFC', v)))
    n += 1
print('unicode ' + u.unidata_version, file=sys.stderr)
)PY";

std::string unhex(const std::string& hex) {
    std::string out;
    for (std::size_t i = 0; i + 1 < hex.size(); i += 2) out += static_cast<char>(std::stoi(hex.substr(i, 2), nullptr, 16));
    return out;
}

TEST(ComposedTextTest, AgreesWithPythonsUnicodedataOnEveryDecomposableCharacter) {
    const test::ProcessResult judged = run_process({"/usr/bin/env", "python3", "-c", kJudge});
    ASSERT_EQ(judged.exit_code, 0) << "python3 is needed as the judge:\n" << judged.err;
    std::istringstream lines(judged.out);
    std::string line;
    int checked = 0;
    int changed = 0;
    int differ = 0;
    std::vector<std::string> wrong;  // the first 20
    while (std::getline(lines, line)) {
        const std::size_t tab = line.find('\t');
        ASSERT_NE(tab, std::string::npos) << line;
        const std::string decomposed = unhex(line.substr(0, tab));
        const std::string expected = unhex(line.substr(tab + 1));
        ++checked;
        changed += expected != decomposed;
        const std::string got = composed(decomposed);
        const bool stays = composed(expected) == expected;  // composed text stays as it is
        differ += got != expected || !stays;
        if (got != expected && wrong.size() < 20) wrong.push_back(line + " gave " + got);
        if (!stays && wrong.size() < 20) wrong.push_back(line + ": its composed form changed");
    }
    EXPECT_GT(checked, 2000) << judged.err;  // (Unicode 14 has 2,000-odd such characters and more forms)
    EXPECT_GT(changed, 1000) << "too few inputs that composition changes";
    EXPECT_EQ(differ, 0) << judged.err << "; the first:\n" << [&] {
        std::string all;
        for (const std::string& w : wrong) all += w + "\n";
        return all;
    }();
}

TEST(ComposedTextTest, LeavesPlainAndMalformedTextAsItIs) {
    EXPECT_EQ(composed(""), "");
    EXPECT_EQ(composed("A and B, t = 3.625"), "A and B, t = 3.625");
    EXPECT_EQ(composed("Δp·Δv ≤ 0"), "Δp·Δv ≤ 0");
    // a Latin-1 "é" and a cut-off character: not UTF-8, returned byte for byte
    const std::string latin1 = "caf\xE9 e\xCC\x81";
    EXPECT_EQ(composed(latin1), latin1);
    const std::string cut = "e\xCC";
    EXPECT_EQ(composed(cut), cut);
}

// A caption of 100,000 accents on one letter (a crafted file) took utf8proc 18 s to sort (a code
// review), and 30,000 drawn by Dear ImGui passed its 16-bit indices and aborted the window (a QA
// review): past 30 marks in a row, Unicode's stream-safe limit, a run keeps its first 30, and
// they are composed as any 30 are. Judge: the same text cut to 30 marks by hand, composed.
TEST(ComposedTextTest, AThousandsOfAccentsLongRunKeepsItsFirstThirty) {
    std::string many = "e";
    for (int i = 0; i < 50000; ++i) many += "\xCC\x81\xCC\xA3";  // U+0301 (above), U+0323 (below): not in Unicode's order
    many += " x";
    std::string thirty = "e";
    for (int i = 0; i < 15; ++i) thirty += "\xCC\x81\xCC\xA3";
    EXPECT_NE(composed(thirty), thirty) << "30 marks in a row are no longer put in order";
    std::size_t cut = 0;
    EXPECT_EQ(composed(many, &cut), composed(thirty) + " x");
    EXPECT_EQ(cut, 100000u - 30u);
    std::size_t none = 7;
    EXPECT_EQ(composed(thirty, &none), composed(thirty));
    EXPECT_EQ(none, 0u);
}

// A scene whose name or note carries such a run says what was left out, where.
TEST(ComposedTextTest, ASceneSaysAccentsLeftOutOfItsNote) {
    std::string marks;
    for (int i = 0; i < 30000; ++i) marks += "\xCC\x81";
    const std::string scene_text = R"({"caption": "x)" + marks + R"(", "bodies": [
        {"position": [0, 0], "velocity": [1, 0], "radius": 1, "label": "q)" + marks + R"("},
        {"position": [5, 0], "velocity": [-1, 0], "radius": 1}]})";
    const Result<LoadedScene> loaded = parse_scene(scene_text, "marks.json");
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    EXPECT_EQ(utf8_length(loaded->scene.caption), 31u);  // (x and q take no precomposed acute)
    EXPECT_EQ(utf8_length(loaded->scene.bodies[0].label), 31u);
    std::string warnings;
    for (const std::string& w : loaded->warnings) warnings += w + "\n";
    EXPECT_NE(warnings.find("caption: 29970 combining marks past 30 in a row"), std::string::npos) << warnings;
    EXPECT_NE(warnings.find("bodies[0].label: 29970 combining marks past 30 in a row"), std::string::npos) << warnings;
}

// The boundary: a scene file's names and note, and a tour's titles and captions, are read composed.
TEST(ComposedTextTest, SceneAndTourTextIsReadComposed) {
    const std::string nfd = "Vie\xCC\xA3\xCC\x82t";  // "Việt": e, dot below (U+0323), circumflex (U+0302)
    const std::string nfc = "Vi\xE1\xBB\x87t";       // U+1EC7
    const std::string scene_text = R"({"caption": ")" + nfd + R"( note", "bodies": [
        {"position": [0, 0], "velocity": [1, 0], "radius": 1, "label": ")" + nfd + R"("},
        {"position": [5, 0], "velocity": [-1, 0], "radius": 1, "label": "B"}]})";
    const Result<LoadedScene> loaded = parse_scene(scene_text, "nfd.json");
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    EXPECT_EQ(loaded->scene.bodies[0].label, nfc);
    EXPECT_EQ(loaded->scene.caption, nfc + " note");
    // written back composed, and read back the same
    const Result<LoadedScene> again = parse_scene(scene_to_json(loaded->scene), "again.json");
    ASSERT_TRUE(again.ok()) << again.error().message;
    EXPECT_EQ(again->scene.bodies[0].label, nfc);

    const std::string tour_text = R"({"title": ")" + nfd + R"(", "steps": [{"title": ")" + nfd + R"(", "caption": ")" + nfd +
                                  R"(", "preset": "head-on-hit"}]})";
    const Result<Tour> tour = parse_tour(tour_text, "tour.json", ".");
    ASSERT_TRUE(tour.ok()) << tour.error().message;
    EXPECT_EQ(tour->title, nfc);
    EXPECT_EQ(tour->steps.at(0).title, nfc);
    EXPECT_EQ(tour->steps.at(0).caption, nfc);
}

// A name of 40 characters as a Mac writes it takes more than 40 code points ("ệ" is three): it
// is read, and counted, composed (before, "bodies[0].label must be at most 40 characters").
TEST(ComposedTextTest, ANameOfFortyComposedCharactersLoads) {
    std::string nfd;
    for (int i = 0; i < 20; ++i) nfd += "e\xCC\xA3\xCC\x82o";  // "ệo", 20 times: 40 characters, 80 code points
    const std::string text = R"({"bodies": [
        {"position": [0, 0], "velocity": [1, 0], "radius": 1, "label": ")" + nfd + R"("},
        {"position": [5, 0], "velocity": [-1, 0], "radius": 1}]})";
    const Result<LoadedScene> loaded = parse_scene(text, "long.json");
    ASSERT_TRUE(loaded.ok()) << loaded.error().message;
    EXPECT_EQ(loaded->scene.bodies[0].label.size(), 20u * (3 + 1));
}

}  // namespace
}  // namespace tangent
