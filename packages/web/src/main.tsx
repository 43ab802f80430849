import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { bootstrap } from './app/bootstrap.ts';
import { mockModeRequested } from './mock/mock-mode.ts';
import './app/global.css';

/** Mock mode (docs/operations.md): its code is fetched only when asked for, before any call. */
async function startMockIfRequested(): Promise<void> {
  if (!mockModeRequested()) return;
  try {
    const { startMockBackend } = await import('./mock/start-mock.ts');
    await startMockBackend();
  } catch (error) {
    // Without a service worker (plain http on a LAN address) the portal runs against the server.
    console.error('Mock mode could not start; the real backend answers every call.', error);
  }
}

const container = document.getElementById('root');
if (container) {
  void startMockIfRequested()
    .then(bootstrap)
    .finally(() => {
      createRoot(container).render(
        <StrictMode>
          <App />
        </StrictMode>,
      );
    });
}
