import { useOutletContext } from 'react-router';
import type { SocialDispatch, SocialState } from '@/store/useSocialStore';

/** What every page of the layout gets: the community's state, its actions, and a way to show a #tag. */
export interface SocialContext {
  state: SocialState;
  dispatch: SocialDispatch;
  showTag: (tag: string) => void;
}

export function useSocial(): SocialContext {
  return useOutletContext<SocialContext>();
}
