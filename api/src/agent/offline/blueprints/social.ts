// A social feed kept in the browser: posts with hashtags and mentions, likes, bookmarks,
// comment threads, follows, trending topics and a profile. One person's view of a small community.
import { type BlueprintContext, type ProjectFiles, hasAnyWord, js } from './blueprint-context.js';
import { assembleProject } from './scaffold.js';
import { tsLiteral } from './ts-literal.js';

type SampleUser = { id: string; name: string; handle: string; bio: string };
type SamplePost = { id: string; authorId: string; text: string; hoursAgo: number; likes: number; reposts: number; comments: Array<{ authorId: string; text: string; hoursAgo: number }> };
type Community = { users: SampleUser[]; posts: SamplePost[]; me: SampleUser };

const MAKERS: Community = {
  me: { id: 'me', name: 'Alex Rivera', handle: 'alex', bio: 'Building things on the internet. Coffee, cameras and side projects.' },
  users: [
    { id: 'u1', name: 'Priya Raman', handle: 'priya', bio: 'Product designer. Sketching interfaces and sourdough loaves.' },
    { id: 'u2', name: 'Marcus Bell', handle: 'marcusb', bio: 'Indie developer shipping small, useful apps.' },
    { id: 'u3', name: 'Sofia Alvarez', handle: 'sofia.codes', bio: 'Front-end engineer. Accessibility nerd. Runs on tea.' },
    { id: 'u4', name: 'Kenji Watanabe', handle: 'kenji', bio: 'Photographer and occasional writer. Tokyo / Lisbon.' },
    { id: 'u5', name: 'Hannah Okafor', handle: 'hannah', bio: 'Community lead. Asking good questions for a living.' },
    { id: 'u6', name: 'Tom Whitaker', handle: 'tomw', bio: 'Writing about startups, focus and long walks.' },
    { id: 'u7', name: 'Lucia Ferreira', handle: 'lucia', bio: 'Illustrator. Currently drawing every cat in my street.' },
  ],
  posts: [
    { id: 'p1', authorId: 'u2', text: 'Shipped the new version of my habit tracker today: offline mode, widgets and a dark theme. Six months of evenings and weekends. #buildinpublic #indiedev', hoursAgo: 1, likes: 48, reposts: 9, comments: [{ authorId: 'u3', text: 'Congrats! The widgets look so good.', hoursAgo: 0.5 }] },
    { id: 'p2', authorId: 'u4', text: 'Golden hour in Alfama never gets old. Shot on a 35mm prime, no edits. #photography', hoursAgo: 3, likes: 122, reposts: 14, comments: [] },
    { id: 'p3', authorId: 'u3', text: 'Reminder: a button that looks like a link and a link that looks like a button both confuse screen reader users. Use the right element. #a11y #webdev', hoursAgo: 5, likes: 87, reposts: 31, comments: [{ authorId: 'u1', text: 'Printing this and taping it to my monitor.', hoursAgo: 4 }, { authorId: 'u2', text: 'Guilty. Fixing it tonight.', hoursAgo: 3.5 }] },
    { id: 'p4', authorId: 'u1', text: 'Unpopular opinion: most onboarding tours should be deleted. Design the empty state instead. @sofia.codes agree? #design', hoursAgo: 8, likes: 64, reposts: 7, comments: [{ authorId: 'u3', text: 'Agree. An empty state that teaches beats five tooltips.', hoursAgo: 7 }] },
    { id: 'p5', authorId: 'u5', text: 'What is one tool you could not work without this year? Mine is a plain paper notebook. #productivity', hoursAgo: 12, likes: 35, reposts: 2, comments: [{ authorId: 'u6', text: 'A timer. Twenty-five minutes at a time.', hoursAgo: 11 }, { authorId: 'u7', text: 'A good pencil sharpener, honestly.', hoursAgo: 10 }] },
    { id: 'p6', authorId: 'u7', text: 'Day 41 of drawing the cats of my street. Today: Biscuit, who has opinions about everything. #illustration', hoursAgo: 20, likes: 210, reposts: 25, comments: [] },
    { id: 'p7', authorId: 'u6', text: 'Wrote about why I stopped checking email before 11 am, and what happened to my focus. Short version: it came back. #productivity #writing', hoursAgo: 30, likes: 41, reposts: 6, comments: [] },
    { id: 'p8', authorId: 'u2', text: 'Pricing your first app is terrifying. I started at $2, doubled it twice, and lost zero customers. Charge more. #indiedev', hoursAgo: 44, likes: 156, reposts: 40, comments: [{ authorId: 'u5', text: 'Saving this for every founder I talk to.', hoursAgo: 40 }] },
    { id: 'p9', authorId: 'u4', text: 'New print shop is live: twelve photos from a year of walking Tokyo at night. #photography', hoursAgo: 60, likes: 93, reposts: 12, comments: [] },
  ],
};

