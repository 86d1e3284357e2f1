import { describe, expect, it } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';
import { createWorkspaceStore } from '@/store/workspace';
import { CodeView } from './code-view';
import { FileTreePanel } from './file-tree-panel';
import { renderInWorkspace } from './test-helpers';

describe('FileTreePanel', () => {
  it('selecting a folder shows that it is a folder, in place of the file read before', async () => {
    const store = createWorkspaceStore();
    store.actions.loadProject('shop', ['src/App.tsx', 'package.json']);
    store.actions.updateFileContent('package.json', '{}');
    store.actions.setActiveFile('package.json');
    renderInWorkspace(
      <>
        <FileTreePanel />
        <CodeView />
      </>,
      { store },
    );

    const folder = screen.getByRole('button', { name: 'src' });
    fireEvent.click(folder);
    expect(await screen.findByText('This is a folder. Select a file to view its content.')).toBeTruthy();
    expect(folder.getAttribute('aria-current')).toBe('true');
    expect(store.state.currentView).toBe('code');

    // The click also closed it, as before; the next one opens it again.
    expect(folder.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(folder);
    expect(folder.getAttribute('aria-expanded')).toBe('true');
  });
});
