// tangent: the window by default, or a subcommand for the command line.
#include <algorithm>
#include <cctype>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <string>
#include <string_view>
#include <utility>
#include <sstream>
#include <vector>

#include <CLI/CLI.hpp>

#include "cli/analyze_command.h"
#include "cli/command_line.h"
#include "cli/export_command.h"
#include "core/format.h"
#include "scene/scene_file.h"
#include "ui/window.h"

#ifndef TANGENT_VERSION
#define TANGENT_VERSION "0.0.0"
#endif

using tangent::edit_distance;
using tangent::cli::a_value;
using tangent::cli::dash_file_hint;
using tangent::cli::find_option;
using tangent::cli::gather_option_names;
using tangent::cli::kNoStandardInput;
using tangent::cli::not_empty;
using tangent::cli::number_within;
using tangent::cli::other_command_option_hint;
using tangent::cli::printed;
using tangent::cli::real_number;
using tangent::cli::shown;
using tangent::cli::standard_input_asked;
using tangent::cli::time_number;
using tangent::cli::time_value;
using tangent::cli::whole_number;

int main(int argc, char** argv) {
    // past a file-size limit (ulimit -f) a write fails with EFBIG, which every writer reports and
    // cleans up after, instead of the process dying with its temporary file left behind
    std::signal(SIGXFSZ, SIG_IGN);
    CLI::App app{"Tangent: when do two moving circles touch? The mathematics of moving-circle collisions, made visible.", "tangent"};
    // a plain flag, read once the whole command line has parsed: CLI11's version flag acts where
    // it is met, so "tangent --bogus --version" printed the version and exited 0
    bool show_version = false;
    app.add_flag("--version", show_version, "Print the version and exit");
    app.require_subcommand(0, 1);
    app.footer("With no command, tangent opens its window (it needs a display; see `tangent export` for figures without one).");

    // the window (no subcommand)
    tangent::ui::WindowOptions window;
    std::string window_scene;
    std::string save_on_exit;
    std::string window_size;
    std::string bench_frames;  // read here, in decimal (CLI11 would take 010 for octal 8)
    bool no_vsync = false;
    app.add_option("scene", window_scene, "Scene file to open in the window (JSON)")->check(CLI::ExistingFile);
    app.add_option("--save-on-exit", save_on_exit, "Write the scene to this file when the window closes")
        ->check(a_value())
        ->check(not_empty("the scene file's path"));
    app.add_option("--size", window_size, "Window size in screen coordinates, WxH (default 1280x800, or the display's usable area, maximized, where that is smaller)")
        ->check(a_value())
        ->check(not_empty("the size as WxH, 1280x720 say"));
    app.add_option("--bench-frames", bench_frames,
                   "Render N frames of a busy scene as fast as possible, print the median and 99th-percentile "
                   "frame times in milliseconds, and exit")
        ->check(whole_number(1, 1000000, "frames"));
    app.add_flag("--no-vsync", no_vsync, "Do not wait for the display's refresh between frames");
    bool hide_answers = false;
    app.add_flag("--hide-answers", hide_answers,
                 "Open with the answers hidden (as H hides them): the canvas asks the question, for the class to predict first");
    std::string tour_path;
    CLI::Option* tour_option =
        app.add_option("--tour", tour_path, "Start the guided tour in presentation mode: the built-in one, or this tour file")
            ->expected(0, 1)
            ->type_name("[FILE]")
            ->check(a_value());
    std::string screenshot;
    app.add_option("--screenshot", screenshot, "Once the window has settled, save it, panels and all, as this PNG and close")
        ->check(a_value())
        ->check(not_empty("the PNG's path"))
        ->group("Testing");
    std::string report_layout;
    app.add_option("--report-layout", report_layout,
                   "Whenever the window has settled (and as it closes), write the canvas position, the world-to-pixel "
                   "map and where some widgets are to this file (JSON; for tests that drive the window)")
        ->check(a_value())
        ->check(not_empty("the report's path"))
        ->group("Testing");

    std::string analyze_path;
    bool analyze_json = false;
    CLI::App* analyze = app.add_subcommand("analyze", "Print the encounter of a scene: the quadratic, its case and the contact.");
    analyze->add_option("scene", analyze_path, "Scene file (JSON)")->required();
    bool analyze_derivation = false;
    bool analyze_latex = false;
    CLI::Option* json_flag = analyze->add_flag("--json", analyze_json, "One JSON object, numbers with 17 significant digits");
    CLI::Option* derivation_flag = analyze->add_flag(
        "--derivation", analyze_derivation,
        "The derivation step by step with the scene's numbers, as the window's page (F2) shows it, in plain text");
    analyze->add_flag("--latex", analyze_latex, "The same derivation as a LaTeX document that pdflatex compiles as it stands")
        ->excludes(json_flag)
        ->excludes(derivation_flag);
    derivation_flag->excludes(json_flag);
    bool analyze_strict = false;
    analyze->add_flag("--strict", analyze_strict,
                      "Warnings about the scene (an unknown key, say a misspelt one) are errors: exit 2, nothing printed");
    analyze->footer("Exit codes: 0 done; 2 a bad argument or scene (one line on stderr says what and where). Warnings go to "
                    "stderr, the answer alone to stdout.");

    tangent::cli::ExportOptions export_options;
    std::string export_scene;
    std::string export_output;
    std::string export_time;
    std::string export_theme;
    CLI::App* exporter = app.add_subcommand(
        "export", "Write a figure of a scene, as the canvas draws it, to PNG or SVG. Needs no display.");
    exporter->add_option("scene", export_scene, "Scene file (JSON)")->required();
    exporter->add_option("-o,--output", export_output, "The figure: a path ending in .png or .svg")->required()->check(a_value());
    std::string export_width;
    std::string export_height;
    exporter->add_option("--width", export_width, "Width in pixels (default 1600, at most 8192; W/S at least 16)")
        ->check(whole_number(1, 8192, "pixels"));
    exporter->add_option("--height", export_height, "Height in pixels (default 1000, at most 8192; H/S at least 16)")
        ->check(whole_number(1, 8192, "pixels"));
    exporter->add_option("--scale", export_options.scale,
                         "S, 0.1 to 16 (default 1): the W/S x H/S canvas drawn at S pixels per canvas pixel, so lines "
                         "and text are S times as large; with W and H times S, the same figure at S times the pixels")
        ->check(real_number())
        ->check(number_within(0.1, 16.0, "0.1 and 16"));
    double export_dpi = 96.0;
    CLI::Option* dpi_option = exporter->add_option("--dpi", export_dpi,
                         "Pixels an inch on the page, 10 to 10000 (default 96): the PNG says so, and the SVG's size is "
                         "given in inches, so that a page holds either at W/dpi inches wide (3200 pixels at 300 dpi: "
                         "10.67 in)")
        ->check(real_number())
        ->check(number_within(10.0, 10000.0, "10 and 10000"));
    CLI::Option* time_option = exporter->add_option("--time", export_time,
                                                    "The moment to draw (default: the scene's time), written in a "
                                                    "corner clear of the scene (\"t = 1.3\"); arithmetic as in the window's "
                                                    "fields: 1/3, 2*pi, sqrt(2)")
                                     ->check(time_number());
    CLI::Option* theme_option = exporter->add_option("--theme", export_theme, "dark, light or print (default: the scene's)")
                                      ->check(a_value());
    exporter->add_flag("--transparent", export_options.transparent, "No background (alpha 0 where nothing is drawn)");
    exporter->add_flag("--caption", export_options.caption, "Write the scene's caption along the bottom");
    exporter->add_flag("--no-time-stamp", export_options.no_time_stamp,
                       "Leave out the \"t = …\" a figure carries with --time or a scene time other than 0");
    exporter->add_flag("--no-answers", export_options.no_answers,
                       "The question alone, for an exam: no case badge, closest approach, contact ghosts or times, "
                       "no bounce, and the overlap checks drawn alike, fired or not");
    exporter->add_flag("--plot", export_options.plot, "The time plot of f(t) = a t² + b t + c instead of the canvas");
    exporter->add_flag("--gap", export_options.gap, "With --plot: plot the gap |Δp + tΔv| - R instead of f(t)");
    bool export_relative = false;
    bool export_world = false;
    exporter->add_flag("--relative", export_relative, "The relative frame: A held still with radius R, B a point");
    exporter->add_flag("--world", export_world, "The world frame, whatever the scene says");
    exporter->add_flag("--fit", export_options.fit,
                       "Frame both paths and the contact (as F does), whatever view the scene saved");
    exporter->add_flag("--strict", export_options.strict,
                       "Warnings about the scene (an unknown key, say a misspelt one) are errors: exit 2, nothing written");
    exporter->footer("--relative and --world exclude each other; --plot takes none of --caption, --no-answers, --fit, "
                     "--relative and --world. Without --dpi an SVG's size is in pixels (96 an inch).\n"
                     "Exit codes: 0 written; 2 a bad argument, scene or output path; 1 the figure could not be drawn or "
                     "written (no OpenGL, a full disk). On failure nothing is written and an existing file is kept.\n"
                     "Scenes: the README's \"Scene files\"; the presets are in assets/scenes (share/tangent/scenes when installed).");

    for (const CLI::App* command : {static_cast<const CLI::App*>(&app), static_cast<const CLI::App*>(analyze),
                                    static_cast<const CLI::App*>(exporter)})
        gather_option_names(*command);

    // "tangent analyse x.json" would otherwise read as a scene file named "analyse" that does not exist
    if (argc >= 2 && argv[1][0] != '-') {
        const std::string first = argv[1];
        std::error_code ec;
        if (first != "analyze" && first != "export" && first.find_first_of("./") == std::string::npos &&
            !std::filesystem::exists(first, ec)) {
            const char* guess = edit_distance(first, "analyze") <= 2 ? "analyze" : edit_distance(first, "export") <= 2 ? "export" : nullptr;
            std::cerr << "tangent: unknown command '" << shown(first) << "'"
                      << (guess ? std::string("; did you mean '") + guess + "'?" : std::string("; the commands are analyze and export"))
                      << "\nRun 'tangent --help' for the options.\n";
            return 2;
        }
    }

    // An option of export or analyze given to the window ("tangent --theme print x.json",
    // "tangent x.json -o fig.png"): CLI11 would take "print" for the scene that does not exist,
    // or refuse "-o fig.png" as unexpected, without saying which command the option belongs to.
    if (const std::string hint = other_command_option_hint(app, *analyze, *exporter, argc, argv); !hint.empty()) {
        std::cerr << "tangent: " << hint << "\nRun 'tangent --help' for the options.\n";
        return 2;
    }

    // "tangent scene.json analyze": the scene read as the window's, then "analyze" with no scene
    // ("scene is required", a recheck): the command comes first
    if (argc >= 3 && argv[1][0] != '-' && (std::string_view(argv[2]) == "analyze" || std::string_view(argv[2]) == "export")) {
        std::cerr << "tangent: the command comes first, then the scene: tangent " << argv[2] << " " << shown(argv[1])
                  << (std::string_view(argv[2]) == "export" ? " -o FIGURE.png" : "") << "\nRun 'tangent --help' for the options.\n";
        return 2;
    }

    // --tour "" reads to CLI11 as --tour alone (the built-in tour): an empty path is a mistake
    // to say, as every other option's is
    for (int i = 1; i < argc; ++i) {
        const std::string_view arg(argv[i]);
        if (arg == "--tour=" || (arg == "--tour" && i + 1 < argc && argv[i + 1][0] == '\0')) {
            std::cerr << "tangent: --tour: the tour file's path is empty (give a path, or --tour alone for the built-in tour)\n";
            return 2;
        }
    }

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp&) {
        return printed(app.help(), "the help");
    } catch (const CLI::CallForAllHelp&) {
        return printed(app.help("", CLI::AppFormatMode::All), "the help");
    } catch (const CLI::ParseError& e) {
        // the command at fault names itself, as its own messages do ("tangent export: --width …"),
        // and the help that lists the option is the command's own ("--width abc" is export's)
        std::string command = "tangent";
        for (int i = 1; i < argc; ++i)
            if (std::string_view(argv[i]) == "analyze" || std::string_view(argv[i]) == "export") {
                command = std::string("tangent ") + argv[i];
                break;
            }
        const CLI::App& own = command == "tangent analyze" ? *analyze : command == "tangent export" ? *exporter : app;
        // CLI11's own words for an option given twice ("--width: At Most 1 required but received
        // 2", capitals and all) in the tool's
        std::string message = e.what();
        const std::string_view at_most = ": At Most 1 required but received ";
        if (const std::size_t at = message.find(at_most); at != std::string::npos)
            message = message.substr(0, at) + " is given " + message.substr(at + at_most.size()) + " times: give it once";
        // and for words it does not know ("The following arguments were not expected: 0.2 --dt",
        // last first): in the order given, and where a step belongs
        if (const std::size_t colon = message.find(": "); dynamic_cast<const CLI::ExtrasError*>(&e) != nullptr && colon != std::string::npos) {
            std::vector<std::string> extras;
            std::istringstream words(message.substr(colon + 2));
            for (std::string word; words >> word;) extras.push_back(word);
            const auto given_at = [&](const std::string& word) {
                for (int i = 1; i < argc; ++i)
                    if (word == argv[i]) return i;
                return argc;
            };
            std::stable_sort(extras.begin(), extras.end(), [&](const std::string& x, const std::string& y) { return given_at(x) < given_at(y); });
            message = "unexpected: ";
            for (std::size_t i = 0; i < extras.size(); ++i) message += (i ? " " : "") + extras[i];
            const bool step = std::any_of(extras.begin(), extras.end(), [](const std::string& word) {
                return word == "--dt" || word == "--phase" || word == "--horizon";
            });
            if (step) message += " (the step, phase and horizon of the overlap check are the scene's: its \"discrete\" block)";
            // the window's --size given to export (an author's review: "did you mean --time?")
            const bool size = command == "tangent export" && std::any_of(extras.begin(), extras.end(), [](const std::string& word) {
                                  return word == "--size" || word.starts_with("--size=");
                              });
            if (size) message += " (a figure's size is --width W --height H, in pixels; --size WxH is the window's)";
            // another command's option ("export … --json", "analyze … --theme print"): which
            // command takes it (a recheck: they were only "unexpected")
            bool placed = false;
            for (const std::string& word : extras) {
                const std::string name = word.substr(0, word.find('='));
                if (name.size() < 2 || name[0] != '-' || (size && name == "--size")) continue;
                const auto has = [&](const CLI::App& other) { return find_option(other, name) != nullptr; };
                const bool own_has = has(own);
                if (own_has) continue;
                const char* owner = &own != analyze && has(*analyze) ? "tangent analyze"
                                    : &own != exporter && has(*exporter) ? "tangent export"
                                    : &own != &app && has(app) && name != "-h" && name != "--help" ? "the window (tangent SCENE)"
                                                                                                    : nullptr;
                if (owner == nullptr) continue;
                message += "; " + name + " is an option of " + owner + ", not of " + command;
                placed = true;
                break;
            }
            // a mistyped option: the nearest of the command's own ("--them print": did you mean --theme?)
            for (const std::string& word : extras) {
                if (placed) break;
                if (!word.starts_with("--") || step || word == "--size" || word.starts_with("--size=")) continue;
                const std::string name = word.substr(0, word.find('='));
                std::string best;
                std::size_t best_distance = 3;  // at most two edits away
                for (const CLI::Option* option : own.get_options())
                    for (const std::string& long_name : option->get_lnames())
                        if (const std::size_t d = edit_distance(name, "--" + long_name); d < best_distance) {
                            best_distance = d;
                            best = "--" + long_name;
                        }
                if (!best.empty()) {
                    message += "; did you mean " + best + "?";
                    break;
                }
            }
        }
        std::cerr << command << ": " << shown(message) << dash_file_hint(own, argc, argv) << "\nRun '" << command
                  << " --help' for the options.\n";
        return 2;
    }
    if (show_version) return printed(std::string("tangent ") + TANGENT_VERSION + "\n", "the version");

    if (analyze->parsed()) {
        if (standard_input_asked(analyze_path)) {
            std::cerr << "tangent analyze" << kNoStandardInput << "\n";
            return 2;
        }
        using tangent::cli::AnalyzeOutput;
        const AnalyzeOutput output = analyze_json         ? AnalyzeOutput::Json
                                     : analyze_derivation ? AnalyzeOutput::Derivation
                                     : analyze_latex      ? AnalyzeOutput::Latex
                                                          : AnalyzeOutput::Summary;
        return tangent::cli::run_analyze(analyze_path, output, std::cout, std::cerr, analyze_strict);
    }
    if (exporter->parsed()) {
        if (standard_input_asked(export_scene)) {
            std::cerr << "tangent export" << kNoStandardInput << "\n";
            return 2;
        }
        if (!export_width.empty()) export_options.width = std::stoi(export_width);  // checked: 1 to 8192
        if (!export_height.empty()) export_options.height = std::stoi(export_height);
        export_options.scene = export_scene;
        export_options.output = export_output;
        if (time_option->count() > 0) export_options.time = time_value(export_time, nullptr);  // checked: a number
        if (theme_option->count() > 0) export_options.theme = export_theme;
        if (dpi_option->count() > 0) export_options.dpi = export_dpi;
        if (export_relative && export_world) {
            std::cerr << "tangent export: --relative and --world contradict each other\n";
            return 2;
        }
        if (export_relative) export_options.relative = true;
        if (export_world) export_options.relative = false;
        if (export_options.gap && !export_options.plot) {
            std::cerr << "tangent export: --gap chooses what --plot shows; add --plot\n";
            return 2;
        }
        if (export_options.plot && export_options.no_answers) {
            std::cerr << "tangent export: --no-answers is for the canvas figure: the time plot of f(t) is an answer (its "
                         "roots are the contact times)\n";
            return 2;
        }
        // the plot is the same in both frames and has no caption: silently ignored, these would mislead
        if (export_options.plot && (export_options.caption || export_relative || export_world || export_options.fit)) {
            std::cerr << "tangent export: --plot draws the time plot, which has no "
                      << (export_options.caption ? "caption (--caption is for the canvas figure)"
                          : export_options.fit   ? "view to fit (its axes span the paths' times; --fit is for the canvas figure)"
                                                 : "frame (f(t) is the same in both; --relative and --world are for the canvas figure)")
                      << "\n";
            return 2;
        }
        return tangent::cli::run_export(export_options, std::cout, std::cerr);
    }

    if (!window_size.empty()) {
        int width = 0;
        int height = 0;
        char tail = 0;
        if (std::sscanf(window_size.c_str(), "%dx%d%c", &width, &height, &tail) != 2 || width < 320 || height < 240 ||
            width > 16384 || height > 16384) {
            std::cerr << "tangent: --size must be WxH with W in [320, 16384] and H in [240, 16384], got '" << shown(window_size) << "'\n";
            return 2;
        }
        window.size = {width, height};
        window.size_given = true;
    }
    if (!window_scene.empty()) window.scene = window_scene;
    if (!save_on_exit.empty()) {
        // checked now, not after a lesson's worth of edits
        if (auto problem = tangent::why_unwritable(save_on_exit)) {
            std::cerr << "tangent: --save-on-exit cannot write " << shown(save_on_exit) << ": " << *problem << "\n";
            return 2;
        }
        window.save_on_exit = save_on_exit;
    }
    if (!bench_frames.empty()) window.bench_frames = std::stoi(bench_frames);  // checked above: 1 to 1000000
    // the window's other outputs, checked as export checks its own, before the window opens: else
    // they could replace the scene or tour file given with them without a word (`tangent s.json
    // --screenshot s.json` would make the scene a PNG), write PNG data under any name, and a path
    // that cannot be written would fail at every report, a dozen times, with exit code 0
    std::vector<std::pair<std::string, std::string>> inputs;  // the option (or "the scene") and its file
    if (!window_scene.empty()) inputs.emplace_back("the scene file", window_scene);
    if (!tour_path.empty()) inputs.emplace_back("the --tour file", tour_path);
    std::vector<std::pair<std::string, std::string>> outputs;
    if (!save_on_exit.empty()) outputs.emplace_back("--save-on-exit", save_on_exit);
    for (const auto& [option, path] : {std::pair<std::string, std::string>("--screenshot", screenshot), {"--report-layout", report_layout}}) {
        if (path.empty()) continue;
        for (const auto& [what, file] : inputs)
            if (tangent::same_file(path, file)) {
                std::cerr << "tangent: " << option << " " << shown(path) << " is " << what << " itself: writing it would replace it\n";
                return 2;
            }
        for (const auto& [other, file] : outputs)
            if (tangent::same_file(path, file)) {
                std::cerr << "tangent: " << option << " " << shown(path) << " is also the " << other << " file: give each its own\n";
                return 2;
            }
        if (option == "--screenshot") {
            std::string extension = std::filesystem::path(path).extension().string();
            std::transform(extension.begin(), extension.end(), extension.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
            if (extension != ".png" || std::filesystem::path(path).stem().empty()) {
                std::cerr << "tangent: --screenshot writes a PNG: the path must end in .png, got '" << shown(path) << "'\n";
                return 2;
            }
        }
        if (auto problem = tangent::why_unwritable(path)) {
            std::cerr << "tangent: " << option << " cannot write " << shown(path) << ": " << *problem << "\n";
            return 2;
        }
        outputs.emplace_back(option, path);
    }
    if (!report_layout.empty()) window.report_layout = report_layout;
    if (!screenshot.empty()) window.screenshot = screenshot;
    if (tour_option->count() > 0) window.tour = std::filesystem::path(tour_path);
    window.vsync = !no_vsync;
    window.hide_answers = hide_answers;
    return tangent::ui::run_window(window);
}
