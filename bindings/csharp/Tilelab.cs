// tilelab for C# (Unity, Mono, .NET): P/Invoke over the C API of libtilelab.so (core/capi/tilelab.h).
// Copy this file and libtilelab.so (Unity: Assets/Plugins) into the project. docs/runtimes.md "C#".
using System;
using System.IO;
using System.Runtime.InteropServices;
using System.Text;

namespace Tilelab
{
    internal static class Native
    {
        const string Lib = "tilelab";
        [DllImport(Lib)] public static extern IntPtr tl_version();
        [DllImport(Lib)] public static extern IntPtr tl_level_load(byte[] bytes, UIntPtr len, byte[] err, UIntPtr errLen);
        [DllImport(Lib)] public static extern void tl_level_free(IntPtr level);
        [DllImport(Lib)] public static extern IntPtr tl_level_kind(IntPtr level);
        [DllImport(Lib)] public static extern int tl_level_width(IntPtr level);
        [DllImport(Lib)] public static extern int tl_level_height(IntPtr level);
        [DllImport(Lib)] public static extern IntPtr tl_bundle_load(byte[] bytes, UIntPtr len, byte[] err, UIntPtr errLen);
        [DllImport(Lib)] public static extern void tl_bundle_free(IntPtr bundle);
        [DllImport(Lib)] public static extern IntPtr tl_bundle_name(IntPtr bundle);
        [DllImport(Lib)] public static extern int tl_bundle_count(IntPtr bundle);
        [DllImport(Lib)] public static extern IntPtr tl_bundle_level(IntPtr bundle, int index);
        [DllImport(Lib)] public static extern UIntPtr tl_bundle_summary(IntPtr bundle, int index, byte[] text, UIntPtr len);
        [DllImport(Lib)] public static extern IntPtr tl_game_new(IntPtr level);
        [DllImport(Lib)] public static extern IntPtr tl_game_copy(IntPtr game);
        [DllImport(Lib)] public static extern void tl_game_free(IntPtr game);
        [DllImport(Lib)] public static extern int tl_game_play(IntPtr game, byte[] move);
        [DllImport(Lib)] public static extern IntPtr tl_game_why(IntPtr game);
        [DllImport(Lib)] public static extern UIntPtr tl_game_board(IntPtr game, byte[] text, UIntPtr len);
        [DllImport(Lib)] public static extern long tl_game_score(IntPtr game);
        [DllImport(Lib)] public static extern int tl_game_moves(IntPtr game);
        [DllImport(Lib)] public static extern UIntPtr tl_game_legal_moves(IntPtr game, byte[] text, UIntPtr len);
        [DllImport(Lib)] public static extern UIntPtr tl_game_events(IntPtr game, byte[] text, UIntPtr len);
        [DllImport(Lib)] public static extern UIntPtr tl_game_event_count(IntPtr game);
        [DllImport(Lib)] public static extern int tl_game_event(IntPtr game, UIntPtr index, out NativeEvent e);
        [DllImport(Lib)] public static extern int tl_game_event_group(IntPtr game, UIntPtr index, UIntPtr group, out IntPtr cells, out UIntPtr count, out long points);
        [DllImport(Lib)] public static extern IntPtr tl_status_name(int status);
        [DllImport(Lib)] public static extern void tl_text_free(IntPtr text);
        [DllImport(Lib)] public static extern int tl_level_read(byte[] bytes, UIntPtr len, out IntPtr level, byte[] err, UIntPtr errLen);
        [DllImport(Lib)] public static extern int tl_bundle_read(byte[] bytes, UIntPtr len, out IntPtr bundle, byte[] err, UIntPtr errLen);
        [DllImport(Lib)] public static extern IntPtr tl_game_save(IntPtr game);
        [DllImport(Lib)] public static extern int tl_game_restore(IntPtr level, byte[] text, UIntPtr len, out IntPtr game, byte[] err, UIntPtr errLen);
        [DllImport(Lib)] public static extern int tl_level_analyze(IntPtr level, int budgetMs, out IntPtr json, byte[] err, UIntPtr errLen);
        [UnmanagedFunctionPointer(CallingConvention.Cdecl)] public delegate int ProgressFn(double done, IntPtr user);
        [DllImport(Lib)] public static extern int tl_level_estimate(IntPtr level, byte[] options, ProgressFn progress, IntPtr user, out IntPtr json, byte[] err, UIntPtr errLen);