const RUNNERS: Community = {
  me: { id: 'me', name: 'Alex Rivera', handle: 'alex', bio: 'Chasing a sub-4 marathon. Early mornings, long runs, strong coffee.' },
  users: [
    { id: 'u1', name: 'Maya Chen', handle: 'mayaruns', bio: 'Ultra runner and physio. Trails over roads, always.' },
    { id: 'u2', name: 'Daniel Okoye', handle: 'dan.o', bio: 'Coach at the Riverside Run Club. Tempo Tuesdays.' },
    { id: 'u3', name: 'Rosa Lindgren', handle: 'rosa', bio: 'Couch to 10k graduate. Now training for my first half.' },
    { id: 'u4', name: 'Sam Patel', handle: 'sampace', bio: 'Data nerd. I will tell you my cadence.' },
    { id: 'u5', name: 'Elena Costa', handle: 'elena', bio: 'Cyclist turned runner. Still miss coasting downhill.' },
  ],
  posts: [
    { id: 'p1', authorId: 'u3', text: 'Ran 16 km without stopping for the first time today. A year ago I could not run to the bus stop. #halfmarathon #couchto10k', hoursAgo: 2, likes: 143, reposts: 11, comments: [{ authorId: 'u2', text: 'Massive. Told you the long slow runs would pay off!', hoursAgo: 1 }] },
    { id: 'p2', authorId: 'u2', text: 'Tuesday tempo: 2 km warm-up, 3 × 2 km at threshold with 90 s jog, 2 km cool-down. Meet at the bandstand, 6:30. #runclub', hoursAgo: 6, likes: 38, reposts: 9, comments: [{ authorId: 'u5', text: 'Count me in.', hoursAgo: 5 }] },
    { id: 'p3', authorId: 'u1', text: 'Physio tip: most running injuries are training errors. Add no more than 10% a week and take your easy days easy. @sampace I am looking at you. #injuryprevention', hoursAgo: 10, likes: 97, reposts: 28, comments: [{ authorId: 'u4', text: 'My watch said the easy run was easy. Mostly.', hoursAgo: 9 }] },
    { id: 'p4', authorId: 'u4', text: 'Plotted 300 of my runs: my pace on days I sleep 8+ hours is 12 s/km faster. Sleep is the cheapest performance gear. #data #training', hoursAgo: 20, likes: 75, reposts: 19, comments: [] },
    { id: 'p5', authorId: 'u5', text: 'Trail recommendations near the coast? Looking for 15-20 km with some climbing. #trailrunning', hoursAgo: 30, likes: 12, reposts: 1, comments: [{ authorId: 'u1', text: 'The cliff path loop from the harbour. Bring water.', hoursAgo: 28 }] },
    { id: 'p6', authorId: 'u1', text: 'Finished the 50 km mountain race in 6:12. Legs destroyed, heart full. #trailrunning #ultra', hoursAgo: 50, likes: 230, reposts: 22, comments: [] },
  ],
};

function communityFor(words: ReadonlySet<string>): Community {
  return hasAnyWord(words, ['run', 'runner', 'running', 'marathon', 'fitness', 'workout', 'athlete', 'training', 'sport']) ? RUNNERS : MAKERS;
}

const TYPES_TS = `export interface User {
  id: string;
  name: string;
  handle: string;
  bio: string;
}

export interface Comment {
  id: string;
  authorId: string;
  text: string;
  /** Milliseconds since 1970. */
  createdAt: number;
}

export interface Post {
  id: string;
  authorId: string;
  text: string;
  createdAt: number;
  likes: number;
  likedByMe: boolean;
  reposts: number;
  repostedByMe: boolean;
  comments: Comment[];
}

export type View = 'home' | 'bookmarks' | 'profile';
export type FeedTab = 'for-you' | 'following';
`;

function sampleDataTs(community: Community): string {
  return `import type { Post, User } from '../types';

export const me: User = ${tsLiteral(community.me)};

export const users: User[] = ${tsLiteral(community.users)};

export const initiallyFollowing: string[] = ${tsLiteral(community.users.slice(0, Math.ceil(community.users.length / 2)).map((u) => u.id))};

type SamplePost = Omit<Post, 'createdAt' | 'likedByMe' | 'repostedByMe' | 'comments'> & {
  hoursAgo: number;
  comments: Array<{ authorId: string; text: string; hoursAgo: number }>;
};

const samplePosts: SamplePost[] = ${tsLiteral(community.posts)};

const HOUR = 3_600_000;

/** The posts a first visit starts with, timed relative to now. */
export function createSamplePosts(): Post[] {
  const now = Date.now();
  return samplePosts.map(({ hoursAgo, comments, ...post }) => ({
    ...post,
    createdAt: now - hoursAgo * HOUR,
    likedByMe: false,
    repostedByMe: false,
    comments: comments.map((comment, index) => ({
      id: post.id + '-c' + index,
      authorId: comment.authorId,
      text: comment.text,
      createdAt: now - comment.hoursAgo * HOUR,
    })),
  }));
}

export function findUser(id: string): User {
  return id === me.id ? me : (users.find((user) => user.id === id) ?? { id, name: 'Unknown', handle: 'unknown', bio: '' });
}
`;
}

