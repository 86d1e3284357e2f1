// A social feed kept in the browser (api/blueprints/social): posts with hashtags and mentions,
// likes, bookmarks, comment threads, follows, trending topics and a profile. One person's view of
// a small community: makers by default, runners when the description is about running.
import { type BlueprintEntry, hasAnyWord } from './blueprint-context.js';

export const socialBlueprint: BlueprintEntry = {
  id: 'social',
  isDataApp: false,
  summary: 'a feed with posts, likes, comments, follows, hashtags and profiles, kept in local storage',
  defaults: () => ({
    title: 'Circle',
    tagline: 'Share what you are working on with people who care.',
    palette: { primary: '#7c3aed', accent: '#ec4899', scheme: 'light' },
    kind: 'a social feed',
  }),
  files: [
    'src/App.tsx',
    'src/components/Layout.tsx',
    'src/components/NavRail.tsx',
    'src/pages/HomePage.tsx',
    'src/pages/BookmarksPage.tsx',
    'src/pages/ProfilePage.tsx',
    'src/pages/NotFoundPage.tsx',
    'src/components/PageHeader.tsx',
    'src/components/Composer.tsx',
    'src/components/PostFeed.tsx',
    'src/components/PostCard.tsx',
    'src/components/RichText.tsx',
    'src/components/UserAvatar.tsx',
    'src/components/ProfileCard.tsx',
    'src/components/TrendingTopics.tsx',
    'src/components/WhoToFollow.tsx',
    'src/hooks/useSocial.ts',
    'src/store/useSocialStore.ts',
    'src/types.ts',
    'src/data/sample-data.ts',
    'src/lib/time.ts',
    'src/lib/hashtags.ts',
  ],
  fill(ctx) {
    const runners = hasAnyWord(ctx.words, ['run', 'runner', 'running', 'marathon', 'fitness', 'workout', 'athlete', 'training', 'sport']);
    return {
      features: [
        'A feed with "For you" and "Following" tabs, newest first',
        'A composer with a 280-character ring counter; #hashtags and @mentions are highlighted',
        'Likes, reposts, bookmarks and comment threads on every post',
        'Trending topics from the hashtags in use, and who-to-follow suggestions',
        'Home, bookmarks and profile pages at their own addresses (react-router), with a profile card',
        'Everything saved in local storage, so the community survives a reload',
      ],
      variants: runners ? ['runners'] : [],
    };
  },
};
