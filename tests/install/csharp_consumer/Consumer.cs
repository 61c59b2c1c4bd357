// A game runtime in C#, as a Unity project would hold it: bindings/csharp/Tilelab.cs (P/Invoke
// over the installed libtilelab.so), run under Debian's Mono. Reads a level file, plays the moves
// given, and prints what tests/install/runtime_vectors.py compares (the C consumer's lines).
using System;
using Tilelab;

static class Consumer
{
    static int Main(string[] args)
    {
        if (args.Length < 1)
        {
            Console.Error.WriteLine("usage: consumer.exe LEVEL.json MOVE...");
            return 2;
        }
        // LEVEL.json MOVE..., or --bundle BUNDLE.json INDEX MOVE...: the level is the bundle's.
        Level level;
        try
        {
            if (args[0] == "--bundle")
            {
                using (Bundle bundle = Bundle.Load(args[1]))
                {
                    Console.WriteLine($"bundle '{bundle.Name}': {bundle.Count} levels");
                    level = bundle.Level(int.Parse(args[2]));
                }
                var rest = new string[args.Length - 2];
                Array.Copy(args, 2, rest, 0, rest.Length);
                args = rest;  // the moves follow the index, as they follow a level's file
            }
            else
            {
                level = Level.Load(args[0]);
            }
        }
        catch (LevelException e)
        {
            Console.WriteLine("error " + e.Message.Replace('\n', '|'));
            return 1;
        }
        Console.WriteLine($"tilelab {Level.Version}: {level.Kind} {level.Width}x{level.Height}");
        using (level)
        using (Game game = level.NewGame())
        using (Game saved = game.Copy())
        {
            string start = string.Join("|", game.Board);
            Console.WriteLine("start " + start);
            int played = 0, status = 0;
            for (int i = 1; i < args.Length; ++i)
            {
                PlayResult r = game.Play(args[i]);
                if (r == PlayResult.Malformed)
                {
                    Console.WriteLine($"malformed {i - 1} {game.Why}");
                    return 2;
                }
                if (r == PlayResult.Illegal)
                {
                    Console.WriteLine($"illegal {i - 1} {game.Why}");
                    status = 1;
                    break;
                }
                Console.WriteLine($"events {i - 1} {game.EventsJson}");
                ++played;
            }
            string board = string.Join("|", game.Board);
            Console.WriteLine("board " + board);
            Console.WriteLine("score " + game.Score);
            Console.WriteLine("moves " + game.Moves);
            // The copy made at the start is a saved state: still the start, and the same moves
            // played on it reach the same board.
            string savedStart = string.Join("|", saved.Board);
            for (int i = 0; i < played; ++i) saved.Play(args[i + 1]);
            Console.WriteLine("copy " + (savedStart == start && string.Join("|", saved.Board) == board ? "same" : "differs"));
            Console.WriteLine($"legal {string.Join("\n", game.LegalMoves).Length} bytes");
            return status;
        }
    }
}
