// A game runtime in C#, as a Unity project would hold it: bindings/csharp/Tilelab.cs (P/Invoke
// over the installed libtilelab.so), run under Debian's Mono. Reads a level file, plays the moves
// given, and prints what tests/install/runtime_vectors.py compares (the C consumer's lines).
using System;
using System.IO;
using Tilelab;

static class Consumer
{
    // The last move's events written as JSON from the typed events alone (Game.Events), in the
    // shapes the docs give: runtime_vectors.py compares them with EventsJson.
    static string Cells(Cell[] cells) => "[" + string.Join(",", Array.ConvertAll(cells, c => c.ToString())) + "]";
    static string Typed(Game game)
    {
        var parts = new System.Collections.Generic.List<string>();
        foreach (Event e in game.Events)
        {
            var f = new System.Text.StringBuilder($"{{\"type\":\"{e.Name}\"");
            switch (e.Type)
            {
                case EventType.Swap: f.Append($",\"a\":{e.A},\"b\":{e.B}"); break;
                case EventType.Combo: f.Append($",\"step\":{e.Step},\"a\":{e.A},\"b\":{e.B},\"area\":{Cells(e.Cells)}"); break;
                case EventType.Remove: f.Append($",\"a\":{e.A},\"b\":{e.B},\"turns\":{e.Value},\"path\":{Cells(e.Cells)}"); break;
                case EventType.Clear:
                    f.Append($",\"step\":{e.Step},\"groups\":[" +
                             string.Join(",", Array.ConvertAll(e.Groups, g => $"{{\"cells\":{Cells(g.Cells)},\"points\":{g.Points}}}")) + "]");
                    if (e.Cells.Length > 0) f.Append($",\"cells\":{Cells(e.Cells)}");
                    f.Append($",\"points\":{e.Value},\"jelly\":{Cells(e.Jelly)}");
                    break;
                case EventType.Fall: f.Append($",\"step\":{e.Step},\"from\":{e.A},\"to\":{e.B}"); break;
                case EventType.TileMove: f.Append($",\"id\":{e.Id},\"from\":{e.A},\"to\":{e.B}"); break;
                case EventType.Spawn: f.Append($",\"step\":{e.Step},\"cell\":{e.A},\"color\":{e.Value}"); break;
                case EventType.Summary:
                    f.Append($",\"first_step\":{e.Step},\"last_step\":{e.LastStep},\"points\":{e.Value},\"cleared\":{e.Cleared}," +
                             $"\"jelly\":{e.JellyLayers},\"falls\":{e.Falls},\"spawns\":{e.Spawns},\"cascade_capped\":{(e.Flag ? "true" : "false")}");
                    break;
                case EventType.Fired: f.Append($",\"step\":{e.Step},\"cell\":{e.A},\"token\":\"{e.Token}\",\"area\":{Cells(e.Cells)}"); break;
                case EventType.Created: f.Append($",\"step\":{e.Step},\"cell\":{e.A},\"token\":\"{e.Token}\""); break;
                case EventType.Unlocked:
                case EventType.Collected: f.Append($",\"step\":{e.Step},\"cell\":{e.A}"); break;
                case EventType.CrateHit: f.Append($",\"step\":{e.Step},\"cell\":{e.A},\"hp\":{e.Value}"); break;
                case EventType.Shift: f.Append($",\"axis\":\"{(e.Flag ? "col" : "row")}\",\"index\":{e.Value},\"step\":{e.Step}"); break;
                case EventType.Closed: f.Append($",\"cells\":{Cells(e.Cells)},\"new\":{(e.Flag ? "true" : "false")}"); break;
                case EventType.TileMerge: f.Append($",\"ids\":[{e.Id},{e.Other}],\"into\":{e.Into},\"cell\":{e.A},\"value\":{e.Value}"); break;
                case EventType.TileSpawn: f.Append($",\"id\":{e.Id},\"cell\":{e.A},\"value\":{e.Value}"); break;
                case EventType.Reshuffle: f.Append($",\"attempts\":{e.Value},\"found\":{(e.Flag ? "true" : "false")}"); break;
            }
            parts.Add(f.Append("}").ToString());
        }
        return "[" + string.Join(",", parts) + "]";
    }

    static string[] Rest(string[] args, int from)
    {
        var rest = new string[args.Length - from];
        Array.Copy(args, from, rest, 0, rest.Length);
        return rest;
    }

