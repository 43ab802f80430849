export const DEFAULT_HEAP_MB: number;

export function nodeFlags(env?: NodeJS.ProcessEnv): string[];
