import { describe, expect, it } from 'vitest';
import { decodeEntities, parseXml, readPartAtom } from './part-atom.ts';

const entry = (body: string) =>
  `<entry xmlns="http://www.w3.org/2005/Atom" xmlns:pa="urn:schemas-autodesk-com:partatom">${body}</entry>`;

describe('readPartAtom', () => {
  it('reads categories written as attributes and parts under any prefix of the part atom namespace', () => {
    const atom = readPartAtom(
      entry(
        '<category term="23.30.10" scheme="std:oc1"/><pa:part><title>T1</title>' +
          '<Fire_Rating displayName="Fire &quot;Rating&quot;" typeOfParameter="Text">EI 30</Fire_Rating></pa:part>',
      ),
    );
    expect(atom).toEqual({
      title: null,
      omniClassCode: '23.30.10',
      revitCategory: null,
      types: [
        {
          typeName: 'T1',
          parameters: [{ name: 'Fire "Rating"', value: 'EI 30', unit: null, dataType: 'Text' }],
        },
      ],
    });
  });

  it('skips parts outside the part atom namespace and parts without a title', () => {
    const atom = readPartAtom(entry('<part><title>no</title></part><pa:part><x>1</x></pa:part>'));
    expect(atom.types).toEqual([]);
  });

  it('drops NUL characters and replaces lone surrogates, which PostgreSQL cannot store, in every text it reads', () => {
    const atom = readPartAtom(
      entry(
        '<title>Evil\u0000Title</title><category term="Doo\u0000rs" scheme="adsk:revit:grouping"/>' +
          '<pa:part><title>T\u00001</title><Width displayName="W\ud800">1\u0000</Width></pa:part>',
      ),
    );
    expect(atom.title).toBe('EvilTitle');
    expect(atom.revitCategory).toBe('Doors');
    expect(atom.types).toEqual([
      { typeName: 'T1', parameters: [{ name: 'W\ufffd', value: '1', unit: null, dataType: null }] },
    ]);
  });

  it('answers empty for text that is not a part atom', () => {
    expect(readPartAtom('')).toEqual({ title: null, omniClassCode: null, revitCategory: null, types: [] });
    expect(
      readPartAtom('<feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed>').title,
    ).toBeNull();
  });
});

describe('parseXml', () => {
  it('refuses nesting deeper than 64 elements and text over 4 MB', () => {
    expect(parseXml('<a>'.repeat(64))).not.toBeNull();
    expect(parseXml('<a>'.repeat(66))).toBeNull();
    expect(parseXml(`<a>${' '.repeat(4 * 1024 * 1024)}</a>`)).toBeNull();
  });

  it('reads thousands of siblings quickly', () => {
    const started = performance.now();
    const root = parseXml(`<a>${'<b x="1">&amp;</b>'.repeat(50_000)}</a>`);
    expect(root?.children).toHaveLength(50_000);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('decodes only the predefined and numeric entities', () => {
    expect(decodeEntities('&lt;&gt;&amp;&quot;&apos;&#233;&#xE9;&nbsp;&#xD800;&#0;')).toBe(
      '<>&"\'éé&nbsp;&#xD800;&#0;',
    );
  });
});
