import type { TFamilyType, TFamilyTypeParameter } from '@portal/contract';
import { storableText } from '../text.ts';

/** What a family's part atom says about it. */
export type TPartAtom = {
  title: string | null;
  omniClassCode: string | null;
  revitCategory: string | null;
  types: TFamilyType[];
};

type TXmlElement = {
  qualifiedName: string;
  localName: string;
  namespace: string | null;
  attributes: Map<string, string>;
  children: TXmlElement[];
  text: string[];
  scope: ReadonlyMap<string, string>;
};

const ATOM_NS = 'http://www.w3.org/2005/Atom';
const PART_ATOM_NS = 'urn:schemas-autodesk-com:partatom';
const OMNICLASS_SCHEME = 'std:oc1';
const REVIT_CATEGORY_SCHEME = 'adsk:revit:grouping';

// Real part atoms are a few kilobytes; these bounds keep a hostile one from costing more than a
// few milliseconds and megabytes.
const MAX_XML_CHARS = 4 * 1024 * 1024;
const MAX_DEPTH = 64;
const MAX_ELEMENTS = 200_000;
const MAX_TYPES = 10_000;
const MAX_PARAMETERS = 500;

const EMPTY: TPartAtom = { title: null, omniClassCode: null, revitCategory: null, types: [] };

const NAME = /[^\s/>=]+/y;
const ATTRIBUTE = /\s+([^\s/>=]+)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;
const TAG_END = /\s*(\/?)>/y;
const ENTITY = /&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|lt|gt|amp|quot|apos);/g;
const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Decodes the five predefined entities and numeric references; anything else stays as written. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, body: string) => {
    if (!body.startsWith('#')) return PREDEFINED[body] ?? whole;
    const code = body[1] === 'x' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
    const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
    return valid ? String.fromCodePoint(code) : whole;
  });
}

function match(pattern: RegExp, text: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(text);
}

function resolve(qualifiedName: string, scope: ReadonlyMap<string, string>) {
  const colon = qualifiedName.indexOf(':');
  const prefix = colon < 0 ? '' : qualifiedName.slice(0, colon);
  return {
    localName: colon < 0 ? qualifiedName : qualifiedName.slice(colon + 1),
    namespace: scope.get(prefix) ?? null,
  };
}

/**
 * A small, bounded XML reader for part atoms: elements, attributes, text and CDATA; comments,
 * processing instructions and any DOCTYPE are skipped (declared entities are never expanded).
 * Null when the text is too large, too deep or not well formed enough to read.
 */
export function parseXml(text: string): TXmlElement | null {
  if (text.length > MAX_XML_CHARS) return null;
  const document: TXmlElement = {
    qualifiedName: '',
    localName: '',
    namespace: null,
    attributes: new Map(),
    children: [],
    text: [],
    scope: new Map([['xml', 'http://www.w3.org/XML/1998/namespace']]),
  };
  const stack: TXmlElement[] = [document];
  let elements = 0;
  let at = 0;
  while (at < text.length) {
    const current = stack[stack.length - 1] ?? document;
    const open = text.indexOf('<', at);
    if (open !== at) {
      current.text.push(decodeEntities(text.slice(at, open < 0 ? text.length : open)));
      if (open < 0) break;
    }
    if (text.startsWith('<!--', open)) {
      const end = text.indexOf('-->', open + 4);
      if (end < 0) return null;
      at = end + 3;
    } else if (text.startsWith('<![CDATA[', open)) {
      const end = text.indexOf(']]>', open + 9);
      if (end < 0) return null;
      current.text.push(text.slice(open + 9, end));
      at = end + 3;
    } else if (text.startsWith('<?', open)) {
      const end = text.indexOf('?>', open + 2);
      if (end < 0) return null;
      at = end + 2;
    } else if (text.startsWith('<!', open)) {
      // A DOCTYPE with an internal subset ends at `]>`; its declarations are ignored on purpose.
      const subset = text.indexOf('[', open);
      const close = text.indexOf('>', open);
      if (close < 0) return null;
      const end = subset >= 0 && subset < close ? text.indexOf(']>', subset) : close - 1;
      if (end < 0) return null;
      at = end + 2;
    } else if (text.startsWith('</', open)) {
      const end = text.indexOf('>', open);
      if (end < 0) return null;
      const name = text.slice(open + 2, end).trim();
      const depth = stack.findLastIndex((element) => element.qualifiedName === name);
      if (depth > 0) stack.length = depth;
      at = end + 1;
    } else {
      const name = match(NAME, text, open + 1);
      if (!name) return null;
      const attributes = new Map<string, string>();
      let cursor = open + 1 + name[0].length;
      for (
        let attribute = match(ATTRIBUTE, text, cursor);
        attribute;
        attribute = match(ATTRIBUTE, text, cursor)
      ) {
        attributes.set(attribute[1] ?? '', decodeEntities(attribute[2] ?? attribute[3] ?? ''));
        cursor += attribute[0].length;
      }
      const end = match(TAG_END, text, cursor);
      if (!end) return null;
      if (++elements > MAX_ELEMENTS || stack.length > MAX_DEPTH) return null;
      let scope = current.scope;
      for (const [key, value] of attributes) {
        if (key !== 'xmlns' && !key.startsWith('xmlns:')) continue;
        if (scope === current.scope) scope = new Map(current.scope);
        (scope as Map<string, string>).set(key === 'xmlns' ? '' : key.slice(6), value);
      }
      const element: TXmlElement = {
        qualifiedName: name[0],
        ...resolve(name[0], scope),
        attributes,
        children: [],
        text: [],
        scope,
      };
      current.children.push(element);
      if (end[1] !== '/') stack.push(element);
      at = cursor + end[0].length;
    }
  }
  return document.children[0] ?? null;
}

