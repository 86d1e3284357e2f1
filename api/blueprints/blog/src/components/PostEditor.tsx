import { type FormEvent, useEffect, useState } from 'react';
import type { AuthorSummary } from '../../shared/api-types';
import { sampleTags } from '../../shared/sample-data';
import { readingMinutes } from '../../shared/text';
import { createPost, listAuthors, type Source } from '../api';
import { navigate } from '../lib/route';
import { PostBody } from './PostBody';

export function PostEditor({ onPublished }: { onPublished: () => void }) {
  const [authors, setAuthors] = useState<AuthorSummary[]>([]);
  const [source, setSource] = useState<Source>('database');
  const [title, setTitle] = useState('');
  const [authorId, setAuthorId] = useState('');
  const [tag, setTag] = useState(sampleTags[0]);
  const [body, setBody] = useState('');
  const [preview, setPreview] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    listAuthors().then((result) => {
      setAuthors(result.authors);
      setSource(result.source);
      if (result.authors[0]) setAuthorId(String(result.authors[0].id));
    });
  }, []);

  const words = body.trim() ? body.trim().split(/\s+/).length : 0;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!title.trim() || !body.trim()) {
      setError('A title and some words are needed before publishing.');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const post = await createPost({ title: title.trim(), body: body.trim(), tag, authorId: Number(authorId) });
      onPublished();
      navigate({ name: 'post', slug: post.slug });
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Could not publish the post.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="editor" onSubmit={handleSubmit}>
      <header className="editor-header">
        <h1>New story</h1>
        <div className="segmented" role="group" aria-label="Mode">
          <button type="button" aria-pressed={!preview} onClick={() => setPreview(false)}>
            Write
          </button>
          <button type="button" aria-pressed={preview} onClick={() => setPreview(true)}>
            Preview
          </button>
        </div>
      </header>
      <input className="editor-title" placeholder="Title" value={title} onChange={(e) => setTitle(e.target.value)} aria-label="Title" maxLength={200} />
      <div className="editor-meta">
        <label className="field">
          Author
          <select className="input" value={authorId} onChange={(e) => setAuthorId(e.target.value)}>
            {authors.map((author) => (
              <option key={author.id} value={author.id}>
                {author.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          Tag
          <select className="input" value={tag} onChange={(e) => setTag(e.target.value)}>
            {sampleTags.map((name) => (
              <option key={name}>{name}</option>
            ))}
          </select>
        </label>
      </div>
      {preview ? (
        <div className="editor-preview card">{body.trim() ? <PostBody body={body} /> : <p className="muted">Nothing to preview yet.</p>}</div>
      ) : (
        <textarea
          className="input editor-body"
          placeholder={'Tell your story…\n\nSeparate paragraphs with a blank line. Start a line with "## " for a subheading or "> " for a quote.'}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          aria-label="Story"
        />
      )}
      <footer className="editor-footer">
        <span className="muted">
          {words} words · {readingMinutes(body || 'x')} min read
        </span>
        {error && <span className="form-error">{error}</span>}
        <button className="btn btn-primary" type="submit" disabled={saving || source === 'sample'}>
          {saving ? 'Publishing…' : 'Publish'}
        </button>
      </footer>
      {source === 'sample' && <p className="muted small">Publishing needs the database: initialize it, then reload this page.</p>}
    </form>
  );
}
