import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { bootstrap } from './app/bootstrap.ts';
import './app/global.css';

const container = document.getElementById('root');
if (container) {
  void bootstrap().finally(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}
