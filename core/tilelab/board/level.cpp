// Level helpers: the rules' and goal's wrong-kind error, and blank levels for "new level" (each
// kind's through its KindFormat entry).
#include "tilelab/board/level.hpp"

#include <stdexcept>

#include "tilelab/board/kind_format.hpp"
#include "tilelab/random.hpp"

namespace tilelab {

void level_detail::wrong_kind(const char* part, std::size_t held, std::size_t asked) {
    const std::string what(part);  // "rules" or "goal"
    const auto name = [](std::size_t kind) { return std::string(kind_name(static_cast<Kind>(kind))); };
    throw std::logic_error("as<" + name(asked) + "::" + (what == "rules" ? "Rules" : "Goal") + ">(): the level's " + what +
                           (what == "rules" ? " are " : " is ") + name(held) + "'s, not " + name(asked) + "'s");
}

std::string make_level_uuid(std::uint64_t entropy) {
    Rng rng(entropy);
    std::uint64_t hi = rng.next(), lo = rng.next();
    hi = (hi & ~0xF000ull) | 0x4000ull;                  // version 4
    lo = (lo & ~(0xC000ull << 48)) | (0x8000ull << 48);  // RFC 4122 variant
    static constexpr char hex[] = "0123456789abcdef";
    std::string out;
    for (int i = 0; i < 32; ++i) {
        std::uint64_t word = i < 16 ? hi : lo;
        int shift = 60 - 4 * (i % 16);
        if (i == 8 || i == 12 || i == 16 || i == 20) out += '-';
        out += hex[(word >> shift) & 0xF];
    }
    return out;
}

Level make_blank_level(Kind kind, int width, int height) {
    Level level;
    level.set_kind(kind);
    level.name = "Untitled";
    const KindFormat& format = kind_format(kind);
    level.board = Grid(width, height, format.blank_cell);
    if (format.blank_rules) format.blank_rules(level);
    return level;
}

}  // namespace tilelab
