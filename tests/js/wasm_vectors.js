// The WebAssembly build under Node: bindings/js/tilelab-api.js over js/tilelab.js plays every case
// of the play vectors, as the C and C# consumers do (tests/install/runtime_vectors.py): start
// boards, boards, scores, first illegal moves, each move's events against `tilelab apply --json`,
// copies as saved states, games saved as text halfway and restored; sample levels' analyses and
// estimates against the command line's; a broken level, each status and a malformed move are refused.
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
                // Saved as text halfway and read back against the level read anew, it plays on the same.
                const half = Math.floor(events.length / 2);
                const again = tilelab.Level.parse(JSON.stringify(c.level));
                const halfway = again.newGame();
                for (let i = 0; i < half; ++i) halfway.play(c.moves[i]);
                const restored = again.restoreGame(halfway.save());
                for (let i = half; i < events.length; ++i) restored.play(c.moves[i]);
                if (!same(restored.board, game.board) || restored.score !== game.score) failures.push(`${where}: the game restored halfway`);
                restored.free();
                halfway.free();
                again.free();
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
        // Each status: a newer format, a text that is not JSON, a state cut short.
        for (const [text, status] of [['{"format": "tilelab.level", "version": 9}', 'version'], ['{"format": ', 'json']]) {
            try {
                tilelab.Level.parse(text);
                failures.push(`${text} was read`);
            } catch (e) {
                if (e.status !== status) failures.push(`${text}: status ${e.status}, expected ${status}`);
            }
        }
        try {
            slide.restoreGame(game.save().slice(0, 30));
            failures.push('a state cut short was read');
        } catch (e) {
            if (e.status !== 'json') failures.push(`a state cut short: status ${e.status}`);
        }
        // Two sample levels of each kind: the analysis and the estimate are the command line's.
        const samples = path.resolve(__dirname, '../../levels/samples');
        let analysed = 0;
        for (const kind of fs.readdirSync(samples).sort()) {
            for (const name of fs.readdirSync(path.join(samples, kind)).sort().slice(0, 2)) {
                const file = path.join(samples, kind, name);
                const level = tilelab.Level.parse(fs.readFileSync(file, 'utf8'));
                const cliAnalysis = JSON.parse(execFileSync(cli, ['analyze', file, '--json', '--budget-ms', '2000'], { encoding: 'utf8' }));
                if (!same(level.analyze(2000), cliAnalysis)) failures.push(`${kind}/${name}: the analysis differs from tilelab analyze's`);
                if (kind === 'lines') {
                    try {
                        level.estimate({ runs: 10 });
                        failures.push(`${kind}/${name}: an estimate of a lines level`);
                    } catch (e) {
                        if (e.status !== 'unsupported') failures.push(`${kind}/${name}: status ${e.status}`);
                    }
                } else {
                    const cliEstimate = JSON.parse(execFileSync(cli, ['estimate', file, '--json', '--runs', '30', '--seed', '5',
                        '--threads', '1'], { encoding: 'utf8' }));
                    if (!same(level.estimate({ runs: 30, seed: 5 }), cliEstimate)) failures.push(`${kind}/${name}: the estimate differs from tilelab estimate's`);
                }
                level.free();
                ++analysed;
            }
        }
        counts.push(`${analysed} sample levels analysed and estimated`);
    } finally {
        fs.rmSync(work, { recursive: true, force: true });
    }
    for (const f of failures.slice(0, 20)) console.log('FAIL:', f);
    if (failures.length) {
        console.log(`${failures.length} failures`);
        process.exit(1);
    }
    console.log(`WebAssembly (tilelab ${tilelab.version}, Node ${process.version}): ${counts.join(', ')}: start boards, boards, ` +
        "scores, illegal moves, every move's events and games restored halfway equal, analyses and estimates the command " +
        "line's; a broken level, a newer format, text that is not JSON and a malformed move refused");
})().catch((e) => {
    console.log('FAIL:', e.stack || e);
    process.exit(1);
});
