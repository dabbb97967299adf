import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';
import { selectApi } from './api/selectApi.js';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App api={selectApi()} />
  </StrictMode>,
);
