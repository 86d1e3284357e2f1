import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import type { CommentItem } from '../../shared/api-types';
import { AuthorAvatar } from '@/components/AuthorAvatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { timeAgo } from '@/lib/format';
import { useAddComment } from '@/lib/queries';

const schema = z.object({
  authorName: z.string().trim().min(1, 'Add your name.').max(80),
  body: z.string().trim().min(1, 'Write a comment first.').max(2000),
});

interface Props {
  slug: string;
  comments: CommentItem[];
  canComment: boolean;
}

export function CommentSection({ slug, comments, canComment }: Props) {
  const addComment = useAddComment(slug);
  const form = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { authorName: '', body: '' } });

  function onSubmit(values: z.infer<typeof schema>) {
    addComment.mutate(values, {
      onSuccess: () => {
        form.reset({ authorName: values.authorName, body: '' });
        toast.success('Your comment is up.');
      },
      onError: (error) => toast.error(error.message),
    });
  }

  return (
    <section className="grid gap-6" aria-labelledby="comments-heading">
      <h2 id="comments-heading" className="text-2xl font-bold">
        {comments.length} {comments.length === 1 ? 'comment' : 'comments'}
      </h2>
      <ul className="grid gap-5">
        {comments.map((comment) => (
          <li key={comment.id} className="flex gap-3">
            <AuthorAvatar name={comment.authorName} />
            <div className="grid gap-1">
              <p className="text-sm">
                <span className="font-semibold">{comment.authorName}</span> <span className="text-muted-foreground">{timeAgo(comment.createdAt)}</span>
              </p>
              <p>{comment.body}</p>
            </div>
          </li>
        ))}
      </ul>
      <Card>
        <CardHeader>
          <CardTitle>Join the conversation</CardTitle>
        </CardHeader>
        <CardContent>
          <Form {...form}>
            <form onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4" noValidate>
              <FormField
                control={form.control}
                name="authorName"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Your name</FormLabel>
                    <FormControl>
                      <Input maxLength={80} {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <FormField
                control={form.control}
                name="body"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Comment</FormLabel>
                    <FormControl>
                      <Textarea placeholder="Share a thought or a question" maxLength={2000} {...field} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              {!canComment && <p className="text-sm text-muted-foreground">Comments open once the database is set up.</p>}
              <Button type="submit" className="w-fit" disabled={addComment.isPending || !canComment}>
                {addComment.isPending ? 'Posting…' : 'Post comment'}
              </Button>
            </form>
          </Form>
        </CardContent>
      </Card>
    </section>
  );
}
