// The one output policy (docs/cli.md "Where outputs may go"): every verb that writes a file asks it
// before computing anything, and the editor's Pack panel asks it too.
#pragma once
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace tilelab {

// What a verb writes; an existing file at the output must be of the same kind to be replaced.
enum class OutputKind {
    level,          // tune -o, generate -o: a level (replacing only the same level: same id, or the input itself)
    bundle,         // pack export
    report,         // pack report, pack merge --report: the HTML pack report
    calibration,    // calibrate -o
    check_json,     // pack merge -o of a pack check's parts: what `pack check --json` prints
    estimate_json,  // pack merge -o of an estimate's parts: what `estimate --json` prints
};

// A file the run reads, never to be written over; `what` names it in the refusal ("the pack itself",
// "a level of the pack (a.json)", "the observed CSV", "a part being merged").
struct RunInput {
    std::filesystem::path path;
    std::string what;
};

struct OutputRequest {
    std::filesystem::path out;
    OutputKind kind = OutputKind::level;
    std::vector<RunInput> inputs;
    // OutputKind::level: the id of the level being written; an existing level with another id is
    // another level (a player's progress is keyed by it) and is refused.
    std::optional<std::string> level_id;
    // OutputKind::level: the file the verb read its level from (tune rewrites it by default).
    std::optional<std::filesystem::path> replaces;
    bool force = false;         // --force: write whatever is there (a folder still cannot be written)
    bool mention_force = true;  // the refusal ends "or --force to replace it" (the command line's words)
};

// "" when `out` may be written; else why not, naming the file and what it is
// ("pack.json is the pack itself; choose another name, or --force to replace it").
std::string output_refusal(const OutputRequest& request);

// One file under two names (a symlink, "dir/../x"), or the same path once made absolute.
bool same_file(const std::filesystem::path& a, const std::filesystem::path& b);

}  // namespace tilelab
