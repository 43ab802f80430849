import { unprocessable, unsupportedType } from '../app-error.ts';
import { CompoundFileError, readCompoundStreams } from './compound-file.ts';
import { RFA_STREAMS, readRfaStreams, type TRfaRead } from './rfa-reader.ts';

/**
 * Reads a family file on disk: only its three small streams are read, by following the compound
 * document's sector chains, so a file of hundreds of megabytes never sits in memory. 415 when it
 * is not a compound document, 422 when it is damaged or is no Revit family.
 */
export async function readRfaFile(filePath: string, name = 'revitFamilyFile'): Promise<TRfaRead> {
  let streams: Map<string, Buffer>;
  try {
    streams = await readCompoundStreams(filePath, RFA_STREAMS);
  } catch (error) {
    if (error instanceof CompoundFileError) {
      throw error.reason === 'notCompound'
        ? unsupportedType('rfaNotCompound', { name }, name)
        : unprocessable('rfaTruncated', { name }, name);
    }
    throw error;
  }
  return readRfaStreams(streams, name);
}