        // Text the library allocated (tl_text_free): copied out, then freed.
        public static string Own(IntPtr text)
        {
            string s = Utf8(text);
            tl_text_free(text);
            return s;
        }

        // tilelab.h's tl_event, field for field.
        [StructLayout(LayoutKind.Sequential)]
        public struct NativeEvent
        {
            public int type;
            public IntPtr name;
            public int step;
            public Cell a, b;
            public long value;
            public int id, other, into, flag;
            public IntPtr token;
            public IntPtr cells;
            public UIntPtr cellCount;
            public IntPtr jelly;
            public UIntPtr jellyCount;
            public UIntPtr groupCount;
            public int lastStep;
            public long cleared, jellyLayers, falls, spawns;
        }

        // `count` tl_cells at `at` (none when NULL).
        public static Cell[] Cells(IntPtr at, ulong count)
        {
            var cells = new Cell[at == IntPtr.Zero ? 0 : (int)count];
            for (int i = 0; i < cells.Length; ++i)
                cells[i] = new Cell(Marshal.ReadInt32(at, 8 * i), Marshal.ReadInt32(at, 8 * i + 4));
            return cells;
        }

        // The message beside a status.
        public static string Message(byte[] err) => Encoding.UTF8.GetString(err, 0, Array.IndexOf(err, (byte)0));

        public delegate UIntPtr Getter(IntPtr game, byte[] text, UIntPtr len);

        // A NUL-terminated UTF-8 string the library owns.
        public static string Utf8(IntPtr p)
        {
            if (p == IntPtr.Zero) return "";
            int n = 0;
            while (Marshal.ReadByte(p, n) != 0) ++n;
            var bytes = new byte[n];
            Marshal.Copy(p, bytes, 0, n);
            return Encoding.UTF8.GetString(bytes);
        }

        public static byte[] CString(string s)
        {
            var bytes = Encoding.UTF8.GetBytes(s);
            Array.Resize(ref bytes, bytes.Length + 1);
            return bytes;
        }

        // A string the library writes into a buffer: its length asked first (as snprintf).
        public static string Take(Getter get, IntPtr game)
        {
            ulong n = (ulong)get(game, null, UIntPtr.Zero);
            var buffer = new byte[n + 1];
            get(game, buffer, (UIntPtr)(n + 1));
            return Encoding.UTF8.GetString(buffer, 0, (int)n);
        }

        public static string[] Lines(string text) => text.Length == 0 ? new string[0] : text.Split('\n');

        // The problems tl_level_load or tl_bundle_load wrote, the text named `name`.
        public static string Problems(byte[] err, string name, string unnamed)
        {
            var lines = Encoding.UTF8.GetString(err, 0, Array.IndexOf(err, (byte)0)).Split('\n');
            for (int i = 0; i < lines.Length; ++i)
                if (lines[i].StartsWith(unnamed + ": ")) lines[i] = name + lines[i].Substring(unnamed.Length);
            return string.Join("\n", lines);
        }
    }

    // A cell (x from the left, y from the top, both from 0), as tilelab.h's tl_cell.
    [StructLayout(LayoutKind.Sequential)]
    public struct Cell
    {
        public int X, Y;
        public Cell(int x, int y) { X = x; Y = y; }
        public override string ToString() => $"[{X},{Y}]";
    }

