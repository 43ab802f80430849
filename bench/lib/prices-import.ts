import type { TChildServer } from './child-server.ts';
import { uploadFile } from './families-upload.ts';

type TListAnswer = { priceListInfos: Array<{ priceListId: number; itemCount: number }> };

/** Makes an empty price list through the API (as the prices bench does) and answers its id. */
export async function createPriceList(portal: TChildServer, token: string, code: string): Promise<number> {
  const response = await fetch(`${portal.url}/api/prices/save/pricelist`, {
    method: 'POST',
    signal: AbortSignal.timeout(60_000),
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      priceListInfos: [
        { priceListCode: code, priceListDescription: 'Piping, ducts and cable trays (bench)' },
      ],
    }),
  });
  const answer = (await response.json()) as TListAnswer;
  if (response.status !== 200)
    throw new Error(`/api/prices/save/pricelist answered ${response.status}: ${JSON.stringify(answer)}`);
  return answer.priceListInfos[0]!.priceListId;
}

/**
 * Imports the .xlsx `file` into list `id` by multipart upload (every row validated, the list's
 * items replaced); fails unless it answers 200 with `rows` items. Answers the seconds from the
 * first byte sent to the last byte of the answer.
 */
export async function importPriceList(
  portal: TChildServer,
  token: string,
  id: number,
  file: string,
  rows: number,
): Promise<number> {
  const result = await uploadFile(`${portal.url}/api/prices/import/pricelist/${id}/upload`, file, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (result.status !== 200) throw new Error(`the import answered ${result.status}: ${result.answer}`);
  const itemCount = (JSON.parse(result.answer) as TListAnswer).priceListInfos[0]?.itemCount;
  if (itemCount !== rows) throw new Error(`the import answered ${itemCount} items, not ${rows}`);
  return result.seconds;
}
