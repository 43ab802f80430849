import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createQueryClient } from './query-client.ts';

let client: QueryClient | null = null;

/**
 * TanStack Query for the screens that use it (the signed-in frame and the auth pages other than
 * sign-in), one cache for all of them; the sign-in page loads without it.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  client ??= createQueryClient();
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
