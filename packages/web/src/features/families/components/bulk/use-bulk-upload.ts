import { englishOf, type TFamilyBulkFileLine } from '@portal/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../../shared/api/api-error.ts';
import { sendFamilyBatch } from '../../api/bulk-upload-families.ts';
import { familiesKey } from '../../api/find-families.ts';
import {
  addFiles,
  applyLine,
  batchFiles,
  batchProgress,
  EMPTY_QUEUE,
  endBatch,
  nextBatch,
  pause,
  resume,
  retry,
  retryDelayMs,
  serverName,
  startBatch,
  type TBulkItem,
  type TBulkQueue,
} from './bulk-queue.ts';

/** A file the portal does not take, refused before anything is sent (the server's own reason). */
function notRevit(file: File): TFamilyBulkFileLine {
  const message = { key: 'bulkNotRevit', values: { name: file.name } } as const;
  return {
    kind: 'file',
    file: file.name,
    status: 'refused',
    code: message.key,
    values: message.values,
    message: englishOf(message),
  };
}

/** A file the server's complete answer did not name (it should not happen; it is not sent again). */
function unanswered(item: TBulkItem): TFamilyBulkFileLine {
  return {
    kind: 'file',
    file: serverName(item.file.name),
    status: 'refused',
    code: 'bulkNoAnswer',
    message: 'The server did not answer for this file',
  };
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export type TBulkUpload = {
  queue: TBulkQueue;
  /** Why the whole upload stopped (signed out, no permission, the company refused), or null. */
  error: string | null;
  /** When the next automatic try starts (epoch ms), while retrying. */
  retryAt: number | null;
  add: (files: readonly File[]) => void;
  cancel: () => void;
  resume: () => void;
  clear: () => void;
};

/**
 * The bulk upload's queue and the loop that sends it: batch after batch, each line applied as it
 * arrives; a dropped connection sends the unanswered files again after a growing wait, then waits
 * for "Resume". The library's lists are refreshed once something was saved.
 */
export function useBulkUpload(companyId: number | null): TBulkUpload {
  const [queue, setQueue] = useState<TBulkQueue>(EMPTY_QUEUE);
  const [error, setError] = useState<string | null>(null);
  const [retryAt, setRetryAt] = useState<number | null>(null);
  const current = useRef(queue);
  const abort = useRef<AbortController | null>(null);
  const sending = useRef(false);
  const queryClient = useQueryClient();

  const apply = useCallback((change: (queue: TBulkQueue) => TBulkQueue) => {
    current.current = change(current.current);
    setQueue(current.current);
  }, []);

  const run = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    let saved = false;
    try {
      while (current.current.phase === 'running') {
        const keys = nextBatch(current.current);
        if (!keys.length) {
          apply((queue) => ({ ...queue, phase: 'done' }));
          break;
        }
        const files = batchFiles(current.current, keys);
        apply((queue) => startBatch(queue, keys));
        const controller = new AbortController();
        abort.current = controller;
        try {
          const outcome = await sendFamilyBatch(files, {
            companyId,
            signal: controller.signal,
            onProgress: (loaded) => apply((queue) => batchProgress(queue, keys, loaded)),
            onLine: (line) => {
              if (line.kind === 'file' && line.status === 'saved') saved = true;
              apply((queue) => applyLine(queue, keys, line));
            },
          });
          apply((queue) => endBatch(queue, keys, outcome, unanswered));
        } catch (failure) {
          apply(pause);
          if (!isAbort(failure)) setError(isApiError(failure) ? failure.displayMessage : String(failure));
          break;
        } finally {
          abort.current = null;
        }
      }
    } finally {
      sending.current = false;
      if (saved) void queryClient.invalidateQueries({ queryKey: familiesKey });
    }
  }, [apply, companyId, queryClient]);

  useEffect(() => {
    if (queue.phase === 'running' && !sending.current) void run();
    if (queue.phase !== 'retrying') {
      setRetryAt(null);
      return;
    }
    const delay = retryDelayMs(queue.attempt);
    setRetryAt(Date.now() + delay);
    const timer = setTimeout(() => apply(retry), delay);
    return () => clearTimeout(timer);
  }, [queue.phase, queue.attempt, run, apply]);

  // Leaving the screen stops the running batch; the server keeps what it answered.
  useEffect(() => () => abort.current?.abort(), []);

  return {
    queue,
    error,
    retryAt,
    add: (files) => {
      setError(null);
      apply((queue) => {
        const added = addFiles(queue, files, notRevit);
        return queue.phase === 'idle' || queue.phase === 'done' ? resume(added) : added;
      });
    },
    cancel: () => {
      abort.current?.abort();
      apply(pause);
    },
    resume: () => {
      setError(null);
      apply(resume);
    },
    clear: () => {
      abort.current?.abort();
      setError(null);
      apply(() => ({ ...EMPTY_QUEUE, serial: current.current.serial }));
    },
  };
}
