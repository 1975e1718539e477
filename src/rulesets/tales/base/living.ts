/** Whether a document is a Tales character or NPC (the actors with attributes, skills and health). */
export const TALES_LIVING_TYPES: readonly string[] = ["tales-character", "tales-npc"];

export const isTalesLiving = <A extends { type: unknown }>(actor: A | null | undefined): actor is A =>
  typeof actor?.type === "string" && TALES_LIVING_TYPES.includes(actor.type);
