import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from './app/providers';
import { Root } from './app/root';
import { setUpI18n } from './lib/i18n';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers i18n={setUpI18n()}>
      <Root />
    </Providers>
  </StrictMode>,
);
