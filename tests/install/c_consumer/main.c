/* A game runtime in C, built against the installed tilelab.h and libtilelab.so alone
 * (`pkg-config --cflags --libs tilelab`): reads a level file, plays the moves given, and prints
 * what tests/install/runtime_vectors.py compares with the conformance vectors and `tilelab apply`.
 * With --analyze FILE or --estimate OPTIONS FILE first, it writes the level's analysis or estimate
 * there (compared with `tilelab analyze --json` and `tilelab estimate --json`). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tilelab.h>

static char* read_file(const char* path, size_t* len) {
    FILE* f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char* bytes = malloc((size_t)size + 1);
    *len = fread(bytes, 1, (size_t)size, f);
    fclose(f);
    return bytes;
}

/* A string the library writes: asked for its length first, then written whole. */
static char* take(size_t (*get)(const tl_game*, char*, size_t), const tl_game* game) {
    size_t n = get(game, NULL, 0);
    char* text = malloc(n + 1);
    get(game, text, n + 1);
    return text;
}

static char* board_line(const tl_game* game) {
    char* board = take(tl_game_board, game);
    for (char* c = board; *c; ++c)
        if (*c == '\n') *c = '|';
    return board;
}

/* The last move's events written as JSON from the typed events alone (tl_game_event), in the
 * shapes the docs give: runtime_vectors.py compares them with tl_game_events' JSON. */
static void put_cell(FILE* out, tl_cell c) { fprintf(out, "[%d,%d]", c.x, c.y); }
static void put_cells(FILE* out, const tl_cell* cells, size_t n) {
    fputc('[', out);
    for (size_t i = 0; i < n; ++i) {
        if (i) fputc(',', out);
        put_cell(out, cells[i]);
    }
    fputc(']', out);
}
static void print_typed(const tl_game* game, int move) {
    printf("typed %d [", move);
    for (size_t i = 0; i < tl_game_event_count(game); ++i) {
        tl_event e;
        if (tl_game_event(game, i, &e) != 0) {
            printf("\"tl_game_event failed\"");
            break;
        }
        printf("%s{\"type\":\"%s\"", i ? "," : "", e.name);
        switch (e.type) {
        case TL_EVENT_SWAP:
        case TL_EVENT_COMBO:
        case TL_EVENT_REMOVE:
            if (e.type == TL_EVENT_COMBO) printf(",\"step\":%d", e.step);
            printf(",\"a\":");
            put_cell(stdout, e.a);
            printf(",\"b\":");
            put_cell(stdout, e.b);
            if (e.type == TL_EVENT_COMBO) {
                printf(",\"area\":");
                put_cells(stdout, e.cells, e.cell_count);
            }
            if (e.type == TL_EVENT_REMOVE) {
                printf(",\"turns\":%lld,\"path\":", e.value);
                put_cells(stdout, e.cells, e.cell_count);
            }
            break;
        case TL_EVENT_CLEAR:
            printf(",\"step\":%d,\"groups\":[", e.step);
            for (size_t g = 0; g < e.group_count; ++g) {
                const tl_cell* cells = NULL;
                size_t n = 0;
                long long points = 0;
                tl_game_event_group(game, i, g, &cells, &n, &points);
                printf("%s{\"cells\":", g ? "," : "");
                put_cells(stdout, cells, n);
                printf(",\"points\":%lld}", points);
            }
            printf("]");
            if (e.cells) {
                printf(",\"cells\":");
                put_cells(stdout, e.cells, e.cell_count);
            }
            printf(",\"points\":%lld,\"jelly\":", e.value);
            put_cells(stdout, e.jelly, e.jelly_count);
            break;
        case TL_EVENT_FALL:
        case TL_EVENT_TILE_MOVE:
            if (e.type == TL_EVENT_FALL) printf(",\"step\":%d", e.step);
            else printf(",\"id\":%d", e.id);
            printf(",\"from\":");
            put_cell(stdout, e.a);
            printf(",\"to\":");
            put_cell(stdout, e.b);
            break;
        case TL_EVENT_SPAWN:
            printf(",\"step\":%d,\"cell\":", e.step);
            put_cell(stdout, e.a);
            printf(",\"color\":%lld", e.value);
            break;
        case TL_EVENT_SUMMARY:
            printf(",\"first_step\":%d,\"last_step\":%d,\"points\":%lld,\"cleared\":%lld,\"jelly\":%lld,\"falls\":%lld,"
                   "\"spawns\":%lld,\"cascade_capped\":%s",
                   e.step, e.last_step, e.value, e.cleared, e.jelly_layers, e.falls, e.spawns, e.flag ? "true" : "false");
            break;
        case TL_EVENT_FIRED:
        case TL_EVENT_CREATED:
        case TL_EVENT_UNLOCKED:
        case TL_EVENT_CRATE_HIT:
        case TL_EVENT_COLLECTED:
            printf(",\"step\":%d,\"cell\":", e.step);
            put_cell(stdout, e.a);
            if (e.token) printf(",\"token\":\"%s\"", e.token);
            if (e.type == TL_EVENT_FIRED) {
                printf(",\"area\":");
                put_cells(stdout, e.cells, e.cell_count);
            }
            if (e.type == TL_EVENT_CRATE_HIT) printf(",\"hp\":%lld", e.value);
            break;
        case TL_EVENT_CLEARED:
        case TL_EVENT_STUCK:
            break;
        case TL_EVENT_SHIFT:
            printf(",\"axis\":\"%s\",\"index\":%lld,\"step\":%d", e.flag ? "col" : "row", e.value, e.step);
            break;
        case TL_EVENT_CLOSED:
            printf(",\"cells\":");
            put_cells(stdout, e.cells, e.cell_count);
            printf(",\"new\":%s", e.flag ? "true" : "false");
            break;
        case TL_EVENT_TILE_MERGE:
            printf(",\"ids\":[%d,%d],\"into\":%d,\"cell\":", e.id, e.other, e.into);
            put_cell(stdout, e.a);
            printf(",\"value\":%lld", e.value);
            break;
        case TL_EVENT_TILE_SPAWN:
            printf(",\"id\":%d,\"cell\":", e.id);
            put_cell(stdout, e.a);
            printf(",\"value\":%lld", e.value);
            break;
        case TL_EVENT_RESHUFFLE:
            printf(",\"attempts\":%lld,\"found\":%s", e.value, e.flag ? "true" : "false");
            break;
        }
        printf("}");
    }
    printf("]\n");
}

