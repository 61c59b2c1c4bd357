// Pack files: the reader (every problem located) and the canonical writer (docs/format.md "Packs").
#include <unordered_set>

#include "tilelab/io/canonical_json.hpp"
#include "tilelab/io/json_checker.hpp"
#include "tilelab/io/json_text.hpp"
#include "tilelab/io/level_io.hpp"

namespace tilelab {

using ojson = nlohmann::ordered_json;
using Checker = JsonChecker;

PackLoad parse_pack(std::string_view text, const std::string& file) {
    PackLoad result;
    auto value = parse_json_text(text, file, result.diagnostics);
    if (!value) return result;
    Checker check(file, result.diagnostics);
    if (!value->is_object()) {
        check.error("", "a pack is a JSON object, not " + json_type_name(*value));
        return result;
    }
    auto format = value->find("format");
    if (format == value->end() || !format->is_string() || format->get<std::string>() != "tilelab.pack") {
        std::string got = format == value->end() ? "missing"
                          : format->is_string()  ? "'" + format->get<std::string>() + "'"
                                                 : json_type_name(*format);
        check.error(format == value->end() ? "" : "/format", "format is " + got + ", expected 'tilelab.pack'");
        return result;
    }
    check.unknown_keys(*value, "", {"format", "version", "name", "levels", "meta"});
    Pack pack;
    if (auto v = check.find(*value, "version")) {
        if (auto n = check.integer(*v, "/version", 1, 1000000, "version")) {
            if (*n > 1) check.error("/version", "version " + std::to_string(*n) + " is newer than this tilelab reads (1)");
            pack.version = 1;
        }
    } else {
        check.error("", "missing \"version\"");
    }
    if (auto v = check.find(*value, "name")) {
        if (auto s = check.string(*v, "/name", "name")) pack.name = *s;
    } else {
        check.error("", "missing \"name\"");
    }
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