    static int Main(string[] args)
    {
        if (args.Length < 1)
        {
            Console.Error.WriteLine("usage: consumer.exe LEVEL.json MOVE...");
            return 2;
        }
        // [--analyze FILE | --estimate OPTIONS FILE] LEVEL.json MOVE..., or --bundle BUNDLE.json
        // INDEX MOVE...: the level is the bundle's.
        string analyzeTo = null, estimateOptions = null, estimateTo = null;
        if (args.Length > 2 && args[0] == "--analyze")
        {
            analyzeTo = args[1];
            args = Rest(args, 2);
        }
        else if (args.Length > 3 && args[0] == "--estimate")
        {
            estimateOptions = args[1];
            estimateTo = args[2];
            args = Rest(args, 3);
        }
        Level level;
        bool bundled = args[0] == "--bundle";
        try
        {
            if (bundled)
            {
                using (Bundle bundle = Bundle.Load(args[1]))
                {
                    Console.WriteLine($"bundle '{bundle.Name}': {bundle.Count} levels");
                    level = bundle.Level(int.Parse(args[2]));
                }
                args = Rest(args, 2);  // the moves follow the index, as they follow a level's file
            }
            else
            {
                level = Level.Load(args[0]);
            }
        }
        catch (LevelException e)
        {
            Console.WriteLine($"error {e.StatusName} " + e.Message.Replace('\n', '|'));
            return 1;
        }
        if (analyzeTo != null || estimateTo != null)
        {
            using (level)
            {
                try
                {
                    File.WriteAllText(analyzeTo ?? estimateTo, analyzeTo != null ? level.AnalyzeJson(2000) : level.EstimateJson(estimateOptions));
                    Console.WriteLine((analyzeTo != null ? "analyze" : "estimate") + " ok ");
                }
                catch (LevelException e)
                {
                    Console.WriteLine($"{(analyzeTo != null ? "analyze" : "estimate")} {e.StatusName} {e.Message}");
                    return 1;
                }
                if (estimateTo != null)
                {
                    // Stopped at the first report: fewer runs than asked, and it says so.
                    int calls = 0;
                    string text = level.EstimateJson("{\"runs\": 1000000, \"threads\": 1}", done => { ++calls; return false; });
                    Console.WriteLine($"stopped ok {(text.Contains("\"cancelled\": true") ? "cancelled" : "ran")} calls {calls}");
                }
                return 0;
            }
        }
        Console.WriteLine($"tilelab {Level.Version}: {level.Kind} {level.Width}x{level.Height}");
        using (level)
        using (Game game = level.NewGame())
        using (Game saved = game.Copy())
        {
            string start = string.Join("|", game.Board);
            Console.WriteLine("start " + start);
            int played = 0, status = 0;
            int half = (args.Length - 1) / 2;
            string halfway = half == 0 ? game.Save() : null;  // the state after half the moves
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
                if (i == half) halfway = game.Save();
                Console.WriteLine($"events {i - 1} {game.EventsJson}");
                Console.WriteLine($"typed {i - 1} {Typed(game)}");
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
            // The state saved halfway, read back against the level read anew (as a runtime
            // started again has it), plays the rest of the moves to the same board and score.
            if (!bundled && halfway != null)
            {
                using (Level again = Level.Load(args[0]))
                {
                    try
                    {
                        using (Game restored = again.RestoreGame(halfway))
                        {
                            for (int i = half; i < played; ++i) restored.Play(args[i + 1]);
                            Console.WriteLine("restore " + (string.Join("|", restored.Board) == board && restored.Score == game.Score ? "same" : "differs"));
                        }
                    }
                    catch (LevelException e)
                    {
                        Console.WriteLine($"restore {e.StatusName} {e.Message}");
                    }
                    // Cut short, the state is refused with its code.
                    try
                    {
                        again.RestoreGame(halfway.Substring(0, halfway.Length / 2)).Dispose();
                        Console.WriteLine("restore-cut ok");
                    }
                    catch (LevelException e)
                    {
                        Console.WriteLine("restore-cut " + e.StatusName);
                    }
                }
            }
            Console.WriteLine($"legal {string.Join("\n", game.LegalMoves).Length} bytes");
            return status;
        }
    }
}
