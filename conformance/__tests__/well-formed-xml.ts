/**
 * A small well-formedness check of XML for the tests (no dependency): one root, every tag
 * closed in order, attributes quoted, only the five predefined entities or numeric ones.
 * Returns the element names in document order, or throws naming the first defect.
 */
export function parseXmlElements(xml: string): string[] {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, "");
  const names: string[] = [];
  const open: string[] = [];
  const token = /<(\/?)([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.-]*="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/gy;
  let roots = 0;
  for (let match = token.exec(body); match !== null; match = token.exec(body)) {
    const [, closing, name, , selfClosing, text, stray] = match;
    if (stray) throw new Error(`a stray '<' at ${match.index}`);
    if (text !== undefined) {
      if (open.length === 0 && text.trim()) throw new Error("text outside the root element");
      for (const entity of text.match(/&[^;\s]*;?/g) ?? []) {
        if (!/^&(amp|lt|gt|quot|apos|#\d+|#x[0-9A-Fa-f]+);$/.test(entity)) throw new Error(`a bad entity ${entity}`);
      }
      continue;
    }
    if (closing) {
      if (open.pop() !== name) throw new Error(`</${name}> closes the wrong element`);
      continue;
    }
    if (open.length === 0) roots += 1;
    names.push(name as string);
    if (!selfClosing) open.push(name as string);
  }
  if (token.lastIndex !== 0 && token.lastIndex < body.length) throw new Error(`unreadable at ${token.lastIndex}`);
  if (open.length > 0) throw new Error(`unclosed <${open.at(-1)}>`);
  if (roots !== 1) throw new Error(`${roots} root elements`);
  return names;
}
