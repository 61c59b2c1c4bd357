// tilelab for JavaScript (Node, browsers, Cocos): the C API (core/capi/tilelab.h) built to
// WebAssembly (js/tilelab.js and js/tilelab.wasm of a build made with `emcmake cmake`), wrapped
// in two classes. docs/runtimes.md "JavaScript".
//
//   const tilelab = await require('./tilelab-api.js').load(require('./tilelab.js'),
//                                                           {wasmBinary: fs.readFileSync('tilelab.wasm')});
//   const level = tilelab.Level.parse(text);          // Error: every problem, located; error.status
//   level.analyze(); level.estimate({runs: 1000});    // `tilelab analyze|estimate --json`, as objects
//   const game = level.newGame();
//   game.play('0,4:1,4');                             // true played, false illegal (game.why)
//   game.board; game.score; game.events; game.legalMoves; game.copy(); game.free(); level.free();
//   const text = game.save(); const again = level.restoreGame(text);  // a game saved mid-level
//   const bundle = tilelab.Bundle.parse(text);       // bundle.name, .count, .level(i), .summary(i)
'use strict';

// `createTilelab`: the factory js/tilelab.js exports (MODULARIZE); `options`: the module's settings,
// e.g. {wasmBinary: fs.readFileSync('js/tilelab.wasm')} in Node (whose global fetch the module
// would otherwise try on a file path). Returns {version, Level, Game}.
async function load(createTilelab, options = {}) {
    const m = await createTilelab(options);

    // A JS string as a NUL-terminated UTF-8 copy in the module's memory, for the call `use`.
    function withString(text, use) {
        const size = m.lengthBytesUTF8(text) + 1;
        const at = m._malloc(size);
        try {
            m.stringToUTF8(text, at, size);
            return use(at, size - 1);
        } finally {
            m._free(at);
        }
    }
    // A string the C API writes into a buffer: its length asked first (as snprintf).
    function take(get, handle) {
        const length = get(handle, 0, 0);
        const at = m._malloc(length + 1);
        try {
            get(handle, at, length + 1);
            return m.UTF8ToString(at, length);
        } finally {
            m._free(at);
        }
    }
    const lines = (text) => (text.length === 0 ? [] : text.split('\n'));
    // The C API names the text it read `unnamed` ("level", "bundle") in its messages: `name` instead.
    const renamed = (problems, unnamed, name) => problems.split('\n')
        .map((line) => (line.startsWith(unnamed + ': ') ? name + line.slice(unnamed.length) : line)).join('\n');

    // An Error with the C API's status name ("json", "invalid", "version", "argument", ...) as
    // `status`.
    function failure(status, message) {
        const error = new Error(message);
        error.status = m.UTF8ToString(m._tl_status_name(status));
        return error;
    }
    // A call of the C API that returns a status and writes its result through a pointer and its
    // message into a buffer: `call(out, err, errSize)`; the pointer written, or an Error (with
    // `status`) whose message `message(text)` makes.
    function withResult(call, message = (text) => text) {
        const errSize = 1 << 16;
        const err = m._malloc(errSize);
        const out = m._malloc(4);
        try {
            m.setValue(out, 0, 'i32');
            const status = call(out, err, errSize);
            if (status !== 0) throw failure(status, message(m.UTF8ToString(err)));
            return m.getValue(out, 'i32') >>> 0;
        } finally {
            m._free(out);
            m._free(err);
        }
    }
    // Text the C API allocated (tl_text_free): copied out, then freed.
    function own(at) {
        try {
            return m.UTF8ToString(at);
        } finally {
            m._tl_text_free(at);
        }
    }
    // A handle from tl_level_read or tl_bundle_read (`read`) of `text`; an Error holding every
    // problem, located and named `name`, when the text is not one.
    function loadText(read, text, unnamed, name) {
        return withString(text, (at, length) => withResult((out, err, errSize) => read(at, length, out, err, errSize),
            (problems) => renamed(problems, unnamed, name)));
    }

    class Game {
        constructor(handle) {
            if (!handle) throw new Error('tl_game_new: out of memory');
            this.handle = handle;
        }
        // Plays a move in the tool's syntax: true when played, false when illegal here (the game
        // is unchanged; `why` says why). Throws on a malformed move.
        play(move) {
            const r = withString(move, (at) => m._tl_game_play(this.handle, at));
            if (r === 2) throw new Error(`malformed move '${move}': ${this.why}`);
            return r === 0;
        }
        get why() { return m.UTF8ToString(m._tl_game_why(this.handle)); }
        get board() { return lines(take(m._tl_game_board, this.handle)); }
        get score() { return Number(m._tl_game_score(this.handle)); }
        get moves() { return m._tl_game_moves(this.handle); }
        get legalMoves() { return lines(take(m._tl_game_legal_moves, this.handle)); }
        // The last move's events, as `tilelab apply --json` prints them.
        get events() { return JSON.parse(take(m._tl_game_events, this.handle)); }
        copy() { return new Game(m._tl_game_copy(this.handle)); }
        // The game's state as text, for level.restoreGame (docs/runtimes.md "Saving a game").
        save() {
            const at = m._tl_game_save(this.handle);
            if (!at) throw new Error('tl_game_save: out of memory');
            return own(at);
        }
        free() {
            if (this.handle) m._tl_game_free(this.handle);
            this.handle = 0;
        }
    }

    class Level {
        constructor(handle) { this.handle = handle; }
        // Reads a level from its JSON text; throws an Error holding every problem, located.
        static parse(text, name = 'level') { return new Level(loadText(m._tl_level_read, text, 'level', name)); }
        get kind() { return m.UTF8ToString(m._tl_level_kind(this.handle)); }
        get width() { return m._tl_level_width(this.handle); }
        get height() { return m._tl_level_height(this.handle); }
        newGame() { return new Game(m._tl_game_new(this.handle)); }
        // A game of this level in the state `state` holds (game.save()'s text); an Error (with
        // `status`) when it is not one.
        restoreGame(state) {
            return new Game(withString(state, (at, length) =>
                withResult((out, err, errSize) => m._tl_game_restore(this.handle, at, length, out, err, errSize))));
        }
        // `tilelab analyze LEVEL --json` of the level's start, as an object.
        analyze(budgetMs = 2000) {
            return JSON.parse(own(withResult((out, err, errSize) => m._tl_level_analyze(this.handle, budgetMs, out, err, errSize))));
        }
        // `tilelab estimate LEVEL --json` with `options` ({runs, seed, bot, rollouts, precision,
        // curve_cap}: the flags of the same names), as an object. The module has no threads: the runs
        // are played on this one, and "threads" and "playout_budget_ms" are ignored.
        estimate(options = {}) {
            return JSON.parse(own(withString(JSON.stringify(options), (text) => withResult((out, err, errSize) =>
                m._tl_level_estimate(this.handle, text, 0, 0, out, err, errSize)))));
        }
        free() {
            if (this.handle) m._tl_level_free(this.handle);
            this.handle = 0;
        }
    }

    // A whole pack as `tilelab pack export` writes it.
    class Bundle {
        constructor(handle) { this.handle = handle; }
        // Reads a bundle from its JSON text; throws an Error holding every problem, located.
        static parse(text, name = 'bundle') { return new Bundle(loadText(m._tl_bundle_read, text, 'bundle', name)); }
        get name() { return m.UTF8ToString(m._tl_bundle_name(this.handle)); }
        get count() { return m._tl_bundle_count(this.handle); }
        // Level `index` as a Level of its own (free it; the bundle may go first).
        level(index) {
            const handle = m._tl_bundle_level(this.handle, index);
            if (!handle) throw new RangeError(`no level ${index} in the bundle`);
            return new Level(handle);
        }
        // Level `index`'s analysis summary (null when the bundle has none).
        summary(index) {
            const length = m._tl_bundle_summary(this.handle, index, 0, 0);
            const at = m._malloc(length + 1);
            try {
                m._tl_bundle_summary(this.handle, index, at, length + 1);
                return JSON.parse(m.UTF8ToString(at, length));
            } finally {
                m._free(at);
            }
        }
        free() {
            if (this.handle) m._tl_bundle_free(this.handle);
            this.handle = 0;
        }
    }

    return { version: m.UTF8ToString(m._tl_version()), Level, Bundle, Game };
}

module.exports = { load };
