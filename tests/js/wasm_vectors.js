// The WebAssembly build under Node: bindings/js/tilelab-api.js over js/tilelab.js plays every case
// of the play vectors, as the C and C# consumers do (tests/install/runtime_vectors.py): start
// boards, boards, scores, first illegal moves, each move's events against `tilelab apply --json`,
// copies as saved states; a broken level and a malformed move are refused.
// Usage: node wasm_vectors.js WASM_BUILD_DIR TILELAB VECTOR_DIR
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

const [wasmDir, cli, vectors] = process.argv.slice(2);
const failures = [];
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

(async () => {
    const api = require(path.resolve(__dirname, '../../bindings/js/tilelab-api.js'));
    const tilelab = await api.load(require(path.resolve(wasmDir, 'js/tilelab.js')),
        { wasmBinary: fs.readFileSync(path.resolve(wasmDir, 'js/tilelab.wasm')) });
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'tilelab-wasm-'));
    const levelPath = path.join(work, 'level.json');
    const counts = [];
    try {
        for (const name of ['match3_play', 'match3v2_play', 'slide_play']) {
            const cases = JSON.parse(fs.readFileSync(path.join(vectors, `${name}.json`), 'utf8')).cases;
            counts.push(`${name} ${cases.length} cases`);
            // Every case's level in one bundle too: odd cases play the bundle's level, even ones their own text's.
            const bundle = tilelab.Bundle.parse(JSON.stringify({ format: 'tilelab.bundle', version: 1, name,
                levels: cases.map((c) => c.level) }));
            if (bundle.name !== name || bundle.count !== cases.length || bundle.summary(0) !== null) failures.push(`${name}: the bundle`);
            cases.forEach((c, n) => {
                const where = `${name} case ${n}`;
                const level = n % 2 ? bundle.level(n) : tilelab.Level.parse(JSON.stringify(c.level));
                const game = level.newGame();
                level.free();  // the game keeps what it needs
                const expect = c.expect;
                if (expect.start_board && !same(game.board, expect.start_board)) failures.push(`${where}: start board`);
                const saved = game.copy();
                const events = [];
                let illegal = null;
                for (let i = 0; i < c.moves.length; ++i) {
                    if (!game.play(c.moves[i])) {
                        illegal = i;
                        break;
                    }
                    events.push(game.events);
                }
                if (!same(game.board, expect.board)) failures.push(`${where}: board ${game.board.join('|')}`);
                if (game.score !== expect.score) failures.push(`${where}: score ${game.score}, expected ${expect.score}`);
                if (illegal !== expect.illegal) failures.push(`${where}: illegal ${illegal}, expected ${expect.illegal}`);
                fs.writeFileSync(levelPath, JSON.stringify(c.level));
                let out;
                try {
                    out = execFileSync(cli, ['apply', levelPath, ...c.moves, '--json'], { encoding: 'utf8' });
                } catch (e) {
                    out = e.stdout;  // exit 1 after an illegal move, the JSON still printed
                }
                const applied = JSON.parse(out).events;
                events.forEach((got, i) => {
                    const want = applied.filter((e) => e.move === i).map(({ move, ...rest }) => rest);
                    if (!same(got, want)) failures.push(`${where}: move ${i}'s events differ from tilelab apply's`);
                });
                if (expect.start_board && !same(saved.board, expect.start_board)) failures.push(`${where}: the copy moved`);
                events.forEach((_, i) => saved.play(c.moves[i]));
                if (!same(saved.board, game.board)) failures.push(`${where}: the copy replays to another board`);
                saved.free();
                game.free();
            });
            bundle.free();
        }
        // A broken bundle: an Error naming the place.
        try {
            tilelab.Bundle.parse('{"format": "tilelab.bundle", "version": 1, "name": "B", "levels": [7]}', 'b.json');
            failures.push('a broken bundle was read');
        } catch (e) {
            if (!e.message.includes('b.json: error: /levels/0')) failures.push(`a broken bundle: ${e.message}`);
        }
        // A broken level: an Error naming the place; a malformed move: an Error.
        try {
            tilelab.Level.parse('{"format": "tilelab.level", "version": 2, "kind": "slide", "id": "x", "name": "x", ' +
                '"width": 3, "height": 2, "seed": 1, "board": [". . .", ". ."], "goal": {"target": 8}}', 'broken.json');
            failures.push('a broken level was read');
        } catch (e) {
            if (!e.message.includes('broken.json: error: /board/1: ')) failures.push(`a broken level: ${e.message}`);
        }
        const slide = tilelab.Level.parse(JSON.stringify(JSON.parse(fs.readFileSync(path.join(vectors, 'slide_play.json'))).cases[0].level));
        const game = slide.newGame();
        try {
            game.play('sideways');
            failures.push('a malformed move was played');
        } catch (e) {
            if (!e.message.startsWith("malformed move 'sideways'")) failures.push(`a malformed move: ${e.message}`);
        }
    } finally {
        fs.rmSync(work, { recursive: true, force: true });
    }
    for (const f of failures.slice(0, 20)) console.log('FAIL:', f);
    if (failures.length) {
        console.log(`${failures.length} failures`);
        process.exit(1);
    }
    console.log(`WebAssembly (tilelab ${tilelab.version}, Node ${process.version}): ${counts.join(', ')}: start boards, boards, ` +
        "scores, illegal moves and every move's events equal; a broken level and a malformed move refused");
})().catch((e) => {
    console.log('FAIL:', e.stack || e);
    process.exit(1);
});
