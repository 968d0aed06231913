import { CALLBACK_PATH, ReelbaseApp } from '@reelbase/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { browserPlatform } from './browser-platform.ts';
import { relaySignInAnswer } from './sign-in-callback.ts';

if (window.location.pathname === CALLBACK_PATH) {
  // A sign-in window back from Google or Facebook: it only passes the answer on (no app, no session).
  relaySignInAnswer();
} else {
  // Served by the API (or a dev proxy to it), so calls go to this page's own origin.
  const platform = browserPlatform(import.meta.env.VITE_API_URL ?? '');
  createRoot(document.getElementById('root') as HTMLElement).render(
    <StrictMode>
      <ReelbaseApp platform={platform} />
    </StrictMode>,
  );
}
