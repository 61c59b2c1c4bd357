// The checks every fuzz target runs on one input, shared by the libFuzzer targets (tests/fuzz/
// fuzz_*.cpp) and the ordinary regression test that replays tests/data/fuzz/ (tests/core/
// test_fuzz_regressions.cpp), so a finding fixed once stays fixed in every build.
// Each returns "" when the input was handled correctly, else what went wrong; an exception that
// escapes is a finding too (libFuzzer reports it as a crash, Catch2 as a failure).
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "tilelab/analysis/game.hpp"
#include "tilelab/io/level_io.hpp"

namespace tilelab::fuzz {

// Boards above this many cells are only loaded, not played: a fuzz iteration must stay fast
// (cascades and playouts on the largest boards are the budgets' business, tested elsewhere).
inline constexpr int max_play_cells = 144;
inline constexpr int max_parsed_moves = 8;
inline constexpr int max_chosen_moves = 6;
// Separates the level from the move lines in a play input: "LEVEL\n%%\nMOVE\nMOVE...".
inline constexpr std::string_view moves_separator = "\n%%\n";

// Diagnostics from a failed load must be errors that name the file and a place, and never the
// catch-all messages the reader keeps for what its checks missed.
inline std::string check_diagnostics(const Diagnostics& diagnostics, bool loaded, const std::string& file) {
    if (!loaded && !has_errors(diagnostics)) return "refused without an error";
    if (loaded && has_errors(diagnostics)) return "loaded despite an error";
    for (const auto& d : diagnostics) {
        if (d.file != file) return "a diagnostic does not name the file: " + d.format();
        if (d.message.empty()) return "an empty diagnostic: " + d.format();
        // (Prefixes, not substrings: a file's own text is quoted back in messages.)
        if (d.message.rfind("cannot read this level: ", 0) == 0 || d.message.rfind("cannot read this JSON: ", 0) == 0 ||
            d.message.rfind("[json.exception", 0) == 0)
            return "an unlocated internal error: " + d.format();
    }
    return {};
}

// The reader from bytes: a level or a pack. What loads must write canonically and load back equal.
inline std::string check_reader(std::string_view bytes) {
    const std::string file = "fuzz.json";
    LevelLoad load = parse_level(bytes, file);
    if (auto why = check_diagnostics(load.diagnostics, load.level.has_value(), file); !why.empty()) return "level: " + why;
    if (load.level) {
        const std::string text = write_level(*load.level);
        LevelLoad again = parse_level(text, file);
        if (!again.level) return "the canonical text of a loaded level does not load:\n" + text;
        if (!(*again.level == *load.level)) return "a level changes when written and read back:\n" + text;
        if (write_level(*again.level) != text) return "the canonical writer is not a fixed point:\n" + text;
    }
    PackLoad pack = parse_pack(bytes, file);
    if (auto why = check_diagnostics(pack.diagnostics, pack.pack.has_value(), file); !why.empty()) return "pack: " + why;
    if (pack.pack) {
        const std::string text = write_pack(*pack.pack);
        PackLoad again = parse_pack(text, file);
        if (!again.pack || !(*again.pack == *pack.pack)) return "a pack changes when written and read back:\n" + text;
    }
    (void)sniff_format(bytes);
    return {};
}

// A move's events end in a summary when they passed max_move_events (10,000): a long cascade, up
// to the cap of 1,000 steps (a match3 board of two colours refills into runs for ever).
inline bool long_cascade(const nlohmann::ordered_json& events) {
    return events.is_array() && !events.empty() && events.back().is_object() && events.back().value("type", "") == "summary";
}

// Analyze and apply on whatever loads: up to max_chosen_moves legal moves picked by the input's
// bytes are played; then the move lines after the separator are parsed and applied. A long cascade
// costs up to a thousand steps and ten thousand events (about 0.7 s under ASan on 9x9), the same
// code each time: after the first, no further move is played or applied, so that one input stays
// well inside libFuzzer's 10 s timeout on a loaded machine (a CI run timed out on a 2-colour 9x9
// level: six long cascades, 1.4 s here, over 10 s there; tests/data/fuzz/play-two-colour-cascades.json).
inline std::string check_play(std::string_view bytes) {
    std::string_view level_text = bytes;
    std::vector<std::string> move_lines;
    if (auto sep = bytes.find(moves_separator); sep != std::string_view::npos) {
        level_text = bytes.substr(0, sep);
        std::string_view rest = bytes.substr(sep + moves_separator.size());
        while (!rest.empty() && static_cast<int>(move_lines.size()) < max_parsed_moves) {
            auto nl = rest.find('\n');
            move_lines.emplace_back(rest.substr(0, nl));
            rest = nl == std::string_view::npos ? std::string_view() : rest.substr(nl + 1);
        }
    }
    LevelLoad load = parse_level(level_text, "fuzz.json");
    if (!load.level) return {};
    const Level& level = *load.level;
    if (level.width() * level.height() > max_play_cells) return {};
    const KindOps& game = kind_ops(level.kind);

    AnalyzeOptions options;
    options.budget_ms = 20;
    // TILELAB_FUZZ_BUDGET_MS overrides it, to fuzz the solvers stopping part way (docs/testing.md).
    if (const char* e = std::getenv("TILELAB_FUZZ_BUDGET_MS")) options.budget_ms = std::atoi(e);
    Analysis analysis = game.analyze(level, options, std::stop_token());
    (void)analysis.json.dump();

    std::vector<Move> moves;
    for (const auto& line : move_lines) {
        std::string error;
        auto move = parse_move(level.kind, line, error);
        if (move) {
            if (parse_move(level.kind, format_move(*move), error) != move) return "a move does not print back: " + line;
            moves.push_back(*move);
        } else if (error.empty()) {
            return "a move refused without a reason: " + line;
        }
    }
    // Legal moves from the start, chosen by the input's bytes (an FNV hash), played one by one.
    std::uint64_t h = 1469598103934665603ull;
    for (unsigned char c : bytes) h = (h ^ c) * 1099511628211ull;
    State state = game.start(level);
    for (int i = 0; i < max_chosen_moves; ++i) {
        std::vector<Move> legal = game.legal_moves(level, state);
        if (legal.empty()) break;
        const Move& move = legal[static_cast<std::size_t>((h >> (i * 8)) % legal.size())];
        StepResult step = game.play(level, state, move);
        if (!step.legal) return "a move from legal_moves was refused: " + format_move(move) + ": " + step.why;
        (void)step.events.dump();
        state = std::move(step.state);
        (void)game.goal_met(level, state);
        if (long_cascade(step.events)) {
            moves.clear();  // nor the parsed moves: apply still starts
            break;
        }
    }

    // The parsed moves, applied from the start.
    ApplyResult applied = apply_moves(level, moves);
    (void)applied.events.dump();
    if (applied.state.board.width != level.width() || applied.state.board.height != level.height())
        return "apply changed the board's size";
    if (applied.illegal && applied.why.empty()) return "an illegal move without a reason";
    return {};
}

}  // namespace tilelab::fuzz
