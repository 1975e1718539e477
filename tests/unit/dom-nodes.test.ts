// Element checks hold for an element of another window (Foundry v14's detached applications):
// `instanceof` against one window's classes fails for the other's elements, these do not. A
// browser gives each window its own classes; happy-dom's windows share theirs, so an element of
// "another window" is made here by giving it a prototype outside this window's class chain (the
// same methods and getters, flattened), which is what `instanceof` sees of a foreign element.
import { Window } from "happy-dom";
import { afterAll, describe, expect, it } from "vitest";
import { activeElementOf, isElement, isFormControl, isTag } from "../../src/core/dom-nodes";

const main = new Window();
const detached = new Window();
afterAll(async () => {
  await main.happyDOM.close();
  await detached.happyDOM.close();
});

/** The element with a prototype of its own realm: every accessor and method, none of the classes. */
function foreign<T extends object>(element: T): T {
  const flat: Record<PropertyKey, PropertyDescriptor> = {};
  for (let proto = Object.getPrototypeOf(element); proto; proto = Object.getPrototypeOf(proto))
    for (const key of Reflect.ownKeys(proto))
      if (key !== "constructor" && !(key in flat))
        flat[key as string] = Object.getOwnPropertyDescriptor(proto, key)!;
  return Object.setPrototypeOf(element, Object.create(null, flat)) as T;
}

describe("element checks across windows", () => {
  const input = foreign(detached.document.createElement("input"));
  const select = foreign(detached.document.createElement("select"));
  const area = foreign(detached.document.createElement("textarea"));
  const button = foreign(detached.document.createElement("button"));
  const div = foreign(detached.document.createElement("div"));

  it("an element of the other window is no instance of this window's classes", () => {
    expect(input instanceof main.HTMLInputElement).toBe(false);
    expect(div instanceof main.HTMLElement).toBe(false);
  });

  it("is recognised by what it is, in either window", () => {
    expect(isElement(div)).toBe(true);
    expect(isElement(main.document.createElement("div"))).toBe(true);
    expect(isTag(input, "input")).toBe(true);
    expect(isTag(select, "select")).toBe(true);
    expect(isTag(area, "textarea")).toBe(true);
    expect(isTag(button, "button")).toBe(true);
    expect(isTag(div, "input")).toBe(false);
    expect([input, select, area, button, div].map(isFormControl)).toEqual([true, true, true, false, false]);
  });

  it("is not fooled by what is no element", () => {
    expect(isElement(null)).toBe(false);
    expect(isElement(detached.document.createTextNode("x"))).toBe(false);
    expect(isElement({ nodeType: 1, tagName: "DIV" })).toBe(false);
    expect(isTag("input", "input")).toBe(false);
  });

  it("reads the focus of the window the element is shown in", () => {
    const field = detached.document.createElement("input");
    detached.document.body.append(field);
    field.focus();
    expect(activeElementOf(field as unknown as Node)).toBe(field);
    expect(main.document.activeElement).not.toBe(field);
    expect(activeElementOf(main.document.body as unknown as Node)).not.toBe(field);
  });
});
