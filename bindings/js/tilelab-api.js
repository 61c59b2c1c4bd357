// tilelab for JavaScript (Node, browsers, Cocos): the C API (core/capi/tilelab.h) built to
// WebAssembly (js/tilelab.js and js/tilelab.wasm of a build made with `emcmake cmake`), wrapped
// in two classes. docs/runtimes.md "JavaScript".
//
//   const tilelab = await require('./tilelab-api.js').load(require('./tilelab.js'),
//                                                           {wasmBinary: fs.readFileSync('tilelab.wasm')});
//   const level = tilelab.Level.parse(text);          // Error: every problem, located
//   const game = level.newGame();
//   game.play('0,4:1,4');                             // true played, false illegal (game.why)
//   game.board; game.score; game.events; game.legalMoves; game.copy(); game.free(); level.free();
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

    // A handle from tl_level_load or tl_bundle_load (`load`) of `text`; an Error holding every
    // problem, located and named `name`, when the text is not one.
    function loadText(load, text, unnamed, name) {
        const errSize = 1 << 16;
        const err = m._malloc(errSize);
        try {
            const handle = withString(text, (at, length) => load(at, length, err, errSize));
            if (!handle) throw new Error(renamed(m.UTF8ToString(err), unnamed, name));
            return handle;
        } finally {
            m._free(err);
        }
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
        free() {
            if (this.handle) m._tl_game_free(this.handle);
            this.handle = 0;
        }
    }

    class Level {
        constructor(handle) { this.handle = handle; }
        // Reads a level from its JSON text; throws an Error holding every problem, located.
        static parse(text, name = 'level') { return new Level(loadText(m._tl_level_load, text, 'level', name)); }
        get kind() { return m.UTF8ToString(m._tl_level_kind(this.handle)); }
        get width() { return m._tl_level_width(this.handle); }
        get height() { return m._tl_level_height(this.handle); }
        newGame() { return new Game(m._tl_game_new(this.handle)); }
        free() {
            if (this.handle) m._tl_level_free(this.handle);
            this.handle = 0;
        }
    }

    // A whole pack as `tilelab pack export` writes it.
    class Bundle {
        constructor(handle) { this.handle = handle; }
        // Reads a bundle from its JSON text; throws an Error holding every problem, located.
        static parse(text, name = 'bundle') { return new Bundle(loadText(m._tl_bundle_load, text, 'bundle', name)); }
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
