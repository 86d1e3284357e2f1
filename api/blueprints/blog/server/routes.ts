import { and, asc, count, desc, eq, like } from 'drizzle-orm';
import { Router } from 'express';
import type { AuthorSummary, CommentItem, NewCommentInput, NewPostInput, PostDetail, PostSummary } from '../shared/api-types';
import { authors, comments, type Post, posts } from '../shared/schema';
import { excerptFrom, readingMinutes, slugify } from '../shared/text';
import { db } from './db';
import { HttpError } from './http-error';

export const apiRouter = Router();

const authorColumns = { id: authors.id, name: authors.name, role: authors.role, bio: authors.bio };

function requireText(value: unknown, field: string, maxLength: number): string {
  if (typeof value !== 'string' || !value.trim()) throw new HttpError(400, field + ' is required.');
  if (value.length > maxLength) throw new HttpError(400, field + ' must be at most ' + maxLength + ' characters.');
  return value.trim();
}

function toSummary(post: Post, author: AuthorSummary, commentCount: number): PostSummary {
  return {
    id: post.id,
    slug: post.slug,
    title: post.title,
    excerpt: post.excerpt,
    tag: post.tag,
    readingMinutes: post.readingMinutes,
    createdAt: post.createdAt.toISOString(),
    author,
    commentCount,
  };
}

async function findPost(slug: string): Promise<PostDetail> {
  const [row] = await db
    .select({ post: posts, author: authorColumns })
    .from(posts)
    .innerJoin(authors, eq(posts.authorId, authors.id))
    .where(eq(posts.slug, slug));
  if (!row) throw new HttpError(404, 'No post at this address.');
  const commentRows = await db.select().from(comments).where(eq(comments.postId, row.post.id)).orderBy(asc(comments.createdAt));
  const items: CommentItem[] = commentRows.map((c) => ({ id: c.id, authorName: c.authorName, body: c.body, createdAt: c.createdAt.toISOString() }));
  return { ...toSummary(row.post, row.author, items.length), body: row.post.body, comments: items };
}

apiRouter.get('/authors', async (_req, res) => {
  res.json(await db.select(authorColumns).from(authors).orderBy(asc(authors.name)));
});

apiRouter.get('/posts', async (req, res) => {
  const tag = typeof req.query.tag === 'string' && req.query.tag ? req.query.tag : null;
  const rows = await db
    .select({ post: posts, author: authorColumns, commentCount: count(comments.id) })
    .from(posts)
    .innerJoin(authors, eq(posts.authorId, authors.id))
    .leftJoin(comments, eq(comments.postId, posts.id))
    .where(tag ? and(eq(posts.published, true), eq(posts.tag, tag)) : eq(posts.published, true))
    .groupBy(posts.id, authors.id)
    .orderBy(desc(posts.createdAt));
  res.json(rows.map((row) => toSummary(row.post, row.author, row.commentCount)));
});

apiRouter.get('/posts/:slug', async (req, res) => {
  res.json(await findPost(req.params.slug));
});

apiRouter.post('/posts', async (req, res) => {
  const input = (req.body ?? {}) as Partial<NewPostInput>;
  const title = requireText(input.title, 'Title', 200);
  const body = requireText(input.body, 'Body', 50_000);
  const tag = requireText(input.tag, 'Tag', 40);
  const authorId = Number(input.authorId);
  const [author] = await db.select({ id: authors.id }).from(authors).where(eq(authors.id, authorId));
  if (!author) throw new HttpError(400, 'Choose an author.');

  // Slugs are unique: a repeated title gets -2, -3 and so on.
  const base = slugify(title);
  const taken = await db.select({ slug: posts.slug }).from(posts).where(like(posts.slug, base + '%'));
  const used = new Set(taken.map((row) => row.slug));
  let slug = base;
  for (let n = 2; used.has(slug); n++) slug = base + '-' + n;

  const excerpt = typeof input.excerpt === 'string' && input.excerpt.trim() ? input.excerpt.trim().slice(0, 300) : excerptFrom(body);
  await db.insert(posts).values({ slug, title, body, tag, excerpt, authorId, readingMinutes: readingMinutes(body) });
  res.status(201).json(await findPost(slug));
});

apiRouter.post('/posts/:slug/comments', async (req, res) => {
  const input = (req.body ?? {}) as Partial<NewCommentInput>;
  const authorName = requireText(input.authorName, 'Name', 80);
  const body = requireText(input.body, 'Comment', 2000);
  const [post] = await db.select({ id: posts.id }).from(posts).where(eq(posts.slug, req.params.slug));
  if (!post) throw new HttpError(404, 'No post at this address.');
  const [comment] = await db.insert(comments).values({ postId: post.id, authorName, body }).returning();
  const item: CommentItem = { id: comment.id, authorName: comment.authorName, body: comment.body, createdAt: comment.createdAt.toISOString() };
  res.status(201).json(item);
});
