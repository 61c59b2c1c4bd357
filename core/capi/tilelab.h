/* tilelab's C API: load a level and play it with the very rules of the tool and the editor, from
 * C or any language that calls C (C# P/Invoke, Python ctypes, ...). C99; no exception, no C++
 * type crosses it. Library: libtilelab.so (pkg-config name `tilelab`). docs/runtimes.md "C".
 *
 * Strings the library writes into a caller's buffer follow snprintf: at most out_len - 1 bytes
 * and a NUL when out_len > 0; the return value is the whole length (without the NUL), so a call
 * with out_len 0 asks for the size.
 *
 * Threads: a tl_level and a tl_bundle are never changed after they are read, so any number of
 * threads may use one at once (start games, analyze, estimate); a tl_game is used by one thread at
 * a time. */
#ifndef TILELAB_H
#define TILELAB_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* What a call that can fail says: 0 for success, a code per cause, a message beside it. */
typedef enum tl_status {
    TL_OK = 0,
    TL_ERROR_ARGUMENT = 1,    /* a NULL where an object is needed, an option out of range, a malformed option text */
    TL_ERROR_JSON = 2,        /* the text is not JSON (its message says the line and column) */
    TL_ERROR_INVALID = 3,     /* JSON, but not a valid level, bundle or state (its messages name the place) */
    TL_ERROR_VERSION = 4,     /* a format version newer than this library reads */
    TL_ERROR_MEMORY = 5,      /* out of memory */
    TL_ERROR_UNSUPPORTED = 6, /* the kind has no such analysis (estimate of a lines level) */
    TL_ERROR_INTERNAL = 7     /* anything else the core reported (its message says what) */
} tl_status;

/* The code's name: "ok", "argument", "json", "invalid", "version", "memory", "unsupported",
 * "internal"; "unknown" for any other value. */
const char* tl_status_name(int status);

/* Text the library allocated for the caller (analyses, estimates, saved games): free it with
 * tl_text_free. */
void tl_text_free(char* text);

typedef struct tl_level tl_level; /* a level as read: immutable */
typedef struct tl_game tl_game;   /* a game in play: its state, from the level's start */

/* The library's version, "MAJOR.MINOR.PATCH". */
const char* tl_version(void);

/* Reads a level from its JSON text (`len` bytes, any format version the tool reads). NULL when
 * the text is not a valid level: then every problem, one a line and located as the tool reports
 * it ("level: error: /board/2: row has 5 cells, width is 6"), is written into `err` (may be
 * NULL). */
tl_level* tl_level_load(const char* bytes, size_t len, char* err, size_t err_len);
/* tl_level_load with a status: *out is the level (TL_OK) or NULL (any other code). */
tl_status tl_level_read(const char* bytes, size_t len, tl_level** out, char* err, size_t err_len);
void tl_level_free(tl_level* level);
/* "match3", "link", "lines" or "slide". */
const char* tl_level_kind(const tl_level* level);
int tl_level_width(const tl_level* level);
int tl_level_height(const tl_level* level);

typedef struct tl_bundle tl_bundle; /* a whole pack as `tilelab pack export` writes it */

/* Reads a bundle from its JSON text. NULL when it is not a valid bundle: every problem, located
 * ("bundle: error: /levels/3/board/2: row has 5 cells, width is 6"), is written into `err`. */
tl_bundle* tl_bundle_load(const char* bytes, size_t len, char* err, size_t err_len);
/* tl_bundle_load with a status: *out is the bundle (TL_OK) or NULL (any other code). */
tl_status tl_bundle_read(const char* bytes, size_t len, tl_bundle** out, char* err, size_t err_len);
void tl_bundle_free(tl_bundle* bundle);
/* The pack's name; owned by the bundle. */
const char* tl_bundle_name(const tl_bundle* bundle);
/* How many levels it holds. */
int tl_bundle_count(const tl_bundle* bundle);
/* Level `index` (0 .. count - 1, in pack order) as a level of its own, which the caller frees
 * with tl_level_free; NULL when `index` is out of range. */