function storeTs(ctx: BlueprintContext): string {
  return `import { useEffect, useReducer } from 'react';
import { createSamplePosts, initiallyFollowing, me } from '../data/sample-data';
import type { Post } from '../types';

const STORAGE_KEY = ${js(`${ctx.packageName}:social:v1`)};

export interface SocialState {
  posts: Post[];
  following: string[];
  bookmarks: string[];
}

type Action =
  | { type: 'publish'; text: string }
  | { type: 'remove'; postId: string }
  | { type: 'like'; postId: string }
  | { type: 'repost'; postId: string }
  | { type: 'bookmark'; postId: string }
  | { type: 'comment'; postId: string; text: string }
  | { type: 'follow'; userId: string };

function newId(prefix: string): string {
  return prefix + Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
}

function toggle(list: string[], id: string): string[] {
  return list.includes(id) ? list.filter((item) => item !== id) : [...list, id];
}

function updatePost(state: SocialState, postId: string, change: (post: Post) => Post): SocialState {
  return { ...state, posts: state.posts.map((post) => (post.id === postId ? change(post) : post)) };
}

function reducer(state: SocialState, action: Action): SocialState {
  switch (action.type) {
    case 'publish': {
      const post: Post = { id: newId('p'), authorId: me.id, text: action.text, createdAt: Date.now(), likes: 0, likedByMe: false, reposts: 0, repostedByMe: false, comments: [] };
      return { ...state, posts: [post, ...state.posts] };
    }
    case 'remove':
      return { ...state, posts: state.posts.filter((post) => post.id !== action.postId) };
    case 'like':
      return updatePost(state, action.postId, (post) => ({ ...post, likedByMe: !post.likedByMe, likes: post.likes + (post.likedByMe ? -1 : 1) }));
    case 'repost':
      return updatePost(state, action.postId, (post) => ({ ...post, repostedByMe: !post.repostedByMe, reposts: post.reposts + (post.repostedByMe ? -1 : 1) }));
    case 'bookmark':
      return { ...state, bookmarks: toggle(state.bookmarks, action.postId) };
    case 'comment':
      return updatePost(state, action.postId, (post) => ({
        ...post,
        comments: [...post.comments, { id: newId('c'), authorId: me.id, text: action.text, createdAt: Date.now() }],
      }));
    case 'follow':
      return { ...state, following: toggle(state.following, action.userId) };
  }
}

function load(): SocialState {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (stored) return JSON.parse(stored) as SocialState;
  } catch {
    // Unreadable or blocked storage: start from the sample community.
  }
  return { posts: createSamplePosts(), following: initiallyFollowing, bookmarks: [] };
}

/** Everything the feed shows, saved to this browser's local storage on every change. */
export function useSocialStore() {
  const [state, dispatch] = useReducer(reducer, undefined, load);
  useEffect(() => {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(state));
    } catch {
      // Saving is best effort.
    }
  }, [state]);
  return { state, dispatch };
}

export type SocialDispatch = ReturnType<typeof useSocialStore>['dispatch'];
`;
}

const TIME_TS = `/** "now", "5m", "3h", "2d", then a short date: the compact style feeds use. */
export function shortTimeAgo(timestamp: number): string {
  const minutes = Math.floor((Date.now() - timestamp) / 60_000);
  if (minutes < 1) return 'now';
  if (minutes < 60) return minutes + 'm';
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return hours + 'h';
  const days = Math.floor(hours / 24);
  if (days < 7) return days + 'd';
  return new Date(timestamp).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

export function compactNumber(value: number): string {
  return value >= 1000 ? (value / 1000).toFixed(value >= 10_000 ? 0 : 1) + 'k' : String(value);
}
`;

const HASHTAGS_TS = `const HASHTAG = /#[\\p{L}\\p{N}_]+/gu;

export function hashtagsIn(text: string): string[] {
  return (text.match(HASHTAG) ?? []).map((tag) => tag.toLowerCase());
}

/** Splits text into plain parts, #hashtags and @mentions, for rendering. */
export function tokenize(text: string): Array<{ kind: 'text' | 'tag' | 'mention'; value: string }> {
  const parts: Array<{ kind: 'text' | 'tag' | 'mention'; value: string }> = [];
  const pattern = /([#@][\\p{L}\\p{N}_.]*[\\p{L}\\p{N}_])/gu;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > last) parts.push({ kind: 'text', value: text.slice(last, index) });
    parts.push({ kind: match[0].startsWith('#') ? 'tag' : 'mention', value: match[0] });
    last = index + match[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', value: text.slice(last) });
  return parts;
}
`;

