/**
 * Electron main process: one locked-down window, native dialogs, and IPC onto the same backend
 * the HTTP bridge uses (src/bridge/appBackend.ts). Heavy work runs in a utility process per job.
 *
 * Security model: the renderer is treated as untrusted content. It is sandboxed with context
 * isolation and no Node; it may load only our own files (CSP in index.html, plus every other
 * request cancelled here); it can never navigate or open windows; and every IPC call is checked
 * for its sender and its arguments before it reaches the backend.
 */
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  safeStorage,
  session,
  utilityProcess,
  type IpcMainInvokeEvent,
  type WebContents,
} from 'electron';
import type { ApiCapabilities } from '../src/api/finredactApi.js';
import {
  BACKEND_OPERATIONS,
  ELECTRON_CHANNELS as IPC_CHANNELS,
  ipcChannelOf,
} from '../src/api/apiOperations.js';
import { AppBackend } from '../src/bridge/appBackend.js';
import { ExtractionCache, FILE_MODE_ONLY, loadCacheKey } from '../src/bridge/extractionCache.js';
import { validateJobId } from '../src/bridge/apiValidation.js';
import { callBackend } from '../src/bridge/backendOperations.js';
import { capabilitiesFor } from '../src/bridge/capabilities.js';
import type { HostMessage, ProcessingChannel } from '../src/bridge/processingProtocol.js';
import { StderrTail } from '../src/bridge/stderrTail.js';
import { INPUT_EXTENSIONS } from '../src/bridge/inputExtensions.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const rendererIndex = path.join(here, '..', 'renderer', 'index.html');
const rendererRoot = pathToFileURL(path.dirname(rendererIndex)).href + '/';
const preloadScript = path.join(here, 'preload.cjs');
const processingHost = path.join(here, '..', 'src', 'bridge', 'processingHost.js');

function launchUtilityHost(): ProcessingChannel {
  const child = utilityProcess.fork(processingHost, [], {
    serviceName: 'FinRedact processing',
    stdio: ['ignore', 'inherit', 'pipe'],
  });
  const stderr = new StderrTail();
  child.stderr?.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    stderr.add(chunk.toString('utf8'));
  });
  return {
    send: (message) => child.postMessage(message),
    onMessage: (listener) =>
      child.on('message', (message: unknown) => listener(message as HostMessage)),
    onExit: (listener) => child.once('exit', (code: number) => listener(code, stderr.lastError())),
    kill: () => void child.kill(),
  };
}

/** Only our own page may call the backend, never a frame that got in some other way. */
function checkSender(event: IpcMainInvokeEvent): void {
  const url = event.senderFrame?.url ?? '';
  if (!url.startsWith(rendererRoot))
    throw new Error(`IPC refused from ${url || 'an unknown frame'}`);
}

function handle(
  channel: string,
  handler: (event: IpcMainInvokeEvent, ...args: unknown[]) => unknown,
): void {
  ipcMain.handle(channel, (event, ...args) => {
    checkSender(event);
    return handler(event, ...args);
  });
}

