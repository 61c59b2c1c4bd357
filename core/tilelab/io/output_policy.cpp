// Where a verb's output may go (io/output_policy.hpp).
#include "tilelab/io/output_policy.hpp"

#include <fstream>

#include <nlohmann/json.hpp>

#include "tilelab/io/diagnostics.hpp"
#include "tilelab/io/level_io.hpp"

namespace tilelab {

namespace fs = std::filesystem;

bool same_file(const fs::path& a, const fs::path& b) {
    std::error_code ec;
    if (fs::equivalent(a, b, ec)) return true;
    std::error_code ea, eb;
    return fs::absolute(a, ea).lexically_normal() == fs::absolute(b, eb).lexically_normal();
}

namespace {

const char* kind_text(OutputKind kind) {
    switch (kind) {
    case OutputKind::level:
        return "level";
    case OutputKind::bundle:
        return "bundle";
    case OutputKind::report:
        return "pack report";
    case OutputKind::calibration:
        return "calibration";
    case OutputKind::check_json:
        return "pack check result";
    case OutputKind::estimate_json:
        return "estimate result";
    }
    return "file";
}

// What an existing file is, in words, and as an OutputKind where it is one the verbs write.
struct Found {
    std::string what;  // "a pack", "a shard part", "a level (id x)", "not a tilelab file"
    std::optional<OutputKind> kind;
    std::string level_id;
};

// A pack report names itself in its first lines, whatever its size.
bool is_pack_report(const fs::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::string head(4096, '\0');
    in.read(head.data(), static_cast<std::streamsize>(head.size()));
    head.resize(static_cast<std::size_t>(in.gcount()));
    return head.rfind("<!DOCTYPE html>", 0) == 0 && head.find("<title>tilelab pack report: ") != std::string::npos;
}

Found identify(const fs::path& path) {
    if (is_pack_report(path)) return {"a pack report", OutputKind::report, ""};
    // Up to a bundle's size: every JSON file the verbs write is at most that (limits.hpp).
    Diagnostics ignored;
    std::optional<std::string> text = read_text_file(path, ignored, limits::max_bundle_bytes);
    if (!text) return {"a file that cannot be read", std::nullopt, ""};
    auto value = nlohmann::json::parse(*text, nullptr, false);
    if (!value.is_object()) return {"not a tilelab file", std::nullopt, ""};
    const auto format = value.find("format");
    if (format != value.end() && format->is_string()) {
        const std::string f = format->get<std::string>();
        if (f == "tilelab.level") {
            const auto id = value.find("id");
            const std::string level_id = id != value.end() && id->is_string() ? id->get<std::string>() : "";
            return {"a level (id \"" + level_id + "\")", OutputKind::level, level_id};
        }
        if (f == "tilelab.pack") return {"a pack", std::nullopt, ""};
        if (f == "tilelab.bundle") return {"a bundle", OutputKind::bundle, ""};
        if (f == "tilelab.calibration") return {"a calibration", OutputKind::calibration, ""};
        if (f == "tilelab.part") return {"a shard part", std::nullopt, ""};
        return {"a " + f + " file", std::nullopt, ""};
    }
    if (value.contains("pack") && value.contains("levels") && value.contains("options"))
        return {"a pack check result", OutputKind::check_json, ""};
    if (value.contains("runs") && value.contains("wins") && value.contains("pass_rate"))
        return {"an estimate result", OutputKind::estimate_json, ""};
    return {"not a tilelab file", std::nullopt, ""};
}

}  // namespace

std::string output_refusal(const OutputRequest& request) {
    const fs::path& out = request.out;
    const std::string name = out.string();
    std::error_code ec;
    if (fs::is_directory(out, ec)) return name + " is a folder; choose a file name";
    if (request.force) return "";
    const std::string choose = request.mention_force ? "; choose another name, or --force to replace it"
                                                     : "; choose another name";
    const bool in_place = request.replaces && same_file(out, *request.replaces);
    for (const RunInput& input : request.inputs)
        if (!in_place && same_file(out, input.path)) return name + " is " + input.what + choose;
    if (!fs::exists(out, ec)) return "";
    if (in_place) return "";
    const Found found = identify(out);
    if (found.kind != request.kind) return name + " exists and is " + found.what + ", not a " + kind_text(request.kind) + choose;
    if (request.kind == OutputKind::level && request.level_id && found.level_id != *request.level_id)
        return name + " exists and is another level (id \"" + found.level_id + "\", not \"" + *request.level_id +
               "\": players' progress is kept by id)" + choose;
    return "";
}

}  // namespace tilelab
