/**
 * What a ruleset's GM-wide steps share (Tales's new session, Virtually Real's end of a scene and of a
 * chapter, its tension pool): every actor of the world the step reaches, a GM-only button in the
 * Actors directory shown while the ruleset is the world's (and, when it says so, only while its
 * `when` holds), and a line of world state every user reads there (an indicator).
 */
import { localize } from "./i18n";

type AnyActor = Actor.Implementation;

/**
 * Every actor of the world that `accept`s: world actors, then the actors of unlinked tokens on every
 * scene (each its own synthetic actor), in that order.
 */
export function worldActors(accept: (actor: AnyActor | null) => boolean): AnyActor[] {
  const out: AnyActor[] = [];
  for (const actor of (game.actors?.contents ?? []) as AnyActor[]) if (accept(actor)) out.push(actor);
  const scenes = (game.scenes as { contents?: Scene.Implementation[] } | undefined)?.contents ?? [];
  for (const scene of scenes)
    for (const token of scene.tokens?.contents ?? []) {
      const actor = token.actor as AnyActor | null;
      if (!token.actorLink && accept(actor)) out.push(actor as AnyActor);
    }
  return out;
}

/** A GM-only button of the Actors directory. */
export interface DirectoryButton {
  /** The ruleset whose world shows it. */
  rulesetId: string;
  /** Its data attribute, unique across rulesets (`pv-tales-session`: `data-pv-tales-session`; added once per render). */
  key: string;
  /** A Font Awesome icon class (`fa-solid fa-rotate`). */
  icon: string;
  /** i18n keys of its label and tooltip. */
  label: string;
  hint: string;
  className: string;
  onClick(): unknown;
  /** Shown only while this holds (an optional rule turned on); always when absent. */
  when?(): boolean;
}

/** Add the button to a rendered Actors directory (a GM in a world of its ruleset only; once per render). */
export function addDirectoryButton(html: HTMLElement, spec: DirectoryButton): void {
  if (!game.user?.isGM || game.polyverse?.ruleset?.id !== spec.rulesetId) return;
  if (html.querySelector(`[data-${spec.key}]`) || (spec.when && !spec.when())) return;
  const button = document.createElement("button");
  button.type = "button";
  button.setAttribute(`data-${spec.key}`, "");
  button.className = spec.className;
  const icon = document.createElement("i");
  icon.className = spec.icon;
  icon.inert = true;
  button.append(icon, ` ${localize(spec.label)}`);
  button.title = localize(spec.hint);
  button.addEventListener("click", (event) => {
    event.preventDefault();
    void spec.onClick();
  });
  const place = html.querySelector(".header-actions") ?? html.querySelector(".directory-header") ?? html;
  place.append(button);
}

/** Register directory buttons (at init, whatever ruleset is active: each shows in its ruleset's world). */
export function registerDirectoryButtons(buttons: readonly DirectoryButton[]): void {
  Hooks.on("renderActorDirectory", (_app: unknown, html: HTMLElement) => {
    for (const spec of buttons) addDirectoryButton(html, spec);
  });
}

/** A line of world state every user of the ruleset's world reads in the Actors directory. */
export interface DirectoryIndicator {
  rulesetId: string;
  /** Its data attribute, unique across rulesets (`pv-vr-tension`: `data-pv-vr-tension`; once per render). */
  key: string;
  className: string;
  /** A Font Awesome icon class. */
  icon: string;
  /** Its text and tooltip now (already localised), or null to show nothing. */
  content(): { text: string; hint: string } | null;
}

/** Add the indicator to a rendered Actors directory (every user in a world of its ruleset; once per render). */
export function addDirectoryIndicator(html: HTMLElement, spec: DirectoryIndicator): void {
  if (game.polyverse?.ruleset?.id !== spec.rulesetId) return;
  if (html.querySelector(`[data-${spec.key}]`)) return;
  const content = spec.content();
  if (!content) return;
  const line = document.createElement("p");
  line.setAttribute(`data-${spec.key}`, "");
  line.className = spec.className;
  line.title = content.hint;
  const icon = document.createElement("i");
  icon.className = spec.icon;
  icon.inert = true;
  line.append(icon, ` ${content.text}`);
  const place = html.querySelector(".directory-header") ?? html;
  place.append(line);
}

/** Register directory indicators (at init, whatever ruleset is active: each shows in its ruleset's world). */
export function registerDirectoryIndicators(indicators: readonly DirectoryIndicator[]): void {
  Hooks.on("renderActorDirectory", (_app: unknown, html: HTMLElement) => {
    for (const spec of indicators) addDirectoryIndicator(html, spec);
  });
}

/** Draw the Actors directory again (its buttons and indicators follow a change of world state). */
export function redrawActorDirectory(): void {
  const directory = (ui as { actors?: { rendered?: boolean; render(): unknown } }).actors;
  if (directory?.rendered) void directory.render();
}
