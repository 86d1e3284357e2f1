import { describe, expect, it } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { createWorkspaceStore } from '@/store/workspace';
import { TerminalView } from './terminal-view';
import { renderInWorkspace } from './test-helpers';

describe('TerminalView', () => {
  it('shows the ready state when there is nothing to show', () => {
    renderInWorkspace(<TerminalView />);
    expect(screen.getByRole('heading', { name: 'Terminal Output' })).toBeTruthy();
    expect(screen.getByText('Terminal Ready')).toBeTruthy();
    expect(screen.getByText('Generate a project to see build logs and output')).toBeTruthy();
  });

  it('shows the generate command, timestamped lines, a busy chip and a status line with an ellipsis', () => {
    const store = createWorkspaceStore();
    store.actions.startGeneration('todo-app');
    store.actions.addLog('Writing src/App.tsx');
    renderInWorkspace(<TerminalView />, { store });

    expect(screen.getByText('forge generate --project todo-app')).toBeTruthy();
    const log = screen.getByRole('log');
    expect(within(log).getByText('Writing src/App.tsx')).toBeTruthy();
    expect(log.querySelector('time')!.textContent).toMatch(/^\[\d{2}:\d{2}:\d{2}\]$/);
    expect(screen.getByText('Generating...')).toBeTruthy();
    expect(screen.getByTestId('terminal-status-line').textContent).toMatch(/\.\.\.$/);
  });

  it('renders inline diff markers as removed and added text', () => {
    const store = createWorkspaceStore();
    store.actions.addLog('Fixed: [-old()-]{+fresh()+}');
    const { container } = renderInWorkspace(<TerminalView />, { store });
    expect(container.querySelector('del')!.textContent).toContain('old()');
    expect(container.querySelector('ins')!.textContent).toContain('fresh()');
  });

  it('Clear really empties the log', async () => {
    const store = createWorkspaceStore();
    store.actions.addLog('one');
    store.actions.addLog('two');
    renderInWorkspace(<TerminalView />, { store });

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Clear terminal' }));
    });
    expect(store.state.logs).toEqual([]);
    expect(screen.queryByText('one')).toBeNull();
    expect(screen.getByText('Terminal Ready')).toBeTruthy();
  });

  it('Maximize covers the viewport and toggles back, also with Escape', async () => {
    renderInWorkspace(<TerminalView />);
    const terminal = () => screen.getByRole('region', { name: 'Terminal' });
    expect(terminal().className).not.toContain('fixed');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Maximize terminal' }));
    });
    expect(terminal().className).toContain('fixed inset-0');
    expect(terminal().parentElement).toBe(document.body);

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Minimize terminal' }));
    });
    expect(terminal().className).not.toContain('fixed');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Maximize terminal' }));
    });
    await act(async () => {
      fireEvent.keyDown(window, { key: 'Escape' });
    });
    expect(terminal().className).not.toContain('fixed');
  });
});
