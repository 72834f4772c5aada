// First of all: zod must not probe for eval under the page's CSP (see the module).
import './lib/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// The app's first render replaces the static shell (the same markup) in one commit.
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