    // tilelab.h's tl_event_type: the events of each kind (docs/runtimes.md "Events").
    public enum EventType
    {
        Swap = 0, Clear = 1, Fall = 2, Spawn = 3, Summary = 4,                          // match3
        Combo = 5, Fired = 6, Unlocked = 7, CrateHit = 8, Created = 9, Collected = 10,  // match3, format 2
        Remove = 11, Cleared = 12, Stuck = 13,                                          // link
        Shift = 14, Closed = 15,                                                        // lines
        TileMove = 16, TileMerge = 17, TileSpawn = 18,                                  // slide
        Reshuffle = 19                                                                  // collapse
    }

    // One match group of a Clear event: its cells and the points they scored.
    public struct ClearGroup
    {
        public Cell[] Cells;
        public long Points;
    }

    // One event of a move, typed: each field holds what tilelab.h's tl_event says for the type, and
    // is 0, null or empty for the others.
    public sealed class Event
    {
        public EventType Type;
        public string Name;      // the JSON's "type": "swap", "clear", ..., "move", "merge", "spawn"
        public int Step;         // match3: the resolution step (summary: the first); lines shift: -1 or +1
        public Cell A, B;        // swap, combo, remove: the two cells; fall, tile move: from, to; else A: the cell
        public long Value;       // spawn: colour; crate_hit: hp left; clear, summary: points; remove: turns;
                                 // shift: the index; tile merge, tile spawn: the value
        public int Id, Other, Into;  // slide: the tile; merge: nearer, farther, the new tile
        public bool Flag;        // closed: new; summary: cascade capped; shift: a column
        public string Token;     // fired, created: the item's token
        public Cell[] Cells;     // clear (format 2): cleared; combo, fired: the area; remove: the path; closed: the group
        public Cell[] Jelly;     // clear: the cells that lost a jelly layer
        public ClearGroup[] Groups;  // clear: its match groups
        public int LastStep;     // summary
        public long Cleared, JellyLayers, Falls, Spawns;  // summary
    }

    // What a call that can fail says (tilelab.h's tl_status).
    public enum Status { Ok = 0, Argument = 1, Json = 2, Invalid = 3, Version = 4, Memory = 5, Unsupported = 6, Internal = 7 }

    // A level, bundle or saved game that is not one, or a call refused: the message holds every
    // problem, one a line, located; Status says which kind of failure.
    public class LevelException : Exception
    {
        public Status Status { get; }
        public LevelException(string message, Status status = Status.Invalid) : base(message) { Status = status; }
        // "ok", "argument", "json", "invalid", "version", ... as the C API names them.
        public string StatusName => Native.Utf8(Native.tl_status_name((int)Status));
    }

    // IL2CPP (Unity's AOT compiler) calls back into C# only through static methods marked so; the
    // attribute is matched by name, so this one serves outside Unity too.
    [AttributeUsage(AttributeTargets.Method)]
    sealed class MonoPInvokeCallbackAttribute : Attribute
    {
        public MonoPInvokeCallbackAttribute(Type type) { }
    }

    public enum PlayResult { Played = 0, Illegal = 1, Malformed = 2 }

    public sealed class Level : IDisposable
    {
        IntPtr handle;
        Level(IntPtr handle) { this.handle = handle; }

        public static string Version => Native.Utf8(Native.tl_version());

        // Reads a level from its JSON text (any format version the tool reads).
        public static Level Parse(string json, string name = "level")
        {
            var bytes = Encoding.UTF8.GetBytes(json);
            var err = new byte[1 << 16];
            int status = Native.tl_level_read(bytes, (UIntPtr)bytes.Length, out IntPtr level, err, (UIntPtr)err.Length);
            if (status != 0) throw new LevelException(Native.Problems(err, name, "level"), (Status)status);
            return new Level(level);
        }

        internal static Level Own(IntPtr handle) => new Level(handle);

        public static Level Load(string path) => Parse(File.ReadAllText(path), path);

        public string Kind => Native.Utf8(Native.tl_level_kind(handle));
        public int Width => Native.tl_level_width(handle);
        public int Height => Native.tl_level_height(handle);

        // A game at the level's start (its random cells drawn from the level's seed).
        public Game NewGame() => new Game(Native.tl_game_new(handle));

