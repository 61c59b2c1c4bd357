// The bundle of the contract: a checked pack's levels and their analysis summaries in one file.
#include "tilelab/pack/pack.hpp"

#include <system_error>

#include "tilelab/io/level_io.hpp"

namespace tilelab::pack {

nlohmann::ordered_json make_bundle(const PackReport& report) {
    nlohmann::ordered_json bundle;
    bundle["format"] = "tilelab.bundle";
    bundle["version"] = 1;
    bundle["name"] = report.name;
    auto levels = nlohmann::ordered_json::array();
    auto summaries = nlohmann::ordered_json::array();
    for (const LevelReport& l : report.levels) {
        if (!l.level) continue;  // ok() reports rule this out; never write a half level
        levels.push_back(level_to_json(*l.level));
        summaries.push_back(l.summary());
    }
    bundle["levels"] = std::move(levels);
    bundle["report"] = std::move(summaries);
    return bundle;
}

std::string bundle_text(const nlohmann::ordered_json& bundle, bool minify) {
    return (minify ? bundle.dump() : bundle.dump(2)) + "\n";
}

namespace {
// One file under two names (a symlink, "dir/../x"), or the same path once made absolute.
bool same_file(const std::filesystem::path& a, const std::filesystem::path& b) {
    std::error_code ec;
    if (std::filesystem::equivalent(a, b, ec)) return true;
    std::error_code ea, eb;
    return std::filesystem::absolute(a, ea).lexically_normal() == std::filesystem::absolute(b, eb).lexically_normal();
}
}  // namespace

std::string output_refusal(const std::filesystem::path& pack_path, const std::vector<std::string>& levels,
                           const std::filesystem::path& out, PackOutput kind) {
    const std::string name = out.string();
    if (same_file(out, pack_path)) return name + " is the pack itself; choose another name";
    for (const std::string& listed : levels)
        if (same_file(out, (pack_path.parent_path() / listed).lexically_normal()))
            return name + " is a level of the pack (" + listed + "); choose another name";
    std::error_code ec;
    if (!std::filesystem::exists(out, ec)) return "";
    if (std::filesystem::is_directory(out, ec)) return name + " is a folder; choose a file name";
    Diagnostics ignored;
    std::optional<std::string> text = read_text_file(out, ignored);
    const std::string format = text ? sniff_format(*text) : "";
    if (kind == PackOutput::bundle && format != "tilelab.bundle")
        return name + " exists and is not a bundle; choose another name";
    if (kind == PackOutput::calibration && format != "tilelab.calibration")
        return name + " exists and is not a calibration; choose another name";
    if (kind == PackOutput::report && !format.empty())
        return name + " exists and is a " + format.substr(8) + ", not a report; choose another name";
    return "";
}

}  // namespace tilelab::pack
