// The verbs of the `tilelab` command, one file each, and what they share.
#pragma once
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tilelab/analysis/tune.hpp"
#include "tilelab/board/level.hpp"
#include "tilelab/io/diagnostics.hpp"

namespace tilelab::cli {

// Exit statuses (docs/cli.md "Exit status and output").
inline constexpr int exit_ok = 0;
inline constexpr int exit_invalid = 1;  // the input is invalid or the check failed
inline constexpr int exit_usage = 2;    // wrong usage

using Args = std::vector<std::string>;  // the words after the verb

int run_validate(const Args& args);
int run_fmt(const Args& args);
int run_analyze(const Args& args);
int run_apply(const Args& args);
int run_generate(const Args& args);
int run_estimate(const Args& args);
int run_tune(const Args& args);
int run_pack(const Args& args);  // pack check | export | report
int run_calibrate(const Args& args);

// A usage error: prints "tilelab VERB: message" and a hint to --help on stderr; returns exit_usage.
int usage_error(const std::string& verb, const std::string& message);

// Small flag parsing shared by the verbs. `next_value` takes the value of a flag at args[i+1]
// (or after '='), advancing i; integers are checked and a clear usage message is produced.
struct FlagReader {
    FlagReader(std::string verb_name, const Args& words) : verb(std::move(verb_name)), args(words) {}
    std::string verb;
    const Args& args;
    std::size_t i = 0;
    std::string error;  // set when a flag is malformed

    bool done() const { return i >= args.size(); }
    const std::string& word() const { return args[i]; }
    // True when args[i] is `name` or `name=...`.
    bool is(const char* name) const;
    std::optional<std::string> value();
    std::optional<std::int64_t> integer(std::int64_t min, std::int64_t max);
    std::optional<std::uint64_t> unsigned_integer();
    // "0.4" or "40%": a fraction in [0, 1].
    std::optional<double> fraction();
};

bool wants_help(const Args& args);

// Loads a level, printing its diagnostics on stderr; nullopt when it has errors.
std::optional<Level> load_level_reporting(const std::string& path);
void print_diagnostics(const Diagnostics& diagnostics);

// Prints one JSON object on stdout (the only thing --json prints there); json_text is those bytes.
void print_json(const nlohmann::ordered_json& value);
std::string json_text(const nlohmann::ordered_json& value);

// `pack merge PART...` (core/cli/merge.cpp), reached through run_pack.
int run_pack_merge(const Args& args);
// The options `tune` and `pack tune` share (--tolerance, --runs, --threads, --seed, --max-moves,
// --playout-budget-ms, --rollouts, --bot), read at flags.i (core/cli/tune.cpp): true when the word
// there is one of them (then read and stepped over, or `flags.error` set when malformed).
bool read_tune_flag(FlagReader& flags, EstimateOptions& options, TuneOptions& tune);

// `pack tune PACK --ramp FIRST:LAST` (core/cli/pack_tune.cpp), reached through run_pack.
int run_pack_tune(const Args& args);
extern const char* const pack_tune_usage;

// "0.25" or "25%": a fraction in [0, 1] (--range, --ramp).
std::optional<double> parse_fraction(std::string text);

// A shard's part written to `out` (a pack check's or an estimate's): refuses what must not be
// overwritten (exit 2), says so when the same part is already there (exit 0), else runs `make` and
// writes its part atomically. `what`: the verb for messages; `from_cache`, read after `make`: how
// many of the part's units came from the check cache.
int write_shard_part(const std::string& verb, const std::string& out, const nlohmann::ordered_json& header,
                     const std::function<std::optional<nlohmann::ordered_json>()>& make, const int* from_cache = nullptr);

// The usage text of each verb, printed by `tilelab VERB --help` and on wrong usage.
extern const char* const validate_usage;
extern const char* const fmt_usage;
extern const char* const analyze_usage;
extern const char* const apply_usage;
extern const char* const generate_usage;
extern const char* const estimate_usage;
extern const char* const tune_usage;
extern const char* const pack_usage;
extern const char* const calibrate_usage;

}  // namespace tilelab::cli
