import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { LightboxProvider } from './components/image-lightbox';
import { TooltipProvider } from './components/ui/tooltip';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <TooltipProvider>
      <LightboxProvider>
        <App />
      </LightboxProvider>
    </TooltipProvider>
  </StrictMode>,
);