tl_level* tl_bundle_level(const tl_bundle* bundle, int index);
/* Level `index`'s analysis summary as the bundle holds it, JSON ("null" when it has none). */
size_t tl_bundle_summary(const tl_bundle* bundle, int index, char* out, size_t out_len);

/* A game at the level's start (its random cells drawn from the level's seed); NULL when out of
 * memory. The game keeps what it needs of the level: the level may be freed first. */
tl_game* tl_game_new(const tl_level* level);
/* A copy of the game as it is now: a saved state. The copy and the game play on independently. */
tl_game* tl_game_copy(const tl_game* game);
void tl_game_free(tl_game* game);

/* Plays one move written as the tool writes moves: "x1,y1:x2,y2" (match3 swaps, link pairs),
 * "row:Y:left|right" or "col:X:up|down" (lines), "up|down|left|right" (slide). Returns 0 when
 * played, 1 when illegal here (the game is unchanged), 2 when malformed; tl_game_why says why. */
int tl_game_play(tl_game* game, const char* move);
/* Why the last tl_game_play did not play ("" after a move played). Valid until the next call. */
const char* tl_game_why(const tl_game* game);

/* The board's rows as the level format writes them ("0 1 2 . #"), joined by '\n'. */
size_t tl_game_board(const tl_game* game, char* out, size_t out_len);
long long tl_game_score(const tl_game* game);
/* Moves played since the start. */
int tl_game_moves(const tl_game* game);
/* The legal moves now, in the tool's order, one a line as tl_game_play takes them. */
size_t tl_game_legal_moves(const tl_game* game, char* out, size_t out_len);
/* What the last move played did, to animate: a JSON array of the events `tilelab apply --json`
 * prints for that move (without their "move" index), "[]" before any move; tl_game_event gives the
 * same events typed. docs/match3.md, link.md, lines.md and slide.md list each kind's events. */
size_t tl_game_events(const tl_game* game, char* out, size_t out_len);

/* ---- The last move's events, typed (docs/runtimes.md "Events") -------------------------------
 * One tl_event per event, in the order tl_game_events lists them; each field says what it holds for
 * which types, and is 0 (or NULL) for the others. Pointers in an event stay valid until the game's
 * next tl_game_play or tl_game_free. */
typedef struct tl_cell {
    int x, y;
} tl_cell;

typedef enum tl_event_type {
    /* match3 (format 1 and 2) */
    TL_EVENT_SWAP = 0,
    TL_EVENT_CLEAR = 1,
    TL_EVENT_FALL = 2,
    TL_EVENT_SPAWN = 3,
    TL_EVENT_SUMMARY = 4,
    /* match3, format 2 */
    TL_EVENT_COMBO = 5,
    TL_EVENT_FIRED = 6,
    TL_EVENT_UNLOCKED = 7,
    TL_EVENT_CRATE_HIT = 8,
    TL_EVENT_CREATED = 9,
    TL_EVENT_COLLECTED = 10,
    /* link */
    TL_EVENT_REMOVE = 11,
    TL_EVENT_CLEARED = 12,
    TL_EVENT_STUCK = 13,
    /* lines */
    TL_EVENT_SHIFT = 14,
    TL_EVENT_CLOSED = 15,
    /* slide */
    TL_EVENT_TILE_MOVE = 16,
    TL_EVENT_TILE_MERGE = 17,
    TL_EVENT_TILE_SPAWN = 18,
    /* a dead board shuffled (collapse) */
    TL_EVENT_RESHUFFLE = 19
} tl_event_type;