function appTsx(ctx: BlueprintContext): string {
  return `import { X } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Composer } from './components/Composer';
import { NavRail } from './components/NavRail';
import { PostCard } from './components/PostCard';
import { ProfileCard } from './components/ProfileCard';
import { TrendingTopics } from './components/TrendingTopics';
import { WhoToFollow } from './components/WhoToFollow';
import { me } from './data/sample-data';
import { hashtagsIn } from './lib/hashtags';
import { useSocialStore } from './store/useSocialStore';
import type { FeedTab, View } from './types';
import './app.css';

const APP_NAME = ${js(ctx.title)};
const TAGLINE = ${js(ctx.tagline)};

export function App() {
  const { state, dispatch } = useSocialStore();
  const [view, setView] = useState<View>('home');
  const [tab, setTab] = useState<FeedTab>('for-you');
  const [tag, setTag] = useState<string | null>(null);

  const posts = useMemo(() => {
    let list = [...state.posts].sort((a, b) => b.createdAt - a.createdAt);
    if (view === 'bookmarks') list = list.filter((post) => state.bookmarks.includes(post.id));
    else if (view === 'profile') list = list.filter((post) => post.authorId === me.id);
    else if (tab === 'following') list = list.filter((post) => post.authorId === me.id || state.following.includes(post.authorId));
    if (tag) list = list.filter((post) => hashtagsIn(post.text).includes(tag));
    return list;
  }, [state, view, tab, tag]);

  function showTag(name: string) {
    setTag(name.toLowerCase());
    setView('home');
    setTab('for-you');
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  const heading = view === 'bookmarks' ? 'Bookmarks' : view === 'profile' ? 'Your posts' : 'Home';

  return (
    <div className="shell">
      <NavRail appName={APP_NAME} view={view} onNavigate={(next) => { setView(next); setTag(null); }} />
      <main className="feed" aria-label={heading}>
        <header className="feed-header">
          <div className="feed-title">
            <h1>{heading}</h1>
            <p className="muted">{TAGLINE}</p>
          </div>
          {view === 'home' && (
            <div className="tabs" role="tablist">
              <button role="tab" aria-selected={tab === 'for-you'} onClick={() => setTab('for-you')}>
                For you
              </button>
              <button role="tab" aria-selected={tab === 'following'} onClick={() => setTab('following')}>
                Following
              </button>
            </div>
          )}
        </header>
        {view !== 'bookmarks' && <Composer onPublish={(text) => dispatch({ type: 'publish', text })} />}
        {tag && (
          <div className="tag-banner">
            Showing posts tagged <strong>{tag}</strong>
            <button className="icon-button" type="button" aria-label="Clear tag filter" onClick={() => setTag(null)}>
              <X size={16} />
            </button>
          </div>
        )}
        {posts.length === 0 ? (
          <p className="empty">
            {view === 'bookmarks'
              ? 'Nothing bookmarked yet. Tap the bookmark icon on a post to save it for later.'
              : view === 'profile'
                ? 'You have not posted yet. Say hello to the community!'
                : 'No posts here yet. Follow a few people to fill your feed.'}
          </p>
        ) : (
          posts.map((post) => (
            <PostCard key={post.id} post={post} bookmarked={state.bookmarks.includes(post.id)} dispatch={dispatch} onTag={showTag} />
          ))
        )}
      </main>
      <aside className="sidebar-right">
        <ProfileCard posts={state.posts} following={state.following} />
        <TrendingTopics posts={state.posts} onTag={showTag} />
        <WhoToFollow following={state.following} onToggle={(userId) => dispatch({ type: 'follow', userId })} />
      </aside>
    </div>
  );
}
`;
}

const AVATAR = `const PALETTE = ['var(--color-primary)', 'var(--color-accent)', '#0ea5e9', '#f59e0b', '#10b981', '#6366f1', '#ef4444'];

function hash(text: string): number {
  let value = 0;
  for (const char of text) value = (value * 31 + char.charCodeAt(0)) | 0;
  return Math.abs(value);
}

export function Avatar({ name, size = 44 }: { name: string; size?: number }) {
  const initials = name
    .split(/\\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <span className="avatar" style={{ width: size, height: size, fontSize: size * 0.38, background: PALETTE[hash(name) % PALETTE.length] }} aria-hidden="true">
      {initials}
    </span>
  );
}
`;

const NAV_RAIL = `import { Bookmark, House, UserRound } from 'lucide-react';
import type { View } from '../types';

const ITEMS: Array<{ view: View; label: string; icon: typeof House }> = [
  { view: 'home', label: 'Home', icon: House },
  { view: 'bookmarks', label: 'Bookmarks', icon: Bookmark },
  { view: 'profile', label: 'Profile', icon: UserRound },
];

interface Props {
  appName: string;
  view: View;
  onNavigate: (view: View) => void;
}

export function NavRail({ appName, view, onNavigate }: Props) {
  return (
    <nav className="nav-rail" aria-label="Main">
      <div className="brand">
        <span className="brand-mark" aria-hidden="true">
          {appName.charAt(0)}
        </span>
        <span className="brand-name">{appName}</span>
      </div>
      {ITEMS.map(({ view: target, label, icon: Icon }) => (
        <button
          key={target}
          type="button"
          className={view === target ? 'nav-item active' : 'nav-item'}
          aria-current={view === target ? 'page' : undefined}
          onClick={() => onNavigate(target)}
        >
          <Icon size={22} aria-hidden="true" />
          <span>{label}</span>
        </button>
      ))}
    </nav>
  );
}
`;

