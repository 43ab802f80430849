import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { ToastContainer } from '../shared/toast/toast-container.tsx';
import { Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';

/** The root view: the routed page plus the toast container (spec 2). */
export function App() {
  const [router] = useState(createAppRouter);
  return (
    <Providers>
      <RouterProvider router={router} />
      <ToastContainer />
    </Providers>
  );
}
