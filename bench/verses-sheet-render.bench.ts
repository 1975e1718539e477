// Rendering the 'Verses character sheet's template with real Handlebars (the renderer the browser
// tests use) and the compendiums' characters (Jaye, a Human
// carrying pack items; the Dog). Target (issue #4): under 15 ms on the CI machine.
// Needs dist/ built (npm run build). Reported here, never asserted in a timed test.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { bench, describe } from "vitest";
import { createRenderer } from "../tests/browser/render.mjs";
import actorFixtures from "../tests/browser/fixtures/verses-actor-sheet";
import { DIST } from "../tests/lib/paths";

const lang = JSON.parse(readFileSync(join(DIST, "lang", "en.json"), "utf8"));
const renderer = createRenderer({ distDir: DIST, lang });
const localize = (key: string) => renderer.localize(key);
const fixtures = actorFixtures({ localize });

describe("verses sheet render", () => {
  for (const name of [
    "verses-actor-jaye-skills",
    "verses-actor-jaye-combat",
    "verses-actor-jaye-tests",
    "verses-actor-dog-attributes",
  ]) {
    const fixture = fixtures.find((f: { name: string }) => f.name === name);
    if (!fixture) continue;
    bench(`render ${name}`, () => {
      renderer.render(fixture.template, fixture.context);
    });
  }
});
