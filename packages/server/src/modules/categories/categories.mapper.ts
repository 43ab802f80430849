import type { TCategory } from '@portal/contract';
import type { TCategoryRow } from './categories.repository.ts';

/** The one place a category row becomes the API record. */
export function toCategory(row: TCategoryRow & { familyCount: number }): TCategory {
  return {
    categoryId: row.id,
    categoryName: row.name,
    categoryDescription: row.description,
    categoryPictureFileName: row.pictureFileName,
    categoryPictureHash: row.pictureHash,
    active: row.active,
    familyCount: row.familyCount,
  };
}
