/** A tiny element builder: the client has a handful of pages and needs no framework. */

type Child = Node | string | number | null | undefined | false;
type Attributes = Record<string, string | number | boolean | null | undefined | EventListener>;

/**
 * `h("a", {href: "#/"}, "Home")`. Attributes starting with `on` are listeners; `true` sets a
 * boolean attribute, `false`/null/undefined leave it out. Strings become text nodes, never HTML.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") element.addEventListener(name.slice(2), value);
    else element.setAttribute(name, value === true ? "" : String(value));
  }
  append(element, children);
  return element;
}

export function append(parent: Node, children: Child[]): void {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === "object" ? child : document.createTextNode(String(child)));
  }
}

/** Replaces every child of `parent`. */
export function replaceChildren(parent: Element, ...children: Child[]): void {
  parent.replaceChildren();
  append(parent, children);
}

/** A launch's curve progress as an accessible bar (`progressBps` of 10,000 filled). */
export function curveProgressBar(progressBps: number, className = "progress"): HTMLDivElement {
  const percent = progressBps / 100;
  return h(
    "div",
    {
      class: className,
      role: "progressbar",
      "aria-label": "Curve progress",
      "aria-valuemin": 0,
      "aria-valuemax": 100,
      "aria-valuenow": percent,
    },
    h("span", { style: `width:${percent}%` }),
  );
}
