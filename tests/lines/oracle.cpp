// The classic naive algorithms, kept obviously correct: list-based match groups and a plain BFS solver.
#include "oracle.hpp"

#include <algorithm>
#include <deque>
#include <map>

namespace tilelab::lines::oracle {
namespace {

// The classic LineTile: a bitmask and where it lies. Empty cells become tiles of mask 0 that no
// group takes in, so that "a solid side facing an empty cell" is an Invalid connection.
struct LineTile {
    int bitmask = 0;
    int xIndex = 0;
    int yIndex = 0;
};

enum class TileConnectionType { Invalid, ValidWithOpenSide, ValidWithSolidMatch };

constexpr int kBitmaskTop = 1;
constexpr int kBitmaskRight = 2;
constexpr int kBitmaskBottom = 4;
constexpr int kBitmaskLeft = 8;

struct MatchGroup {
    std::vector<LineTile*> tiles;
    bool isClosed = true;
};

class BitmaskPuzzleGame {
public:
    explicit BitmaskPuzzleGame(const Board& board) : tileMapWidth(board.width), tileMapHeight(board.height) {
        tileMap.assign(static_cast<std::size_t>(tileMapWidth), std::vector<LineTile>(static_cast<std::size_t>(tileMapHeight)));
        for (int i = 0; i < tileMapWidth; ++i)
            for (int j = 0; j < tileMapHeight; ++j) {
                const int v = board.at(i, j);
                tileMap[i][j] = LineTile{v >= 1 && v <= 15 ? v : 0, i, j};
            }
    }

    std::vector<LineTile*> GetTilesSurroundingTile(LineTile* tile) {
        std::vector<LineTile*> surroundingTiles;
        int xIndex = tile->xIndex;
        int yIndex = tile->yIndex;
        if (xIndex > 0) surroundingTiles.push_back(&tileMap[xIndex - 1][yIndex]);
        if (xIndex < tileMapWidth - 1) surroundingTiles.push_back(&tileMap[xIndex + 1][yIndex]);
        if (yIndex > 0) surroundingTiles.push_back(&tileMap[xIndex][yIndex - 1]);
        if (yIndex < tileMapHeight - 1) surroundingTiles.push_back(&tileMap[xIndex][yIndex + 1]);
        return surroundingTiles;
    }

    // With y counted from the top (docs/rules.md): a tile above faces the base's top.
    TileConnectionType TileConnectionTypeBetweenTiles(LineTile* baseTile, LineTile* otherTile) {
        int baseTileBitmaskSide = baseTile->bitmask;
        int otherTileBitmaskSide = otherTile->bitmask;
        if (otherTile->yIndex < baseTile->yIndex) {
            baseTileBitmaskSide &= kBitmaskTop;
            otherTileBitmaskSide &= kBitmaskBottom;
        } else if (otherTile->yIndex > baseTile->yIndex) {
            baseTileBitmaskSide &= kBitmaskBottom;
            otherTileBitmaskSide &= kBitmaskTop;
        } else if (otherTile->xIndex < baseTile->xIndex) {
            baseTileBitmaskSide &= kBitmaskLeft;
            otherTileBitmaskSide &= kBitmaskRight;
        } else if (otherTile->xIndex > baseTile->xIndex) {
            baseTileBitmaskSide &= kBitmaskRight;
            otherTileBitmaskSide &= kBitmaskLeft;
        }
        if (baseTileBitmaskSide == 0) return TileConnectionType::ValidWithOpenSide;
        if (otherTileBitmaskSide != 0) return TileConnectionType::ValidWithSolidMatch;
        return TileConnectionType::Invalid;
    }

    bool TileIsAlreadyInMatchGroup(LineTile* tile) {
        for (const MatchGroup& g : matchGroups)
            if (std::find(g.tiles.begin(), g.tiles.end(), tile) != g.tiles.end()) return true;
        return false;
    }

    // The first tile to start a group from, scanning columns (x outer).
    LineTile* FindNewBaseTile() {
        for (int i = 0; i < tileMapWidth; i++)
            for (int j = 0; j < tileMapHeight; j++) {
                LineTile* newTile = &tileMap[i][j];
                if (newTile->bitmask != 0 && !TileIsAlreadyInMatchGroup(newTile)) return newTile;
            }
        return nullptr;
    }

    void UpdateMatches() {
        matchGroups.clear();
        LineTile* currentBaseTile = FindNewBaseTile();
        std::vector<LineTile*> checkedTiles;
        while (currentBaseTile != nullptr) {
            MatchGroup currentMatchGroup;
            currentMatchGroup.tiles.push_back(currentBaseTile);
            bool stillWorkingOnMatchGroup = true;
            while (stillWorkingOnMatchGroup) {
                std::vector<LineTile*> tileSurrounders = GetTilesSurroundingTile(currentBaseTile);
                for (LineTile* surroundingTile : tileSurrounders) {
                    TileConnectionType connectionType = TileConnectionTypeBetweenTiles(currentBaseTile, surroundingTile);
                    if (connectionType == TileConnectionType::ValidWithSolidMatch)
                        currentMatchGroup.tiles.push_back(surroundingTile);
                    else if (connectionType == TileConnectionType::Invalid) currentMatchGroup.isClosed = false;
                }
                if (((currentBaseTile->bitmask & kBitmaskTop) != 0 && currentBaseTile->yIndex == 0) ||
                    ((currentBaseTile->bitmask & kBitmaskRight) != 0 && currentBaseTile->xIndex == tileMapWidth - 1) ||
                    ((currentBaseTile->bitmask & kBitmaskBottom) != 0 && currentBaseTile->yIndex == tileMapHeight - 1) ||
                    ((currentBaseTile->bitmask & kBitmaskLeft) != 0 && currentBaseTile->xIndex == 0))
                    currentMatchGroup.isClosed = false;
                if (std::find(checkedTiles.begin(), checkedTiles.end(), currentBaseTile) == checkedTiles.end())
                    checkedTiles.push_back(currentBaseTile);
                for (std::size_t i = 0; i < currentMatchGroup.tiles.size(); i++) {
                    LineTile* tile = currentMatchGroup.tiles[i];
                    if (std::find(checkedTiles.begin(), checkedTiles.end(), tile) != checkedTiles.end()) {
                        if (i == currentMatchGroup.tiles.size() - 1) {
                            stillWorkingOnMatchGroup = false;
                            matchGroups.push_back(currentMatchGroup);
                        }
                    } else {
                        currentBaseTile = tile;
                        break;
                    }
                }
            }
            currentBaseTile = FindNewBaseTile();
        }
    }