const COMPOSER = `import { ImagePlus, Smile } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { me } from '../data/sample-data';
import { Avatar } from './Avatar';

const LIMIT = 280;

export function Composer({ onPublish }: { onPublish: (text: string) => void }) {
  const [text, setText] = useState('');
  const remaining = LIMIT - text.length;
  const radius = 10;
  const circumference = 2 * Math.PI * radius;
  const used = Math.min(1, text.length / LIMIT);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!text.trim() || remaining < 0) return;
    onPublish(text.trim());
    setText('');
  }

  return (
    <form className="composer" onSubmit={handleSubmit}>
      <Avatar name={me.name} />
      <div className="composer-main">
        <label className="visually-hidden" htmlFor="composer-text">
          What is happening?
        </label>
        <textarea
          id="composer-text"
          placeholder="What are you working on? Use #tags to join a conversation."
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={2}
        />
        <div className="composer-footer">
          <div className="composer-tools" aria-hidden="true">
            <ImagePlus size={20} />
            <Smile size={20} />
          </div>
          <div className="composer-submit">
            {text.length > 0 && (
              <svg className={remaining < 0 ? 'counter over' : remaining <= 20 ? 'counter warn' : 'counter'} viewBox="0 0 24 24" role="img" aria-label={remaining + ' characters left'}>
                <circle cx="12" cy="12" r={radius} className="counter-track" />
                <circle cx="12" cy="12" r={radius} className="counter-value" strokeDasharray={circumference} strokeDashoffset={circumference * (1 - used)} />
              </svg>
            )}
            {remaining <= 20 && <span className={remaining < 0 ? 'remaining over' : 'remaining'}>{remaining}</span>}
            <button className="btn btn-primary btn-small" type="submit" disabled={!text.trim() || remaining < 0}>
              Post
            </button>
          </div>
        </div>
      </div>
    </form>
  );
}
`;

const RICH_TEXT = `import { tokenize } from '../lib/hashtags';

export function RichText({ text, onTag }: { text: string; onTag: (tag: string) => void }) {
  return (
    <>
      {tokenize(text).map((part, index) =>
        part.kind === 'tag' ? (
          <button key={index} type="button" className="inline-link" onClick={() => onTag(part.value)}>
            {part.value}
          </button>
        ) : part.kind === 'mention' ? (
          <span key={index} className="mention">
            {part.value}
          </span>
        ) : (
          <span key={index}>{part.value}</span>
        ),
      )}
    </>
  );
}
`;

const POST_CARD = `import { Bookmark, Heart, MessageCircle, Repeat2, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { findUser, me } from '../data/sample-data';
import { compactNumber, shortTimeAgo } from '../lib/time';
import type { SocialDispatch } from '../store/useSocialStore';
import type { Post } from '../types';
import { Avatar } from './Avatar';
import { RichText } from './RichText';

interface Props {
  post: Post;
  bookmarked: boolean;
  dispatch: SocialDispatch;
  onTag: (tag: string) => void;
}

export function PostCard({ post, bookmarked, dispatch, onTag }: Props) {
  const [showComments, setShowComments] = useState(false);
  const [reply, setReply] = useState('');
  const author = findUser(post.authorId);

  function handleReply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reply.trim()) return;
    dispatch({ type: 'comment', postId: post.id, text: reply.trim() });
    setReply('');
  }

  return (
    <article className="post">
      <Avatar name={author.name} />
      <div className="post-main">
        <header className="post-header">
          <strong>{author.name}</strong>
          <span className="muted">@{author.handle}</span>
          <span className="muted" aria-hidden="true">
            ·
          </span>
          <time className="muted" dateTime={new Date(post.createdAt).toISOString()}>
            {shortTimeAgo(post.createdAt)}
          </time>
          {post.authorId === me.id && (
            <button className="icon-button post-delete" type="button" aria-label="Delete post" onClick={() => dispatch({ type: 'remove', postId: post.id })}>
              <Trash2 size={16} />
            </button>
          )}
        </header>
        <p className="post-text">
          <RichText text={post.text} onTag={onTag} />
        </p>
        <div className="post-actions">
          <button type="button" className={showComments ? 'action active-comment' : 'action'} onClick={() => setShowComments((v) => !v)} aria-expanded={showComments}>
            <MessageCircle size={18} aria-hidden="true" /> {post.comments.length}
            <span className="visually-hidden"> comments</span>
          </button>
          <button type="button" className={post.repostedByMe ? 'action reposted' : 'action'} aria-pressed={post.repostedByMe} onClick={() => dispatch({ type: 'repost', postId: post.id })}>
            <Repeat2 size={18} aria-hidden="true" /> {compactNumber(post.reposts)}
            <span className="visually-hidden"> reposts</span>
          </button>
          <button type="button" className={post.likedByMe ? 'action liked' : 'action'} aria-pressed={post.likedByMe} onClick={() => dispatch({ type: 'like', postId: post.id })}>
            <Heart size={18} aria-hidden="true" fill={post.likedByMe ? 'currentColor' : 'none'} /> {compactNumber(post.likes)}
            <span className="visually-hidden"> likes</span>
          </button>
          <button type="button" className={bookmarked ? 'action bookmarked' : 'action'} aria-pressed={bookmarked} aria-label="Bookmark" onClick={() => dispatch({ type: 'bookmark', postId: post.id })}>
            <Bookmark size={18} aria-hidden="true" fill={bookmarked ? 'currentColor' : 'none'} />
          </button>
        </div>
        {showComments && (
          <section className="thread" aria-label="Comments">
            {post.comments.map((comment) => {
              const commenter = findUser(comment.authorId);
              return (
                <div key={comment.id} className="comment">
                  <Avatar name={commenter.name} size={30} />
                  <div>
                    <p className="comment-meta">
                      <strong>{commenter.name}</strong> <span className="muted">{shortTimeAgo(comment.createdAt)}</span>
                    </p>
                    <p>
                      <RichText text={comment.text} onTag={onTag} />
                    </p>
                  </div>
                </div>
              );
            })}
            <form className="reply" onSubmit={handleReply}>
              <input className="input" placeholder={'Reply to ' + author.name} value={reply} onChange={(e) => setReply(e.target.value)} aria-label="Reply" maxLength={280} />
              <button className="btn btn-primary btn-small" type="submit" disabled={!reply.trim()}>
                Reply
              </button>
            </form>
          </section>
        )}
      </div>
    </article>
  );
}
`;

