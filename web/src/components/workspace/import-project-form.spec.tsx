import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createWorkspaceStore } from '@/store/workspace';
import { ImportProjectForm } from './import-project-form';
import { jsonResponse, renderInWorkspace } from './test-helpers';

afterEach(() => {
  delete (globalThis as { fetch?: unknown }).fetch;
});

function chooseZip(name: string) {
  const file = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], name, { type: 'application/zip' });
  fireEvent.change(screen.getByLabelText('ZIP file'), { target: { files: [file] } });
  return file;
}

describe('ImportProjectForm', () => {
  it('takes the project name from the ZIP and keeps Import disabled until a file is chosen', () => {
    renderInWorkspace(<ImportProjectForm />);
    const button = screen.getByRole('button', { name: 'Import Project' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    chooseZip('My Site (1).zip');
    expect((screen.getByLabelText('Project name') as HTMLInputElement).value).toBe('My-Site-1');
    expect(button.disabled).toBe(false);
  });

  it('sends the ZIP as multipart and shows a refusal in the server words beside the form, starting nothing', async () => {
    const fetchMock = jest.fn(async () => jsonResponse({ error: 'bad.zip was not imported: "src/x" is a symbolic link. Nothing was saved.', code: 'validation' }, 400));
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const store = createWorkspaceStore();
    renderInWorkspace(<ImportProjectForm />, { store });
    const file = chooseZip('bad.zip');
    fireEvent.click(screen.getByRole('button', { name: 'Import Project' }));

    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('"src/x" is a symbolic link'));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/projects/import');
    expect(init.method).toBe('POST');
    const form = init.body as FormData;
    expect(form.get('projectName')).toBe('bad');
    expect((form.get('file') as File).name).toBe(file.name);
    expect(store.state.isGenerating).toBe(false);
    expect(store.state.logs).toEqual([]);
  });
});
