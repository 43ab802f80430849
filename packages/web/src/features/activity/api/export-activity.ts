import type { TActivityFindRequest } from '@portal/contract';
import { downloadFile } from '../../../shared/api/download-file.ts';
import { exportFileName } from '../../../shared/list/list-export.ts';

export type TActivityExportRequest = Omit<TActivityFindRequest, 'page' | 'pageSize'>;

/**
 * POST /api/activity/export: the whole filtered activity log as CSV, saved as its
 * Content-Disposition names it. Returns the file name.
 */
export function exportActivity(body: TActivityExportRequest): Promise<string> {
  return downloadFile('api/activity/export', exportFileName('activity'), body);
}
