// Slide bots, playouts, estimate and the generator: seeded, thread-count independent, exact.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <chrono>
#include <stdexcept>
#include <thread>

#include "slide_test_util.hpp"
#include "tilelab/kinds/table.hpp"
#include "tilelab/slide/bot.hpp"
#include "tilelab/slide/slide.hpp"

using namespace tilelab;

namespace {
Level classic(int target) {
    Level level = make_blank_level(Kind::slide, 4, 4);
    level.seed = 11;
    level.goal.as<slide::Goal>().target = target;
    return level;
}
}  // namespace

namespace {
// Plays run `run` of `seed` again through the kind face, each direction from `choose(path, position)`,
// spawns from the playout's generator, and checks that play_out(level, bot, seed, run) played that game.
template <class Choose>
void check_replay(const Level& level, slide::BotKind bot, std::uint64_t seed, int run, Choose choose) {
    const PlayoutOutcome fast = slide::play_out(level, bot, seed, run);
    const KindOps& game = kind_ops(Kind::slide);
    State s = game.start(level);
    s.rng = Rng(playout_seed(seed, static_cast<std::uint64_t>(run)));
    const slide::GridPath path(level.width(), level.height());
    bool dead = false;
    while (!game.goal_met(level, s)) {
        const std::optional<Direction> d = choose(path, path.from_board(s.board));
        if (!d) {
            dead = true;
            break;
        }
        StepResult step = game.play(level, s, Move{*d});
        REQUIRE(step.legal);
        s = std::move(step.state);
    }
    CHECK(fast.won == !dead);
    CHECK(fast.dead == dead);
    CHECK(fast.moves_used == s.moves);
    CHECK(fast.score == s.score);
    CHECK(fast.highest_tile == slide::highest_tile(s.board));
}
}  // namespace

TEST_CASE("slide: a greedy playout is the game play() gives with the playout's generator") {
    // The playout runs on the table path; here the same game is played through the kind face.
    const Level level = classic(256);
    for (int run = 0; run < 5; ++run)
        check_replay(level, slide::BotKind::greedy, 3, run,
                     [](const slide::GridPath& path, const auto& p) { return slide::greedy_choice(path, p); });
}

TEST_CASE("slide: a random playout plays legal directions drawn from its own generator, spawns unchanged") {
    // Directions come from Rng(bot_seed(playout seed)) (docs/slide.md), spawns from the playout's
    // generator as for every bot: replaying the game through the kind face with both gives the same.
    const Level level = classic(64);
    const KindOps& game = kind_ops(Kind::slide);
    std::array<int, 4> chosen{};
    for (int run = 0; run < 8; ++run) {
        Rng bot(bot_seed(playout_seed(5, static_cast<std::uint64_t>(run))));
        check_replay(level, slide::BotKind::random, 5, run,
                     [&](const slide::GridPath& path, const auto& p) -> std::optional<Direction> {
                         std::vector<Direction> legal;
                         for (Direction d : all_directions)
                             if (path.move(p, d) != p) legal.push_back(d);
                         if (legal.empty()) return std::nullopt;
                         const Direction d = legal[bot.uniform(static_cast<std::uint32_t>(legal.size()))];
                         ++chosen[static_cast<std::size_t>(std::find(all_directions.begin(), all_directions.end(), d) -
                                                           all_directions.begin())];
                         return d;
                     });
    }
    for (int n : chosen) CHECK(n > 0);  // every direction gets played
    // Random is the weakest rung: greedy does at least as well on the same spawn streams.
    EstimateOptions options;
    options.runs = 200;
    options.threads = 2;
    options.seed = 4;
    options.bot = "random";
    const EstimateResult random = game.estimate(level, options, {}, nullptr);
    options.bot = "greedy";
    const EstimateResult greedy = game.estimate(level, options, {}, nullptr);
    CHECK(random.json.at("bot") == "random");
    CHECK(random.ci_low <= greedy.ci_high);
    CHECK(random.pass_rate < greedy.pass_rate);
}

