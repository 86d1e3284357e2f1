import { NOT_SHARED_DETAIL, NOT_SHARED_TITLE } from '@forge/protocol/shares';

export type PreviewPage = 'starting' | 'unreachable' | 'not-built' | 'failed' | 'not-found' | 'not-shared' | 'share-unavailable';

interface PageCopy {
  status: number;
  title: string;
  message: string;
  /** The page reloads itself while the preview may still come up. */
  refreshSeconds: number | null;
}

const PAGES: Record<PreviewPage, PageCopy> = {
  starting: {
    status: 503,
    title: 'Starting the preview…',
    message: 'This preview was asleep. Its sandbox is installing and building the project; the page reloads by itself when it is ready.',
    refreshSeconds: 2,
  },
  unreachable: {
    status: 502,
    title: 'The app is not answering',
    message: "The preview's sandbox is up, but the app inside it did not answer. It may be restarting; this page tries again shortly.",
    refreshSeconds: 3,
  },
  'not-built': {
    status: 503,
    title: 'This preview is not built yet',
    message: 'Open the project in Forge and build it to see the preview here.',
    refreshSeconds: null,
  },
  failed: {
    status: 503,
    title: 'The last build failed',
    message: 'This project did not build, so there is nothing to show. Open it in Forge to read the build log and try again.',
    refreshSeconds: null,
  },
  'not-found': {
    status: 404,
    title: 'No preview here',
    message: 'This preview address does not exist. It may have been removed, or the link is mistyped.',
    refreshSeconds: null,
  },
  // A shared project's public preview, for visitors: they cannot build it, so the copy does not ask them to.
  'not-shared': {
    status: 404,
    title: NOT_SHARED_TITLE,
    message: NOT_SHARED_DETAIL,
    refreshSeconds: null,
  },
  'share-unavailable': {
    status: 503,
    title: 'This app is not running',
    message: 'Its owner has not built it yet, or its last build failed. Try again later.',
    refreshSeconds: null,
  },
};

/** A small self-contained page; previews have their own origin, so nothing is loaded from the platform. */
export function previewPage(page: PreviewPage): { status: number; html: string; refreshSeconds: number | null } {
  const copy = PAGES[page];
  const refresh = copy.refreshSeconds ? `<meta http-equiv="refresh" content="${copy.refreshSeconds}">` : '';
  const spinner = page === 'starting' ? '<div class="spinner" aria-hidden="true"></div>' : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${refresh}
<title>${copy.title}</title>
<style>
  :root { color-scheme: dark; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #0b0d12; color: #e6e8ee;
    font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  main { max-width: 440px; padding: 32px; text-align: center; }
  h1 { font-size: 20px; margin: 16px 0 8px; }
  p { color: #9aa3b2; margin: 0; }
  .spinner { width: 28px; height: 28px; margin: 0 auto; border-radius: 50%; border: 3px solid #2a2f3a; border-top-color: #7c9cff;
    animation: spin 0.9s linear infinite; }
  @keyframes spin { to { transform: rotate(360deg); } }
  small { display: block; margin-top: 24px; color: #5d6675; }
</style></head>
<body><main role="main">${spinner}<h1>${copy.title}</h1><p>${copy.message}</p><small>Forge preview</small></main></body></html>`;
  return { status: copy.status, html, refreshSeconds: copy.refreshSeconds };
}
