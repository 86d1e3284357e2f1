import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen } from '@testing-library/react';
import { createWorkspaceStore } from '@/store/workspace';
import { PREVIEW_FAILED_MESSAGE, PREVIEW_TIMEOUT_MESSAGE, PreviewView } from './preview-view';
import { renderInWorkspace } from './test-helpers';

const URL = 'http://abc.preview.localhost:3000/';

describe('PreviewView', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  it('explains why there is no preview, with and without a project', () => {
    const { unmount } = renderInWorkspace(<PreviewView />);
    expect(screen.getByText('No Preview Available')).toBeTruthy();
    expect(screen.getByText('Generate a project to see a live preview of your React application.')).toBeTruthy();
    unmount();

    const store = createWorkspaceStore({ currentProject: 'shop' });
    renderInWorkspace(<PreviewView />, { store });
    expect(screen.getByText('The preview server is not running. Generate a new project or build an existing one to see the preview.')).toBeTruthy();
  });

  it('shows a sandboxed frame that goes from loading to live', async () => {
    const store = createWorkspaceStore({ currentProject: 'shop', previewUrl: URL });
    renderInWorkspace(<PreviewView />, { store });

    expect(screen.getByText(URL)).toBeTruthy();
    expect(screen.getByText('Loading...')).toBeTruthy();
    const frame = screen.getByTitle('Live preview');
    expect(frame.getAttribute('sandbox')).toBe('allow-scripts allow-same-origin allow-forms allow-modals allow-popups');
    expect(frame.getAttribute('src')).toBe(URL);
    expect(screen.getByRole('link', { name: 'Open preview in new tab' }).getAttribute('target')).toBe('_blank');

    await act(async () => {
      fireEvent.load(frame);
    });
    expect(screen.getByText('Live Preview')).toBeTruthy();
  });

  it('fails after 15 seconds without a load, and Retry reloads', async () => {
    const store = createWorkspaceStore({ currentProject: 'shop', previewUrl: URL });
    renderInWorkspace(<PreviewView />, { store });

    await act(async () => {
      jest.advanceTimersByTime(14_999);
    });
    expect(screen.queryByText(PREVIEW_TIMEOUT_MESSAGE)).toBeNull();
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(screen.getByText(PREVIEW_TIMEOUT_MESSAGE)).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(screen.queryByText(PREVIEW_TIMEOUT_MESSAGE)).toBeNull();
    expect(screen.getByText('Loading...')).toBeTruthy();
  });

  it('reports a frame error, and disables refresh for half a second', async () => {
    const store = createWorkspaceStore({ currentProject: 'shop', previewUrl: URL });
    renderInWorkspace(<PreviewView />, { store });

    await act(async () => {
      fireEvent.error(screen.getByTitle('Live preview'));
    });
    expect(screen.getByText(PREVIEW_FAILED_MESSAGE)).toBeTruthy();

    const refresh = screen.getByRole('button', { name: 'Refresh preview' }) as HTMLButtonElement;
    await act(async () => {
      fireEvent.click(refresh);
    });
    expect(refresh.disabled).toBe(true);
    expect(screen.queryByText(PREVIEW_FAILED_MESSAGE)).toBeNull();
    await act(async () => {
      jest.advanceTimersByTime(500);
    });
    expect(refresh.disabled).toBe(false);
  });
});

describe('select mode in the preview', () => {
  const heading = { target: { file: 'src/components/Hero.tsx', line: 12, column: 7 }, tagName: 'h1', component: 'Hero', text: 'Welcome' };
  const selected = { source: 'forge-preview', type: 'element-selected', element: heading };

  async function newLivePreview() {
    const store = createWorkspaceStore({ currentProject: 'shop', previewUrl: URL });
    renderInWorkspace(<PreviewView />, { store });
    expect(screen.queryByRole('button', { name: 'Select' })).toBeNull();
    const frame = screen.getByTitle('Live preview') as HTMLIFrameElement;
    const posted = jest.spyOn(frame.contentWindow!, 'postMessage');
    await act(async () => {
      fireEvent.load(frame);
    });
    const post = async (data: unknown, origin: string, source: MessageEventSource | null) => {
      await act(async () => {
        window.dispatchEvent(new MessageEvent('message', { data, origin, source }));
      });
    };
    return { sut: { store, frame, post, toggle: () => screen.getByRole('button', { name: 'Select' }) }, mocks: { posted } };
  }

  it('the toggle turns select mode on in the preview, on its origin only, and a pick from the preview frame ends it', async () => {
    const { sut, mocks } = await newLivePreview();
    expect(sut.toggle().getAttribute('aria-pressed')).toBe('false');
    await act(async () => {
      fireEvent.click(sut.toggle());
    });
    expect(sut.toggle().getAttribute('aria-pressed')).toBe('true');
    expect(mocks.posted.mock.calls.at(-1)).toEqual([{ source: 'forge-preview', type: 'select-mode', on: true }, 'http://abc.preview.localhost:3000']);
    expect(screen.getByText(/an element to edit it/)).toBeTruthy();

    await sut.post(selected, 'http://abc.preview.localhost:3000', sut.frame.contentWindow);
    expect(sut.store.state.selection).toEqual(heading);
    expect(sut.toggle().getAttribute('aria-pressed')).toBe('false');
    expect(mocks.posted.mock.calls.at(-1)).toEqual([{ source: 'forge-preview', type: 'select-mode', on: false }, 'http://abc.preview.localhost:3000']);
  });

  it('ignores a selection from another window or another origin', async () => {
    const { sut } = await newLivePreview();
    await sut.post(selected, 'http://abc.preview.localhost:3000', window);
    await sut.post(selected, 'http://evil.preview.localhost:3000', sut.frame.contentWindow);
    await sut.post(selected, 'null', sut.frame.contentWindow);
    expect(sut.store.state.selection).toBeNull();
  });
});
