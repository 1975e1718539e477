// The folder boundaries are a lint rule, tried on imports written as a new ruleset would write
// them: a ruleset importing another ruleset's folder fails, so does core importing a ruleset;
// importing core, or the ruleset's own folders, passes.
import { ESLint } from "eslint";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../lib/paths";

const eslint = new ESLint({ cwd: ROOT });
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === "polyverse/boundaries").map((m) => m.message);
}

describe("folder boundaries (eslint polyverse/boundaries)", () => {
  it("a ruleset importing another ruleset's folder is refused", async () => {
    const errors = await boundaryErrors(
      "src/rulesets/maelstrom/rolls/pool.ts",
      'import { VersesRoll } from "../../verses/rolls/verses-roll";\nexport const x = VersesRoll;\n',
    );
    expect(errors).toEqual([
      "A ruleset never imports another ruleset's folder (maelstrom -> verses): move what both need into src/core.",
    ]);
  });

  it("core importing a ruleset is refused", async () => {
    const errors = await boundaryErrors(
      "src/core/dialog.ts",
      'export { VersesRoll } from "../rulesets/verses/rolls/verses-roll";\n',
    );
    expect(errors).toHaveLength(1);
  });

  it("a ruleset importing core and its own folders passes", async () => {
    const errors = await boundaryErrors(
      "src/rulesets/maelstrom/rolls/pool.ts",
      'import { SYSTEM_ID } from "../../../core/constants";\nimport { x } from "../rules/dice";\nexport const y = [SYSTEM_ID, x];\n',
    );
    expect(errors).toEqual([]);
  });
});
