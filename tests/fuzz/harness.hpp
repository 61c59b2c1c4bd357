// The checks every fuzz target runs on one input, shared by the libFuzzer targets (tests/fuzz/
// fuzz_*.cpp) and the ordinary regression test that replays tests/data/fuzz/ (tests/core/
// test_fuzz_regressions.cpp) through every check, so a finding fixed once stays fixed in every build.
// Each returns "" when the input was handled correctly, else what went wrong; an exception that
// escapes is a finding too (libFuzzer reports it as a crash, Catch2 as a failure).
#pragma once
#include <unistd.h>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "tilelab/analysis/calibration.hpp"
#include "tilelab/analysis/game.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/kinds/event_json.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/pack/report.hpp"
#include "tilelab/pack/shard.hpp"
#include "../support/analysis_json.hpp"

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
    (void)test::analysis_json_text(level.kind, analysis);  // `analyze --json`'s writer on whatever it holds

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
        const nlohmann::ordered_json events = events_json(step.events);  // what `apply --json` prints
        (void)events.dump();
        state = std::move(step.state);
        (void)game.goal_met(level, state);
        if (long_cascade(events)) {
            moves.clear();  // nor the parsed moves: apply still starts
            break;
        }
    }

    // The parsed moves, applied from the start.
    ApplyResult applied = apply_moves(level, moves);
    (void)events_json(applied.events).dump();
    if (applied.state.board.width != level.width() || applied.state.board.height != level.height())
        return "apply changed the board's size";
    if (applied.illegal && applied.why.empty()) return "an illegal move without a reason";
    return {};
}

// ---- Shard parts: fuzz_merge --------------------------------------------------------------------

// The pack and levels the parts of tests/data/fuzz/merge-*.json were made from, written once a
// process into a fresh folder: `pack merge` reads a part's source again by the path it names,
// relative to the folder it runs in (docs/scale.md), so the checks run the merge in that folder.
// The levels are copies of levels/samples/match3/01-intro.json, link/01-pairs.json and
// slide/01-classic.json; a part names every file by its hash, so changing one here means making
// the seed parts again (docs/testing.md "Fuzzing").
struct FixtureFile {
    const char* name;
    std::string_view text;
};
inline constexpr FixtureFile merge_fixture_files[] = {
    {"pack.json",
     R"({"format": "tilelab.pack", "version": 1, "name": "fuzz", "levels": ["match3.json", "link.json", "slide.json"]}
)"},
    {"match3.json", R"({
  "format": "tilelab.level",
  "version": 2,
  "id": "m3-intro-01",
  "name": "Intro: first swaps",
  "kind": "match3",
  "width": 6,
  "height": 6,
  "seed": 1001,
  "rules": {
    "colors": 5,
    "specials": false
  },
  "goal": {
    "moves": 15,
    "score": 1500
  },
  "board": [
    "2 1 3 0 0 1",
    "2 4 0 4 1 0",
    "0 3 3 0 1 0",
    "4 3 0 4 0 2",
    "4 0 4 4 3 0",
    "1 0 4 1 2 3"
  ],
  "meta": {
    "author": "tilelab samples",
    "notes": "Every piece fixed; no runs at the start; several swaps available."
  }
}
)"},
    {"link.json", R"({
  "format": "tilelab.level",
  "version": 2,
  "id": "link-pairs-01",
  "name": "Pairs: first links",
  "kind": "link",
  "width": 6,
  "height": 4,
  "seed": 11,
  "goal": {
    "clear": true
  },
  "board": [
    "1 2 3 3 2 1",
    "4 5 6 6 5 4",
    "4 5 6 6 5 4",
    "1 2 3 3 2 1"
  ],
  "meta": {
    "author": "tilelab samples"
  }
}
)"},
    {"slide.json", R"({
  "format": "tilelab.level",
  "version": 2,
  "id": "slide-classic-01",
  "name": "Classic 2048",
  "kind": "slide",
  "width": 4,
  "height": 4,
  "seed": 31,
  "goal": {
    "target": 2048
  },
  "board": [
    ". . . .",
    ". . . .",
    ". . . .",
    ". . . ."
  ],
  "meta": {
    "author": "tilelab samples",
    "notes": "Two start tiles are spawned from the seed."
  }
}
)"},
};

