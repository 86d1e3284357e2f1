import { X } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Composer } from '@/components/Composer';
import { PageHeader } from '@/components/PageHeader';
import { PostFeed } from '@/components/PostFeed';
import { Button } from '@/components/ui/button';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { me } from '@/data/sample-data';
import { useSocial } from '@/hooks/useSocial';
import { hashtagsIn } from '@/lib/hashtags';
import type { FeedTab } from '@/types';

export function HomePage() {
  const { state, dispatch } = useSocial();
  const [tab, setTab] = useState<FeedTab>('for-you');
  const [params, setParams] = useSearchParams();
  const tag = params.get('tag');

  const posts = [...state.posts]
    .sort((a, b) => b.createdAt - a.createdAt)
    .filter((post) => tab === 'for-you' || post.authorId === me.id || state.following.includes(post.authorId))
    .filter((post) => !tag || hashtagsIn(post.text).includes(tag));

  return (
    <>
      <PageHeader title={<h1 className="text-xl font-bold">Home</h1>}>
        <Tabs value={tab} onValueChange={(value) => setTab(value as FeedTab)}>
          <TabsList className="h-11 w-full rounded-none bg-transparent p-0">
            <TabsTrigger value="for-you" className="rounded-none border-b-2 border-transparent data-[state=active]:border-primary data-[state=active]:shadow-none">
              For you
            </TabsTrigger>
            <TabsTrigger value="following" className="rounded-none border-b-2 border-transparent data-[state=active]:border-primary data-[state=active]:shadow-none">
              Following
            </TabsTrigger>
          </TabsList>
        </Tabs>
      </PageHeader>
      <Composer onPublish={(text) => dispatch({ type: 'publish', text })} />
      {tag && (
        <div className="flex items-center justify-between gap-2 border-b bg-primary/5 px-4 py-2.5 text-sm">
          <span>
            Showing posts tagged <strong>{tag}</strong>
          </span>
          <Button variant="ghost" size="icon-sm" aria-label="Clear tag filter" onClick={() => setParams({})}>
            <X />
          </Button>
        </div>
      )}
      <PostFeed posts={posts} empty="No posts here yet. Follow a few people to fill your feed." />
    </>
  );
}
