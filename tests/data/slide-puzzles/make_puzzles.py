# Draws the fixed slide puzzles (no spawns) of this folder and solves each with a plain
# breadth-first search written here, independent of tilelab's solver: meta.solution is its first
# shortest solution, meta.optimal_moves its length. Run: python3 make_puzzles.py (then tilelab fmt *.json).
import json, os, random
W = -1  # wall
def slide_line(line):
    out = []; i = 0; n = len(line); res = [0]*n; seg_start = 0
    # split at walls
    def do(seg):
        tiles = [v for v in seg if v > 0]; r = []; j = 0
        while j < len(tiles):
            if j + 1 < len(tiles) and tiles[j] == tiles[j+1]: r.append(tiles[j]*2); j += 2
            else: r.append(tiles[j]); j += 1
        return r + [0]*(len(seg)-len(r))
    k = 0
    while k < n:
        if line[k] == W: res[k] = W; k += 1; continue
        e = k
        while e < n and line[e] != W: e += 1
        res[k:e] = do(line[k:e]); k = e
    return res
def move(b, w, h, d):
    g = [list(b[y*w:(y+1)*w]) for y in range(h)]
    if d in ('left', 'right'):
        for y in range(h):
            row = g[y] if d == 'left' else g[y][::-1]
            row = slide_line(row)
            g[y] = row if d == 'left' else row[::-1]
    else:
        for x in range(w):
            col = [g[y][x] for y in range(h)]
            if d == 'down': col = col[::-1]
            col = slide_line(col)
            if d == 'down': col = col[::-1]
            for y in range(h): g[y][x] = col[y]
    return tuple(v for r in g for v in r)
DIRS = ['up', 'down', 'left', 'right']
def bfs(b, w, h, target, cap=200000):
    if max(b) >= target: return []
    par = {b: None}; fr = [b]
    while fr:
        nx = []
        for p in fr:
            for d in DIRS:
                q = move(p, w, h, d)
                if q == p or q in par: continue
                par[q] = (p, d)
                if max(q) >= target:
                    path = []; at = q
                    while par[at]: at, dd = par[at][0], par[at][1]; path.append(dd)
                    return path[::-1]
                nx.append(q)
                if len(par) > cap: return None
        fr = nx
    return None
rng = random.Random(33)
sizes = [(3,3),(3,3),(3,3),(3,3),(4,3),(3,4),(4,3),(4,4),(4,4),(4,4),(4,4),(4,4),(4,4),(3,3)]
levels = []
i = 0
while len(levels) < len(sizes):
    w, h = sizes[len(levels)]
    n = w*h
    walls = rng.choice([0, 0, 1, 2]) if n >= 12 else rng.choice([0, 1])
    ntiles = rng.randint(4, min(8, n - walls - 1))
    b = [0]*n
    cells = rng.sample(range(n), walls + ntiles)
    for c in cells[:walls]: b[c] = W
    for c in cells[walls:]: b[c] = rng.choice([2, 2, 2, 4, 4, 8])
    b = tuple(b)
    best = None
    for target in (64, 32, 16):
        if sum(v for v in b if v > 0) < target or max(b) >= target: continue
        sol = bfs(b, w, h, target)
        if sol is not None and 4 <= len(sol) <= 10:
            best = (target, sol); break
    if not best: continue
    target, sol = best
    slack = rng.choice([0, 0, 1, 2])
    k = len(levels) + 1
    rows = [' '.join('#' if v == W else ('.' if v == 0 else str(v)) for v in b[y*w:(y+1)*w]) for y in range(h)]
    lvl = {"format": "tilelab.level", "version": 3, "id": "slide-puzzle-%02d" % k, "name": "Puzzle %d" % k,
           "kind": "slide", "width": w, "height": h, "seed": 0, "rules": {"spawn": []},
           "goal": {"moves": len(sol) + slack, "target": target}, "board": rows,
           "meta": {"solution": sol, "optimal_moves": len(sol)}}
    levels.append(lvl)
    print(k, w, h, 'tiles', ntiles, 'walls', walls, 'target', target, 'optimal', len(sol), 'limit', len(sol)+slack)
for k, lvl in enumerate(levels, 1):
    json.dump(lvl, open(os.path.join(os.path.dirname(os.path.abspath(__file__)), '%02d.json' % k), 'w'), indent=2)
