/**
 * What a ruleset's GM-wide steps share (Tales's new session, Virtually Real's end of a scene and of a
 * chapter): every actor of the world the step reaches, and a GM-only button in the Actors directory
 * shown while the ruleset is the world's.
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
}

/** Add the button to a rendered Actors directory (a GM in a world of its ruleset only; once per render). */
export function addDirectoryButton(html: HTMLElement, spec: DirectoryButton): void {
  if (!game.user?.isGM || game.polyverse?.ruleset?.id !== spec.rulesetId) return;
  if (html.querySelector(`[data-${spec.key}]`)) return;
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