inline std::filesystem::path& merge_fixture_dir() {
    static std::filesystem::path dir;
    return dir;
}
inline void remove_merge_fixture() {
    std::error_code ec;
    std::filesystem::remove_all(merge_fixture_dir(), ec);
}
inline const std::filesystem::path& merge_fixture() {
    std::filesystem::path& dir = merge_fixture_dir();
    if (dir.empty()) {
        std::string name = (std::filesystem::temp_directory_path() / "tilelab-fuzz-merge-XXXXXX").string();
        if (!::mkdtemp(name.data())) std::abort();
        dir = name;
        for (const FixtureFile& f : merge_fixture_files) std::ofstream(dir / f.name, std::ios::binary) << f.text;
        std::atexit(remove_merge_fixture);
    }
    return dir;
}

// The current folder for a scope (restored on every way out, exceptions included). libFuzzer
// writes its findings and corpus between inputs, never inside one; tests/fuzz/run.sh gives it
// absolute paths all the same.
class InFolder {
public:
    explicit InFolder(const std::filesystem::path& dir) : before_(std::filesystem::current_path()) {
        std::filesystem::current_path(dir);
    }
    ~InFolder() {
        std::error_code ec;
        std::filesystem::current_path(before_, ec);
    }
    InFolder(const InFolder&) = delete;
    InFolder& operator=(const InFolder&) = delete;

private:
    std::filesystem::path before_;
};

