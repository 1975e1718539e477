import { describe, expect, it } from "vitest";
import {
  ROLL_HOOKS,
  runRollSteps,
  type HookCaller,
  type RollContext,
  type RollSteps,
} from "../../src/core/rolls/pipeline-logic";

type Ctx = RollContext<{ pool: number }, { ad: number }, { faces: number[] }, { id: string } | null>;

/** Fake hooks that record every call and veto the ones named. */
function fakeHooks(veto: string[] = [], on: Record<string, (ctx: Ctx) => void> = {}) {
  const calls: string[] = [];
  const hooks: HookCaller = {
    call(name, ctx) {
      calls.push(name);
      on[name]?.(ctx as Ctx);
      return !veto.includes(name);
    },
    callAll(name, ctx) {
      calls.push(name);
      on[name]?.(ctx as Ctx);
    },
  };
  return { hooks, calls };
}

/** Fake steps that record what they were given; `stopAt` returns null there. */
function fakeSteps(stopAt?: "configure" | "dialog" | "evaluate") {
  const log: string[] = [];
  const steps: RollSteps<{ pool: number }, { ad: number }, { faces: number[] }, { id: string } | null> = {
    configure: () => {
      log.push("configure");
      return stopAt === "configure" ? null : { pool: 4 };
    },
    dialog: async (config) => {
      log.push(`dialog ${config.pool}`);
      return stopAt === "dialog" ? null : { ad: 2 };
    },
    evaluate: (config, choice) => {
      log.push(`evaluate ${config.pool}+${choice.ad}`);
      return stopAt === "evaluate" ? null : { faces: [6, 5, 1] };
    },
    post: async (rolled) => {
      log.push(`post ${rolled.faces.join(",")}`);
      return { id: "msg" };
    },
    apply: (rolled, posted) => {
      log.push(`apply ${posted?.id}`);
    },
  };
  return { steps, log };
}

const who = { ruleset: "verses", kind: "test", subject: "actor" };

describe("the roll pipeline", () => {
  it("runs the steps in order with the hooks between them", async () => {
    const { hooks, calls } = fakeHooks();
    const { steps, log } = fakeSteps();
    const outcome = await runRollSteps(who, steps, hooks);
    expect(log).toEqual(["configure", "dialog 4", "evaluate 4+2", "post 6,5,1", "apply msg"]);
    expect(calls).toEqual([
      "polyverse.preRoll",
      "polyverse.rollConfigured",
      "polyverse.preRollDialog",
      "polyverse.preEvaluate",
      "polyverse.prePost",
      "polyverse.preApply",
      "polyverse.rollDone",
    ]);
    expect(outcome.status).toBe("done");
    expect(outcome.context).toMatchObject({
      ruleset: "verses",
      kind: "test",
      subject: "actor",
      config: { pool: 4 },
      choice: { ad: 2 },
      rolled: { faces: [6, 5, 1] },
      posted: { id: "msg" },
    });
  });

  it("stops cleanly when the dialog is cancelled: nothing rolled, posted or applied", async () => {
    const { hooks, calls } = fakeHooks();
    const { steps, log } = fakeSteps("dialog");
    const outcome = await runRollSteps(who, steps, hooks);
    expect(outcome).toMatchObject({ status: "stopped", step: "dialog" });
    expect(log).toEqual(["configure", "dialog 4"]);
    expect(calls.at(-1)).toBe("polyverse.preRollDialog");
  });

  it("stops when the rules refuse at configure or evaluate", async () => {
    for (const step of ["configure", "evaluate"] as const) {
      const { steps, log } = fakeSteps(step);
      const outcome = await runRollSteps(who, steps, fakeHooks().hooks);
      expect(outcome).toMatchObject({ status: "stopped", step });
      expect(log.some((l) => l.startsWith("post"))).toBe(false);
    }
  });

  it("a hook returning false vetoes the roll at its step, and no later step or hook runs", async () => {
    const cases = [
      [ROLL_HOOKS.configure, "configure", []],
      [ROLL_HOOKS.configured, "configure", ["configure"]],
      [ROLL_HOOKS.dialog, "dialog", ["configure"]],
      [ROLL_HOOKS.evaluate, "evaluate", ["configure", "dialog 4"]],
      [ROLL_HOOKS.post, "post", ["configure", "dialog 4", "evaluate 4+2"]],
      [ROLL_HOOKS.apply, "apply", ["configure", "dialog 4", "evaluate 4+2", "post 6,5,1"]],
    ] as const;
    for (const [hook, step, ran] of cases) {
      const { hooks, calls } = fakeHooks([hook]);
      const { steps, log } = fakeSteps();
      const outcome = await runRollSteps(who, steps, hooks);
      expect(outcome).toMatchObject({ status: "vetoed", step });
      expect(log).toEqual(ran);
      expect(calls.at(-1)).toBe(hook);
    }
  });

  it("a hook may change the configuration or the choice the next step reads", async () => {
    const { hooks } = fakeHooks([], {
      [ROLL_HOOKS.configured]: (ctx) => {
        ctx.config = { pool: 7 };
      },
      [ROLL_HOOKS.evaluate]: (ctx) => {
        ctx.choice = { ad: 0 };
      },
    });
    const { steps, log } = fakeSteps();
    await runRollSteps(who, steps, hooks);
    expect(log.slice(1, 3)).toEqual(["dialog 7", "evaluate 7+0"]);
  });

  it("a step's error reaches the caller", async () => {
    const { steps } = fakeSteps();
    steps.post = () => Promise.reject(new Error("no chat"));
    await expect(runRollSteps(who, steps, fakeHooks().hooks)).rejects.toThrow("no chat");
  });
});
