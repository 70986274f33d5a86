/**
 * The first well-formedness error of an XML document, or null: one root element, every tag
 * closed in order, attributes quoted and unique, text free of raw `<` and of `&` outside an
 * entity. Enough to tell a generated SVG a browser would refuse (no parser is installed).
 */
export function xmlWellFormedError(xml: string): string | null {
  const stack: string[] = [];
  let roots = 0;
  let at = 0;
  const entity = /^&(amp|lt|gt|quot|apos|#[0-9]+|#x[0-9a-fA-F]+);/;
  const tag = /^<(\/?)([A-Za-z][\w:.-]*)((?:\s+[A-Za-z][\w:.-]*\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(\/?)>/;
  while (at < xml.length) {
    const rest = xml.slice(at);
    if (rest.startsWith("<")) {
      const match = tag.exec(rest);
      if (!match) return `malformed tag at ${at}: ${rest.slice(0, 40)}`;
      const [whole, closing, name, attributes, selfClosing] = match;
      if (closing) {
        if (selfClosing || attributes!.trim() !== "") return `closing tag </${name}> with attributes at ${at}`;
        const open = stack.pop();
        if (open !== name) return `</${name}> at ${at} closes <${open ?? "nothing"}>`;
      } else {
        if (stack.length === 0 && ++roots > 1) return `a second root element <${name}> at ${at}`;
        const names = [...attributes!.matchAll(/([A-Za-z][\w:.-]*)\s*=/g)].map((m) => m[1]);
        if (new Set(names).size !== names.length) return `<${name}> repeats an attribute at ${at}`;
        if (!selfClosing) stack.push(name!);
      }
      at += whole.length;
    } else if (rest.startsWith("&")) {
      const match = entity.exec(rest);
      if (!match) return `a bare & at ${at}`;
      at += match[0].length;
    } else {
      if (stack.length === 0 && rest[0]!.trim() !== "") return `text outside the root element at ${at}`;
      at += 1;
    }
  }
  if (stack.length > 0) return `<${stack.at(-1)}> never closed`;
  return roots === 1 ? null : "no root element";
}
