import {
  INTERFACE_LANGUAGES,
  PLACEMENT_RULE_IMPORT_MAX_BYTES,
  PLACEMENT_RULE_IMPORT_MAX_ROWS,
  PLACEMENT_RULE_SHEET_COLUMNS,
  placementRuleSheetColumnOf,
  placementRuleSheetTitle,
} from '@portal/contract';
import { count } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placementRules } from '../../db/schema/index.ts';
import { createTestApp, type TTestApp } from '../../../test/test-app.ts';
import { unique, type TSignedIn } from '../../../test/factories.ts';
import { expectError, firestopTeam, recordCalls, saveScenario } from '../../../test/firestop.ts';

let t: TTestApp;
let admin: string;
let companyId: number;
let partner: TSignedIn;
let stranger: TSignedIn;
let reader: TSignedIn;
let scenarioId: number;

type TRule = Record<string, unknown> & {
  placementRuleId: number;
  placementRuleName: string;
  tifStatus: string;
  tifOriginalId: number | null;
  lastUpdate: string;
};
type TCounts = { rows: number; created: number; updated: number; unchanged: number };

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, companyId, partner, stranger, reader } = await firestopTeam(t));
  scenarioId = (await saveScenario(t, admin, { companyId })).scenarioId;
});
afterAll(() => t.close());

const { ok, find } = recordCalls<TRule>(() => t, 'rule');
const rowCount = async () => (await t.database.db.select({ n: count() }).from(placementRules))[0]!.n;

const importFile = (content: Buffer | string, token: string | null = admin, dryRun?: boolean) =>
  t.call('POST', '/api/placement-rules/diKeeperimport', {
    ...(token ? { token } : {}),
    body: {
      loadedFile: { fileName: 'rules', base64FileContent: Buffer.from(content).toString('base64') },
      ...(dryRun === undefined ? {} : { dryRun }),
    },
  });

const exported = (query: string, token = admin) =>
  t.app.inject({
    method: 'GET',
    url: `/api/placement-rules/export?${query}`,
    headers: { authorization: `Bearer ${token}` },
  });

