import { describe, expect, it, jest } from '@jest/globals';
import { fireEvent, screen } from '@testing-library/react';
import type { InfoResponse, LlmProviderName } from '@forge/protocol/api';
import { OFFLINE_EDIT_EXAMPLES } from '@forge/protocol/offline-edits';
import { createQueryClient } from '@/api/query-client';
import { infoQueryOptions } from '@/api/queries/info';
import { OfflineEditExamples } from './offline-edit-examples';
import { renderInWorkspace } from './test-helpers';

function withProvider(name: LlmProviderName) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(infoQueryOptions.queryKey, { provider: { name, model: null } } as InfoResponse);
  return queryClient;
}

describe('OfflineEditExamples', () => {
  it('offers the edits the offline agent can make when no model is configured, filling the request on a click', () => {
    const onPick = jest.fn();
    renderInWorkspace(<OfflineEditExamples onPick={onPick} />, { queryClient: withProvider('offline') });
    const group = screen.getByRole('group', { name: 'Edits the offline agent can make' });
    expect([...group.querySelectorAll('button')].map((button) => button.textContent)).toEqual([...OFFLINE_EDIT_EXAMPLES]);
    fireEvent.click(screen.getByRole('button', { name: 'Make the accent colour teal' }));
    expect(onPick).toHaveBeenCalledWith('Make the accent colour teal');
  });

  it('offers nothing with a model, which can make any edit', () => {
    renderInWorkspace(<OfflineEditExamples onPick={() => {}} />, { queryClient: withProvider('anthropic') });
    expect(screen.queryByRole('group', { name: 'Edits the offline agent can make' })).toBeNull();
  });
});
