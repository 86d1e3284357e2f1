import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { MAX_IMAGES, MAX_PROMPT_CHARS } from '@forge/protocol/limits';
import { INVALID_PROJECT_NAME_MESSAGE } from '@forge/protocol/project-name';
import type { InfoResponse, LlmProviderName, PublicUser } from '@forge/protocol/api';
import { createQueryClient } from '@/api/query-client';
import { meQueryOptions } from '@/api/queries/auth';
import { infoQueryOptions } from '@/api/queries/info';
import { projectListQueryOptions } from '@/api/queries/projects';
import { createWorkspaceStore } from '@/store/workspace';
import { EMPTY_GENERATE_DRAFT, GenerateView, type GenerateDraft } from './generate-view';
import { jsonResponse, renderInWorkspace } from './test-helpers';

function Harness() {
  const [draft, setDraft] = useState<GenerateDraft>(EMPTY_GENERATE_DRAFT);
  return <GenerateView draft={draft} onDraftChange={setDraft} />;
}

const user: PublicUser = { id: 'u1', keyHint: 'abcd', createdAt: '2025-01-01T00:00:00Z', isAdmin: false };

/** A query client that already knows which model provider the server uses and the account's projects, so no request goes out for them. */
function withProvider(name: LlmProviderName, projects: string[] = []) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(infoQueryOptions.queryKey, { provider: { name, model: null } } as InfoResponse);
  queryClient.setQueryData(meQueryOptions.queryKey, user);
  queryClient.setQueryData(projectListQueryOptions.queryKey, { projects: projects.map((name) => ({ name, fileCount: 3, modifiedAt: '2025-01-01T00:00:00Z' })) });
  return queryClient;
}

function mockFetch(impl: (input: string, init?: RequestInit) => Promise<Response>) {
  const mock = jest.fn(impl);
  globalThis.fetch = mock as unknown as typeof fetch;
  return mock;
}

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

