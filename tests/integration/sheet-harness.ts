// What a sheet test against the built bundle needs, whatever the ruleset: an actor of the stand-in's
// document class whose `update` applies to its `system` and prepares it again, the sheet class
// registered for a sub-type, one of its actions pressed on a button with the data attributes given,
// and the notifications a step gives. (Written for the Virtually Real sheet test; the older sheet
// tests keep their own copies.)
import type { LoadedBundle } from "./load-bundle";

const g = globalThis as any;

/** An actor the sheet may change: `update` writes `system` (dotted paths too) and prepares it again. */
export function standInActor(type: string, system: Record<string, unknown> = {}, name = "Mara") {
  const doc = new g.CONFIG.Actor.documentClass({ name, type, system, items: [] });
  Object.defineProperty(doc.items, "get", { value: (id: string) => doc.items.find((i: any) => i.id === id) });
  doc.update = async (data: Record<string, unknown>) => {
    const expanded = g.foundry.utils.expandObject(data);
    if (expanded.system) doc.system.updateSource(expanded.system);
    doc.prepareData();
    return doc;
  };
  doc.createEmbeddedDocuments = async (_name: string, data: any[]) => {
    const created = data.map((d) => new g.CONFIG.Item.documentClass(d, { parent: doc }));
    doc.items.push(...created);
    doc.prepareData();
    return created;
  };
  doc.getRollData = () => ({});
  doc.prepareData();
  return doc;
}

/** An item on an actor (pushed onto its items; the actor prepared again). */
export function standInItem(actor: any, data: Record<string, unknown>) {
  const item = new g.CONFIG.Item.documentClass(data, { parent: actor });
  const updates: unknown[] = [];
  item.update = async (change: Record<string, unknown>) => {
    updates.push(change);
    const expanded = g.foundry.utils.expandObject(change);
    if (expanded.system) item.system.updateSource(expanded.system);
    actor.prepareData();
    return item;
  };
  actor.items.push(item);
  actor.prepareData();
  return { item, updates };
}

/** The sheet class registered for a sub-type. */
export function registeredSheet(loaded: LoadedBundle, documentName: string, type: string): any {
  return loaded.recorder.sheets.find(
    (r: any) => r.documentClass.documentName === documentName && r.options.types.includes(type),
  )!.sheet;
}

/** A sheet action by name, from the class or the bases it extends. */
export function actionOf(Sheet: any, name: string) {
  for (let cls = Sheet; cls?.DEFAULT_OPTIONS; cls = Object.getPrototypeOf(cls)) {
    const fn = cls.DEFAULT_OPTIONS.actions?.[name];
    if (fn) return fn;
  }
  throw new Error(`no action ${name}`);
}

/** An editable sheet of a document, and `press(action, attributes, inside?)` on a new button. */
export function sheetFor(loaded: LoadedBundle, doc: any, documentName = "Actor") {
  const Sheet = registeredSheet(loaded, documentName, doc.type);
  const sheet = new Sheet({ document: doc });
  Object.defineProperty(sheet, "isEditable", { value: true });
  return {
    Sheet,
    sheet,
    press: (name: string, attributes: Record<string, string> = {}, inside?: HTMLElement) => {
      const el = document.createElement("button");
      for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
      inside?.append(el);
      return actionOf(Sheet, name).call(sheet, {}, el);
    },
  };
}

/** The warnings and notes `fn` gives. */
export async function notes(fn: () => Promise<unknown>): Promise<{ warn: string[]; info: string[] }> {
  const out = { warn: [] as string[], info: [] as string[] };
  const { warn, info } = g.ui.notifications;
  g.ui.notifications.warn = (message: string) => out.warn.push(message);
  g.ui.notifications.info = (message: string) => out.info.push(message);
  try {
    await fn();
  } finally {
    Object.assign(g.ui.notifications, { warn, info });
  }
  return out;
}

/** A row holding a picker (`select[data-pick]`) with one option chosen; a button pressed inside it reads it. */
export function pickerRow(value: string, attributes: Record<string, string> = {}): HTMLElement {
  const row = document.createElement("div");
  for (const [k, v] of Object.entries(attributes)) row.setAttribute(k, v);
  const select = document.createElement("select");
  select.dataset.pick = "x";
  const option = document.createElement("option");
  option.value = value;
  option.selected = true;
  select.append(option);
  row.append(select);
  return row;
}