const PROFILE_CARD = `import { me } from '../data/sample-data';
import type { Post } from '../types';
import { Avatar } from './Avatar';

export function ProfileCard({ posts, following }: { posts: Post[]; following: string[] }) {
  const mine = posts.filter((post) => post.authorId === me.id);
  const likesReceived = mine.reduce((sum, post) => sum + post.likes, 0);
  return (
    <section className="card side-card profile-card">
      <div className="profile-banner" aria-hidden="true" />
      <Avatar name={me.name} size={56} />
      <strong>{me.name}</strong>
      <span className="muted">@{me.handle}</span>
      <p>{me.bio}</p>
      <dl className="profile-stats">
        <div>
          <dt>{mine.length}</dt>
          <dd>Posts</dd>
        </div>
        <div>
          <dt>{following.length}</dt>
          <dd>Following</dd>
        </div>
        <div>
          <dt>{likesReceived}</dt>
          <dd>Likes</dd>
        </div>
      </dl>
    </section>
  );
}
`;

const TRENDING = `import { TrendingUp } from 'lucide-react';
import { hashtagsIn } from '../lib/hashtags';
import type { Post } from '../types';

export function TrendingTopics({ posts, onTag }: { posts: Post[]; onTag: (tag: string) => void }) {
  const stats = new Map<string, { posts: number; likes: number }>();
  for (const post of posts) {
    for (const tag of new Set(hashtagsIn(post.text))) {
      const current = stats.get(tag) ?? { posts: 0, likes: 0 };
      stats.set(tag, { posts: current.posts + 1, likes: current.likes + post.likes });
    }
  }
  const top = [...stats].sort((a, b) => b[1].posts - a[1].posts || b[1].likes - a[1].likes).slice(0, 5);
  if (top.length === 0) return null;
  return (
    <section className="card side-card">
      <h2>
        <TrendingUp size={18} aria-hidden="true" /> Trending
      </h2>
      <ol className="trending">
        {top.map(([tag, { posts: count, likes }], index) => (
          <li key={tag}>
            <button type="button" onClick={() => onTag(tag)}>
              <span className="muted small">{index + 1} · Trending</span>
              <strong>{tag}</strong>
              <span className="muted small">
                {count} {count === 1 ? 'post' : 'posts'} · {likes} likes
              </span>
            </button>
          </li>
        ))}
      </ol>
    </section>
  );
}
`;

const WHO_TO_FOLLOW = `import { users } from '../data/sample-data';
import { Avatar } from './Avatar';

export function WhoToFollow({ following, onToggle }: { following: string[]; onToggle: (userId: string) => void }) {
  return (
    <section className="card side-card">
      <h2>Who to follow</h2>
      <ul className="people">
        {users.map((user) => {
          const isFollowing = following.includes(user.id);
          return (
            <li key={user.id}>
              <Avatar name={user.name} size={38} />
              <div className="person">
                <strong>{user.name}</strong>
                <span className="muted small">@{user.handle}</span>
              </div>
              <button className={isFollowing ? 'btn btn-outline btn-small' : 'btn btn-primary btn-small'} type="button" aria-pressed={isFollowing} onClick={() => onToggle(user.id)}>
                {isFollowing ? 'Following' : 'Follow'}
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
`;