        // A game of this level in the state `state` holds (Game.Save's text); LevelException when
        // the text is not a state of this level.
        public Game RestoreGame(string state)
        {
            var bytes = Encoding.UTF8.GetBytes(state);
            var err = new byte[1 << 16];
            int status = Native.tl_game_restore(handle, bytes, (UIntPtr)bytes.Length, out IntPtr game, err, (UIntPtr)err.Length);
            if (status != 0) throw new LevelException(Native.Message(err), (Status)status);
            return new Game(game);
        }

        // `tilelab analyze LEVEL --json --budget-ms BUDGET` of the level's start: the same JSON.
        public string AnalyzeJson(int budgetMs = 2000)
        {
            var err = new byte[1 << 12];
            int status = Native.tl_level_analyze(handle, budgetMs, out IntPtr json, err, (UIntPtr)err.Length);
            if (status != 0) throw new LevelException(Native.Message(err), (Status)status);
            return Native.Own(json);
        }

        [MonoPInvokeCallback(typeof(Native.ProgressFn))]
        static int Report(double done, IntPtr user)
        {
            var progress = (Func<double, bool>)GCHandle.FromIntPtr(user).Target;
            return progress(done) ? 0 : 1;
        }
        static readonly Native.ProgressFn report = Report;

        // `tilelab estimate LEVEL --json` with the options `optionsJson` gives ({"runs": 1000,
        // "seed": 0, "bot": ..., "threads": 1, ...}; null for the defaults): the same JSON.
        // `progress` (may be null) is called about every 100 ms with the share of runs done, on
        // this thread; returning false stops the estimate (its JSON then says "cancelled").
        public string EstimateJson(string optionsJson = null, Func<double, bool> progress = null)
        {
            var err = new byte[1 << 12];
            GCHandle user = progress != null ? GCHandle.Alloc(progress) : default(GCHandle);
            try
            {
                int status = Native.tl_level_estimate(handle, optionsJson == null ? null : Native.CString(optionsJson),
                                                      progress != null ? report : null,
                                                      progress != null ? GCHandle.ToIntPtr(user) : IntPtr.Zero, out IntPtr json, err,
                                                      (UIntPtr)err.Length);
                if (status != 0) throw new LevelException(Native.Message(err), (Status)status);
                return Native.Own(json);
            }
            finally
            {
                if (user.IsAllocated) user.Free();
            }
        }

        public void Dispose()
        {
            if (handle != IntPtr.Zero) Native.tl_level_free(handle);
            handle = IntPtr.Zero;
            GC.SuppressFinalize(this);
        }
        ~Level() { if (handle != IntPtr.Zero) Native.tl_level_free(handle); }
    }

    // A whole pack as `tilelab pack export` writes it: its levels in pack order.
    public sealed class Bundle : IDisposable
    {
        IntPtr handle;
        Bundle(IntPtr handle) { this.handle = handle; }

        public static Bundle Parse(string json, string name = "bundle")
        {
            var bytes = Encoding.UTF8.GetBytes(json);
            var err = new byte[1 << 16];
            int status = Native.tl_bundle_read(bytes, (UIntPtr)bytes.Length, out IntPtr bundle, err, (UIntPtr)err.Length);
            if (status != 0) throw new LevelException(Native.Problems(err, name, "bundle"), (Status)status);
            return new Bundle(bundle);
        }

        public static Bundle Load(string path) => Parse(File.ReadAllText(path), path);

        public string Name => Native.Utf8(Native.tl_bundle_name(handle));
        public int Count => Native.tl_bundle_count(handle);
        // Level `index` as a level of its own (dispose it; the bundle may go first).
        public Level Level(int index)
        {
            IntPtr level = Native.tl_bundle_level(handle, index);
            if (level == IntPtr.Zero) throw new ArgumentOutOfRangeException(nameof(index));
            return Tilelab.Level.Own(level);
        }
        // Level `index`'s analysis summary, JSON as the bundle holds it ("null" when none).
        public string SummaryJson(int index)
        {
            ulong n = (ulong)Native.tl_bundle_summary(handle, index, null, UIntPtr.Zero);
            var buffer = new byte[n + 1];
            Native.tl_bundle_summary(handle, index, buffer, (UIntPtr)(n + 1));
            return Encoding.UTF8.GetString(buffer, 0, (int)n);
        }

