// The match3 kind's entry in the kind table (analysis/game.hpp).
#pragma once
#include "tilelab/analysis/game.hpp"

namespace tilelab::match3 {

const KindOps& ops();

}  // namespace tilelab::match3
