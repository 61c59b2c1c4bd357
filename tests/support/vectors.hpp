// Test support: the conformance vectors of tests/data/vectors/ (docs/testing.md), read as JSON.
#pragma once
#include <catch2/catch.hpp>

#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

namespace tilelab::test {

inline nlohmann::json load_vectors(const std::string& name) {
    std::ifstream in(std::string(TILELAB_TEST_DATA) + "/vectors/" + name);
    REQUIRE(in.good());
    return nlohmann::json::parse(in);
}

}  // namespace tilelab::test