function textOf(element: TXmlElement): string {
  return element.text.join('').trim();
}

function isAtom(element: TXmlElement, localName: string): boolean {
  return element.localName === localName && (element.namespace === ATOM_NS || element.namespace === null);
}

function childText(element: TXmlElement, localName: string): string | null {
  const child = element.children.find((candidate) => candidate.localName === localName);
  return child ? textOf(child) : null;
}

function readPart(part: TXmlElement): TFamilyType | null {
  const title = part.children.find((child) => isAtom(child, 'title'));
  const typeName = title ? textOf(title) : '';
  if (!typeName) return null;
  const parameters: TFamilyTypeParameter[] = part.children
    .filter((child) => child !== title)
    .slice(0, MAX_PARAMETERS)
    .map((child) => ({
      name: child.attributes.get('displayName') ?? child.localName.replaceAll('_', ' '),
      value: textOf(child),
      unit: child.attributes.get('units') ?? null,
      dataType: child.attributes.get('typeOfParameter') ?? null,
    }));
  return { typeName, parameters };
}

function findParts(entry: TXmlElement): TXmlElement[] {
  const parts: TXmlElement[] = [];
  const pending = entry.children.toReversed();
  for (let element = pending.pop(); element && parts.length < MAX_TYPES; element = pending.pop()) {
    if (element.localName === 'part' && element.namespace === PART_ATOM_NS) parts.push(element);
    else pending.push(...element.children.toReversed());
  }
  return parts;
}

/**
 * Title, OmniClass code, Revit category and types of a part atom; empty when it cannot be read.
 * XML cannot hold NUL or a lone surrogate, and PostgreSQL's text and jsonb refuse both, so a
 * file that carries them has them dropped (NUL) or replaced (U+FFFD) before anything is read.
 */
export function readPartAtom(text: string): TPartAtom {
  const entry = parseXml(storableText(text.replace(/^\uFEFF/, '')));
  if (!entry || !isAtom(entry, 'entry')) return EMPTY;
  const title = entry.children.find((child) => isAtom(child, 'title'));
  const terms = new Map<string, string>();
  for (const category of entry.children.filter((child) => isAtom(child, 'category'))) {
    const scheme = childText(category, 'scheme') ?? category.attributes.get('scheme');
    const term = childText(category, 'term') ?? category.attributes.get('term');
    if (scheme && term && !terms.has(scheme)) terms.set(scheme, term);
  }
  const types: TFamilyType[] = [];
  for (const part of findParts(entry)) {
    const type = readPart(part);
    if (type) types.push(type);
  }
  return {
    title: (title && textOf(title)) || null,
    omniClassCode: terms.get(OMNICLASS_SCHEME) ?? null,
    revitCategory: terms.get(REVIT_CATEGORY_SCHEME) ?? null,
    types,
  };
}
