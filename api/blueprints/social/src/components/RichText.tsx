import { tokenize } from '@/lib/hashtags';

export function RichText({ text, onTag }: { text: string; onTag: (tag: string) => void }) {
  return (
    <>
      {tokenize(text).map((part, index) =>
        part.kind === 'tag' ? (
          <button key={index} type="button" className="cursor-pointer font-medium text-primary hover:underline" onClick={() => onTag(part.value)}>
            {part.value}
          </button>
        ) : part.kind === 'mention' ? (
          <span key={index} className="font-medium text-primary">
            {part.value}
          </span>
        ) : (
          <span key={index}>{part.value}</span>
        ),
      )}
    </>
  );
}
