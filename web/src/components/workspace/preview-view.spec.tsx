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