describe('GenerateView', () => {
  it('says plainly when the offline starter agent is in use, and what to describe; not how to set a model up', () => {
    renderInWorkspace(<Harness />, { queryClient: withProvider('offline') });
    const note = screen.getByRole('note', { name: 'Offline starter agent' });
    expect(note.textContent).toContain('The offline starter agent is in use.');
    expect(note.textContent).toContain('Describe one of those for the best result.');
    expect(note.textContent).not.toContain('ANTHROPIC_API_KEY');
  });

  it('tells an operator how to connect a model', () => {
    const queryClient = withProvider('offline');
    const admin: PublicUser = { ...user, isAdmin: true };
    queryClient.setQueryData(meQueryOptions.queryKey, admin);
    renderInWorkspace(<Harness />, { queryClient });
    expect(screen.getByRole('note', { name: 'Offline starter agent' }).textContent).toContain('ANTHROPIC_API_KEY');
  });

  it('shows no such notice with a model', () => {
    renderInWorkspace(<Harness />, { queryClient: withProvider('anthropic') });
    expect(screen.queryByRole('note', { name: 'Offline starter agent' })).toBeNull();
  });

  it('has the spec fields and keeps Generate disabled while the prompt is blank', () => {
    renderInWorkspace(<Harness />, { queryClient: withProvider('anthropic') });
    expect(screen.getByRole('heading', { name: 'New Generation' })).toBeTruthy();
    const prompt = screen.getByLabelText('Describe your React project') as HTMLTextAreaElement;
    expect(prompt.rows).toBe(7);
    expect((screen.getByLabelText('Project Name') as HTMLInputElement).placeholder).toBe('my-react-app');
    const uploader = screen.getByLabelText('Design Reference') as HTMLInputElement;
    expect(uploader.type).toBe('file');
    expect(uploader.multiple).toBe(true);
    expect(uploader.accept).toBe('image/png,image/jpeg,image/gif,image/webp');

    const button = screen.getByRole('button', { name: 'Generate Project' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(prompt, { target: { value: '   ' } });
    expect(button.disabled).toBe(true);
    fireEvent.change(prompt, { target: { value: 'A todo app' } });
    expect(button.disabled).toBe(false);
  });

  it('rejects an invalid project name and logs the message', async () => {
    const fetchMock = mockFetch(async () => jsonResponse({ jobId: 'j1' }));
    const { store } = renderInWorkspace(<Harness />, { queryClient: withProvider('anthropic') });
    fireEvent.change(screen.getByLabelText('Describe your React project'), { target: { value: 'A todo app' } });
    fireEvent.change(screen.getByLabelText('Project Name'), { target: { value: 'my app' } });
    expect(screen.getByText(INVALID_PROJECT_NAME_MESSAGE)).toBeTruthy();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Generate Project' }));
    });
    expect(store.state.logs.map((log) => log.message)).toContain(INVALID_PROJECT_NAME_MESSAGE);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(store.state.isGenerating).toBe(false);
  });

  it('logs rejected images with the spec messages', async () => {
    const { store } = renderInWorkspace(<Harness />, { queryClient: withProvider('anthropic') });
    const big = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 5 * 1024 * 1024 + 1 });
    const pdf = new File(['x'], 'brief.pdf', { type: 'application/pdf' });

    await act(async () => {
      fireEvent.change(screen.getByLabelText('Design Reference'), { target: { files: [big, pdf] } });
    });
    await waitFor(() => expect(store.state.logs).toHaveLength(2));
    expect(store.state.logs.map((log) => log.message).sort()).toEqual(['brief.pdf is not a valid image', 'huge.png is too large (max 5MB)']);
  });

  it('refuses a description over the shared limit, saying so, and keeps what was typed', async () => {
    const fetchMock = mockFetch(async () => jsonResponse({ jobId: 'j1' }));
    renderInWorkspace(<Harness />, { queryClient: withProvider('anthropic') });
    const prompt = screen.getByLabelText('Describe your React project') as HTMLTextAreaElement;
    const button = screen.getByRole('button', { name: 'Generate Project' }) as HTMLButtonElement;

    fireEvent.change(prompt, { target: { value: `  ${'a'.repeat(MAX_PROMPT_CHARS)}  ` } });
    expect(button.disabled).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.change(prompt, { target: { value: 'a'.repeat(MAX_PROMPT_CHARS + 1) } });
    expect(button.disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('The description is too long (max 20000 characters). It has 20,001.');
    expect(prompt.getAttribute('aria-invalid')).toBe('true');
    expect(prompt.value).toHaveLength(MAX_PROMPT_CHARS + 1);
    await act(async () => {
      fireEvent.keyDown(prompt, { key: 'Enter', ctrlKey: true });
    });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('attaches at most the shared number of images and names the ones left out', async () => {
    const { store } = renderInWorkspace(<Harness />, { queryClient: withProvider('anthropic') });
    const pngs = (from: number, count: number) => Array.from({ length: count }, (_, i) => new File([new Uint8Array([1])], `shot-${from + i}.png`, { type: 'image/png' }));

    await act(async () => {
      fireEvent.change(screen.getByLabelText('Design Reference'), { target: { files: pngs(1, MAX_IMAGES - 1) } });
    });
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(MAX_IMAGES - 1));
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Design Reference'), { target: { files: pngs(MAX_IMAGES, 3) } });
    });
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(MAX_IMAGES));
    expect(screen.getByRole('img', { name: 'shot-8.png' })).toBeTruthy();
    expect(store.state.logs.map((log) => log.message)).toEqual(['At most 8 design images per project. Not attached: shot-9.png, shot-10.png.']);
  });

  it('adds image thumbnails with remove buttons and sends them with the job', async () => {
    const fetchMock = mockFetch(async () => jsonResponse({ jobId: 'j1' }));
    renderInWorkspace(<Harness />, { queryClient: withProvider('anthropic') });
    const png = new File([new Uint8Array([1, 2, 3])], 'mock.png', { type: 'image/png' });
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Design Reference'), { target: { files: [png] } });
    });
    await waitFor(() => expect(screen.getByRole('img', { name: 'mock.png' })).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Remove mock.png' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Describe your React project'), { target: { value: 'Match this' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Generate Project' }));
    });
    const body = JSON.parse(String(fetchMock.mock.calls[0][1]!.body));
    expect(body).toEqual({ prompt: 'Match this', projectName: 'my-react-app', images: [{ name: 'mock.png', base64: 'AQID', mediaType: 'image/png' }] });

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Remove mock.png' }));
    });
    expect(screen.queryByRole('img', { name: 'mock.png' })).toBeNull();
  });

  it('starts a job, switching to the terminal in the Generating state', async () => {
    // The job's stream stays open: the job is still running.
    const fetchMock = mockFetch(async (url) => (url === '/api/jobs/start' ? jsonResponse({ jobId: 'job-42' }) : new Promise<Response>(() => {})));
    const store = createWorkspaceStore();
    renderInWorkspace(<Harness />, { store, queryClient: withProvider('anthropic') });
    fireEvent.change(screen.getByLabelText('Describe your React project'), { target: { value: '  A blog  ' } });
    fireEvent.change(screen.getByLabelText('Project Name'), { target: { value: 'blog_1' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Generate Project' }));
    });

    expect(fetchMock.mock.calls[0][0]).toBe('/api/jobs/start');
    expect(fetchMock.mock.calls[0][1]!.method).toBe('POST');
    expect(JSON.parse(String(fetchMock.mock.calls[0][1]!.body))).toEqual({ prompt: 'A blog', projectName: 'blog_1' });
    expect(store.state).toMatchObject({ isGenerating: true, currentProject: 'blog_1', status: 'Generating', currentView: 'terminal' });
    expect(screen.getByRole('button', { name: 'Generating...' })).toBeTruthy();
  });

  it('logs a failed start and ends in the Error status', async () => {
    mockFetch(async () => jsonResponse({ error: 'Not enough credits' }, 402));
    const { store } = renderInWorkspace(<Harness />, { queryClient: withProvider('anthropic') });
    fireEvent.change(screen.getByLabelText('Describe your React project'), { target: { value: 'A shop' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Generate Project' }));
    });
    await waitFor(() => expect(store.state.status).toBe('Error'));
    expect(store.state.isGenerating).toBe(false);
    expect(store.state.logs.at(-1)).toMatchObject({ message: '❌ Generation failed: Not enough credits', type: 'error' });
  });

  describe('a name the account already uses', () => {
    it('says so, offers a free name, and sends nothing until one is chosen', async () => {
      const fetchMock = mockFetch(async () => jsonResponse({ jobId: 'j1' }));
      renderInWorkspace(<Harness />, { queryClient: withProvider('anthropic', ['crumb', 'crumb-2']) });
      fireEvent.change(screen.getByLabelText('Describe your React project'), { target: { value: "A photographer's portfolio" } });
      fireEvent.change(screen.getByLabelText('Project Name'), { target: { value: 'crumb' } });

      const notice = screen.getByRole('status', { name: 'Project name taken' });
      expect(notice.textContent).toContain('You already have a project named crumb');
      expect((screen.getByRole('button', { name: 'Generate Project' }) as HTMLButtonElement).disabled).toBe(true);

      fireEvent.click(screen.getByRole('button', { name: 'Use crumb-3' }));
      expect((screen.getByLabelText('Project Name') as HTMLInputElement).value).toBe('crumb-3');
      expect(screen.queryByRole('status', { name: 'Project name taken' })).toBeNull();
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Generate Project' }));
      });
      expect(JSON.parse(String(fetchMock.mock.calls[0][1]!.body))).toEqual({ prompt: "A photographer's portfolio", projectName: 'crumb-3' });
    });

    it('the default name counts too', () => {
      renderInWorkspace(<Harness />, { queryClient: withProvider('anthropic', ['my-react-app']) });
      expect(screen.getByRole('button', { name: 'Use my-react-app-2' })).toBeTruthy();
    });

    it('replaces only after an explicit "Replace", and a new name asks again', async () => {
      const fetchMock = mockFetch(async (url) => (url === '/api/jobs/start' ? jsonResponse({ jobId: 'j1' }) : new Promise<Response>(() => {})));
      renderInWorkspace(<Harness />, { queryClient: withProvider('anthropic', ['crumb', 'other']) });
      fireEvent.change(screen.getByLabelText('Describe your React project'), { target: { value: 'A bakery' } });
      fireEvent.change(screen.getByLabelText('Project Name'), { target: { value: 'crumb' } });
      fireEvent.click(screen.getByRole('button', { name: 'Replace crumb' }));
      expect(screen.getByRole('status', { name: 'Project name taken' }).textContent).toContain('The new app will replace crumb');

      fireEvent.change(screen.getByLabelText('Project Name'), { target: { value: 'other' } });
      expect((screen.getByRole('button', { name: 'Generate Project' }) as HTMLButtonElement).disabled).toBe(true);
      fireEvent.change(screen.getByLabelText('Project Name'), { target: { value: 'crumb' } });
      expect((screen.getByRole('button', { name: 'Generate Project' }) as HTMLButtonElement).disabled).toBe(true);

      fireEvent.click(screen.getByRole('button', { name: 'Replace crumb' }));
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Generate Project' }));
      });
      expect(JSON.parse(String(fetchMock.mock.calls[0][1]!.body))).toEqual({ prompt: 'A bakery', projectName: 'crumb', replace: true });
    });

    it('a 409 from a list out of date reads the list again and shows the choice, starting nothing', async () => {
      let listed: string[] = [];
      mockFetch(async (url) =>
        url === '/api/jobs/start'
          ? jsonResponse({ error: 'You already have a project named "crumb".', code: 'project.exists' }, 409)
          : jsonResponse({ projects: listed.map((name) => ({ name, fileCount: 1, modifiedAt: '2025-01-01T00:00:00Z' })) }),
      );
      const { store } = renderInWorkspace(<Harness />, { queryClient: withProvider('anthropic') });
      fireEvent.change(screen.getByLabelText('Describe your React project'), { target: { value: 'A bakery' } });
      fireEvent.change(screen.getByLabelText('Project Name'), { target: { value: 'crumb' } });
      listed = ['crumb'];
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Generate Project' }));
      });
      await waitFor(() => expect(screen.getByRole('button', { name: 'Replace crumb' })).toBeTruthy());
      expect(store.state).toMatchObject({ isGenerating: false, currentProject: null, currentView: 'generate' });
      expect(store.state.logs).toEqual([]);
    });
  });
});
