import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, screen, waitFor } from '@testing-library/react';
import { createWorkspaceStore } from '@/store/workspace';
import { CodeView } from './code-view';
import { binaryResponse, jsonResponse, renderInWorkspace } from './test-helpers';

type FetchMock = jest.Mock<(input: string, init?: RequestInit) => Promise<Response>>;

function mockFetch(impl: (input: string, init?: RequestInit) => Promise<Response>): FetchMock {
  const mock = jest.fn(impl) as FetchMock;
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
}

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('CodeView', () => {
  it('asks for a file when none is selected', () => {
    renderInWorkspace(<CodeView />);
    expect(screen.getByText('No file selected')).toBeTruthy();
  });

  it('explains that a folder has no content', () => {
    const store = createWorkspaceStore();
    store.actions.loadProject('shop', ['src/App.tsx']);
    store.actions.setActiveFile('src');
    renderInWorkspace(<CodeView />, { store });
    expect(screen.getByText('This is a folder. Select a file to view its content.')).toBeTruthy();
  });

  it('shows an empty streaming file with its badge and the real-time label', () => {
    const store = createWorkspaceStore();
    store.actions.startGeneration('shop');
    store.actions.addFile('src/App.tsx');
    renderInWorkspace(<CodeView />, { store });
    expect(screen.getByText('Empty file')).toBeTruthy();
    expect(screen.getByText('This file has no content yet')).toBeTruthy();
    expect(screen.getByText('Generating...')).toBeTruthy();
    expect(screen.getByText('Real-time generation by the agent')).toBeTruthy();
  });

  it('shows the path, the statistics and highlighted code of a finished file', () => {
    const store = createWorkspaceStore();
    store.actions.startGeneration('shop');
    store.actions.addFile('src/App.tsx');
    store.actions.updateFileContent('src/App.tsx', 'export const a = 1;\n');
    store.actions.completeFile('src/App.tsx');
    store.actions.stopGeneration();
    const { container } = renderInWorkspace(<CodeView />, { store });

    expect(screen.getByRole('heading', { name: 'src/App.tsx' })).toBeTruthy();
    expect(screen.getByText('AI-generated file')).toBeTruthy();
    expect(screen.queryByText('Generating...')).toBeNull();
    expect(screen.getByText('1 line')).toBeTruthy();
    expect(screen.getByText('20 B')).toBeTruthy();
    expect(screen.getByText('5 words')).toBeTruthy();
    expect(container.querySelector('code.language-tsx .token.keyword')?.textContent).toBe('export');
  });

  it('fetches a saved file it does not have yet', async () => {
    const fetchMock = mockFetch(async () => jsonResponse({ content: 'a\nb\nc' }));
    const store = createWorkspaceStore();
    store.actions.loadProject('shop', ['src/my page.tsx']);
    store.actions.setActiveFile('src/my page.tsx');
    renderInWorkspace(<CodeView />, { store });

    expect(screen.getByText('Loading file...')).toBeTruthy();
    await waitFor(() => expect(screen.getByText('3 lines')).toBeTruthy());
    expect(fetchMock.mock.calls[0][0]).toBe('/api/projects/shop/file/src/my%20page.tsx');
  });

  it('shows a loading error', async () => {
    mockFetch(async () => jsonResponse({ error: 'File not found' }, 404));
    const store = createWorkspaceStore();
    store.actions.loadProject('shop', ['a.ts']);
    store.actions.setActiveFile('a.ts');
    renderInWorkspace(<CodeView />, { store });

    await waitFor(() => expect(screen.getByText('Loading error')).toBeTruthy());
    expect(screen.getByText('Failed to load file content')).toBeTruthy();
  });

  it('aborts the previous fetch when another file is selected, and ignores it', async () => {
    const signals: AbortSignal[] = [];
    mockFetch(
      (input, init) =>
        new Promise<Response>((resolve, reject) => {
          signals.push(init!.signal!);
          if (input.endsWith('/b.ts')) resolve(jsonResponse({ content: 'bee' }));
          init!.signal!.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const store = createWorkspaceStore();
    store.actions.loadProject('shop', ['a.ts', 'b.ts']);
    store.actions.setActiveFile('a.ts');
    renderInWorkspace(<CodeView />, { store });
    await waitFor(() => expect(signals).toHaveLength(1));

    await act(async () => {
      store.actions.setActiveFile('b.ts');
    });
    await waitFor(() => expect(screen.getByText('1 word')).toBeTruthy());
    expect(signals[0].aborted).toBe(true);
    expect(screen.queryByText('Loading error')).toBeNull();
  });

  it('shows a saved image as an image, from the file API, without reading its bytes as text', async () => {
    const cancel = jest.fn(async () => undefined);
    mockFetch(async () => binaryResponse('image/png', 70, cancel));
    const store = createWorkspaceStore();
    store.actions.loadProject('shop', ['public/logo.png']);
    store.actions.setActiveFile('public/logo.png');
    renderInWorkspace(<CodeView />, { store });

    const image = (await screen.findByRole('img', { name: 'logo.png' })) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/api/projects/shop/file/public/logo.png');
    expect(screen.getByText('Binary file')).toBeTruthy();
    expect(screen.getByText('image/png')).toBeTruthy();
    expect(screen.getByText('70 B')).toBeTruthy();
    expect(screen.queryByText('AI-generated file')).toBeNull();
    expect(screen.queryByLabelText('Copy file content')).toBeNull();
    expect(cancel).toHaveBeenCalled();
  });

  it('shows any other binary file by its name, type and size, with a download link', async () => {
    mockFetch(async () => binaryResponse('font/woff2', 2048));
    const store = createWorkspaceStore();
    store.actions.loadProject('shop', ['public/fonts/brand.woff2']);
    store.actions.setActiveFile('public/fonts/brand.woff2');
    renderInWorkspace(<CodeView />, { store });

    expect(await screen.findByText('Binary file · font/woff2 · 2.0 KB')).toBeTruthy();
    expect(screen.getAllByText('brand.woff2')).toHaveLength(2);
    const link = screen.getByRole('link', { name: 'Download' });
    expect(link.getAttribute('href')).toBe('/api/projects/shop/file/public/fonts/brand.woff2');
    expect(link.getAttribute('download')).toBe('brand.woff2');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('does not fetch while generating', () => {
    const fetchMock = mockFetch(async () => jsonResponse({ content: 'x' }));
    const store = createWorkspaceStore();
    store.actions.loadProject('shop', ['a.ts']);
    store.actions.startGeneration('shop');
    store.actions.loadProject('shop', ['a.ts']);
    store.state.isGenerating = true;
    store.actions.setActiveFile('a.ts');
    renderInWorkspace(<CodeView />, { store });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
