import { describe, expect, it } from "vitest";
import { BUGS_USAGE, USAGE, parseCommand } from "../parse-command.ts";
import { runCommand } from "./spawned-devnet.ts";

describe("parseCommand", () => {
  it("reads every option of up", () => {
    expect(
      parseCommand([
        "up",
        "--seed",
        "7",
        "--port",
        "0",
        "--host",
        "0.0.0.0",
        "--clock",
        "manual",
        "--slot-ms",
        "50",
        "--state-dir",
        "state",
        "--launches",
        "12",
        "--history-hours",
        "1.5",
        "--sol-usd",
        "180",
        "--no-bots",
        "--no-world-cache",
        "--log",
      ]),
    ).toEqual({
      kind: "up",
      options: {
        seed: "7",
        port: 0,
        host: "0.0.0.0",
        clockMode: "manual",
        slotMs: 50,
        stateDir: "state",
        launchCount: 12,
        historyHours: 1.5,
        solUsd: 180,
        bots: false,
        worldCache: false,
        logger: true,
      },
    });
  });

  it("leaves defaults to the simulator, and takes the port from $PORT unless --port is given", () => {
    expect(parseCommand(["up"])).toEqual({ kind: "up", options: {} });
    expect(parseCommand(["up"], { PORT: "9000" })).toEqual({ kind: "up", options: { port: 9000 } });
    expect(parseCommand(["up", "--port", "9001"], { PORT: "9000" })).toEqual({ kind: "up", options: { port: 9001 } });
  });

  it("reads --genesis-time as now, unix seconds or an ISO 8601 date", () => {
    const genesis = (text: string) => parseCommand(["up", "--genesis-time", text]);
    expect(genesis("now")).toEqual({ kind: "up", options: { genesisTime: "now" } });
    expect(genesis("1767225600")).toEqual({ kind: "up", options: { genesisTime: 1_767_225_600n } });
    expect(genesis("2026-01-01")).toEqual({ kind: "up", options: { genesisTime: 1_767_225_600n } });
    expect(genesis("2026-01-01T00:00:00Z")).toEqual({ kind: "up", options: { genesisTime: 1_767_225_600n } });
    expect(genesis("2026-01-01T02:00:00+02:00")).toEqual({ kind: "up", options: { genesisTime: 1_767_225_600n } });
    expect(genesis("2026-01-01T00:00:01.900Z")).toEqual({ kind: "up", options: { genesisTime: 1_767_225_601n } });
  });

  it("answers --help and --version before anything else", () => {
    expect(parseCommand(["--help"])).toEqual({ kind: "help", usage: USAGE });
    expect(parseCommand(["up", "-h", "--port", "nope"])).toEqual({ kind: "help", usage: USAGE });
    // The bugs command's own usage, not the simulator's options.
    expect(parseCommand(["bugs", "--help"])).toEqual({ kind: "help", usage: BUGS_USAGE });
    expect(parseCommand(["-v"])).toEqual({ kind: "version" });
    expect(USAGE).toContain("--state-dir <dir>");
  });

  it.each([
    [[], /a command is required/],
    [["down"], /^unknown command "down": the commands are up, bugs, conformance and scenario$/],
    [["up", "extra"], /unexpected argument "extra"/],
    [["up", "--bogus"], /unknown option --bogus/],
    [["up", "--port"], /--port/],
    [["up", "--port", "http"], /--port must be a whole number/],
    [["up", "--port", "65536"], /port must be a whole number from 0 to 65535/],
    [["up", "--clock", "fast"], /--clock must be one of realtime, manual, per-transaction/],
    [["up", "--seed", "a b"], /seed must be 1 to 64 letters/],
    [["up", "--slot-ms", "0"], /slot milliseconds must be/],
    [["up", "--launches", "5000"], /launch count must be/],
    [["up", "--history-hours=-1"], /--history-hours must be a number/],
    [["up", "--history-hours", "-1"], /argument is ambiguous/],
    [["up", "--sol-usd", "0"], /SOL price in USD must be a positive number/],
    [["up", "--state-dir", ""], /state directory must not be empty/],
    [["up", "--genesis-time", "yesterday"], /--genesis-time must be now, an ISO 8601 date/],
    [["up", "--genesis-time", "2026-02-31"], /--genesis-time must be now, an ISO 8601 date/],
    [["up", "--genesis-time", "2026-01-01T00:00:00"], /--genesis-time must be now, an ISO 8601 date/],
    [["up", "--genesis-time", "1.5"], /--genesis-time must be now, an ISO 8601 date/],
    [["up", "--genesis-time", "1969-12-31"], /genesis time must be now or unix seconds from 0/],
    [["up", "--genesis-time", "999999999999"], /genesis time must be now or unix seconds from 0 to 253402300799/],
  ])("refuses %j with a sentence naming the option", (argv, message) => {
    const command = parseCommand(argv);
    expect(command.kind).toBe("error");
    expect(command.kind === "error" && command.message).toMatch(message);
  });

  it("refuses a bad $PORT by name", () => {
    expect(parseCommand(["up"], { PORT: "eighty" })).toEqual({ kind: "error", message: '$PORT must be a whole number, got "eighty"' });
  });
});

describe("bin/basket-devnet.js", () => {
  it("prints the usage and exits 0 on --help", async () => {
    const { code, stdout } = await runCommand(["--help"]);
    expect(code).toBe(0);
    expect(stdout).toBe(`${USAGE}\n`);
  });

  it("exits 2 with one clear line on bad input, before starting anything", async () => {
    const { code, stdout, stderr } = await runCommand(["up", "--clock", "fast"]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toBe(
      "basket-devnet: --clock must be one of realtime, manual, per-transaction, got \"fast\"\nRun 'basket-devnet --help' for usage.\n",
    );
  });
});