TEST_CASE("slide: table and general paths play the same expectimax games") {
    const Level level = classic(128);
    slide::DepthRule depth;
    depth.deepest = 2;  // the same rule on both paths, kept shallow for a quick test
    for (int run = 0; run < 3; ++run) {
        const auto table = slide::play_out(level, slide::BotKind::expectimax, 9, run, {}, depth);
        const auto general = slide::play_out(level, slide::BotKind::expectimax, 9, run, {}, depth, true);
        CHECK(table.won == general.won);
        CHECK(table.moves_used == general.moves_used);
        CHECK(table.score == general.score);
        CHECK(table.highest_tile == general.highest_tile);
        CHECK(table.won);
    }
}

TEST_CASE("slide: estimate gives the same figures for any thread count") {
    Level level = slide_test::slide_level({". . .", ". # .", ". . ."}, 5);
    level.goal.as<slide::Goal>().target = 16;  // a handful of moves per run
    EstimateOptions options;
    options.runs = 24;
    options.seed = 77;
    for (const char* bot : {"greedy", "expectimax", "random"}) {
        options.bot = bot;
        options.threads = 1;
        const EstimateResult one = kind_ops(Kind::slide).estimate(level, options, {}, nullptr);
        options.threads = 3;
        const EstimateResult three = kind_ops(Kind::slide).estimate(level, options, {}, nullptr);
        CHECK(one.json == three.json);
        CHECK(one.runs == 24);
        CHECK(one.json["bot"] == bot);
        int counted = 0;
        for (const auto& item : one.json["highest_tile"].items()) counted += item.value().get<int>();
        CHECK(counted == 24);
        CHECK(one.json["pass_rate"].get<double>() == Approx(static_cast<double>(one.wins) / 24));
        CHECK(one.ci_low <= one.pass_rate);
        CHECK(one.pass_rate <= one.ci_high);
    }
    options.bot = "minimax";
    CHECK_THROWS_AS(kind_ops(Kind::slide).estimate(level, options, {}, nullptr), std::invalid_argument);
}

TEST_CASE("slide: expectimax reaches higher tiles than greedy") {
    // A 3x3 board with an unreachable target: every game ends in game over. One layer of
    // look-ahead keeps it quick and is already far stronger than greedy.
    Level level = make_blank_level(Kind::slide, 3, 3);
    level.goal.as<slide::Goal>().target = 4096;
    slide::DepthRule one_layer;
    one_layer.fixed = 1;
    double expectimax_score = 0;
    double greedy_score = 0;
    for (int run = 0; run < 8; ++run) {
        const auto e = slide::play_out(level, slide::BotKind::expectimax, 21, run, {}, one_layer);
        const auto g = slide::play_out(level, slide::BotKind::greedy, 21, run);
        CHECK(e.dead);
        CHECK(g.dead);
        expectimax_score += static_cast<double>(e.score);
        greedy_score += static_cast<double>(g.score);
    }
    CHECK(expectimax_score > 1.5 * greedy_score);
}

TEST_CASE("slide: a move limit ends playouts and counts as lost") {
    Level level = classic(2048);
    level.goal.moves = 30;  // 2048 needs hundreds of moves
    EstimateOptions options;
    options.runs = 4;
    options.bot = "greedy";
    const EstimateResult r = kind_ops(Kind::slide).estimate(level, options, {}, nullptr);
    CHECK(r.wins == 0);
    CHECK(r.json["mean_moves"].get<double>() <= 30.0);
}

TEST_CASE("slide: spawn chances follow the level's weights") {
    slide::Rules rules;
    rules.spawn = {{2, 1}, {8, 3}};
    const auto chances = slide::spawn_chances(rules);
    REQUIRE(chances.size() == 2);
    CHECK(chances[0].first == 1);
    CHECK(chances[0].second == Approx(0.25));
    CHECK(chances[1].first == 3);
    CHECK(chances[1].second == Approx(0.75));
}

