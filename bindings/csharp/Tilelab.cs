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

    // A level that is not one: the message holds every problem, one a line, located.
    public class LevelException : Exception
    {
        public LevelException(string message) : base(message) { }
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
            IntPtr level = Native.tl_level_load(bytes, (UIntPtr)bytes.Length, err, (UIntPtr)err.Length);
            if (level == IntPtr.Zero) throw new LevelException(Native.Problems(err, name, "level"));
            return new Level(level);
        }

        internal static Level Own(IntPtr handle) => new Level(handle);

        public static Level Load(string path) => Parse(File.ReadAllText(path), path);

        public string Kind => Native.Utf8(Native.tl_level_kind(handle));
        public int Width => Native.tl_level_width(handle);
        public int Height => Native.tl_level_height(handle);

        // A game at the level's start (its random cells drawn from the level's seed).
        public Game NewGame() => new Game(Native.tl_game_new(handle));

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
            IntPtr bundle = Native.tl_bundle_load(bytes, (UIntPtr)bytes.Length, err, (UIntPtr)err.Length);
            if (bundle == IntPtr.Zero) throw new LevelException(Native.Problems(err, name, "bundle"));
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
        // A copy of the game as it is now: a saved state.
        public Game Copy() => new Game(Native.tl_game_copy(handle));

        public void Dispose()
        {
            if (handle != IntPtr.Zero) Native.tl_game_free(handle);
            handle = IntPtr.Zero;
            GC.SuppressFinalize(this);
        }
        ~Game() { if (handle != IntPtr.Zero) Native.tl_game_free(handle); }
    }
}