static int write_text(const char* path, const char* text) {
    FILE* f = fopen(path, "wb");
    if (!f) return 0;
    fputs(text, f);
    return fclose(f) == 0;
}

/* Stops an estimate at its first report of progress: the result then says "cancelled". */
static int stop_at_once(double done, void* user) {
    (void)done;
    ++*(int*)user;
    return 1;
}

int main(int argc, char** argv) {
    /* [--analyze FILE | --estimate OPTIONS FILE] LEVEL.json MOVE..., or --bundle BUNDLE.json INDEX
     * MOVE...: the level is the bundle's. */
    const char* analyze_to = NULL;
    const char* estimate_options = NULL;
    const char* estimate_to = NULL;
    if (argc > 2 && strcmp(argv[1], "--analyze") == 0) {
        analyze_to = argv[2];
        argv += 2;
        argc -= 2;
    } else if (argc > 3 && strcmp(argv[1], "--estimate") == 0) {
        estimate_options = argv[2];
        estimate_to = argv[3];
        argv += 3;
        argc -= 3;
    }
    const int bundled = argc > 1 && strcmp(argv[1], "--bundle") == 0;
    if (argc < (bundled ? 4 : 2)) {
        fprintf(stderr, "usage: c_consumer LEVEL.json MOVE... | --bundle BUNDLE.json INDEX MOVE...\n");
        return 2;
    }
    const char* path = argv[bundled ? 2 : 1];
    size_t len = 0;
    char* bytes = read_file(path, &len);
    if (!bytes) {
        fprintf(stderr, "cannot read %s\n", path);
        return 2;
    }
    char err[4096];
    tl_level* level = NULL;
    if (bundled) {
        tl_bundle* bundle = tl_bundle_load(bytes, len, err, sizeof err);
        if (bundle) {
            level = tl_bundle_level(bundle, atoi(argv[3]));
            printf("bundle '%s': %d levels\n", tl_bundle_name(bundle), tl_bundle_count(bundle));
            tl_bundle_free(bundle); /* the level is a copy of its own */
            if (!level) snprintf(err, sizeof err, "no level %s in the bundle", argv[3]);
        }
    } else {
        tl_status read = tl_level_read(bytes, len, &level, err, sizeof err);
        if (read != TL_OK) {
            for (char* c = err; *c; ++c)
                if (*c == '\n') *c = '|';
            printf("error %s %s\n", tl_status_name(read), err);
            free(bytes);
            return 1;
        }
    }
    free(bytes);
    if (!level) {
        for (char* c = err; *c; ++c)
            if (*c == '\n') *c = '|';
        printf("error %s\n", err);
        return 1;
    }
    if (analyze_to || estimate_to) {
        char* text = NULL;
        tl_status r = analyze_to ? tl_level_analyze(level, 2000, &text, err, sizeof err)
                                 : tl_level_estimate(level, estimate_options, NULL, NULL, &text, err, sizeof err);
        printf("%s %s %s\n", analyze_to ? "analyze" : "estimate", tl_status_name(r), r == TL_OK ? "" : err);
        if (r == TL_OK && !write_text(analyze_to ? analyze_to : estimate_to, text)) return 2;
        tl_text_free(text);
        if (estimate_to && r == TL_OK) {
            /* Stopped at the first report: fewer runs than asked, and it says so. */
            int calls = 0;
            r = tl_level_estimate(level, "{\"runs\": 1000000, \"threads\": 1}", stop_at_once, &calls, &text, err, sizeof err);
            printf("stopped %s %s calls %d\n", tl_status_name(r), r == TL_OK && strstr(text, "\"cancelled\": true") ? "cancelled" : "ran", calls);
            tl_text_free(text);
        }
        tl_level_free(level);
        return r == TL_OK ? 0 : 1;
    }
    /* The moves follow the level's file (and the bundle's index). */
    argv += bundled ? 2 : 0;
    argc -= bundled ? 2 : 0;
    printf("tilelab %s: %s %dx%d\n", tl_version(), tl_level_kind(level), tl_level_width(level), tl_level_height(level));
    tl_game* game = tl_game_new(level);
    tl_level_free(level); /* the game keeps what it needs */
    tl_game* saved = tl_game_copy(game);
    const int half = (argc - 2) / 2;
    char* halfway = half == 0 ? tl_game_save(game) : NULL; /* tl_game_save's text after half the moves */
    char* start = board_line(game);
    printf("start %s\n", start);
    int played = 0, status = 0;
    for (int i = 2; i < argc; ++i) {
        int r = tl_game_play(game, argv[i]);
        if (r == 2) {
            printf("malformed %d %s\n", i - 2, tl_game_why(game));
            return 2;
        }
        if (r == 1) {
            printf("illegal %d %s\n", i - 2, tl_game_why(game));
            status = 1;
            break;
        }
        if (i - 2 + 1 == half) halfway = tl_game_save(game);
        char* events = take(tl_game_events, game);
        printf("events %d %s\n", i - 2, events);
        print_typed(game, i - 2);
        free(events);
        ++played;
    }
    char* board = board_line(game);
    printf("board %s\nscore %lld\nmoves %d\n", board, tl_game_score(game), tl_game_moves(game));
    /* The copy made at the start is a saved state: it is still the start, and the same moves
     * played on it reach the same board. */
    char* saved_start = board_line(saved);
    for (int i = 0; i < played; ++i) tl_game_play(saved, argv[i + 2]);
    char* replayed = board_line(saved);
    printf("copy %s\n", strcmp(saved_start, start) == 0 && strcmp(replayed, board) == 0 ? "same" : "differs");
    /* The state saved halfway, read back against the level read anew (as a runtime started again
     * has it), plays the rest of the moves to the same board and score. */
    tl_game* restored = NULL;
    char* level_text = read_file(path, &len);
    tl_level* again = NULL;
    if (!bundled) tl_level_read(level_text, len, &again, err, sizeof err);
    free(level_text);
    if (again && halfway) {
        tl_status r = tl_game_restore(again, halfway, strlen(halfway), &restored, err, sizeof err);
        if (r != TL_OK) {
            printf("restore %s %s\n", tl_status_name(r), err);
        } else {
            for (int i = half; i < played; ++i) tl_game_play(restored, argv[i + 2]);
            char* after = board_line(restored);
            printf("restore %s\n", strcmp(after, board) == 0 && tl_game_score(restored) == tl_game_score(game) ? "same" : "differs");
            free(after);
            tl_game_free(restored);
        }
        /* Cut short, the state is refused with its code. */
        r = tl_game_restore(again, halfway, strlen(halfway) / 2, &restored, err, sizeof err);
        printf("restore-cut %s\n", tl_status_name(r));
    }
    tl_level_free(again);
    free(halfway);
    char* legal = take(tl_game_legal_moves, game);
    printf("legal %zu bytes\n", strlen(legal));
    free(legal);
    free(start);
    free(board);
    free(saved_start);
    free(replayed);
    tl_game_free(saved);
    tl_game_free(game);
    return status;
}
