import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { sampleTags } from '../../shared/sample-data';
import { readingMinutes } from '../../shared/text';
import { PostBody } from '@/components/PostBody';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { useAuthors, useCreatePost } from '@/lib/queries';

const schema = z.object({
  title: z.string().trim().min(1, 'Give the story a title.').max(200),
  authorId: z.string().min(1, 'Choose an author.'),
  tag: z.string().min(1),
  body: z.string().trim().min(1, 'Write a few words before publishing.').max(50_000),
});
type Values = z.infer<typeof schema>;

export function WritePage() {
  const authors = useAuthors();
  const createPost = useCreatePost();
  const navigate = useNavigate();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { title: '', authorId: '', tag: sampleTags[0] ?? '', body: '' } });
  const body = useWatch({ control: form.control, name: 'body' });
  const words = body.trim() ? body.trim().split(/\s+/).length : 0;
  const canPublish = authors.data?.source === 'database';
  const authorList = authors.data?.data ?? [];

  function onSubmit(values: Values) {
    createPost.mutate(
      { title: values.title, body: values.body, tag: values.tag, authorId: Number(values.authorId) },
      {
        onSuccess: (post) => {
          toast.success('Published.');
          navigate(`/post/${encodeURIComponent(post.slug)}`);
        },
        onError: (error) => toast.error(error.message),
      },
    );
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} className="mx-auto grid max-w-3xl gap-6" noValidate>
        <h1 className="text-3xl font-bold tracking-tight">New story</h1>
        {!canPublish && !authors.isPending && (
          <Alert variant="warning">
            <AlertDescription>Publishing needs the database: initialize it, then reload this page.</AlertDescription>
          </Alert>
        )}
        <FormField
          control={form.control}
          name="title"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Title</FormLabel>
              <FormControl>
                <Input className="h-12 font-serif text-xl md:text-xl" maxLength={200} placeholder="A title worth reading" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="authorId"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Author</FormLabel>
                <Select value={field.value} onValueChange={field.onChange}>
                  <FormControl>
                    <SelectTrigger className="w-full">
                      <SelectValue placeholder="Choose an author" />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {authorList.map((author) => (
                      <SelectItem key={author.id} value={String(author.id)}>
                        {author.name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="tag"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Tag</FormLabel>
                <Select value={field.value} onValueChange={field.onChange}>
                  <FormControl>
                    <SelectTrigger className="w-full">
                      <SelectValue />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {sampleTags.map((name) => (
                      <SelectItem key={name} value={name}>
                        {name}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              </FormItem>
            )}
          />
        </div>
        <Tabs defaultValue="write">
          <TabsList>
            <TabsTrigger value="write">Write</TabsTrigger>
            <TabsTrigger value="preview">Preview</TabsTrigger>
          </TabsList>
          <TabsContent value="write">
            <FormField
              control={form.control}
              name="body"
              render={({ field }) => (
                <FormItem>
                  <FormLabel className="sr-only">Story</FormLabel>
                  <FormControl>
                    <Textarea
                      className="min-h-80 font-serif text-lg leading-relaxed md:text-lg"
                      placeholder={'Tell your story…\n\nSeparate paragraphs with a blank line. Start a line with "## " for a subheading or "> " for a quote.'}
                      {...field}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          </TabsContent>
          <TabsContent value="preview" className="min-h-80 rounded-lg border p-6">
            {body.trim() ? <PostBody body={body} /> : <p className="text-muted-foreground">Nothing to preview yet.</p>}
          </TabsContent>
        </Tabs>
        <footer className="flex flex-wrap items-center justify-between gap-3">
          <span className="text-sm text-muted-foreground">
            {words} words · {readingMinutes(body || 'x')} min read
          </span>
          <Button type="submit" disabled={createPost.isPending || !canPublish}>
            {createPost.isPending ? 'Publishing…' : 'Publish'}
          </Button>
        </footer>
      </form>
    </Form>
  );
}
