import { useCallback, useEffect, type RefObject } from 'react';
import { readElementSelectedMessage, selectModeMessage } from '@forge/protocol/preview-select';
import { useWorkspace } from '@/store/workspace';

/** The preview's origin, or null for an address that is not one. */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/**
 * Select mode between the workspace and its preview frame: the mode is sent to the frame's window on
 * the preview's origin only (again at each load of the page), and a selection counts only from that
 * window and origin, so a page of another origin can neither select nor aim an edit.
 */
export function usePreviewSelection(frame: RefObject<HTMLIFrameElement | null>, previewUrl: string, shown: boolean) {
  const { state, actions } = useWorkspace();
  const selecting = state.selecting && shown;
  const origin = originOf(previewUrl);

  const sendMode = useCallback(() => {
    if (origin) frame.current?.contentWindow?.postMessage(selectModeMessage(selecting), origin);
  }, [frame, origin, selecting]);

  useEffect(sendMode, [sendMode]);

  useEffect(() => {
    if (!origin) return;
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || !frame.current || event.source !== frame.current.contentWindow) return;
      const element = readElementSelectedMessage(event.data);
      if (element) actions.selectElement(element);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame, origin, actions]);

  // Escape leaves select mode (while the focus is in the workspace; in the page, its keys are its own).
  useEffect(() => {
    if (!selecting) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') actions.setSelecting(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [selecting, actions]);

  return { selecting, sendMode };
}