    std::vector<std::vector<LineTile>> tileMap;  // tileMap[x][y], column-major
    std::vector<MatchGroup> matchGroups;
    int tileMapWidth;
    int tileMapHeight;
};

struct GoalCounts {
    int closed = 0;
    int largest_closed = 0;
    bool all_closed = true;
};

GoalCounts count(const Board& board) {
    GoalCounts c;
    for (const CellGroup& g : seed_match_groups(board)) {
        if (g.closed) {
            ++c.closed;
            c.largest_closed = std::max(c.largest_closed, static_cast<int>(g.cells.size()));
        } else {
            c.all_closed = false;
        }
    }
    return c;
}

// The goal of docs/lines.md "Goal", read directly: every condition set must hold; none set means
// all_closed.
bool goal_holds(const Goal& goal, const Board& board) {
    const GoalCounts c = count(board);
    const bool none_set = !goal.closed_groups && !goal.min_group_size && !goal.all_closed;
    if (goal.closed_groups && c.closed < *goal.closed_groups) return false;
    if (goal.min_group_size && c.largest_closed < std::max(1, *goal.min_group_size)) return false;
    if ((goal.all_closed || none_set) && !c.all_closed) return false;
    return true;
}

Board shift_board(const Board& board, const ShiftMove& m) {
    Board out = board;
    if (m.axis == ShiftMove::Axis::row) {
        for (int x = 0; x < board.width; ++x) out.at((x + m.step + board.width) % board.width, m.index) = board.at(x, m.index);
    } else {
        for (int y = 0; y < board.height; ++y) out.at(m.index, (y + m.step + board.height) % board.height) = board.at(m.index, y);
    }
    return out;
}

}  // namespace

std::vector<CellGroup> seed_match_groups(const Board& board) {
    BitmaskPuzzleGame game(board);
    game.UpdateMatches();
    std::vector<CellGroup> out;
    for (const MatchGroup& g : game.matchGroups) {
        CellGroup group;
        group.closed = g.isClosed;
        for (const LineTile* t : g.tiles) group.cells.push_back(Cell{t->xIndex, t->yIndex});
        std::sort(group.cells.begin(), group.cells.end());
        group.cells.erase(std::unique(group.cells.begin(), group.cells.end()), group.cells.end());
        out.push_back(std::move(group));
    }
    return out;
}

int bfs_shortest(const Level& level, const Board& board, int max_depth, std::vector<ShiftMove>* moves_out) {
    std::vector<ShiftMove> shifts;
    auto fixed = [](const std::vector<int>& list, int i) { return std::find(list.begin(), list.end(), i) != list.end(); };
    for (int y = 0; y < board.height; ++y)
        if (board.width >= 2 && !fixed(level.rules.as<lines::Rules>().fixed_rows, y))
            for (int step : {-1, 1}) shifts.push_back({ShiftMove::Axis::row, y, step});
    for (int x = 0; x < board.width; ++x)
        if (board.height >= 2 && !fixed(level.rules.as<lines::Rules>().fixed_cols, x))
            for (int step : {-1, 1}) shifts.push_back({ShiftMove::Axis::col, x, step});

    // from[board] = (previous board, shift); the goal is checked as each board is first reached.
    std::map<std::vector<std::int32_t>, std::pair<std::vector<std::int32_t>, ShiftMove>> from;
    auto path_to = [&](std::vector<std::int32_t> cur) {
        std::vector<ShiftMove> moves;
        while (cur != board.cells) {
            const auto& [prev, move] = from.at(cur);
            moves.push_back(move);
            cur = prev;
        }
        std::reverse(moves.begin(), moves.end());
        return moves;
    };
    if (goal_holds(level.goal.as<Goal>(), board)) {
        if (moves_out) moves_out->clear();
        return 0;
    }
    std::map<std::vector<std::int32_t>, int> depth{{board.cells, 0}};
    std::deque<Board> queue{board};
    while (!queue.empty()) {
        Board at = std::move(queue.front());
        queue.pop_front();
        const int d = depth[at.cells];
        if (d == max_depth) continue;
        for (const ShiftMove& m : shifts) {
            Board next = shift_board(at, m);
            if (depth.count(next.cells)) continue;
            depth[next.cells] = d + 1;
            from[next.cells] = {at.cells, m};
            if (goal_holds(level.goal.as<Goal>(), next)) {
                if (moves_out) *moves_out = path_to(next.cells);
                return d + 1;
            }
            queue.push_back(std::move(next));
        }
    }
    return -1;
}

}  // namespace tilelab::lines::oracle