// A new file each time: ext4 flushes a file truncated and written again when it is closed
// (auto_da_alloc), which made the merge target wait on the disk three quarters of its time.
inline void write_bytes(const std::filesystem::path& path, std::string_view bytes) {
    std::error_code ec;
    std::filesystem::remove(path, ec);
    std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

// A pass rate the merge rebuilt: whole, inside [0, 1], inside its interval, from at most the runs asked.
inline std::string check_rate(int runs, int wins, double rate, double low, double high, int asked) {
    if (runs < 0 || wins < 0 || wins > runs || runs > asked)
        return std::to_string(wins) + " wins of " + std::to_string(runs) + " runs (" + std::to_string(asked) + " asked)";
    if (!(rate >= 0 && rate <= 1 && low >= 0 && low <= rate + 1e-12 && high <= 1 && high + 1e-12 >= rate))
        return "pass rate " + std::to_string(rate) + " outside its interval [" + std::to_string(low) + ", " +
               std::to_string(high) + "] or [0, 1]";
    return {};
}

// What `pack merge` does with parts it has read: the set's refusals, else the merge and what it
// prints (the check's JSON and its HTML report, or the estimate's JSON). `why` is a finding.
struct MergeOutcome {
    bool merged = false;
    std::string refusal;
    std::string output;
    std::string why;
};
inline MergeOutcome merge_parts(const std::vector<pack::PartFile>& parts) {
    MergeOutcome m;
    const pack::PartSet set = pack::check_part_set(parts);
    if (!set.ok()) {
        for (const std::string& line : set.refusals)
            if (line.empty()) m.why = "an empty refusal line";
        // The missing shards of a lone part are summarised (issue 34), not listed one a line.
        if (set.refusals.size() > parts.size() + 12) m.why = std::to_string(set.refusals.size()) + " refusal lines";
        m.refusal = set.refusals.front();
        return m;
    }
    if (!set.reference.is_object() || !set.reference.contains("options") || !set.reference["shard"].is_array()) {
        m.why = "a set accepted without a whole header";
        return m;
    }
    const nlohmann::ordered_json& options = set.reference["options"];
    const int asked = options["runs"].get<int>();
    if (set.reference["of"] == "estimate") {
        pack::EstimateMerge e = pack::merge_estimate_parts(set);
        if (!e.result) {
            if (e.error.empty()) m.why = "an estimate merge refused without a reason";
            m.refusal = e.error;
            return m;
        }
        const EstimateResult& r = *e.result;
        m.why = check_rate(r.runs, r.wins, r.pass_rate, r.ci_low, r.ci_high, asked);
        if (!r.json.is_object() || !r.json.contains("problems")) m.why = "the estimate's JSON has no \"problems\"";
        m.output = r.json.dump();
    } else {
        pack::PackMerge p = pack::merge_check_parts(set);
        if (!p.report) {
            if (p.error.empty()) m.why = "a check merge refused without a reason";
            m.refusal = p.error;
            return m;
        }
        for (const pack::LevelReport& level : p.report->levels)
            if (level.estimate && m.why.empty()) {
                const pack::PassRate& r = *level.estimate;
                if (std::string why = check_rate(r.runs, r.wins, r.pass_rate, r.ci_low, r.ci_high, asked); !why.empty())
                    m.why = level.file + ": " + why;
            }
        m.output = p.report->to_json().dump() + "\n" + pack::report_html(*p.report);
    }
    if (m.why.empty()) m.merged = true;
    return m;
}

// What a shard finds at its output path, "part.json" in the fixture's folder (`json`: the file as
// read_part read it, or null): never an exception; a readable part, asked for with its own header,
// is done when its units match their hash and damaged when not; anything else is refused, with a
// message, when asked for the fixture's estimate shard 0/1. read_part streams the units (their
// games are not in `json`), so the hash of the units as read is `units_hash_read`.
inline std::string check_existing_part(const pack::PartFile* part) {
    const nlohmann::ordered_json* json = part ? &part->json : nullptr;
    const bool readable = json && pack::part_difference(*json, *json).empty();
    nlohmann::ordered_json header;
    if (readable) {
        header = *json;
        header.erase("units");
        header.erase("units_hash");
    } else {
        static const nlohmann::ordered_json estimate_header = pack::part_header("estimate", pack::level_identity("match3.json"),
                                                                                pack::estimate_options_json(EstimateOptions{}),
                                                                                pack::ShardSpec{0, 1});
        header = estimate_header;
    }
    const pack::ExistingPart found = pack::look_for_part("part.json", header);
    using State = pack::ExistingPart::State;
    if (found.message.empty()) return "an existing part without a message";
    if (!readable) return found.state == State::refused ? "" : "something that is not a part is not refused: " + found.message;
    const std::string units_hash = part->units_hash_read ? *part->units_hash_read : pack::content_hash((*json)["units"].dump());
    const bool intact = json->contains("units_hash") && (*json)["units_hash"] == units_hash;
    if (found.state != (intact ? State::done : State::damaged))
        return "a part at its own output path is not found " + std::string(intact ? "done" : "damaged") + ": " + found.message;
    return {};
}

// The bytes as one part file of `pack merge`, run in the fixture's folder: never a crash or an
// exception, a part that does not read or does not merge is refused with a reason. Then the same
// part with its units' hash made right (as anyone editing a part can: the hash finds damage, not
// tampering, docs/scale.md), so that edited units reach the merge itself. A part that merges
// (a set of one shard) merges to the same bytes again, from its own canonical text too, and given
// twice is refused. Besides, the bytes as what a shard finds at its output path (look_for_part):
// a readable part is its own shard done or damaged, anything else is refused with a reason.
// `merged` (when given) tells whether the part merged.
inline std::string check_merge(std::string_view bytes, bool* merged = nullptr) {
    if (merged) *merged = false;
    InFolder in(merge_fixture());
    write_bytes("part.json", bytes);
    std::string error;
    std::optional<pack::PartFile> part = pack::read_part("part.json", error);
    if (std::string why = check_existing_part(part ? &*part : nullptr); !why.empty()) return why;
    if (!part) return error.empty() ? "a part refused without a reason" : std::string();
    std::vector<pack::PartFile> parts{*part};
    MergeOutcome first = merge_parts(parts);
    if (!first.why.empty()) return first.why;
    // The whole part as a DOM (read_part keeps the units' games out of its json), for the hash made
    // right and the canonical text.
    nlohmann::ordered_json whole = nlohmann::ordered_json::parse(bytes.begin(), bytes.end(), nullptr, false);
    if (part->json.is_object() && part->json.contains("units")) {
        nlohmann::ordered_json& json = parts.front().json;
        const std::string hash = part->units_hash_read ? *part->units_hash_read : pack::content_hash(json["units"].dump());
        if (!json.contains("units_hash") || json["units_hash"] != hash) {
            json["units_hash"] = hash;
            if (whole.is_object()) whole["units_hash"] = hash;
            first = merge_parts(parts);
            if (!first.why.empty()) return "with its units' hash made right: " + first.why;
        }
    }
    if (!first.merged) return {};
    MergeOutcome again = merge_parts(parts);
    if (!again.merged || again.output != first.output)
        return "a part merges differently the second time" + (again.why.empty() ? "" : ": " + again.why);
    write_bytes("canonical.json", whole.dump());
    std::optional<pack::PartFile> canonical = pack::read_part("canonical.json", error);
    if (!canonical) return "a part's canonical text does not read: " + error;
    MergeOutcome from_text = merge_parts({*canonical});
    if (!from_text.merged || from_text.output != first.output) return "a part's canonical text merges differently";
    MergeOutcome twice = merge_parts({parts.front(), parts.front()});
    if (twice.merged || twice.refusal.find("is given 2 times") == std::string::npos)
        return "a part given twice is not refused as such: " + (twice.merged ? "merged" : twice.refusal);
    if (merged) *merged = true;
    return {};
}

// ---- The calibration CSV: fuzz_calibration --------------------------------------------------------

// A calibration read back: the same text when written again.
inline std::string check_calibration_roundtrip(const calibration::Calibration& c, const std::string& file) {
    const std::string text = calibration::calibration_text(c);
    calibration::CalibrationLoad again = calibration::parse_calibration(text, file);
    if (!again.calibration)
        return "a calibration as written does not read back: " +
               (again.diagnostics.empty() ? std::string("(no message)") : again.diagnostics.front().format()) + "\n" + text;
    if (calibration::calibration_text(*again.calibration) != text)
        return "a calibration changes when written and read back:\n" + text;
    return {};
}

// The bytes as the observed CSV of `tilelab calibrate`: every bad row located and left out, every
// good row whole (an id, 0 <= passes <= attempts, attempts > 0, no id twice, in file order) and read
// back the same from the CSV written again. The good rows then go through the fit as calibrate's
// (the bot's figures for a row come from a hash of its id): a fit is refused with a reason or is
// finite, its predictions lie in [0, 1] inside their intervals, and the calibration file it makes
// reads back. Besides, the bytes as a calibration file (estimate --calibration): refused with a
// located error, or written again the same.
inline std::string check_calibration(std::string_view bytes) {
    const std::string file = "fuzz.csv";
    const calibration::ObservedCsv csv = calibration::parse_observed_csv(bytes, file);
    for (const Diagnostic& d : csv.diagnostics) {
        if (d.file != file || d.message.empty() || d.line < 1 || d.column < 1 || d.severity != Diagnostic::Severity::error)
            return "a CSV diagnostic without its place or message: " + d.format();
    }
    std::string rewritten = std::string(calibration::csv_header) + "\n";
    int last_line = 0;
    for (const calibration::Observation& row : csv.rows) {
        if (row.id.empty() || row.attempts <= 0 || row.passes < 0 || row.passes > row.attempts)
            return "a bad row accepted on line " + std::to_string(row.line);
        if (row.line <= last_line) return "rows out of file order at line " + std::to_string(row.line);
        if (row.id.find_first_of(",\n") != std::string::npos || row.id.front() == ' ' || row.id.front() == '\t' ||
            row.id.back() == ' ' || row.id.back() == '\t')
            return "an id with a separator or untrimmed: '" + row.id + "'";
        last_line = row.line;
        rewritten += row.id + "," + std::to_string(row.attempts) + "," + std::to_string(row.passes) + "\n";
    }
    const calibration::ObservedCsv again = calibration::parse_observed_csv(rewritten, file);
    if (!again.ok()) return "the good rows written again do not read: " + again.diagnostics.front().format();
    if (again.rows.size() != csv.rows.size()) return "the good rows written again read as another number of rows";
    for (std::size_t i = 0; i < csv.rows.size(); ++i)
        if (again.rows[i].id != csv.rows[i].id || again.rows[i].attempts != csv.rows[i].attempts ||
            again.rows[i].passes != csv.rows[i].passes)
            return "row " + std::to_string(i) + " reads back differently";

    // The fit, with the bot's runs and wins drawn from each id (up to 1,000 runs).
    std::vector<calibration::FitPoint> points;
    calibration::Calibration made;
    made.runs = 1000;
    made.pack = "pack.json";
    made.observed = file;
    for (const calibration::Observation& row : csv.rows) {
        std::uint64_t h = 1469598103934665603ull;
        for (unsigned char c : row.id) h = (h ^ c) * 1099511628211ull;
        calibration::FitPoint p{row.attempts, row.passes, static_cast<std::int64_t>(1 + h % 1000), 0};
        p.wins = static_cast<std::int64_t>((h >> 20) % static_cast<std::uint64_t>(p.runs + 1));
        points.push_back(p);
    }
    const calibration::FitResult fitted = calibration::fit_levels(points);
    if (!fitted.fit) return fitted.error.empty() ? "a fit refused without a reason" : std::string();
    const calibration::Fit& fit = *fitted.fit;
    for (double v : {fit.a, fit.b, fit.r2, fit.loo_mae_points, fit.residual_sd, fit.var_a, fit.var_b, fit.cov_ab})
        if (!std::isfinite(v))
            return "a fit with a figure that is not finite: a " + std::to_string(fit.a) + ", b " + std::to_string(fit.b) +
                   ", var_b " + std::to_string(fit.var_b);
    made.fit = fit;
    for (std::size_t i = 0; i < points.size(); ++i) {
        const calibration::FitPoint& p = points[i];
        const double rate = static_cast<double>(p.wins) / static_cast<double>(p.runs);
        const calibration::Prediction at = calibration::predict(fit, p.wins, p.runs, std::max(0.0, rate - 0.1),
                                                                std::min(1.0, rate + 0.1));
        if (!(at.pass_rate >= 0 && at.pass_rate <= 1 && at.ci_low >= 0 && at.ci_low <= at.pass_rate &&
              at.ci_high >= at.pass_rate && at.ci_high <= 1))
            return "a prediction outside [0, 1] or its interval: " + std::to_string(at.pass_rate) + " in [" +
                   std::to_string(at.ci_low) + ", " + std::to_string(at.ci_high) + "]";
        // The file keeps a few rows: its round trip is about the fit's figures. (Ids there are
        // level ids, not the CSV's bytes, which the writer would change where they are not UTF-8.)
        if (made.levels.size() < 8)
            made.levels.push_back({"level-" + std::to_string(i), "match3", p.attempts, p.passes, p.runs, p.wins,
                                   static_cast<double>(p.passes) / static_cast<double>(p.attempts), rate,
                                   calibration::predict_rate(fit, calibration::smoothed_rate(p.wins, p.runs))});
    }
    if (std::string why = check_calibration_roundtrip(made, "cal.json"); !why.empty()) return "the fit's file: " + why;

    // The bytes as a calibration file.
    const calibration::CalibrationLoad load = calibration::parse_calibration(bytes, "fuzz.json");
    if (std::string why = check_diagnostics(load.diagnostics, load.calibration.has_value(), "fuzz.json"); !why.empty())
        return "calibration file: " + why;
    if (load.calibration)
        if (std::string why = check_calibration_roundtrip(*load.calibration, "fuzz.json"); !why.empty()) return why;
    return {};
}

// One libFuzzer input through `check` (one of the check_* above): a finding is printed with the
// target's name and aborts, which libFuzzer records; every fuzz_NAME.cpp is this call.
inline int fuzz_one(const char* target, std::string (*check)(std::string_view), const std::uint8_t* data, std::size_t size) {
    const std::string why = check(std::string_view(reinterpret_cast<const char*>(data), size));
    if (!why.empty()) {
        std::fprintf(stderr, "%s finding: %s\n", target, why.c_str());
        std::abort();
    }
    return 0;
}

}  // namespace tilelab::fuzz
