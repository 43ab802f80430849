import { MIN_DATE } from '@portal/contract';

export function iso(date: Date | null | undefined): string | null {
  return date ? date.toISOString() : null;
}

/** A never-set moment shows as the environment's default minimum date (CONTRACT 1). */
export function isoOrMin(date: Date | null | undefined): string {
  return date ? date.toISOString() : MIN_DATE;
}
