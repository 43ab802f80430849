import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  MAX_FAMILY_BASE64_BYTES,
  MAX_FAMILY_FILE_BYTES,
  type TFamilyUpload,
  type TRevitFamilyInput,
  type TRfaContents,
} from '@portal/contract';
import { badRequest } from '../../lib/app-error.ts';
import type { TAuth } from '../../lib/caller.ts';
import { decodeBase64 } from '../../lib/file-store.ts';
import { readRfaFile } from '../../lib/rfa/rfa-file.ts';
import type { CategoriesService } from '../categories/categories.service.ts';
import type { FilesService } from '../files/files.service.ts';
import { suggestedName } from './families.mapper.ts';
import type { FamiliesRepository } from './families.repository.ts';

export type TFamilyUploadsDeps = {
  repo: FamiliesRepository;
  categories: CategoriesService;
  files: FilesService;
  /** The largest streamed family file (MAX_FAMILY_FILE_BYTES; tests lower it). */
  maxFileBytes?: number;
};

/** A family file as stored and read: from a streaming upload, or base64 in the save. */
export type TFileSource = {
  hash: string;
  fileName: string;
  size: number;
  contents: TRfaContents;
  previewHash: string | null;
  uploadId?: string;
};

const UPLOAD_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Family files coming in: a streamed upload is stored by its SHA-256 only when it reads as a Revit
 * family and waits a day for the save that names it; a save's base64 file goes the same way.
 */
export class FamilyUploadsService {
  readonly #d: TFamilyUploadsDeps;

  constructor(deps: TFamilyUploadsDeps) {
    this.#d = deps;
  }

  /** The largest family file a streamed upload takes. */
  get maxFileBytes(): number {
    return this.#d.maxFileBytes ?? MAX_FAMILY_FILE_BYTES;
  }

  /** Forgets the uploads no save used within their day (the file sweep then frees their files). */
  expire(now: Date): Promise<number> {
    return this.#d.repo.deleteUploadsBefore(new Date(now.getTime() - UPLOAD_LIFETIME_MS));
  }

  /**
   * Takes a family file streamed from a multipart upload: stored by its SHA-256 only when it reads
   * as a Revit family; answers what was read and an id to save it with.
   */
  async upload(auth: TAuth, source: Readable, fileName: string): Promise<TFamilyUpload['upload']> {
    const { uploadId, file } = await this.receive(auth, source, fileName);
    const categoryId = await this.#d.categories.suggest(file.contents.revitCategory);
    return {
      uploadId,
      fileName,
      size: file.size,
      sha256: file.hash,
      contents: file.contents,
      previewBase64: await this.#d.files.thumbnailBase64(file.previewHash),
      suggestions: {
        revitFamilyName: suggestedName(file.contents.title, fileName),
        categoryId,
        tags: [file.contents.revitCategory].filter((tag): tag is string => Boolean(tag)),
      },
    };
  }

  /**
   * Stores a streamed family file as `upload` does and keeps it a day for the save that names it:
   * answers the upload id and the file as read (no thumbnail: a bulk upload needs none).
   */
  async receive(
    auth: TAuth,
    source: Readable,
    fileName: string,
  ): Promise<{ uploadId: string; file: TFileSource }> {
    const file = await this.#ingest(source, fileName, this.maxFileBytes);
    const uploadId = randomBytes(16).toString('hex');
    await this.#d.repo.deleteUploadsBefore(new Date(Date.now() - UPLOAD_LIFETIME_MS));
    await this.#d.repo.insertUpload({
      id: uploadId,
      userId: auth.userId,
      fileHash: file.hash,
      fileName,
      size: file.size,
      contents: file.contents,
      previewHash: file.previewHash,
    });
    return { uploadId, file: { ...file, uploadId } };
  }

  /**
   * The file a save brings: the caller's own upload of the last day (400 when there is none), or
   * its base64 content, stored and read now; undefined when it brings none.
   */
  async fileOf(auth: TAuth, input: TRevitFamilyInput): Promise<TFileSource | undefined> {
    if (input.revitFamilyUploadId) {
      const upload = await this.#d.repo.upload(
        input.revitFamilyUploadId,
        auth.userId,
        new Date(Date.now() - UPLOAD_LIFETIME_MS),
      );
      if (!upload) throw badRequest('uploadNotFound', undefined, 'revitFamilyUploadId');
      return {
        hash: upload.fileHash,
        fileName: input.revitFamilyFileName || upload.fileName,
        size: upload.size,
        contents: upload.contents as TRfaContents,
        previewHash: upload.previewHash,
        uploadId: upload.id,
      };
    }
    if (!input.revitFamilyFileBase64) return undefined;
    const content = decodeBase64(
      'revitFamilyFileBase64',
      input.revitFamilyFileBase64,
      MAX_FAMILY_BASE64_BYTES,
    );
    return this.#ingest(
      Readable.from([content]),
      input.revitFamilyFileName || 'family.rfa',
      MAX_FAMILY_BASE64_BYTES,
      'revitFamilyFileBase64',
    );
  }

  /** Forgets the uploads a save has used. */
  async forget(files: (TFileSource | undefined)[]): Promise<void> {
    for (const file of files) if (file?.uploadId) await this.#d.repo.deleteUpload(file.uploadId);
  }

  /** Streams a family file into storage, keeping it only when it reads as a Revit family. */
  async #ingest(source: Readable, fileName: string, maxBytes: number, name = 'file'): Promise<TFileSource> {
    let read: Awaited<ReturnType<typeof readRfaFile>> | undefined;
    const stored = await this.#d.files.storeStream(source, 'application/octet-stream', {
      maxBytes,
      name,
      check: async (path) => {
        read = await readRfaFile(path, name);
      },
    });
    const { contents, previewPng } = read!;
    const previewHash = previewPng
      ? await this.#d.files.storePicture('preview', previewPng).catch(() => null)
      : null;
    return { hash: stored.hash, fileName, size: stored.size, contents, previewHash };
  }
}