async function xlsxOf(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Rules');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const countsOf = (answer: { body: Record<string, unknown> }) => answer.body.importCounts as TCounts;
const detailsOf = (answer: { body: Record<string, unknown> }) => answer.body.errorMessages as string[];

describe('placement rule import', () => {
  it('imports a CSV (byte order mark, semicolons, decimal commas, any language) and creates the rules', async () => {
    const name = unique('Csv rule');
    const csv =
      '\uFEFFNombre de regla;Scenario id;typeCode;Service material;Leitungsgröße von;Service size to;Active\r\n' +
      `${name};${scenarioId};Pipe-Plastic;PVC;20,5;110;Oui\r\n` +
      `"${name}; two";;;;;;Nein\r\n`;
    const before = await rowCount();
    const answer = await importFile(csv);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(countsOf(answer)).toEqual({ rows: 2, created: 2, updated: 0, unchanged: 0 });
    const [first, second] = answer.body.placementRuleInfos as TRule[];
    expect(first).toMatchObject({
      placementRuleName: name,
      scenarioId,
      typeCode: 'pipe-plastic',
      materialCode: 'pvc',
      serviceSizeRangeLow: 20.5,
      serviceSizeRangeHigh: 110,
      active: true,
      tifStatus: 'A',
    });
    expect(second).toMatchObject({ placementRuleName: `${name}; two`, scenarioId: null, active: false });
    expect(await rowCount()).toBe(before + 2);
  });

  it('imports an .xlsx whose rows update rules by id and create the others; a dry run only counts', async () => {
    const kept = await ok(admin, 'save', { placementRuleName: unique('Kept'), scenarioId, companyId });
    const changed = await ok(admin, 'save', { placementRuleName: unique('Old'), companyId });
    const newName = unique('New');
    const file = await xlsxOf([
      ['Regel-ID', 'Regelname', 'Szenario-ID', 'Leitungsgröße bis', 'Aktiv'],
      [kept.placementRuleId, kept.placementRuleName, scenarioId, null, 'Ja'],
      [changed.placementRuleId, 'Renamed', null, 200, 'Nein'],
      [null, newName, scenarioId, 50, null],
    ]);
    const before = await rowCount();
    const dry = await importFile(file, admin, true);
    expect(dry.status, JSON.stringify(dry.body)).toBe(200);
    expect(countsOf(dry)).toEqual({ rows: 3, created: 1, updated: 1, unchanged: 1 });
    expect(dry.body.placementRuleInfos).toEqual([]);
    expect(await rowCount()).toBe(before);

    const answer = await importFile(file);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(countsOf(answer)).toEqual({ rows: 3, created: 1, updated: 1, unchanged: 1 });
    const ids = [kept.placementRuleId, changed.placementRuleId];
    const [keptNow, changedNow] = (await find(admin, { ids })).placementRuleInfos.sort(
      (a, b) => a.placementRuleId - b.placementRuleId,
    );
    expect(keptNow).toEqual(kept);
    // Columns left out keep their values; an empty cell clears its field.
    expect(changedNow).toMatchObject({
      placementRuleName: 'Renamed',
      serviceSizeRangeHigh: 200,
      active: false,
      companyId,
    });
    expect((await find(admin, { search: newName })).placementRuleInfos).toHaveLength(1);
  });

  it('refuses a file with bad rows as a whole: one 422 naming every row and column, nothing written', async () => {
    const target = await ok(admin, 'save', { placementRuleName: unique('Target'), companyId });
    const foreign = await ok(partner.authToken, 'save', { placementRuleName: unique('Tree rule') });
    const csv = [
      'Rule id,Rule name,Scenario id,Service type,Service size from,Service size to,Closure device count,Active',
      `${target.placementRuleId},Fine,,,,,,Yes`,
      ',,,,,,,',
      ',,,,,,1,',
      `,No name but,${scenarioId},,,,,`,
      `,${'x'.repeat(201)},,,abc,10,,`,
      ',Reversed,,,50,10,2.5,maybe',
      ',Unknown code,999999,no-such-type,,,,',
      `${target.placementRuleId},Repeated id,,,,,,`,
      '2147483647,Nobody has it,,,-1,,,',
    ].join('\n');
    const before = await rowCount();
    const answer = await importFile(csv);
    expect(answer.status, JSON.stringify(answer.body)).toBe(422);
    expect(detailsOf(answer).slice(1)).toEqual([
      '[Detail] row 4, column Rule name: a value is required',
      `[Detail] row 6, column Service size from: abc is not a number`,
      '[Detail] row 6, column Rule name: longer than 200 characters',
      '[Detail] row 7, column Closure device count: 2.5 is not a number',
      '[Detail] row 7, column Active: maybe is not yes or no',
      '[Detail] row 7, column Service size from: 50 is not between 0 and 10',
      '[Detail] row 8, column Scenario id: 999999 is not in its list',
      '[Detail] row 8, column Service type: no-such-type is not in its list',
      `[Detail] row 9, column Rule id: ${target.placementRuleId} appears in an earlier row`,
      '[Detail] row 10, column Service size from: -1 is not between 0 and 1000000',
      '[Detail] row 10, column Rule id: 2147483647 is not in its list',
    ]);
    const reversed = await importFile(
      'Rule name,Service size from,Service size to\nReversed,50,10\nFine,1,2\n',
    );
    expect(detailsOf(reversed).slice(1)).toEqual([
      '[Detail] row 2, column Service size from: 50 is not between 0 and 10',
    ]);
    expect(await rowCount()).toBe(before);
    expect((await find(admin, { ids: [target.placementRuleId] })).placementRuleInfos[0]).toEqual(target);
    expect(foreign.tifStatus).toBe('RfA');
  });

  it('refuses a zip bomb, an oversize file, a picture, NUL bytes and unknown or __proto__ titles with 4xx', async () => {
    const before = await rowCount();
    const bomb = await xlsxOf([['Rule name'], ['Bomb']]);
    for (
      let at = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
      at >= 0;
      at = bomb.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), at + 4)
    )
      bomb.writeUInt32LE(600 * 1024 * 1024, at + 24);
    expect((await importFile(bomb)).status).toBe(413);
    const oversize = await importFile(Buffer.alloc(PLACEMENT_RULE_IMPORT_MAX_BYTES + 4096, 'a'));
    expect(oversize.status).toBe(413);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expectError(await importFile(png), 415, 'notAnXlsx', 'loadedFile');
    expectError(await importFile('Rule name\nA\0B\n'), 415, 'notAnXlsx');
    expectError(await importFile(Buffer.from([0x52, 0xff, 0xfe, 0x0a])), 415, 'notAnXlsx');
    const proto = await importFile('Rule name,__proto__,constructor\nX,1,2\n');
    expect(proto.status).toBe(422);
    expect(detailsOf(proto).slice(1)).toEqual([
      '[Detail] row 1, column __proto__: __proto__ is not in its list',
      '[Detail] row 1, column constructor: constructor is not in its list',
    ]);
    const tooMany = `Rule name\n${'R\n'.repeat(PLACEMENT_RULE_IMPORT_MAX_ROWS + 1)}`;
    expectError(await importFile(tooMany), 422, 'tooManyItems', 'loadedFile');
    expectError(await importFile('Rule id\n1\n'), 422, 'importRequired');
    expectError(await importFile('Rule name\n"open quote\n'), 422, 'importUnreadable');
    expectError(await importFile('Rule name\n'), 422, 'importNoRows');
    expect(await rowCount()).toBe(before);
    // As a value, __proto__ is just a name.
    const named = await importFile(`Rule name\n__proto__\n`);
    expect((named.body.placementRuleInfos as TRule[])[0]?.placementRuleName).toBe('__proto__');
  });

  it("turns a partner's rows into requests and refuses another company's rule id", async () => {
    const original = await ok(admin, 'save', { placementRuleName: unique('Published'), companyId });
    const name = unique('Partner new');
    const answer = await importFile(
      `Rule id,Rule name\n${original.placementRuleId},Partner change\n,${name}\n`,
      partner.authToken,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(countsOf(answer)).toMatchObject({ created: 1, updated: 1 });
    const [change, created] = answer.body.placementRuleInfos as TRule[];
    expect(change).toMatchObject({
      placementRuleName: 'Partner change',
      tifStatus: 'RfC',
      tifOriginalId: original.placementRuleId,
    });
    expect(created).toMatchObject({ placementRuleName: name, tifStatus: 'RfA', companyId });
    expect((await find(admin, { ids: [original.placementRuleId] })).placementRuleInfos[0]).toMatchObject({
      placementRuleName: original.placementRuleName,
    });
    // A second change of the same rule waits for the first to be decided.
    const pending = await importFile(
      `Rule id,Rule name\n${original.placementRuleId},Again\n`,
      partner.authToken,
    );
    expectError(pending, 422, 'tifPending');

    const strangers = await importFile(
      `Rule id,Rule name\n${original.placementRuleId},Taken over\n`,
      stranger.authToken,
    );
    expect(detailsOf(strangers).slice(1)).toEqual([
      `[Detail] row 2, column Rule id: ${original.placementRuleId} is not in its list`,
    ]);
    const elsewhere = await importFile(`Rule name,Company id\nMine,${companyId}\n`, stranger.authToken);
    expectError(elsewhere, 422, 'importNotInList');
  });

  it('refuses strangers (401), end users (403) and readers of the wrong rights', async () => {
    expect((await importFile('Rule name\nX\n', null)).status).toBe(401);
    expect((await importFile('Rule name\nX\n', reader.authToken)).status).toBe(403);
    const noToken = await t.app.inject({ method: 'GET', url: '/api/placement-rules/export' });
    expect(noToken.statusCode).toBe(401);
  });
});

