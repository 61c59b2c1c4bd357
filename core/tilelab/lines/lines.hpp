// The lines kind's entry in the kind table (analysis/game.hpp).
#pragma once
#include "tilelab/analysis/game.hpp"

namespace tilelab::lines {

const KindOps& ops();

}  // namespace tilelab::lines
