// Loads the sample authors, posts and comments. Safe to run again: it skips a database that has posts.
import { count } from 'drizzle-orm';
import { databaseUrl, db, pool } from '../server/db';
import { sampleAuthors, sampleComments, samplePosts } from '../shared/sample-data';
import { authors, comments, posts } from '../shared/schema';
import { excerptFrom, readingMinutes } from '../shared/text';

if (!databaseUrl) {
  console.error('DATABASE_URL is not set: copy .env.example to .env and fill it in, or initialize the database in Forge.');
  process.exit(1);
}

const HOUR = 3_600_000;

try {
  const [{ existing }] = await db.select({ existing: count() }).from(posts);
  if (existing > 0) {
    console.log('The database already has ' + existing + ' posts; nothing to seed.');
  } else {
    await db.transaction(async (tx) => {
      const authorRows = await tx.insert(authors).values(sampleAuthors).returning({ id: authors.id });
      const postRows = await tx
        .insert(posts)
        .values(
          samplePosts.map((post) => ({
            slug: post.slug,
            title: post.title,
            tag: post.tag,
            body: post.body,
            excerpt: excerptFrom(post.body),
            readingMinutes: readingMinutes(post.body),
            authorId: authorRows[post.authorIndex].id,
            createdAt: new Date(Date.now() - post.daysAgo * 24 * HOUR),
          })),
        )
        .returning({ id: posts.id });
      await tx.insert(comments).values(
        sampleComments.map((comment) => ({
          postId: postRows[comment.postIndex].id,
          authorName: comment.authorName,
          body: comment.body,
          createdAt: new Date(Date.now() - comment.hoursAgo * HOUR),
        })),
      );
    });
    console.log('Seeded ' + sampleAuthors.length + ' authors, ' + samplePosts.length + ' posts and ' + sampleComments.length + ' comments.');
  }
} finally {
  await pool.end();
}
