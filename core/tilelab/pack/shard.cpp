// Shards of a pack check or an estimate, their part files, and the merge of a whole set of parts.
#include "tilelab/pack/shard.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <limits>
#include <map>
#include <stdexcept>
#include <thread>

#include "tilelab/analysis/playouts.hpp"
#include "tilelab/analysis/problems.hpp"
#include "tilelab/io/atomic_file.hpp"
#include "tilelab/io/level_io.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/pack/cache.hpp"
#include "tilelab/pack/shard_detail.hpp"
#include "tilelab/pack/steps.hpp"

namespace tilelab::pack {
namespace {

using ojson = nlohmann::ordered_json;

constexpr const char* part_format = "tilelab.part";
constexpr int part_version = 1;

ojson file_entry(const std::string& file) {
    auto bytes = read_whole_file(file);
    return ojson{{"file", file}, {"hash", bytes ? content_hash(*bytes) : "unreadable"}};
}

ojson identity(const std::string& source, ojson files) {
    std::string all;
    for (const auto& f : files) all += f["file"].get<std::string>() + '\n' + f["hash"].get<std::string>() + '\n';
    return ojson{{"source", source}, {"hash", content_hash(all)}, {"files", std::move(files)}};
}

// What `tilelab estimate` plays and sums up for a kind: the bots (match3, slide), link's random player.
using EstimateFn = EstimateResult (*)(const Level&, const EstimateOptions&, StopToken, Progress*);
using SummarizeFn = EstimateResult (*)(const Level&, const EstimateOptions&, std::vector<PlayoutOutcome>, bool, bool);
EstimateFn estimate_of(Kind kind) { return kind_ops(kind).playouts; }
SummarizeFn summarize_of(Kind kind) { return kind_ops(kind).summarize_playouts; }

// A whole number that fits an int, or nullopt.
std::optional<int> small_int(const ojson& j) {
    if (!j.is_number_integer()) return std::nullopt;
    if (j.is_number_unsigned()) {
        const auto v = j.get<std::uint64_t>();
        return v <= static_cast<std::uint64_t>(std::numeric_limits<int>::max()) ? std::optional<int>(static_cast<int>(v))
                                                                                : std::nullopt;
    }
    const auto v = j.get<std::int64_t>();
    if (v < std::numeric_limits<int>::min() || v > std::numeric_limits<int>::max()) return std::nullopt;
    return static_cast<int>(v);
}

// An outcome as [won, dead, moves_used, moves_left, score, highest_tile, won_at, dead_at].
ojson outcome_json(const PlayoutOutcome& o) {
    return ojson::array(
        {o.won ? 1 : 0, o.dead ? 1 : 0, o.moves_used, o.moves_left, o.score, o.highest_tile, o.won_at, o.dead_at});
}

}  // namespace

namespace detail {
std::optional<PlayoutOutcome> outcome_from_json(const ojson& j) {
    if (!j.is_array() || j.size() != 8) return std::nullopt;
    std::array<int, 8> v{};
    for (std::size_t i = 0; i < 8; ++i) {
        if (i == 4) continue;  // the score: any 64-bit whole number
        const auto n = small_int(j[i]);
        if (!n) return std::nullopt;
        v[i] = *n;
    }
    if (!j[4].is_number_integer() || (j[4].is_number_unsigned() && j[4].get<std::uint64_t>() > INT64_MAX) || v[0] < 0 ||
        v[0] > 1 || v[1] < 0 || v[1] > 1 || v[2] < 0 || v[3] < 0 || v[5] < 0 || v[6] < -1 || v[7] < -1 ||
        v[2] > limits::max_game_moves || v[6] > limits::max_game_moves || v[7] > limits::max_game_moves)
        return std::nullopt;
    PlayoutOutcome o;
    o.won = v[0] != 0;
    o.dead = v[1] != 0;
    o.moves_used = v[2];
    o.moves_left = v[3];
    o.score = j[4].get<std::int64_t>();
    o.highest_tile = v[5];
    o.won_at = v[6];
    o.dead_at = v[7];
    return o;
}
}  // namespace detail

namespace {
using detail::Fnv1a;
using detail::outcome_from_json;

ojson outcomes_json(const std::vector<PlayoutOutcome>& outcomes) {
    auto list = ojson::array();
    for (const auto& o : outcomes) list.push_back(outcome_json(o));
    return list;
}

ojson diagnostic_record(const Diagnostic& d) {
    ojson j{{"severity", severity_name(d.severity)},
            {"file", d.file},
            {"line", d.line},
            {"column", d.column},
            {"pointer", d.pointer},
            {"message", d.message}};
    if (d.cell) j["cell"] = ojson::array({d.cell->x, d.cell->y});
    j["rule"] = d.rule;
    return j;
}

std::optional<Diagnostic> diagnostic_from_record(const ojson& j) {
    if (!j.is_object()) return std::nullopt;
    try {
        Diagnostic d;
        const std::string severity = j.at("severity").get<std::string>();
        if (severity == "error") d.severity = Diagnostic::Severity::error;
        else if (severity == "warning") d.severity = Diagnostic::Severity::warning;
        else if (severity == "info") d.severity = Diagnostic::Severity::info;
        else return std::nullopt;
        d.file = j.at("file").get<std::string>();
        const auto line = small_int(j.at("line"));
        const auto column = small_int(j.at("column"));
        if (!line || !column) return std::nullopt;
        d.line = *line;
        d.column = *column;
        d.pointer = j.at("pointer").get<std::string>();
        d.message = j.at("message").get<std::string>();
        if (auto cell = j.find("cell"); cell != j.end()) {
            if (!cell->is_array() || cell->size() != 2) return std::nullopt;
            const auto x = small_int((*cell)[0]);
            const auto y = small_int((*cell)[1]);
            if (!x || !y) return std::nullopt;
            d.cell = Cell{*x, *y};
        }
        d.rule = j.at("rule").get<std::string>();
        return d;
    } catch (const ojson::exception&) {
        return std::nullopt;
    }
}

std::optional<Verdict> verdict_from_name(const std::string& name) {
    for (Verdict v : {Verdict::none, Verdict::solvable, Verdict::unsolvable, Verdict::unknown})
        if (verdict_name(v) == name) return v;
    return std::nullopt;
}

// What phase 1 found about a level, without its load problems.
ojson analysis_record(const LevelReport& r) {
    auto problems = ojson::array();
    for (const Diagnostic& d : r.problems) problems.push_back(diagnostic_record(d));
    return ojson{{"analysed", r.analysed},
                 {"blocked", r.blocked},
                 {"verdict", verdict_name(r.verdict)},
                 {"solution_moves", r.solution_moves},
                 {"start_moves", r.start_moves},
                 {"problems", std::move(problems)}};
}

bool apply_analysis_record(LevelReport& r, const ojson& j) {
    try {
        auto verdict = verdict_from_name(j.at("verdict").get<std::string>());
        const auto solution_moves = small_int(j.at("solution_moves"));
        const auto start_moves = small_int(j.at("start_moves"));
        if (!verdict || !solution_moves || !start_moves || !j.at("analysed").is_boolean() || !j.at("blocked").is_boolean())
            return false;
        r.analysed = j.at("analysed").get<bool>();
        r.blocked = j.at("blocked").get<bool>();
        r.verdict = *verdict;
        r.solution_moves = *solution_moves;
        r.start_moves = *start_moves;
        for (const auto& p : j.at("problems")) {
            auto d = diagnostic_from_record(p);
            if (!d) return false;
            r.problems.push_back(std::move(*d));
        }
        return true;
    } catch (const ojson::exception&) {
        return false;
    }
}

// A range of playouts as a part keeps it.
ojson playouts_record(int first_run, int runs, const LevelEstimate& run) {
    ojson j;
    j["runs"] = {first_run, runs};
    if (!run.error.empty()) {
        j["error"] = run.error;
        return j;
    }
    j["timed_out"] = run.result.timed_out;
    j["outcomes"] = outcomes_json(run.result.outcomes);
    return j;
}

// The outcomes of one level's ranges put back together, in run order. A range stopped by the
// playout budget ends them: the runs after its first unfinished one are dropped, as one run of
// the whole drops every game after its first unfinished one.
struct Gathered {
    std::vector<PlayoutOutcome> outcomes;
    bool timed_out = false;
    std::string error;          // the first range's estimate error, in run order
    bool broken = false;        // a range that does not read back
    std::size_t broken_at = 0;  // which range (index in the list)
    std::string why;            // and why, naming the field
};

// The games of an "outcomes" array held in the JSON (a part made in memory), as read_part keeps them.
StreamedOutcomes outcomes_of(const ojson& list) {
    StreamedOutcomes s;
    s.present = true;
    s.count = list.size();
    for (std::size_t i = 0; i < list.size(); ++i) {
        auto outcome = outcome_from_json(list[i]);
        if (!outcome) {
            s.bad_at = i;
            s.bad = list[i].dump();
            break;
        }
        s.outcomes.push_back(*outcome);
    }
    return s;
}

// A playout range of a part: its unit (without "outcomes" when the part was streamed) and its
// games as read_part kept them (nullptr: in the unit).
struct RangeRef {
    const ojson* unit = nullptr;
    const StreamedOutcomes* streamed = nullptr;
};

RangeRef range_of(const PartFile& part, std::size_t at, const ojson& unit) {
    return {&unit, at < part.streamed.size() && part.streamed[at].present ? &part.streamed[at] : nullptr};
}

Gathered gather(const std::vector<RangeRef>& ranges) {
    Gathered g;
    std::size_t most = 0;  // the games there can be, so that the list grows once
    for (const RangeRef& r : ranges) {
        if (r.streamed) most += r.streamed->outcomes.size();
        else if (const auto list = r.unit->find("outcomes"); list != r.unit->end() && list->is_array()) most += list->size();
    }
    g.outcomes.reserve(most);
    auto broken = [&](std::size_t at, std::string why) {
        g.broken = true;
        g.broken_at = at;
        g.why = std::move(why);
    };
    for (std::size_t at = 0; at < ranges.size() && !g.broken; ++at) {
        const ojson* r = ranges[at].unit;
        if (r->contains("error")) {
            if (!(*r)["error"].is_string()) broken(at, "its \"error\" is not a string");
            else if (g.error.empty()) g.error = (*r)["error"].get<std::string>();
            continue;
        }
        if (g.timed_out || !g.error.empty()) continue;
        StreamedOutcomes in_json;
        const StreamedOutcomes* outcomes = ranges[at].streamed;
        if (!outcomes) {
            if (const auto list = r->find("outcomes"); list != r->end() && list->is_array()) {
                in_json = outcomes_of(*list);
                outcomes = &in_json;
            }
        }
        const auto timed_out = r->find("timed_out");
        if (!outcomes || timed_out == r->end() || !timed_out->is_boolean()) {
            broken(at, "its \"outcomes\" or \"timed_out\" is missing or of the wrong type");
            continue;
        }
        const int runs = (*r)["runs"][1].get<int>();
        if (outcomes->count > static_cast<std::size_t>(std::max(runs, 0)) ||
            (!timed_out->get<bool>() && outcomes->count != static_cast<std::size_t>(std::max(runs, 0)))) {
            broken(at, "\"outcomes\" holds " + std::to_string(outcomes->count) + " runs, not the " + std::to_string(runs) +
                           " of its \"runs\"" + (timed_out->get<bool>() ? " or fewer" : ""));
            continue;
        }
        if (outcomes->bad_at != static_cast<std::size_t>(-1)) {
            broken(at, "\"outcomes\"[" + std::to_string(outcomes->bad_at) + "] is " + outcomes->bad +
                           ", not [won 0|1, dead 0|1, moves_used >= 0, moves_left >= 0, score, highest_tile >= 0, "
                           "won_at >= -1, dead_at >= -1] with moves up to " +
                           std::to_string(limits::max_game_moves));
            continue;
        }
        g.outcomes.insert(g.outcomes.end(), outcomes->outcomes.begin(), outcomes->outcomes.end());
        if (timed_out->get<bool>()) g.timed_out = true;
    }
    return g;
}

bool valid_range(const ojson& unit) {
    const auto runs = unit.find("runs");
    return runs != unit.end() && runs->is_array() && runs->size() == 2 && (*runs)[0].is_number_integer() &&
           (*runs)[1].is_number_integer();
}

std::string flag_of(const std::string& key) {
    std::string flag = "--" + key;
    std::replace(flag.begin(), flag.end(), '_', '-');
    return flag;
}

std::string option_text(const ojson& v) { return v.is_string() ? "'" + v.get<std::string>() + "'" : v.dump(); }

std::string shard_text(const ojson& shard) {
    return std::to_string(shard[0].get<int>()) + "/" + std::to_string(shard[1].get<int>());
}

bool header_well_formed(const ojson& part) {
    if (!part.is_object()) return false;
    for (const char* key : {"of", "source", "hash"})
        if (!part.contains(key) || !part[key].is_string()) return false;
    if (!part.contains("files") || !part["files"].is_array() || !part.contains("options") || !part["options"].is_object())
        return false;
    for (const auto& f : part["files"])
        if (!f.is_object() || !f.contains("file") || !f["file"].is_string() || !f.contains("hash") || !f["hash"].is_string())
            return false;
    const auto shard = part.find("shard");
    if (shard == part.end() || !shard->is_array() || shard->size() != 2 || !(*shard)[0].is_number_integer() ||
        !(*shard)[1].is_number_integer())
        return false;
    const auto k = (*shard)[0].get<std::int64_t>();
    const auto n = (*shard)[1].get<std::int64_t>();
    return n >= 1 && n <= limits::max_shards && k >= 0 && k < n && part.contains("units") && part["units"].is_array();
}

// Why a part's stored options are not ones the CLI takes ("" when they are): each key is read as
// the flag is (a whole number in the flag's range, checked before it is converted; see
// limits.hpp), so that an edited part cannot ask the merge for 2^31 runs or a curve of
// 2^31 points. The message names the key.
std::string options_problem(const ojson& part) {
    const ojson& o = part["options"];
    const bool estimate = part["of"] == "estimate";
    auto whole = [&](const char* key, std::int64_t lo, std::int64_t hi) -> std::string {
        const auto it = o.find(key);
        if (it == o.end()) return std::string("options.") + key + " is missing";
        const bool fits = it->is_number_integer() &&
                          (it->is_number_unsigned() ? it->get<std::uint64_t>() <= static_cast<std::uint64_t>(hi)
                                                    : it->get<std::int64_t>() >= lo && it->get<std::int64_t>() <= hi);
        if (fits && it->get<std::int64_t>() >= lo) return "";
        return std::string("options.") + key + " is " + it->dump() + ", not a whole number from " + std::to_string(lo) + " to " +
               std::to_string(hi) + " (as " + flag_of(key) + " takes)";
    };
    std::string why = whole("runs", 1, limits::max_runs);
    if (why.empty()) why = whole("playout_budget_ms", 1, limits::max_playout_budget_ms);
    if (why.empty()) why = whole("rollouts", 1, limits::max_rollouts);
    if (why.empty() && estimate) why = whole("curve_cap", 0, limits::max_curve_cap);
    if (why.empty() && !estimate) why = whole("budget_ms", 1, limits::max_budget_ms);
    if (!why.empty()) return why;
    if (const auto seed = o.find("seed"); seed == o.end() || !seed->is_number_unsigned())
        return "options.seed is " + (seed == o.end() ? std::string("missing") : seed->dump()) +
               ", not a whole number from 0 to 2^64 - 1 (as --seed takes)";
    if (const auto bot = o.find("bot");
        bot == o.end() || !bot->is_string() || bot->get<std::string>().size() > limits::max_bot_name)
        return "options.bot is " + (bot == o.end() ? std::string("missing") : bot->dump()) + ", not a bot name of at most " +
               std::to_string(limits::max_bot_name) + " bytes";
    if (!estimate) {
        const auto range = o.find("range");
        if (range == o.end()) return "options.range is missing";
        if (!range->is_null()) {
            const bool ok = range->is_array() && range->size() == 2 && (*range)[0].is_number() && (*range)[1].is_number() &&
                            (*range)[0].get<double>() >= 0 && (*range)[0].get<double>() <= (*range)[1].get<double>() &&
                            (*range)[1].get<double>() <= 1;
            if (!ok) return "options.range is " + range->dump() + ", not [LO, HI] with 0 <= LO <= HI <= 1 (as --range takes)";
        }
    }
    return "";
}

// The files of `now` whose hash differs from `then`, named.
std::string changed_files(const ojson& then, const ojson& now) {
    std::map<std::string, std::string> before;
    for (const auto& f : then["files"]) before[f["file"].get<std::string>()] = f["hash"].get<std::string>();
    std::string list;
    int count = 0;
    for (const auto& f : now["files"]) {
        auto it = before.find(f["file"].get<std::string>());
        if (it != before.end() && it->second == f["hash"].get<std::string>()) continue;
        if (count++ < 3) list += (list.empty() ? "" : ", ") + f["file"].get<std::string>();
    }
    if (then["files"].size() != now["files"].size() && list.empty()) return "the list of levels";
    if (count > 3) list += " and " + std::to_string(count - 3) + " more";
    return list.empty() ? "its files" : list;
}

// The part: its header, the hash of its units (so that a damaged or edited part is found out
// rather than merged into other figures), and the units.
ojson with_units(ojson header, ojson units) {
    header["units_hash"] = content_hash(units.dump());
    header["units"] = std::move(units);
    return header;
}

bool units_intact(const PartFile& part) {
    const auto hash = part.json.find("units_hash");
    if (hash == part.json.end() || !hash->is_string()) return false;
    return *hash == (part.units_hash_read ? *part.units_hash_read : content_hash(part.json["units"].dump()));
}

// What every merge checks first: the source's files are the bytes the parts were made from (`now`:
// their identity today), and no part's units were damaged. "" when so, else why not.
std::string unchanged_and_intact(const PartSet& set, const ojson& now) {
    const ojson& ref = set.reference;
    const std::string source = ref["source"].get<std::string>();
    std::error_code ec;
    if (!std::filesystem::exists(source, ec))
        return source +
               ": no such file (the merge reads it by the path the shards were given: run it from the "
               "folder they ran in)";
    if (now["hash"] != ref["hash"])
        return ref["source"].get<std::string>() + " changed since the parts were made (" + changed_files(ref, now) +
               " differ); run the shards again";
    for (const PartFile* part : set.by_shard)
        if (!units_intact(*part)) return part->file + ": its units do not match their hash (a damaged or edited part)";
    return "";
}

}  // namespace

namespace detail {
ojson level_analysis_record(const LevelReport& report) { return analysis_record(report); }
bool apply_level_analysis_record(LevelReport& report, const ojson& record) { return apply_analysis_record(report, record); }
ojson playout_outcomes_json(const std::vector<PlayoutOutcome>& outcomes) { return outcomes_json(outcomes); }

std::optional<ojson> cacheable_playouts(const LevelEstimate& run) {
    if (!run.error.empty()) return ojson{{"error", run.error}};
    if (run.stopped || run.result.cancelled || run.result.timed_out) return std::nullopt;
    return ojson{{"timed_out", false}, {"outcomes", outcomes_json(run.result.outcomes)}};
}

std::optional<ojson> cached_analysis_record(const ojson& record, const std::string& file, LevelReport* applied) {
    if (!record.is_object() || !record.contains("problems") || !record["problems"].is_array()) return std::nullopt;
    ojson renamed = record;
    for (auto& problem : renamed["problems"])
        if (problem.is_object()) problem["file"] = file;
    LevelReport probe = applied ? *applied : LevelReport{};
    if (!apply_analysis_record(probe, renamed)) return std::nullopt;
    if (applied) *applied = std::move(probe);
    return renamed;
}
}  // namespace detail

std::optional<ShardSpec> parse_shard(std::string_view text, std::string& error) {
    error = "--shard takes K/N with 0 <= K < N <= " + std::to_string(limits::max_shards) +
            " (K counts from 0, as SLURM_ARRAY_TASK_ID and JOB_COMPLETION_INDEX do), not '" + std::string(text) + "'";
    const auto slash = text.find('/');
    if (slash == std::string_view::npos) return std::nullopt;
    auto number = [](std::string_view digits) -> std::optional<int> {
        if (digits.empty() || digits.size() > 6) return std::nullopt;
        for (char c : digits)
            if (c < '0' || c > '9') return std::nullopt;
        int v = 0;
        std::from_chars(digits.data(), digits.data() + digits.size(), v);
        return v;
    };
    auto k = number(text.substr(0, slash));
    auto n = number(text.substr(slash + 1));
    if (!k || !n || *n < 1 || *n > limits::max_shards || *k >= *n) return std::nullopt;
    error.clear();
    return ShardSpec{*k, *n};
}

std::vector<WorkUnit> split_check(const LoadedPack& loaded, int runs, int shards) {
    std::vector<WorkUnit> units;
    shards = std::max(shards, 1);
    int next = 0;
    for (std::size_t i = 0; i < loaded.entries.size(); ++i) {
        const PackEntry& entry = loaded.entries[i];
        if (!entry.level) continue;
        units.push_back({static_cast<int>(i), true, 0, 0, next++ % shards});
        if (!has_bot(entry.level->kind) || runs <= 0) continue;
        const int ranges = std::clamp((runs + min_runs_per_range - 1) / min_runs_per_range, 1, shards);
        for (int r = 0; r < ranges; ++r) {
            const int first = static_cast<int>(static_cast<std::int64_t>(runs) * r / ranges);
            const int end = static_cast<int>(static_cast<std::int64_t>(runs) * (r + 1) / ranges);
            units.push_back({static_cast<int>(i), false, first, end - first, next++ % shards});
        }
    }
    return units;
}

std::pair<int, int> estimate_share(int runs, ShardSpec shard) {
    const int first = static_cast<int>(static_cast<std::int64_t>(runs) * shard.index / shard.count);
    const int end = static_cast<int>(static_cast<std::int64_t>(runs) * (shard.index + 1) / shard.count);
    return {first, end - first};
}

std::string content_hash(std::string_view bytes) {
    Fnv1a hash;
    hash.add(bytes);
    return hash.text();
}

ojson pack_identity(const LoadedPack& loaded) {
    auto files = ojson::array();
    files.push_back(file_entry(loaded.file));
    for (const PackEntry& entry : loaded.entries) files.push_back(file_entry(entry.file));
    return identity(loaded.file, std::move(files));
}

ojson level_identity(const std::string& level_path) { return identity(level_path, ojson::array({file_entry(level_path)})); }

ojson check_options_json(const CheckOptions& options) {
    ojson j;
    j["runs"] = options.runs;
    j["precision"] = options.precision;
    j["seed"] = options.seed;
    j["budget_ms"] = options.budget_ms;
    j["bot"] = options.bot;
    j["range"] = options.pass_range ? ojson::array({options.pass_range->first, options.pass_range->second}) : ojson();
    j["playout_budget_ms"] = options.playout_budget_ms;
    j["rollouts"] = options.rollouts;
    return j;
}

std::optional<CheckOptions> check_options_from_json(const ojson& j) {
    try {
        CheckOptions o;
        o.runs = j.at("runs").get<int>();
        o.seed = j.at("seed").get<std::uint64_t>();
        o.budget_ms = j.at("budget_ms").get<int>();
        o.bot = j.at("bot").get<std::string>();
        if (!j.at("range").is_null()) o.pass_range = std::pair{j["range"].at(0).get<double>(), j["range"].at(1).get<double>()};
        o.playout_budget_ms = j.at("playout_budget_ms").get<int>();
        o.rollouts = j.at("rollouts").get<int>();
        o.precision = j.value("precision", 0.0);  // a part made before --precision played every run
        if (o.runs < 1 || !(o.precision >= 0 && o.precision <= 0.5)) return std::nullopt;
        return o;
    } catch (const ojson::exception&) {
        return std::nullopt;
    }
}

ojson estimate_options_json(const EstimateOptions& options) {
    ojson j;
    j["runs"] = options.runs;
    j["seed"] = options.seed;
    j["bot"] = options.bot;
    j["curve_cap"] = options.curve_cap;
    j["playout_budget_ms"] = options.time_budget_ms;
    j["rollouts"] = options.rollouts;
    if (options.precision > 0) j["precision"] = options.precision;
    return j;
}

std::optional<EstimateOptions> estimate_options_from_json(const ojson& j) {
    try {
        EstimateOptions o;
        o.runs = j.at("runs").get<int>();
        o.seed = j.at("seed").get<std::uint64_t>();
        o.bot = j.at("bot").get<std::string>();
        o.curve_cap = j.at("curve_cap").get<int>();
        o.time_budget_ms = j.at("playout_budget_ms").get<int>();
        o.rollouts = j.at("rollouts").get<int>();
        o.precision = j.value("precision", 0.0);
        if (o.runs < 1 || !(o.precision >= 0 && o.precision <= 0.5)) return std::nullopt;
        return o;
    } catch (const ojson::exception&) {
        return std::nullopt;
    }
}

ojson part_header(const std::string& of, const ojson& identity, const ojson& options, ShardSpec shard) {
    ojson j;
    j["format"] = part_format;
    j["version"] = part_version;
    j["of"] = of;
    j["source"] = identity["source"];
    j["hash"] = identity["hash"];
    j["files"] = identity["files"];
    j["options"] = options;
    j["shard"] = {shard.index, shard.count};
    return j;
}

std::string part_difference(const ojson& part, const ojson& reference) {
    if (!part.is_object() || !part.contains("format") || part["format"] != part_format) return "not a tilelab part";
    if (!part.contains("version") || part["version"] != part_version)
        return "a part of format version " + (part.contains("version") ? part["version"].dump() : "(none)") + ", not " +
               std::to_string(part_version);
    if (!header_well_formed(part)) return "a damaged part (its header does not read)";
    if (std::string why = options_problem(part); !why.empty()) return "made with impossible options: " + why;
    if (part["of"] != reference["of"])
        return "a part of `" + part["of"].get<std::string>() + "`, not of `" + reference["of"].get<std::string>() + "`";
    if (part["source"] != reference["source"])
        return "a part of " + part["source"].get<std::string>() + ", not of " + reference["source"].get<std::string>();
    if (part["hash"] != reference["hash"])
        return "made from another version of " + reference["source"].get<std::string>() + " (" + changed_files(reference, part) +
               " differ" + ")";
    if (part["options"] != reference["options"]) {
        std::string list;
        for (auto it = reference["options"].begin(); it != reference["options"].end(); ++it) {
            const auto theirs = part["options"].find(it.key());
            if (theirs != part["options"].end() && *theirs == it.value()) continue;
            const std::string flag = flag_of(it.key());
            list += (list.empty() ? "" : ", ") + flag + " " +
                    (theirs == part["options"].end() ? std::string("unset") : option_text(*theirs)) + ", not " + flag + " " +
                    option_text(it.value());
        }
        return "made with other options (" + (list.empty() ? std::string("its options differ") : list) + ")";
    }
    if (part["shard"][1] != reference["shard"][1])
        return "one of " + part["shard"][1].dump() + " shards, not of " + reference["shard"][1].dump();
    return "";
}

ExistingPart look_for_part(const std::filesystem::path& out, const ojson& header) {
    ExistingPart found;
    std::error_code ec;
    if (!std::filesystem::exists(out, ec)) return found;
    found.state = ExistingPart::State::refused;
    const std::string name = out.string();
    if (std::filesystem::is_directory(out, ec)) {
        found.message = name + " is a folder; choose a file name";
        return found;
    }
    std::string error;
    auto part = read_part(name, error);
    if (!part) {
        found.message = name + " exists and is not a part; choose another name";
        return found;
    }
    if (std::string why = part_difference(part->json, header); !why.empty()) {
        found.message = name + " holds a part " + why + "; remove it or choose another name";
        if (why == "not a tilelab part") found.message = name + " exists and is not a part; choose another name";
        return found;
    }
    if (part->json["shard"] != header["shard"]) {
        found.message = name + " holds shard " + shard_text(part->json["shard"]) + ", not " + shard_text(header["shard"]) +
                        "; remove it or choose another name";
        return found;
    }
    if (!units_intact(*part)) {
        found.state = ExistingPart::State::damaged;
        found.message = name + " holds shard " + shard_text(header["shard"]) +
                        " damaged (its units do not match their hash): it is done again";
        return found;
    }
    found.state = ExistingPart::State::done;
    found.message = name + " already holds shard " + shard_text(header["shard"]) +
                    " of this pack and these options: nothing to do";
    if (header["of"] == "estimate")
        found.message = name + " already holds shard " + shard_text(header["shard"]) +
                        " of this level and these options: nothing to do";
    return found;
}

namespace {

// The games of runs [first, first + count) of a level's playouts as the cache keeps them (from run
// `offset`): the estimate's error, or those games when the record has them all; nullopt otherwise.
std::optional<LevelEstimate> cached_games(const ojson& record, int offset, int first, int count) {
    if (!record.is_object()) return std::nullopt;
    LevelEstimate run;
    if (const auto error = record.find("error"); error != record.end()) {
        if (!error->is_string()) return std::nullopt;
        run.error = error->get<std::string>();
        return run;
    }
    const auto timed_out = record.find("timed_out");
    const auto list = record.find("outcomes");
    if (timed_out == record.end() || *timed_out != false || list == record.end() || !list->is_array()) return std::nullopt;
    const std::size_t from = static_cast<std::size_t>(first - offset);
    if (first < offset || list->size() < from + static_cast<std::size_t>(count)) return std::nullopt;
    run.result.outcomes.reserve(static_cast<std::size_t>(count));
    for (std::size_t k = from; k < from + static_cast<std::size_t>(count); ++k) {
        auto outcome = detail::outcome_from_json((*list)[k]);
        if (!outcome) return std::nullopt;
        run.result.outcomes.push_back(*outcome);
    }
    run.result.runs = count;
    return run;
}

}  // namespace

std::optional<ojson> run_check_shard(const LoadedPack& loaded, const CheckOptions& options, ojson header, StopToken stop,
                                     int* from_cache) {
    const ShardSpec shard{header["shard"][0].get<int>(), header["shard"][1].get<int>()};
    CheckOptions opts = options;
    opts.threads = std::clamp(options.threads, 1, 256);
    // A range plays every one of its runs: the merge keeps the prefix the precision stops at.
    opts.precision = 0.0;
    std::vector<WorkUnit> units;
    for (const WorkUnit& u : split_check(loaded, opts.runs, shard.count))
        if (u.shard == shard.index) units.push_back(u);

    // The cache (docs/scale.md "Shards and the cache"): a unit is read from a whole check's entry of
    // its level (same options) when that holds it, else from the unit's own entry, which a shard
    // that computes the unit writes. Keys are made with the options as given (their precision).
    const std::filesystem::path& cache = options.cache_dir;
    std::map<int, ojson> key_fields;            // level index: its key's fields, made once
    std::map<int, std::optional<ojson>> whole;  // level index: the whole check's entry
    if (!cache.empty())
        for (const WorkUnit& u : units)
            if (!whole.contains(u.level)) {
                key_fields[u.level] = cache_key_fields(*loaded.entries[static_cast<std::size_t>(u.level)].level, options);
                whole[u.level] = read_cache_entry(cache, cache_key_of(key_fields[u.level]));
            }
    std::atomic<int> read{0};
    auto unit_key = [&](const WorkUnit& u) {
        return cache_key_of(key_fields.at(u.level), u.analysis ? ojson("analysis") : ojson::array({u.first_run, u.runs}));
    };

    std::vector<ojson> records(units.size());
    // Phase 1: the analyses, one level a worker, as check_pack does.
    std::vector<std::size_t> analyses;
    for (std::size_t i = 0; i < units.size(); ++i)
        if (units[i].analysis) analyses.push_back(i);
    for_each_level(static_cast<int>(analyses.size()), opts.threads, stop, [&](int n) {
        const WorkUnit& u = units[analyses[static_cast<std::size_t>(n)]];
        const PackEntry& entry = loaded.entries[static_cast<std::size_t>(u.level)];
        std::optional<ojson> record;
        std::string key;
        if (!cache.empty()) {
            if (const auto& w = whole.at(u.level); w && w->contains("analysis"))
                record = detail::cached_analysis_record((*w)["analysis"], entry.file);
            if (!record) {
                key = unit_key(u);
                if (auto own = read_cache_entry(cache, key); own && own->contains("analysis"))
                    record = detail::cached_analysis_record((*own)["analysis"], entry.file);
            }
            if (record) read.fetch_add(1);
        }
        if (!record) {
            LevelReport report;
            report.path = entry.path;
            report.file = entry.file;
            report.level = entry.level;
            analyse_level(report, opts, stop);
            record = analysis_record(report);
            // Kept unless the solver's budget ran out (another run may do better) or it was stopped.
            if (!key.empty() && report.verdict != Verdict::unknown && !stop.stop_requested())
                write_cache_entry(cache, key, ojson{{"analysis", *record}});
        }
        records[analyses[static_cast<std::size_t>(n)]] = ojson{{"level", u.level}, {"analysis", std::move(*record)}};
    });
    // Phase 2: the playout ranges, each spread over every worker by run index.
    for (std::size_t i = 0; i < units.size() && !stop.stop_requested(); ++i) {
        const WorkUnit& u = units[i];
        if (u.analysis) continue;
        std::optional<LevelEstimate> run;
        std::string key;
        if (!cache.empty()) {
            if (const auto& w = whole.at(u.level); w && w->contains("estimate"))
                run = cached_games((*w)["estimate"], 0, u.first_run, u.runs);
            if (!run) {
                key = unit_key(u);
                if (auto own = read_cache_entry(cache, key); own && own->contains("playouts"))
                    run = cached_games((*own)["playouts"], u.first_run, u.first_run, u.runs);
            }
            if (run) read.fetch_add(1);
        }
        if (!run) {
            const Level& level = *loaded.entries[static_cast<std::size_t>(u.level)].level;
            run = run_level_estimate(level, opts, u.first_run, u.runs, stop, nullptr);
            if (run->stopped) return std::nullopt;
            if (const auto kept = detail::cacheable_playouts(*run); kept && !key.empty())
                write_cache_entry(cache, key, ojson{{"playouts", *kept}});
        }
        ojson record{{"level", u.level}};
        const ojson playouts = playouts_record(u.first_run, u.runs, *run);
        for (auto it = playouts.begin(); it != playouts.end(); ++it) record[it.key()] = it.value();
        records[i] = std::move(record);
    }
    if (stop.stop_requested()) return std::nullopt;
    if (from_cache) *from_cache = read.load();
    auto list = ojson::array();
    for (auto& r : records) list.push_back(std::move(r));
    return with_units(std::move(header), std::move(list));
}

ojson run_estimate_shard(const Level& level, const EstimateOptions& options, ojson header) {
    const ShardSpec shard{header["shard"][0].get<int>(), header["shard"][1].get<int>()};
    const auto [first, runs] = estimate_share(options.runs, shard);
    LevelEstimate run;
    if (runs > 0) {
        EstimateOptions share = options;
        share.first_run = first;
        share.runs = runs;
        share.precision = 0.0;  // every run of the share: the merge keeps the precision's prefix
        const EstimateFn estimate = estimate_of(level.kind);
        if (!estimate) throw std::invalid_argument(std::string(kind_name(level.kind)) + " levels have no playouts");
        run.result = estimate(level, share, StopToken{}, nullptr);
    }
    return with_units(std::move(header), ojson::array({playouts_record(first, runs, run)}));
}

PartSet check_part_set(const std::vector<PartFile>& parts) {
    PartSet set;
    // The reference: the header most parts share (the first of them on a tie).
    std::map<std::string, int> votes;
    auto signature = [](const ojson& j) {
        ojson s = j;
        s.erase("units");
        s.erase("units_hash");
        s["shard"] = s.contains("shard") && s["shard"].is_array() && s["shard"].size() == 2 ? s["shard"][1] : ojson();
        return s.dump();
    };
    const PartFile* best = nullptr;
    int best_votes = 0;
    for (const PartFile& p : parts) {
        if (!part_difference(p.json, p.json).empty()) continue;  // not a readable part at all
        const int v = ++votes[signature(p.json)];
        if (v > best_votes) {
            best_votes = v;
            best = &p;
        }
    }
    for (const PartFile& p : parts)
        if (best && part_difference(p.json, p.json).empty() && votes[signature(p.json)] == best_votes) {
            best = &p;
            break;
        }
    if (!best) {
        for (const PartFile& p : parts) set.refusals.push_back(p.file + ": " + part_difference(p.json, p.json));
        if (parts.empty()) set.refusals.push_back("no part given");
        return set;
    }
    set.reference = best->json;
    set.reference.erase("units");
    set.reference.erase("units_hash");
    const int count = set.reference["shard"][1].get<int>();
    std::vector<std::vector<const PartFile*>> seen(static_cast<std::size_t>(count));
    for (const PartFile& p : parts) {
        if (std::string why = part_difference(p.json, set.reference); !why.empty()) {
            set.refusals.push_back(p.file + ": foreign part: " + why);
            continue;
        }
        seen[p.json["shard"][0].get<std::size_t>()].push_back(&p);
    }
    set.by_shard.assign(static_cast<std::size_t>(count), nullptr);
    // The missing shards: the first few named, the rest counted (a lone part of 100,000 shards).
    constexpr int missing_named = 10;
    int missing = 0;
    for (int k = 0; k < count; ++k) {
        const auto& list = seen[static_cast<std::size_t>(k)];
        const std::string name = "shard " + std::to_string(k) + "/" + std::to_string(count);
        if (list.empty()) {
            if (missing++ < missing_named) set.refusals.push_back(name + " is missing (no part for it)");
        } else if (list.size() > 1) {
            std::string files;
            for (const PartFile* p : list) files += (files.empty() ? "" : ", ") + p->file;
            set.refusals.push_back(name + " is given " + std::to_string(list.size()) + " times: " + files);
        } else {
            set.by_shard[static_cast<std::size_t>(k)] = list.front();
        }
    }
    if (missing > missing_named)
        set.refusals.push_back("... and " + std::to_string(missing - missing_named) + " more shards of " + std::to_string(count) +
                               " are missing (" + std::to_string(missing) + " in all)");
    return set;
}

PackMerge merge_check_parts(const PartSet& set) {
    PackMerge merge;
    const ojson& ref = set.reference;
    const std::string pack_path = ref["source"].get<std::string>();
    auto options = check_options_from_json(ref["options"]);
    if (!options) {
        merge.error = "the parts' options do not read back (a damaged part)";
        return merge;
    }
    LoadedPack loaded = load_pack_levels(pack_path);
    if (merge.error = unchanged_and_intact(set, pack_identity(loaded)); !merge.error.empty()) return merge;
    const int count = ref["shard"][1].get<int>();
    const std::vector<WorkUnit> units = split_check(loaded, options->runs, count);
    // Every part must hold exactly its shard's units, in order.
    std::vector<const ojson*> analysis(loaded.entries.size(), nullptr);
    std::vector<std::vector<RangeRef>> ranges(loaded.entries.size());
    std::vector<std::vector<const std::string*>> range_files(loaded.entries.size());
    std::vector<std::size_t> cursor(static_cast<std::size_t>(count), 0);
    for (const WorkUnit& u : units) {
        const PartFile* part = set.by_shard[static_cast<std::size_t>(u.shard)];
        const ojson& list = part->json["units"];
        std::size_t& at = cursor[static_cast<std::size_t>(u.shard)];
        const ojson* unit = at < list.size() ? &list[at] : nullptr;
        const std::size_t unit_at = at++;
        bool fits = unit && unit->is_object() && unit->contains("level") && (*unit)["level"] == u.level;
        if (fits && u.analysis) fits = unit->contains("analysis") && (*unit)["analysis"].is_object();
        if (fits && !u.analysis) fits = valid_range(*unit) && (*unit)["runs"][0] == u.first_run && (*unit)["runs"][1] == u.runs;
        if (!fits) {
            merge.error = part->file + ": its units are not those of shard " + std::to_string(u.shard) + "/" +
                          std::to_string(count) + " (a damaged or edited part)";
            return merge;
        }
        if (u.analysis) analysis[static_cast<std::size_t>(u.level)] = &(*unit)["analysis"];
        else {
            ranges[static_cast<std::size_t>(u.level)].push_back(range_of(*part, unit_at, *unit));
            range_files[static_cast<std::size_t>(u.level)].push_back(&part->file);
        }
    }
    for (int k = 0; k < count; ++k)
        if (cursor[static_cast<std::size_t>(k)] != set.by_shard[static_cast<std::size_t>(k)]->json["units"].size()) {
            merge.error = set.by_shard[static_cast<std::size_t>(k)]->file + ": it holds more units than shard " +
                          std::to_string(k) + "/" + std::to_string(count) + " has (a damaged or edited part)";
            return merge;
        }

    PackReport report = start_report(loaded, *options);
    for (std::size_t i = 0; i < report.levels.size(); ++i) {
        LevelReport& level = report.levels[i];
        if (!level.level) continue;
        if (!apply_analysis_record(level, *analysis[i])) {
            merge.error = "the analysis of " + level.file + " in the parts does not read back (a damaged part)";
            return merge;
        }
        if (!has_bot(level.level->kind)) continue;
        Gathered g = gather(ranges[i]);
        if (g.broken) {
            merge.error = *range_files[i][g.broken_at] + ": the playouts of " + level.file + ": " + g.why +
                          " (a damaged or edited part)";
            return merge;
        }
        if (!g.error.empty()) {
            LevelEstimate failed;
            failed.error = g.error;
            record_estimate(level, report.options, failed);
        } else {
            record_estimate(level, report.options,
                            summarize_level_estimate(*level.level, report.options, std::move(g.outcomes), g.timed_out));
        }
    }
    merge.report = std::move(report);
    return merge;
}

EstimateMerge merge_estimate_parts(const PartSet& set) {
    EstimateMerge merge;
    const ojson& ref = set.reference;
    const std::string level_path = ref["source"].get<std::string>();
    auto options = estimate_options_from_json(ref["options"]);
    if (!options) {
        merge.error = "the parts' options do not read back (a damaged part)";
        return merge;
    }
    if (merge.error = unchanged_and_intact(set, level_identity(level_path)); !merge.error.empty()) return merge;
    LevelLoad load = load_level(level_path);
    if (!load.level) {
        merge.error = level_path + " does not load";
        return merge;
    }
    const int count = ref["shard"][1].get<int>();
    std::vector<RangeRef> ranges;
    for (int k = 0; k < count; ++k) {
        const PartFile* part = set.by_shard[static_cast<std::size_t>(k)];
        const auto [first, runs] = estimate_share(options->runs, ShardSpec{k, count});
        const ojson& units = part->json["units"];
        if (units.size() != 1 || !units[0].is_object() || !valid_range(units[0]) || units[0]["runs"][0] != first ||
            units[0]["runs"][1] != runs) {
            merge.error = part->file + ": its runs are not those of shard " + std::to_string(k) + "/" + std::to_string(count) +
                          " (a damaged or edited part)";
            return merge;
        }
        ranges.push_back(range_of(*part, 0, units[0]));
    }
    Gathered g = gather(ranges);
    if (g.broken || !g.error.empty()) {
        merge.error = g.broken ? set.by_shard[g.broken_at]->file + ": " + g.why + " (a damaged or edited part)" : g.error;
        return merge;
    }
    try {
        const SummarizeFn summarize = summarize_of(load.level->kind);
        if (!summarize) throw std::invalid_argument(std::string(kind_name(load.level->kind)) + " levels have no playouts");
        g.outcomes.resize(precision_prefix(g.outcomes, options->precision));
        merge.result = summarize(*load.level, *options, std::move(g.outcomes), false, g.timed_out);
        merge.result->json["problems"] = problems_json(problem_list(*load.level));  // as estimate --json ends
    } catch (const std::exception& e) {
        merge.error = e.what();
    }
    return merge;
}

}  // namespace tilelab::pack
