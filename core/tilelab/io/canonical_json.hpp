// The canonical layout of a tilelab JSON document, shared by the level and pack writers.
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace tilelab {

// `doc` with two-space indent and a final newline; the arrays under `grid_keys` (and under each
// key of the objects `grid_parents`) one item a line, every other array and object on one line.
std::string write_document(const nlohmann::ordered_json& doc, const std::vector<std::string>& grid_keys,
                           const std::vector<std::string>& grid_parents);

}  // namespace tilelab