TEST_CASE("slide: the generator gives a seeded start position with a legal move") {
    GenerateOptions options;
    options.kind = Kind::slide;
    options.width = 5;
    options.height = 4;
    options.seed = 123;
    options.blockers = 3;
    const GenerateResult a = kind_ops(Kind::slide).generate(options);
    const GenerateResult b = kind_ops(Kind::slide).generate(options);
    REQUIRE(a.level);
    CHECK(a.level == b.level);
    CHECK(a.level->kind == Kind::slide);
    CHECK(a.level->width() == 5);
    CHECK(std::count(a.level->board.cells.begin(), a.level->board.cells.end(), cell::blocker) == 3);
    int tiles = 0;
    for (auto c : a.level->board.cells) tiles += cell::is_value(c) ? 1 : 0;
    CHECK(tiles == 2);
    CHECK_FALSE(kind_ops(Kind::slide).analyze(*a.level, {}, {}).blocked);
    options.seed = 124;
    CHECK_FALSE(kind_ops(Kind::slide).generate(options).level == a.level);
    options.width = 1;
    options.height = 1;
    CHECK_FALSE(kind_ops(Kind::slide).generate(options).level);
}

TEST_CASE("slide: odd levels do not crash the kind face") {
    // 1x1, a full board of walls, a 256-wide strip, the largest tiles.
    for (const auto& rows : std::vector<std::vector<std::string>>{
             {"."}, {"#"}, {"# #", "# #"}, {"1073741824 1073741824 ."}, {". . . . . . . . . . . . . . . 2"}}) {
        const Level level = slide_test::slide_level(rows, 3);
        const KindOps& game = kind_ops(Kind::slide);
        const State s = game.start(level);
        for (Direction d : all_directions) game.play(level, s, Move{d});
        game.analyze(level, {}, {});
        EstimateOptions options;
        options.runs = 2;
        game.estimate(level, options, {}, nullptr);
    }
    Level wide = make_blank_level(Kind::slide, 256, 1);
    const KindOps& game = kind_ops(Kind::slide);
    const State s = game.start(wide);
    CHECK_FALSE(game.play(wide, s, Move{Direction::up}).legal);
    CHECK((game.play(wide, s, Move{Direction::left}).legal || game.play(wide, s, Move{Direction::right}).legal));
}

TEST_CASE("slide: a stopped estimate counts only whole games, never the one it interrupted") {
    // A 12x12 game to 65536 lasts tens of thousands of moves, far longer than the 30 ms before the
    // stop: the game under way when the stop comes is dropped, not counted as a loss.
    Level level = make_blank_level(Kind::slide, 12, 12);
    level.seed = 11;
    level.goal.as<slide::Goal>().target = 65536;
    EstimateOptions options;
    options.runs = 50;
    options.seed = 5;
    options.bot = "greedy";
    std::stop_source stop;
    std::jthread stopper([&stop] {
        std::this_thread::sleep_for(std::chrono::milliseconds(30));
        stop.request_stop();
    });
    const EstimateResult stopped = kind_ops(Kind::slide).estimate(level, options, stop.get_token(), nullptr);
    stopper.join();
    CHECK(stopped.cancelled);
    CHECK(stopped.runs == 0);
    CHECK(stopped.wins == 0);

    // Games that do finish before the stop are counted as they are in a whole run: stop once a few
    // have finished (watching the progress, so a slow sanitizer build behaves the same).
    Level quick = classic(32);
    options.runs = 100000;
    options.bot = "greedy";
    Progress progress;
    std::stop_source later;
    std::jthread stop_later([&later, &progress] {
        while (progress.fraction.load() * 100000 < 5) std::this_thread::sleep_for(std::chrono::milliseconds(1));
        later.request_stop();
    });
    const EstimateResult part = kind_ops(Kind::slide).estimate(quick, options, later.get_token(), &progress);
    stop_later.join();
    REQUIRE(part.runs >= 5);
    REQUIRE(part.runs < options.runs);
    options.runs = part.runs;
    const EstimateResult whole = kind_ops(Kind::slide).estimate(quick, options, {}, nullptr);
    CHECK(whole.wins == part.wins);
}

TEST_CASE("run_playouts drops an interrupted playout and stops its worker there") {
    auto outcomes = run_playouts(
        10, 1,
        [](int i) {
            PlayoutOutcome o;
            o.won = true;
            o.interrupted = i == 3;
            return o;
        },
        {}, nullptr);
    CHECK(outcomes.size() == 3);
}
