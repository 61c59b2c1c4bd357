/* A game runtime in C, built against the installed tilelab.h and libtilelab.so alone
 * (`pkg-config --cflags --libs tilelab`): reads a level file, plays the moves given, and prints
 * what tests/install/c_vectors.py compares with the conformance vectors and `tilelab apply`. */
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

int main(int argc, char** argv) {
    /* LEVEL.json MOVE..., or --bundle BUNDLE.json INDEX MOVE...: the level is the bundle's. */
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
        level = tl_level_load(bytes, len, err, sizeof err);
    }
    free(bytes);
    if (!level) {
        for (char* c = err; *c; ++c)
            if (*c == '\n') *c = '|';
        printf("error %s\n", err);
        return 1;
    }
    /* The moves follow the level's file (and the bundle's index). */
    argv += bundled ? 2 : 0;
    argc -= bundled ? 2 : 0;
    printf("tilelab %s: %s %dx%d\n", tl_version(), tl_level_kind(level), tl_level_width(level), tl_level_height(level));
    tl_game* game = tl_game_new(level);
    tl_level_free(level); /* the game keeps what it needs */
    tl_game* saved = tl_game_copy(game);
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
        char* events = take(tl_game_events, game);
        printf("events %d %s\n", i - 2, events);
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