        public void Dispose()
        {
            if (handle != IntPtr.Zero) Native.tl_bundle_free(handle);
            handle = IntPtr.Zero;
            GC.SuppressFinalize(this);
        }
        ~Bundle() { if (handle != IntPtr.Zero) Native.tl_bundle_free(handle); }
    }

    public sealed class Game : IDisposable
    {
        IntPtr handle;
        internal Game(IntPtr handle)
        {
            if (handle == IntPtr.Zero) throw new OutOfMemoryException("tl_game_new");
            this.handle = handle;
        }

        // Plays a move in the tool's syntax ("x1,y1:x2,y2", "row:Y:left", "up", ...).
        public PlayResult Play(string move) => (PlayResult)Native.tl_game_play(handle, Native.CString(move));
        // Why the last Play did not play.
        public string Why => Native.Utf8(Native.tl_game_why(handle));
        // The board's rows as the level format writes them.
        public string[] Board => Native.Lines(Native.Take(Native.tl_game_board, handle));
        public long Score => Native.tl_game_score(handle);
        public int Moves => Native.tl_game_moves(handle);
        public string[] LegalMoves => Native.Lines(Native.Take(Native.tl_game_legal_moves, handle));
        // The last move's events as JSON, as `tilelab apply --json` prints them (parse with any JSON library).
        public string EventsJson => Native.Take(Native.tl_game_events, handle);
        // The last move's events, typed (the same as EventsJson).
        public Event[] Events
        {
            get
            {
                var events = new Event[(int)(ulong)Native.tl_game_event_count(handle)];
                for (int i = 0; i < events.Length; ++i)
                {
                    Native.tl_game_event(handle, (UIntPtr)i, out Native.NativeEvent n);
                    var e = new Event
                    {
                        Type = (EventType)n.type, Name = Native.Utf8(n.name), Step = n.step, A = n.a, B = n.b, Value = n.value,
                        Id = n.id, Other = n.other, Into = n.into, Flag = n.flag != 0,
                        Token = n.token == IntPtr.Zero ? null : Native.Utf8(n.token),
                        Cells = Native.Cells(n.cells, (ulong)n.cellCount), Jelly = Native.Cells(n.jelly, (ulong)n.jellyCount),
                        Groups = new ClearGroup[(int)(ulong)n.groupCount], LastStep = n.lastStep, Cleared = n.cleared,
                        JellyLayers = n.jellyLayers, Falls = n.falls, Spawns = n.spawns
                    };
                    for (int g = 0; g < e.Groups.Length; ++g)
                    {
                        Native.tl_game_event_group(handle, (UIntPtr)i, (UIntPtr)g, out IntPtr cells, out UIntPtr count, out long points);
                        e.Groups[g] = new ClearGroup { Cells = Native.Cells(cells, (ulong)count), Points = points };
                    }
                    events[i] = e;
                }
                return events;
            }
        }
        // A copy of the game as it is now: a saved state.
        public Game Copy() => new Game(Native.tl_game_copy(handle));
        // The game's state as text, to store when the player leaves mid-level; Level.RestoreGame
        // reads it back (docs/runtimes.md "Saving a game").
        public string Save()
        {
            IntPtr text = Native.tl_game_save(handle);
            if (text == IntPtr.Zero) throw new OutOfMemoryException("tl_game_save");
            return Native.Own(text);
        }

        public void Dispose()
        {
            if (handle != IntPtr.Zero) Native.tl_game_free(handle);
            handle = IntPtr.Zero;
            GC.SuppressFinalize(this);
        }
        ~Game() { if (handle != IntPtr.Zero) Native.tl_game_free(handle); }
    }
}
