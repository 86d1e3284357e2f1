import { UserAvatar } from '@/components/UserAvatar';
import { Card, CardContent } from '@/components/ui/card';
import { me } from '@/data/sample-data';
import type { Post } from '@/types';

export function ProfileCard({ posts, following }: { posts: Post[]; following: string[] }) {
  const mine = posts.filter((post) => post.authorId === me.id);
  const likesReceived = mine.reduce((sum, post) => sum + post.likes, 0);
  const stats = [
    { value: mine.length, label: 'Posts' },
    { value: following.length, label: 'Following' },
    { value: likesReceived, label: 'Likes' },
  ];
  return (
    <Card className="gap-0 overflow-hidden pt-0">
      <div className="h-20 bg-linear-120 from-primary to-accent" aria-hidden />
      <CardContent className="grid gap-1">
        <UserAvatar name={me.name} className="-mt-8 size-16 border-4 border-card text-lg" />
        <p className="mt-1 text-lg font-bold">{me.name}</p>
        <p className="text-sm text-muted-foreground">@{me.handle}</p>
        <p className="mt-2 text-sm">{me.bio}</p>
        <dl className="mt-3 grid grid-cols-3 text-center">
          {stats.map((stat) => (
            <div key={stat.label}>
              <dt className="font-bold">{stat.value}</dt>
              <dd className="text-xs text-muted-foreground">{stat.label}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}
