import { dirname, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { stringify } from "yaml";
import type { Scenario, ScenarioStep } from "./scenario-schema.ts";
import { SCENARIO_SCHEMA_FILE } from "./scenario-schema-json.ts";

/** One step of the conformance stateful phase's script (conformance/model/scenario-file.ts), as it ran. */
export interface CommandStep {
  readonly step: string;
  readonly with?: Readonly<Record<string, unknown>>;
  readonly expect?: string;
}

export interface CommandRun {
  /** Any id; made kebab-case for the scenario's name. */
  readonly name: string;
  readonly description: string;
  readonly seed: number | string;
  /** The launch the run traded on (its address). */
  readonly launch: string;
  /** How many wallets the run used: `w0`, `w1`… */
  readonly wallets: number;
  readonly steps: readonly CommandStep[];
}

/** The slippage the stateful commands quote with (QuoteBuild). */
const COMMAND_SLIPPAGE_BPS = 1_000;

/**
 * A stateful counterexample as a scenario: each command becomes the steps a client takes
 * (`quoteBuild` → quote, advance, build, sign; `submit` → submit a plan's step; `advance`;
 * `inOrderTrade` → trade; `observe` → read the tape), the wallets `w0`… become declared
 * wallets (new keys, funded by the faucet), and each command's expectation becomes what the
 * step must answer where the format can say it (a quote older than 30 s must be refused),
 * else its note; it ends with the model's last judgement, each wallet's ledger (it holds
 * what its trades on the tape delivered). Run it with `basket-devnet scenario run FILE`.
 */
export function scenarioFromCommands(run: CommandRun): Scenario {
  const steps: ScenarioStep[] = [];
  const plans = new Map<string, string>(); // plan name → the variable holding its quote
  let quotes = 0;
  for (const command of run.steps) {
    const args = command.with ?? {};
    const note = command.expect === undefined ? {} : { note: command.expect };
    switch (command.step) {
      case "quoteBuild": {
        const quote = `q${quotes}`;
        const plan = `p${plans.size}`;
        quotes += 1;
        const wallet = String(args.wallet);
        steps.push({
          quote: { launch: run.launch, direction: "buy", amountIn: String(args.amount), slippageBps: COMMAND_SLIPPAGE_BPS, wallet },
          as: quote,
        });
        const age = Number(args.ageSeconds ?? 0);
        if (age > 0) steps.push({ advance: { seconds: age } });
        if (age > 30) {
          steps.push({
            build: { quoteId: `\${${quote}.quoteId}`, wallet },
            expect: { status: [400, 404, 409, 410, 422], error: "." },
            ...note,
          });
          break;
        }
        steps.push({ build: { quoteId: `\${${quote}.quoteId}`, wallet }, as: `${plan}_build`, ...note });
        steps.push({ sign: { wallet, plan: `\${${plan}_build.plan}` }, as: plan });
        plans.set(plan, quote);
        break;
      }
      case "submit": {
        const plan = String(args.plan);
        const quote = plans.get(plan);
        if (quote === undefined) throw new RangeError(`submit names plan ${plan}, which no earlier quoteBuild built`);
        steps.push({
          submit: { transaction: `\${${plan}[${Number(args.step) - 1}].transaction}`, quoteId: `\${${quote}.quoteId}` },
          expect: { status: [200, 400, 409] },
          ...note,
        });
        break;
      }
      case "advance":
        steps.push({ advance: { slots: Number(args.slots) } });
        break;
      case "inOrderTrade": {
        steps.push({ land: { slots: 2 } });
        steps.push({
          trade: {
            wallet: String(args.wallet),
            launch: run.launch,
            direction: "buy",
            amountIn: String(args.amount),
            slippageBps: COMMAND_SLIPPAGE_BPS,
          },
          ...note,
        });
        // Its plan is not addressable by later submits: the command lands it whole.
        if (args.plan !== undefined) plans.set(String(args.plan), "trade.quote");
        break;
      }
      case "observe":
        steps.push({ read: { path: `/v1/launches/${run.launch}/trades`, query: { limit: 200 } }, ...note });
        break;
      default:
        throw new RangeError(`no scenario step stands for the command ${JSON.stringify(command.step)}`);
    }
  }
  // The model's last judgement: each wallet (new, so it began with none) holds exactly what its landed settles delivered.
  for (let index = 0; index < run.wallets; index++)
    steps.push({ expect: { ledger: { wallet: `w${index}`, launch: run.launch } }, note: "holds what its landed settles delivered" });
  return {
    name: run.name
      .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
      .toLowerCase()
      .replace(/[^a-z0-9.-]+/g, "-")
      .replace(/^[^a-z0-9]+/, ""),
    description: run.description,
    seed: run.seed,
    tags: ["conformance-counterexample"],
    wallets: Object.fromEntries(Array.from({ length: run.wallets }, (_, index) => [`w${index}`, {}])),
    steps,
  };
}

/**
 * The scenario as the YAML text of the file `file`, schema hint first: the path from that
 * file to this package's scenarios/scenario.schema.json, which an editor's YAML plugin
 * resolves (the library's files name it the same way).
 */
export function scenarioYaml(scenario: Scenario, file: string): string {
  const schema = relative(dirname(resolve(file)), fileURLToPath(SCENARIO_SCHEMA_FILE))
    .split(sep)
    .join("/");
  return `# yaml-language-server: $schema=${schema}\n${stringify(scenario, { lineWidth: 0 })}`;
}
