// Pack files: the reader (every problem located) and the canonical writer (docs/format.md "Packs").
#include <algorithm>
#include <unordered_set>

#include "tilelab/io/canonical_json.hpp"
#include "tilelab/io/json_checker.hpp"
#include "tilelab/io/json_text.hpp"
#include "tilelab/io/level_io.hpp"

namespace tilelab {

using ojson = nlohmann::ordered_json;
using Checker = JsonChecker;

namespace {

// The head every pack and bundle starts with: a JSON object of `format` (`what`: "a pack") and
// version 1; false (with the error) when the value is not one, and nothing else is read then.
bool read_head(Checker& check, const ojson& value, const char* format_name, const char* what) {
    if (!value.is_object()) {
        check.error("", std::string(what) + " is a JSON object, not " + json_type_name(value));
        return false;
    }
    auto format = value.find("format");
    if (format == value.end() || !format->is_string() || format->get<std::string>() != format_name) {
        std::string got = format == value.end() ? "missing"
                          : format->is_string() ? "'" + format->get<std::string>() + "'"
                                                : json_type_name(*format);
        check.error(format == value.end() ? "" : "/format", "format is " + got + ", expected '" + format_name + "'");
        return false;
    }
    return true;
}

// "version" (1, the only one there is) and "name" of a pack or bundle.
void read_version_and_name(Checker& check, const ojson& value, std::string& name) {
    if (auto v = check.find(value, "version")) {
        if (auto n = check.integer(*v, "/version", 1, 1000000, "version"))
            if (*n > 1) check.error("/version", "version " + std::to_string(*n) + " is newer than this tilelab reads (1)");
    } else {
        check.error("", "missing \"version\"");
    }
    if (auto v = check.find(value, "name")) {
        if (auto s = check.string(*v, "/name", "name")) name = *s;
    } else {
        check.error("", "missing \"name\"");
    }
}

}  // namespace

PackLoad parse_pack(std::string_view text, const std::string& file) {
    PackLoad result;
    auto value = parse_json_text(text, file, result.diagnostics);
    if (!value) return result;
    Checker check(file, result.diagnostics);
    if (!read_head(check, *value, "tilelab.pack", "a pack")) return result;
    check.unknown_keys(*value, "", {"format", "version", "name", "levels", "meta"});
    Pack pack;
    read_version_and_name(check, *value, pack.name);
    if (auto v = check.find(*value, "levels")) {
        if (!v->is_array()) {
            check.error("/levels", "levels must be an array of level file paths, not " + json_type_name(*v));
        } else if (v->size() > static_cast<std::size_t>(limits::max_pack_levels)) {
            check.error("/levels", "the pack lists " + std::to_string(v->size()) + " levels, over the limit of " +
                                       std::to_string(limits::max_pack_levels) + ": split it into smaller packs");
        } else {
            std::unordered_set<std::string> listed;
            for (std::size_t i = 0; i < v->size(); ++i) {
                std::string ip = "/levels/" + std::to_string(i);
                auto s = check.string((*v)[i], ip, "a level path");
                if (!s) continue;
                if (s->empty()) check.error(ip, "a level path must not be empty");
                else if (!listed.insert(*s).second) check.error(ip, "'" + *s + "' is listed twice");
                else pack.levels.push_back(*s);
            }
        }
    } else {
        check.error("", "missing \"levels\"");
    }
    if (auto v = check.find(*value, "meta")) pack.meta = *v;
    if (check.errors() == 0) result.pack = std::move(pack);
    return result;
}

PackLoad load_pack(const std::filesystem::path& path) {
    PackLoad result;
    auto text = read_text_file(path, result.diagnostics);
    if (!text) return result;
    return parse_pack(*text, path.string());
}

BundleLoad parse_bundle(std::string_view text, const std::string& file) {
    BundleLoad result;
    auto value = parse_json_document(text, file, result.diagnostics, limits::max_bundle_bytes);
    if (!value) return result;
    Checker check(file, result.diagnostics);
    if (!read_head(check, *value, "tilelab.bundle", "a bundle")) return result;
    check.unknown_keys(*value, "", {"format", "version", "name", "levels", "report"});
    Bundle bundle;
    read_version_and_name(check, *value, bundle.name);
    const ojson* levels = check.find(*value, "levels");
    if (!levels) {
        check.error("", "missing \"levels\"");
    } else if (!levels->is_array()) {
        check.error("/levels", "levels must be an array of level objects, not " + json_type_name(*levels));
    } else if (levels->size() > static_cast<std::size_t>(limits::max_pack_levels)) {
        check.error("/levels", "the bundle holds " + std::to_string(levels->size()) + " levels, over the limit of " +
                                   std::to_string(limits::max_pack_levels));
    } else {
        for (std::size_t i = 0; i < levels->size(); ++i) {
            LevelLoad level = level_from_json((*levels)[i], file, "/levels/" + std::to_string(i));
            result.diagnostics.insert(result.diagnostics.end(), level.diagnostics.begin(), level.diagnostics.end());
            if (level.level) bundle.levels.push_back(std::move(*level.level));
        }
    }
    if (const ojson* report = check.find(*value, "report")) {
        if (!report->is_array()) {
            check.error("/report", "report must be an array of level summaries, not " + json_type_name(*report));
        } else if (levels && levels->is_array() && report->size() != levels->size()) {
            check.error("/report", "report has " + std::to_string(report->size()) + " summaries for " +
                                       std::to_string(levels->size()) + " levels: one a level");
        } else {
            bundle.report = *report;
        }
    }
    const bool any_error = std::any_of(result.diagnostics.begin(), result.diagnostics.end(),
                                       [](const Diagnostic& d) { return d.severity == Diagnostic::Severity::error; });
    if (!any_error) result.bundle = std::move(bundle);
    return result;
}

BundleLoad load_bundle(const std::filesystem::path& path) {
    BundleLoad result;
    auto text = read_text_file(path, result.diagnostics, limits::max_bundle_bytes);
    if (!text) return result;
    return parse_bundle(*text, path.string());
}

std::string write_pack(const Pack& pack) {
    ojson doc;
    doc["format"] = "tilelab.pack";
    doc["version"] = 1;
    doc["name"] = pack.name;
    doc["levels"] = pack.levels;
    if (!pack.meta.is_null()) doc["meta"] = pack.meta;
    return write_document(doc, {"levels"}, {});
}

}  // namespace tilelab
