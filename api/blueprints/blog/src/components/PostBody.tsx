/** Renders the post format: paragraphs split by blank lines, "## " subheadings and "> " quotes. */
export function PostBody({ body }: { body: string }) {
  const blocks = body
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean);
  return (
    <div className="grid gap-5 font-serif text-lg leading-relaxed">
      {blocks.map((block, index) => {
        if (block.startsWith('## '))
          return (
            <h2 key={index} className="mt-4 font-sans text-2xl font-bold tracking-tight">
              {block.slice(3)}
            </h2>
          );
        if (block.startsWith('> '))
          return (
            <blockquote key={index} className="border-l-4 border-primary pl-5 text-xl text-muted-foreground italic">
              {block.replace(/^> ?/gm, '')}
            </blockquote>
          );
        return <p key={index}>{block}</p>;
      })}
    </div>
  );
}