const APP_CSS = `.small {
  font-size: 0.8rem;
}

.shell {
  display: grid;
  grid-template-columns: 240px minmax(0, 620px) 320px;
  justify-content: center;
  gap: 1.5rem;
  min-height: 100vh;
  padding: 0 1rem;
}

/* Navigation */
.nav-rail {
  position: sticky;
  top: 0;
  display: flex;
  flex-direction: column;
  gap: 0.35rem;
  height: 100vh;
  padding: 1.25rem 0;
}

.brand {
  display: flex;
  align-items: center;
  gap: 0.65rem;
  padding: 0 0.75rem 1.25rem;
  font-size: 1.25rem;
  font-weight: 800;
}

.brand-mark {
  display: grid;
  place-items: center;
  width: 2.25rem;
  height: 2.25rem;
  border-radius: 12px;
  background: linear-gradient(135deg, var(--color-primary), var(--color-accent));
  color: var(--color-on-primary);
}

.nav-item {
  display: flex;
  align-items: center;
  gap: 0.9rem;
  padding: 0.7rem 0.9rem;
  border: 0;
  border-radius: 999px;
  background: transparent;
  font-size: 1.05rem;
  font-weight: 500;
  text-align: left;
  cursor: pointer;
}

.nav-item:hover {
  background: var(--color-surface-alt);
}

.nav-item.active {
  font-weight: 800;
  color: var(--color-primary-text);
}

/* Feed */
.feed {
  min-height: 100vh;
  border-inline: 1px solid var(--color-border);
  background: var(--color-surface);
}

.feed-header {
  position: sticky;
  top: 0;
  z-index: 5;
  background: color-mix(in srgb, var(--color-surface) 88%, transparent);
  backdrop-filter: blur(12px);
  border-bottom: 1px solid var(--color-border);
}

.feed-title {
  padding: 1rem 1.25rem 0.75rem;
}

.feed-title h1 {
  font-size: 1.3rem;
}

.feed-title p {
  font-size: 0.88rem;
}

.tabs {
  display: grid;
  grid-template-columns: 1fr 1fr;
}

.tabs button {
  padding: 0.85rem;
  border: 0;
  border-bottom: 3px solid transparent;
  background: none;
  color: var(--color-muted);
  font-weight: 600;
  cursor: pointer;
}

.tabs button[aria-selected='true'] {
  border-bottom-color: var(--color-primary);
  color: var(--color-text);
}

.composer {
  display: flex;
  gap: 0.85rem;
  padding: 1rem 1.25rem;
  border-bottom: 1px solid var(--color-border);
}

.composer-main {
  flex: 1;
}

.composer textarea {
  width: 100%;
  padding: 0.5rem 0;
  border: 0;
  background: transparent;
  font-size: 1.1rem;
  resize: none;
}

.composer textarea:focus {
  outline: none;
}

.composer-footer {
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding-top: 0.6rem;
  border-top: 1px solid var(--color-border);
}

.composer-tools {
  display: flex;
  gap: 0.75rem;
  color: var(--color-primary-text);
}

.composer-submit {
  display: flex;
  align-items: center;
  gap: 0.6rem;
}

.counter {
  width: 24px;
  height: 24px;
  transform: rotate(-90deg);
}

.counter circle {
  fill: none;
  stroke-width: 2.5;
}

.counter-track {
  stroke: var(--color-border);
}

.counter-value {
  stroke: var(--color-primary);
}

.counter.warn .counter-value {
  stroke: var(--color-warning);
}

.counter.over .counter-value {
  stroke: var(--color-danger);
}

.remaining {
  color: var(--color-muted);
  font-size: 0.85rem;
}

.remaining.over {
  color: var(--color-danger);
}

.tag-banner {
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: 0.6rem 1.25rem;
  background: var(--color-primary-soft);
  color: var(--color-primary-text);
  font-size: 0.92rem;
}

.empty {
  padding: 3rem 1.5rem;
  color: var(--color-muted);
  text-align: center;
}

.post {
  display: flex;
  gap: 0.85rem;
  padding: 1rem 1.25rem;
  border-bottom: 1px solid var(--color-border);
  transition: background-color 0.15s ease;
}

.post:hover {
  background: color-mix(in srgb, var(--color-surface-alt) 60%, transparent);
}

.avatar {
  display: grid;
  flex: none;
  place-items: center;
  border-radius: 999px;
  color: #fff;
  font-weight: 700;
}

.post-main {
  flex: 1;
  min-width: 0;
}

.post-header {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 0.35rem;
  font-size: 0.95rem;
}

.post-delete {
  width: 1.9rem;
  height: 1.9rem;
  margin-left: auto;
}

.post-text {
  margin: 0.25rem 0 0.6rem;
  overflow-wrap: anywhere;
  white-space: pre-wrap;
}

.inline-link {
  padding: 0;
  border: 0;
  background: none;
  color: var(--color-primary-text);
  cursor: pointer;
}

.inline-link:hover {
  text-decoration: underline;
}

.mention {
  color: var(--color-primary-text);
  font-weight: 500;
}

.post-actions {
  display: flex;
  justify-content: space-between;
  max-width: 26rem;
}

.action {
  display: inline-flex;
  align-items: center;
  gap: 0.4rem;
  padding: 0.35rem 0.55rem;
  border: 0;
  border-radius: 999px;
  background: none;
  color: var(--color-muted);
  font-size: 0.88rem;
  cursor: pointer;
}

.action:hover,
.action.active-comment {
  background: var(--color-primary-soft);
  color: var(--color-primary-text);
}

.action.liked {
  color: #e11d48;
}

.action.reposted {
  color: var(--color-success);
}

.action.bookmarked {
  color: var(--color-primary-text);
}

.thread {
  display: grid;
  gap: 0.85rem;
  margin-top: 0.75rem;
  padding: 0.85rem;
  border-radius: var(--radius);
  background: var(--color-surface-alt);
}

.comment {
  display: flex;
  gap: 0.6rem;
  font-size: 0.92rem;
}

.comment-meta {
  margin-bottom: 0.1rem;
}

.reply {
  display: flex;
  gap: 0.5rem;
}

/* Right column */
.sidebar-right {
  position: sticky;
  top: 0;
  display: flex;
  flex-direction: column;
  gap: 1rem;
  height: 100vh;
  padding: 1.25rem 0;
  overflow-y: auto;
}

.sidebar-right > * {
  flex: none;
}

.side-card {
  padding: 1.1rem 1.2rem;
}

.side-card h2 {
  display: flex;
  align-items: center;
  gap: 0.45rem;
  margin-bottom: 0.75rem;
  font-size: 1.05rem;
}

.profile-card {
  display: grid;
  justify-items: start;
  gap: 0.2rem;
  overflow: hidden;
  padding-top: 0;
}

.profile-banner {
  width: calc(100% + 2.4rem);
  height: 4.5rem;
  margin: 0 -1.2rem -1.75rem;
  background: linear-gradient(120deg, var(--color-primary), var(--color-accent));
}

.profile-card .avatar {
  border: 3px solid var(--color-surface);
}

.profile-card p {
  margin: 0.35rem 0;
  font-size: 0.9rem;
}

.profile-stats {
  display: flex;
  gap: 1.25rem;
  margin: 0.25rem 0 0;
}

.profile-stats dt {
  font-weight: 800;
}

.profile-stats dd {
  margin: 0;
  color: var(--color-muted);
  font-size: 0.8rem;
}

.trending {
  display: grid;
  margin: 0;
  padding: 0;
  list-style: none;
}

.trending button {
  display: grid;
  width: 100%;
  padding: 0.55rem 0.4rem;
  border: 0;
  border-radius: var(--radius-sm);
  background: none;
  text-align: left;
  cursor: pointer;
}

.trending button:hover {
  background: var(--color-surface-alt);
}

.people {
  display: grid;
  gap: 0.85rem;
  margin: 0;
  padding: 0;
  list-style: none;
}

.people li {
  display: flex;
  align-items: center;
  gap: 0.65rem;
}

.person {
  display: grid;
  flex: 1;
  min-width: 0;
  font-size: 0.9rem;
}

.person strong {
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
}

@media (max-width: 1100px) {
  .shell {
    grid-template-columns: 76px minmax(0, 620px) 300px;
  }

  .brand-name,
  .nav-item span {
    display: none;
  }

  .nav-item {
    justify-content: center;
  }
}

@media (max-width: 900px) {
  .shell {
    grid-template-columns: minmax(0, 1fr);
    padding: 0 0 4rem;
  }

  .sidebar-right {
    display: none;
  }

  .feed {
    border: 0;
  }

  .nav-rail {
    position: fixed;
    top: auto;
    bottom: 0;
    left: 0;
    right: 0;
    z-index: 20;
    flex-direction: row;
    justify-content: space-around;
    height: auto;
    padding: 0.35rem;
    background: var(--color-surface);
    border-top: 1px solid var(--color-border);
  }

  .brand {
    display: none;
  }
}
`;

