import { ZDownloadTicket } from '@portal/contract';
import { typedRequest } from '../../../shared/api/typed-request.ts';

/**
 * Downloads a family file (its current version, or `versionId`) with the browser's own download
 * manager: a link cannot send the bearer token, so a one-minute ticket in its query stands in.
 */
export async function downloadFamilyFile(revitFamilyId: number, versionId?: number): Promise<void> {
  const ticket = await typedRequest('/family/download/ticket', ZDownloadTicket, {
    body: versionId === undefined ? { revitFamilyId } : { revitFamilyId, versionId },
  });
  const link = document.createElement('a');
  link.href = ticket.url;
  link.rel = 'noopener';
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}
