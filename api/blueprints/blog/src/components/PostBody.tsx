/** Renders the post format: paragraphs split by blank lines, "## " subheadings and "> " quotes. */
export function PostBody({ body }: { body: string }) {
  const blocks = body.split(/\n\s*\n/).map((block) => block.trim()).filter(Boolean);
  return (
    <div className="post-body">
      {blocks.map((block, index) => {
        if (block.startsWith('## ')) return <h2 key={index}>{block.slice(3)}</h2>;
        if (block.startsWith('> ')) return <blockquote key={index}>{block.replace(/^> ?/gm, '')}</blockquote>;
        return <p key={index}>{block}</p>;
      })}
    </div>
  );
}
