import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { ClipPage } from './components/clip-page';
import { LightboxProvider } from './components/image-lightbox';
import { TooltipProvider } from './components/ui/tooltip';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// `/clip` is the page the bookmarklet opens (core serves the app there too); every other view
// lives in the hash of `/`.
createRoot(root).render(
  <StrictMode>
    <TooltipProvider>
      <LightboxProvider>{window.location.pathname === '/clip' ? <ClipPage /> : <App />}</LightboxProvider>
    </TooltipProvider>
  </StrictMode>,
);

// The installed app's offline shell and share target (production builds only: the dev server
// serves modules that must not be cached).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => console.warn('knower: no offline shell', error));
  });
}
