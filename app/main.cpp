// tangent: the window by default, or a subcommand for the command line.
#include <iostream>
#include <string>

#include <CLI/CLI.hpp>

#include "cli/analyze_command.h"

#ifndef TANGENT_VERSION
#define TANGENT_VERSION "0.0.0"
#endif

int main(int argc, char** argv) {
    CLI::App app{"Tangent: when do two moving circles touch? The mathematics of moving-circle collisions, made visible.", "tangent"};
    app.set_version_flag("--version", std::string("tangent ") + TANGENT_VERSION);
    app.require_subcommand(0, 1);

    std::string analyze_path;
    bool analyze_json = false;
    CLI::App* analyze = app.add_subcommand("analyze", "Print the encounter of a scene: the quadratic, its case and the contact.");
    analyze->add_option("scene", analyze_path, "Scene file (JSON)")->required();
    analyze->add_flag("--json", analyze_json, "One JSON object, numbers with 17 significant digits");

    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp&) {
        std::cout << app.help();
        return 0;
    } catch (const CLI::CallForAllHelp&) {
        std::cout << app.help("", CLI::AppFormatMode::All);
        return 0;
    } catch (const CLI::CallForVersion&) {
        std::cout << "tangent " << TANGENT_VERSION << "\n";
        return 0;
    } catch (const CLI::ParseError& e) {
        std::cerr << "tangent: " << e.what() << "\nRun 'tangent --help' for the options.\n";
        return 2;
    }

    if (analyze->parsed()) return tangent::cli::run_analyze(analyze_path, analyze_json, std::cout, std::cerr);

    std::cout << app.help();
    return 0;
}
