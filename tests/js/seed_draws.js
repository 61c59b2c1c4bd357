#!/usr/bin/env node
// A web runtime's view of the seed (docs/randomness.md, docs/format.md "seed"): reads levels with
// JSON.parse, as a JavaScript or Cocos runtime does, reproduces match3's '?' draws with BigInt
// splitmix64, and compares them with what `tilelab apply` printed (the conformance vectors).
// Then it checks that a seed above 2^53, which JSON.parse would round as a number, reaches a
// runtime exactly: `tilelab fmt` writes it as a string, and the draws from it match `tilelab apply`.
// Usage: seed_draws.js TILELAB_CLI TEST_DATA_DIR
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { execFileSync } = require('child_process');

const [cli, dataDir] = process.argv.slice(2);
if (!cli || !dataDir) {
  console.error('usage: seed_draws.js TILELAB_CLI TEST_DATA_DIR');
  process.exit(2);
}

const MASK = (1n << 64n) - 1n;
class Rng {
  constructor(seed) { this.state = BigInt.asUintN(64, seed); }
  next() {
    this.state = (this.state + 0x9E3779B97F4A7C15n) & MASK;
    let z = this.state;
    z = ((z ^ (z >> 30n)) * 0xBF58476D1CE4E5B9n) & MASK;
    z = ((z ^ (z >> 27n)) * 0x94D049BB133111EBn) & MASK;
    return z ^ (z >> 31n);
  }
  uniform(n) { return Number((this.next() >> 32n) % BigInt(n)); }
}

// The level's seed as a BigInt: a number must be a safe integer (else JSON.parse has already
// rounded it), a string is taken digit for digit.
function seedOf(level) {
  const s = level.seed === undefined ? 0 : level.seed;
  if (typeof s === 'string') {
    if (!/^(0|[1-9][0-9]{0,19})$/.test(s)) throw new Error(`seed "${s}" is not a decimal integer`);
    return BigInt(s);
  }
  if (!Number.isSafeInteger(s) || s < 0) throw new Error(`seed ${s} is not exact in a double`);
  return BigInt(s);
}

// match3's start draws (docs/match3.md, "Randomness" step 1). Returns null when the drawn board
// has a run, whose start resolution (cascades, refills) this test does not play.
function drawStart(level) {
  const colors = level.rules.colors;
  const k = level.rules.min_match || 3;
  const cells = level.board.map((row) => row.split(' '));
  const h = cells.length, w = cells[0].length;
  const value = (x, y) => (x >= 0 && y >= 0 && /^[0-9]+$/.test(cells[y][x]) ? Number(cells[y][x]) : -1);
  const rng = new Rng(seedOf(level));
  for (let y = 0; y < h; ++y) {
    for (let x = 0; x < w; ++x) {
      if (cells[y][x] !== '?') continue;
      const allowed = [];
      for (let c = 0; c < colors; ++c) {
        let left = true, up = true;
        for (let i = 1; i < k; ++i) {
          if (value(x - i, y) !== c) left = false;
          if (value(x, y - i) !== c) up = false;
        }
        if (!left && !up) allowed.push(c);
      }
      cells[y][x] = String(allowed.length ? allowed[rng.uniform(allowed.length)] : rng.uniform(colors));
    }
  }
  for (let y = 0; y < h; ++y) {
    for (let x = 0; x < w; ++x) {
      const c = value(x, y);
      if (c < 0) continue;
      let right = 0, down = 0;
      while (value(x + right, y) === c) ++right;
      while (y + down < h && value(x, y + down) === c) ++down;
      if (right >= k || down >= k) return null;
    }
  }
  return cells.map((row) => row.join(' '));
}

let checked = 0, failed = 0, skipped = 0;
function expectEqual(what, got, want) {
  ++checked;
  if (JSON.stringify(got) !== JSON.stringify(want)) {
    ++failed;
    console.log(`FAIL ${what}\n  got  ${JSON.stringify(got)}\n  want ${JSON.stringify(want)}`);
  }
}

// 1. Every match3 play vector, read with JSON.parse.
const vectors = JSON.parse(fs.readFileSync(path.join(dataDir, 'vectors', 'match3_play.json'), 'utf8'));
let stringSeeds = 0;
vectors.cases.forEach((c, i) => {
  if (typeof c.level.seed === 'string') ++stringSeeds;
  const drawn = drawStart(c.level);
  if (drawn === null) { ++skipped; return; }
  expectEqual(`match3_play.json case ${i} (seed ${c.level.seed}): start board`, drawn, c.expect.start_board);
});
if (stringSeeds < 2) {
  ++failed;
  console.log(`FAIL match3_play.json has ${stringSeeds} cases with a seed above 2^53 written as a string (want 2)`);
}

// 2. A level written by an older tilelab with a seed above 2^53 as a number: JSON.parse rounds it,
// `tilelab fmt` rewrites it as a string, and the draws from that string are tilelab's.
const bigSeed = '11467685115684020839';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tilelab-js-seed-'));
try {
  const file = path.join(dir, 'big.json');
  const rows = Array.from({ length: 8 }, () => '? ? ? ? ? ? ? ?');
  fs.writeFileSync(file, `{"format": "tilelab.level", "version": 2, "id": "big-seed", "name": "", "kind": "match3",
    "width": 8, "height": 8, "seed": ${bigSeed}, "rules": {"colors": 5}, "board": ${JSON.stringify(rows)}}\n`);
  const rounded = JSON.parse(fs.readFileSync(file, 'utf8')).seed;
  expectEqual('JSON.parse rounds a seed above 2^53 written as a number', String(BigInt(rounded)) !== bigSeed, true);
  execFileSync(cli, ['fmt', file]);
  const text = fs.readFileSync(file, 'utf8');
  const level = JSON.parse(text);
  expectEqual('fmt writes the seed as a string of its digits', level.seed, bigSeed);
  expectEqual('fmt of the string form is a fixed point', execFileSync(cli, ['fmt', '--check', file]).length >= 0, true);
  expectEqual('the string form survives JSON.parse and JSON.stringify', JSON.parse(JSON.stringify(level)).seed, bigSeed);
  const applied = JSON.parse(execFileSync(cli, ['apply', file, '--json']).toString());
  const drawn = drawStart(level);
  if (drawn === null) { ++failed; console.log('FAIL the big-seed board drew a run (pick another seed)'); }
  else expectEqual('draws from the string seed equal tilelab apply', drawn, applied.start_board);
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}

console.log(`seed_draws.js: ${checked} checks, ${failed} failed, ${skipped} vector cases skipped (a run at start)`);
if (checked < 25) { console.log(`FAIL only ${checked} checks ran`); process.exit(1); }
process.exit(failed ? 1 : 0);
