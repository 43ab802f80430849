import type { TPriceItem } from '@portal/contract';
import { getPriceList } from './find-price-lists.ts';

/** Items per read: the most a get answers in one page. */
const READ_PAGE_SIZE = 1000;

/**
 * Every item of a list, in id order, read a page of 1,000 at a time through the get
 * (POST /api/prices/get/pricelist/{id}): what an import's undo puts back.
 */
export async function readAllPriceItems(id: number, itemCount: number): Promise<TPriceItem[]> {
  const pages = Math.ceil(itemCount / READ_PAGE_SIZE);
  const read = await Promise.all(
    Array.from({ length: pages }, (_, index) =>
      getPriceList(id, {
        page: index + 1,
        pageSize: READ_PAGE_SIZE,
        sort: [{ field: 'priceItemId', dir: 'asc' }],
      }),
    ),
  );
  return read.flatMap((page) => page?.list.priceItemInfos ?? []);
}