export function socialBlueprint(ctx: BlueprintContext): ProjectFiles {
  const community = communityFor(ctx.words);
  return assembleProject(ctx, {
    kind: 'a social feed',
    features: [
      'A feed with "For you" and "Following" tabs, newest first',
      'A composer with a 280-character ring counter; #hashtags and @mentions are highlighted',
      'Likes, reposts, bookmarks and comment threads on every post',
      'Trending topics from the hashtags in use, and who-to-follow suggestions',
      'A profile card, your own posts and your bookmarks',
      'Everything saved in local storage, so the community survives a reload',
    ],
    files: {
      'src/App.tsx': appTsx(ctx),
      'src/app.css': APP_CSS,
      'src/types.ts': TYPES_TS,
      'src/data/sample-data.ts': sampleDataTs(community),
      'src/store/useSocialStore.ts': storeTs(ctx),
      'src/lib/time.ts': TIME_TS,
      'src/lib/hashtags.ts': HASHTAGS_TS,
      'src/components/Avatar.tsx': AVATAR,
      'src/components/NavRail.tsx': NAV_RAIL,
      'src/components/Composer.tsx': COMPOSER,
      'src/components/RichText.tsx': RICH_TEXT,
      'src/components/PostCard.tsx': POST_CARD,
      'src/components/ProfileCard.tsx': PROFILE_CARD,
      'src/components/TrendingTopics.tsx': TRENDING,
      'src/components/WhoToFollow.tsx': WHO_TO_FOLLOW,
    },
  });
}
