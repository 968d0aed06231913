import { ReelbaseApp } from '@reelbase/ui';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { desktopPlatform } from './desktop-platform.ts';
import { FirstStart } from './first-start.tsx';
import { UploadCenter } from './upload-center.tsx';

const bridge = window.reelbase;
const root = createRoot(document.getElementById('root') as HTMLElement);
const config = await bridge.config();

root.render(
  <StrictMode>
    {config.apiBaseUrl ? (
      <>
        <ReelbaseApp platform={desktopPlatform(bridge, config.apiBaseUrl)} />
        <UploadCenter bridge={bridge} apiBaseUrl={config.apiBaseUrl} />
      </>
    ) : (
      // A reload applies the chosen server to the page's Content-Security-Policy.
      <FirstStart bridge={bridge} proposed={config.defaultApiBaseUrl} onChosen={() => window.location.reload()} />
    )}
  </StrictMode>,
);