typedef struct tl_event {
    tl_event_type type;
    const char* name;     /* the JSON's "type": "swap", "clear", ..., "move", "merge", "spawn" */
    int step;             /* match3: the resolution step of the move, from 1 (summary: its first step);
                             lines shift: -1 (left, up) or +1 (right, down) */
    tl_cell a;            /* swap, combo, remove: the first cell; fall, tile move: from; spawn, fired,
                             unlocked, crate_hit, created, collected, tile merge, tile spawn: the cell */
    tl_cell b;            /* swap, combo, remove: the second cell; fall, tile move: to */
    long long value;      /* spawn: the colour; crate_hit: hit points left; clear, summary: points;
                             remove: turns; shift: the row's or column's index; tile merge, tile spawn:
                             the tile's value; reshuffle: the shuffles made */
    int id;               /* tile move, tile spawn: the tile; tile merge: the tile nearer the wall */
    int other;            /* tile merge: the tile that joined it */
    int into;             /* tile merge: the new tile */
    int flag;             /* closed: the shift made the group (JSON "new"); summary: cascade_capped;
                             shift: 1 for a column, 0 for a row; reshuffle: a legal move was found */
    const char* token;    /* fired, created: the item's token ("2h", "*"); NULL for the others */
    const tl_cell* cells; /* clear: every cell the step cleared (format 2; NULL in format 1); combo,
                             fired: the area; remove: the path; closed: the group */
    size_t cell_count;
    const tl_cell* jelly; /* clear: the cells that lost a jelly layer */
    size_t jelly_count;
    size_t group_count;                             /* clear: its match groups (tl_game_event_group) */
    int last_step;                                  /* summary: the last step summed up */
    long long cleared, jelly_layers, falls, spawns; /* summary: cells, layers, falls and pieces */
} tl_event;

/* How many events the last move played has (0 before any move). */
size_t tl_game_event_count(const tl_game* game);
/* Event `index` into *out: 0, or 1 when `index` is out of range (*out untouched). */
int tl_game_event(const tl_game* game, size_t index, tl_event* out);
/* Match group `group` of clear event `index`: its cells (sorted) and the points they scored. 0, or 1
 * when there is no such group. */
int tl_game_event_group(const tl_game* game, size_t index, size_t group, const tl_cell** cells, size_t* count, long long* points);

/* The game's state as text (one line of JSON, docs/runtimes.md "Saving a game"): what a runtime
 * stores when the player leaves mid-level. The generator's state is in it: the game restored plays
 * on exactly as this one would, refills and spawns included. Free it with tl_text_free; NULL when
 * out of memory. */
char* tl_game_save(const tl_game* game);
/* A game of `level` in the state `text` (tl_game_save's, `len` bytes) holds. The state is checked
 * against the level: its id and size, each cell a token of the level's kind, each layer within
 * the level's. *out is the game (TL_OK) or NULL, with the problem located in `err`
 * ("state: /board/2: row has 5 cells, width is 6"). */
tl_status tl_game_restore(const tl_level* level, const char* text, size_t len, tl_game** out, char* err, size_t err_len);

/* `tilelab analyze LEVEL --json --budget-ms BUDGET_MS` of the level's start, the same bytes (without
 * the final newline): the overlays, the solver's verdict, the problems (docs/cli.md). `budget_ms`
 * bounds the solvers (link, lines; 0 to 3600000, as the flag). *json is the text, freed with
 * tl_text_free. */
tl_status tl_level_analyze(const tl_level* level, int budget_ms, char** json, char* err, size_t err_len);

/* Called about every 100 ms while an estimate runs, with the share of runs done (0 to 1); return
 * nonzero to stop it (the result then has the runs finished so far and says "cancelled"). */
typedef int (*tl_progress_fn)(double done, void* user);

/* `tilelab estimate LEVEL --json` with the options `options_json` gives, the same bytes (without the
 * final newline): the pass rate, its interval, the curve, the problems (docs/cli.md). Options (a JSON
 * object, every key optional; NULL or "" for none): "runs" (1000), "seed" (0), "bot" (the kind's
 * default), "rollouts", "threads" (1), "playout_budget_ms" (120000; 0: none), "precision" (0: every
 * run), "curve_cap" (twice the move limit), as the command line's flags of the same names.
 * TL_ERROR_UNSUPPORTED for a lines level (its difficulty is the solver's, tl_level_analyze).
 * `progress` may be NULL. In the WebAssembly module, which has no threads, the runs are played on
 * the calling thread, "threads" and "playout_budget_ms" are ignored and `progress` is not called. */
tl_status tl_level_estimate(const tl_level* level, const char* options_json, tl_progress_fn progress, void* user, char** json,
                            char* err, size_t err_len);

#ifdef __cplusplus
}
#endif

#endif /* TILELAB_H */