describe('placement rule export', () => {
  it('exports xlsx and csv that import back unchanged, in any language, with formulas neutralised', async () => {
    const marker = unique('Round');
    const saved = [
      await ok(admin, 'save', {
        placementRuleName: `=${marker} formula`,
        scenarioId,
        companyId,
        typeCode: 'pipe-plastic',
        materialCode: 'pvc',
        serviceSizeRangeLow: 12.25,
        serviceSizeRangeHigh: 125,
        closureDeviceSystemType: '@collar, "wide"',
        closureDeviceSystemCount: 2,
        closureDeviceSystemThickness: 0,
        additionalInsulationTypeCode: 'mineral-wool',
        additionalInsulationThickness: 30,
      }),
      await ok(admin, 'save', { placementRuleName: `${marker} 二`, companyId, active: false }),
    ];
    const ids = saved.map((rule) => rule.placementRuleId);
    const csv = await exported(`format=csv&language=fr&search=${encodeURIComponent(marker)}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const text = csv.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFFID de règle,Nom de règle,')).toBe(true);
    expect(text).toContain(`'=${marker} formula`);
    expect(text).toContain(`"'@collar, ""wide"""`);
    const xlsx = await exported(`format=xlsx&language=ja&search=${encodeURIComponent(marker)}`);
    expect(xlsx.statusCode).toBe(200);
    for (const file of [csv.rawPayload, xlsx.rawPayload]) {
      const answer = await importFile(file);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(countsOf(answer)).toEqual({ rows: 2, created: 0, updated: 0, unchanged: 2 });
    }
    const after = (await find(admin, { ids })).placementRuleInfos.sort(
      (a, b) => a.placementRuleId - b.placementRuleId,
    );
    expect(after).toEqual(saved);
  });

  it("exports only the caller's tree, filtered", async () => {
    const mine = await ok(admin, 'save', { placementRuleName: unique('Tree'), companyId, active: false });
    const text = (await exported('format=csv&active=false', partner.authToken)).rawPayload.toString('utf8');
    expect(text).toContain(mine.placementRuleName);
    const theirs = (await exported('format=csv', stranger.authToken)).rawPayload.toString('utf8');
    expect(theirs).not.toContain(mine.placementRuleName);
    const active = (await exported('format=csv&active=true', partner.authToken)).rawPayload.toString('utf8');
    expect(active).not.toContain(mine.placementRuleName);
    expect((await exported('format=pdf')).statusCode).toBe(400);
  });

  it('has titles that name one column each across the six languages', () => {
    for (const column of PLACEMENT_RULE_SHEET_COLUMNS)
      for (const language of INTERFACE_LANGUAGES)
        expect(placementRuleSheetColumnOf(placementRuleSheetTitle(column, language))).toBe(column);
    expect(placementRuleSheetColumnOf('__proto__')).toBeUndefined();
  });
});
