// The Virtually Real example multistage tasks (packs/virtually-real-tasks): the text lists what a
// multistage task is used for, "crafting, investigations ... researching the library, the journey
// between towns" (L696), and leaves every stage's numbers to the table: "Each stage has its own
// resource cost such as *time*, *money*, or *endurance*; determined by the GM according to the task at
// hand" and "The GM and players will collectively decide what skills are used at each stage. Stages
// can use COMBINATION ROLL checks" (L700-701). So each example says its numbers are the GM's, starts
// fresh, and names for each stage a skill (or an attribute), a DL and its costs.
import { describe, expect, it } from "vitest";
import { ATTRIBUTE_KEYS } from "../../src/rulesets/virtually-real/rules";
import { readTask } from "../../src/rulesets/virtually-real/documents/task-logic";
import { CREDIT, packSources } from "./virtually-real-content";

const sources = packSources("virtually-real-tasks");

describe("the example multistage tasks", () => {
  it("are a crafting, a library's research and a journey between towns", () => {
    expect(sources.map((s) => s.data.name).sort()).toEqual([
      "A journey between towns",
      "Crafting: a rowing boat",
      "Research in a library",
    ]);
    for (const { data } of sources) {
      expect(data.type).toBe("virtually-real-task");
      expect(data.flags.polyverse).toEqual({ ruleset: "virtually-real", credit: CREDIT });
    }
  });

  it("say their numbers are the GM's, as the text gives none", () => {
    for (const { file, data } of sources)
      expect(data.system.description, file).toContain("the GM sets them for the task at hand");
  });

  it("start fresh, every stage with a skill, a DL and its costs", () => {
    for (const { file, data } of sources) {
      const task = readTask(data.system);
      expect(task.stages.length, file).toBeGreaterThanOrEqual(3);
      expect(task.progress, file).toMatchObject({ stage: 0, attempt: 0, done: false, stalls: 0 });
      expect(task.progress.tries, file).toEqual(task.stages.map(() => 0));
      expect(task.history, file).toEqual([]);
      for (const stage of task.stages) {
        expect(stage.skill, file).not.toBe("");
        expect(stage.dl, file).toBeGreaterThan(0);
        expect(stage.time, file).not.toBe("");
      }
    }
  });

  it("use a Combination roll somewhere, its second part a skill or an attribute", () => {
    for (const { file, data } of sources) {
      const partners = readTask(data.system)
        .stages.map((s) => s.partner)
        .filter(Boolean);
      expect(partners.length, file).toBeGreaterThan(0);
      for (const p of partners)
        expect((ATTRIBUTE_KEYS as readonly string[]).includes(p) || /^[A-Z]/.test(p), `${file}: ${p}`).toBe(
          true,
        );
    }
  });
});
