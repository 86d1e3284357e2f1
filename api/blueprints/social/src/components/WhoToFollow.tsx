import { UserAvatar } from '@/components/UserAvatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { users } from '@/data/sample-data';

export function WhoToFollow({ following, onToggle }: { following: string[]; onToggle: (userId: string) => void }) {
  return (
    <Card className="gap-3">
      <CardHeader>
        <CardTitle>Who to follow</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-4">
          {users.map((user) => {
            const isFollowing = following.includes(user.id);
            return (
              <li key={user.id} className="flex items-center gap-3">
                <UserAvatar name={user.name} className="size-9 text-xs" />
                <div className="grid min-w-0 flex-1 text-sm">
                  <span className="truncate font-semibold">{user.name}</span>
                  <span className="truncate text-muted-foreground">@{user.handle}</span>
                </div>
                <Button size="sm" className="rounded-full" variant={isFollowing ? 'outline' : 'default'} aria-pressed={isFollowing} onClick={() => onToggle(user.id)}>
                  {isFollowing ? 'Following' : 'Follow'}
                </Button>
              </li>
            );
          })}
        </ul>
      </CardContent>
    </Card>
  );
}