function registerIpc(backend: AppBackend, window: () => BrowserWindow | null): void {
  const subscriptions = new Map<string, () => void>();
  const key = (sender: WebContents, subscription: number) => `${sender.id}:${subscription}`;

  handle(IPC_CHANNELS.capabilities, (): ApiCapabilities => capabilitiesFor('electron'));
  handle(IPC_CHANNELS.pickFiles, async () => {
    const win = window();
    const options = {
      title: 'Add documents',
      properties: ['openFile', 'multiSelections'] as Array<'openFile' | 'multiSelections'>,
      filters: [
        { name: 'Documents', extensions: [...INPUT_EXTENSIONS] },
        { name: 'All files', extensions: ['*'] },
      ],
    };
    const result = win
      ? await dialog.showOpenDialog(win, options)
      : await dialog.showOpenDialog(options);
    return result.canceled ? [] : result.filePaths;
  });
  handle(IPC_CHANNELS.pickFolder, async () => {
    const win = window();
    const options = {
      title: 'Choose a folder',
      properties: ['openDirectory', 'createDirectory'] as Array<
        'openDirectory' | 'createDirectory'
      >,
    };
    const result = win
      ? await dialog.showOpenDialog(win, options)
      : await dialog.showOpenDialog(options);
    return result.canceled ? null : (result.filePaths[0] ?? null);
  });
  // Every request/response operation, from the table the HTTP bridge is wired from too.
  for (const operation of BACKEND_OPERATIONS) {
    handle(ipcChannelOf(operation), (_e, ...args) => callBackend(backend, operation, args));
  }
  handle(IPC_CHANNELS.subscribe, (event, jobId, subscription) => {
    if (!Number.isSafeInteger(subscription)) throw new Error('Invalid subscription id.');
    const sender = event.sender;
    const id = key(sender, subscription as number);
    const unsubscribe = backend.jobs.subscribe(validateJobId(jobId), (jobEvent) => {
      if (!sender.isDestroyed()) sender.send(IPC_CHANNELS.jobEvent, subscription, jobEvent);
      if (jobEvent.kind === 'job-done') queueMicrotask(() => subscriptions.get(id)?.());
    });
    subscriptions.set(id, () => {
      unsubscribe();
      subscriptions.delete(id);
    });
    // A reloaded or closed window never says goodbye; its listeners must not pile up.
    sender.once('destroyed', () => subscriptions.get(id)?.());
  });
  handle(IPC_CHANNELS.unsubscribe, (event, subscription) => {
    if (Number.isSafeInteger(subscription))
      subscriptions.get(key(event.sender, subscription as number))?.();
  });
}

/** Nothing but our own files and the developer tools may load; no network, ever. */
function lockDownSession(): void {
  const ses = session.defaultSession;
  ses.webRequest.onBeforeRequest((details, callback) => {
    const allowed = details.url.startsWith(rendererRoot) || details.url.startsWith('devtools://');
    callback({ cancel: !allowed });
  });
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
}

function createWindow(): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 800,
    minWidth: 1024,
    minHeight: 680,
    title: 'FinRedact',
    show: false,
    webPreferences: {
      preload: preloadScript,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      webviewTag: false,
      spellcheck: false,
      devTools: !app.isPackaged,
    },
  });
  win.once('ready-to-show', () => win.show());
  void win.loadFile(rendererIndex);
  return win;
}

// Every web contents, including any the renderer might try to create, is denied navigation,
// new windows and <webview>; a dropped file must not replace the app either.
app.on('web-contents-created', (_event, contents) => {
  contents.on('will-navigate', (event) => event.preventDefault());
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(() => ({ action: 'deny' }));
});

app.enableSandbox();
// Started as `electron dist/electron/main.js` Electron would call itself "Electron" and keep
// settings under that name; the settings file belongs in FinRedact's own userData folder.
app.setName('FinRedact');
app.setPath('userData', path.join(app.getPath('appData'), 'FinRedact'));

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let mainWindow: BrowserWindow | null = null;
  app.on('second-instance', () => {
    if (!mainWindow) return;
    if (mainWindow.isMinimized()) mainWindow.restore();
    mainWindow.focus();
  });

  void app.whenReady().then(async () => {
    lockDownSession();
    // The cache of processed files is encrypted with a key the OS keychain protects
    // (safeStorage: Keychain, DPAPI, libsecret) where it is available.
    const keychain = safeStorage.isEncryptionAvailable();
    const cache = new ExtractionCache(
      path.join(app.getPath('userData'), 'cache'),
      await loadCacheKey(
        path.join(app.getPath('userData'), 'cache.key'),
        keychain
          ? {
              keychain: true,
              encrypt: (plain) => safeStorage.encryptString(plain),
              decrypt: (stored) => safeStorage.decryptString(stored),
            }
          : FILE_MODE_ONLY,
      ),
    );
    const backend = new AppBackend({
      launchHost: launchUtilityHost,
      settingsFile: path.join(app.getPath('userData'), 'settings.json'),
      dropFolder: path.join(app.getPath('temp'), 'finredact-dropped'),
      cache,
    });
    registerIpc(backend, () => mainWindow);
    mainWindow = createWindow();
    mainWindow.on('closed', () => {
      mainWindow = null;
    });
    app.on('before-quit', () => void backend.dispose());
    app.on('activate', () => {
      if (!mainWindow) mainWindow = createWindow();
    });
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
}
