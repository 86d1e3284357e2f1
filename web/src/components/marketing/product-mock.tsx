import { CheckCircle2, ChevronRight, FileCode2, Folder } from 'lucide-react';

const files = [
  { name: 'src', folder: true, depth: 0 },
  { name: 'components', folder: true, depth: 1 },
  { name: 'RecipeCard.tsx', depth: 2 },
  { name: 'SearchBar.tsx', depth: 2 },
  { name: 'App.tsx', depth: 1, active: true },
  { name: 'main.tsx', depth: 1 },
  { name: 'shared', folder: true, depth: 0 },
  { name: 'schema.ts', depth: 1 },
  { name: 'package.json', depth: 0 },
];

const code: Array<Array<[string, string]>> = [
  [
    ['text-[#c4a7ff]', 'import'],
    ['', ' { RecipeCard } '],
    ['text-[#c4a7ff]', 'from'],
    ['text-[#86efac]', " './components/RecipeCard'"],
    ['', ';'],
  ],
  [],
  [
    ['text-[#c4a7ff]', 'export default function'],
    ['text-[#7dd3fc]', ' App'],
    ['', '() {'],
  ],
  [
    ['text-[#c4a7ff]', '  const'],
    ['', ' [query, setQuery] = '],
    ['text-[#7dd3fc]', 'useState'],
    ['', "('');"],
  ],
  [
    ['text-[#c4a7ff]', '  return'],
    ['', ' ('],
  ],
  [
    ['text-[#fca5a5]', '    <main'],
    ['text-[#fde68a]', ' className'],
    ['', '='],
    ['text-[#86efac]', '"grid gap-6"'],
    ['text-[#fca5a5]', '>'],
  ],
  [
    ['text-[#fca5a5]', '      <SearchBar'],
    ['text-[#fde68a]', ' value'],
    ['', '={query} '],
    ['text-[#fca5a5]', '/>'],
  ],
  [
    ['text-[#fca5a5]', '      <RecipeGrid'],
    ['text-[#fde68a]', ' filter'],
    ['', '={query} '],
    ['text-[#fca5a5]', '/>'],
  ],
  [['text-[#fca5a5]', '    </main>']],
  [['', '  );']],
  [['', '}']],
];

const log = [
  { time: '14:02:11', text: 'Writing 14 files', tone: 'text-muted' },
  { time: '14:02:39', text: 'Build failed: 1 type error in RecipeCard.tsx', tone: 'text-destructive' },
  { time: '14:02:40', text: 'Auto-fix attempt 1 of 5', tone: 'text-warning' },
  { time: '14:02:52', text: 'Build successful, preview is live', tone: 'text-accent' },
];

/** A drawing of the workspace for the hero; decorative, so it is hidden from assistive technology. */
export function ProductMock() {
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-5xl select-none">
      <div className="absolute -inset-x-10 -top-10 -bottom-4 rounded-[40px] bg-[radial-gradient(ellipse_at_center,color-mix(in_srgb,var(--color-primary)_22%,transparent),transparent_70%)] blur-2xl" />
      <div className="relative overflow-hidden rounded-2xl border border-border-strong/70 bg-surface shadow-2xl shadow-black/60 ring-1 ring-white/5">
        <div className="flex h-10 items-center gap-2 border-b border-border bg-surface-2/80 px-4">
          <span className="size-2.5 rounded-full bg-[#ff5f57]/80" />
          <span className="size-2.5 rounded-full bg-[#febc2e]/80" />
          <span className="size-2.5 rounded-full bg-[#28c840]/80" />
          <span className="ml-3 hidden truncate font-mono text-xs text-subtle sm:inline">recipe-box</span>
          <span className="ml-auto inline-flex items-center gap-1.5 rounded-full border border-accent/30 bg-accent/10 px-2.5 py-0.5 text-[11px] font-medium text-accent">
            <CheckCircle2 className="size-3" />
            Live
          </span>
        </div>
        <div className="grid grid-cols-1 sm:grid-cols-[190px_1fr]">
          <div className="hidden border-r border-border bg-surface/60 p-3 sm:block">
            <p className="px-2 pb-2 text-[10px] font-semibold tracking-wider text-subtle uppercase">Files</p>
            {files.map((file) => (
              <div
                key={`${file.depth}-${file.name}`}
                className={`flex h-7 items-center gap-1.5 rounded-md pr-2 text-xs ${file.active ? 'bg-primary/15 text-foreground' : 'text-muted'}`}
                style={{ paddingLeft: 8 + file.depth * 12 }}
              >
                {file.folder ? (
                  <>
                    <ChevronRight className="size-3 rotate-90 text-subtle" />
                    <Folder className="size-3.5 text-primary-hover" />
                  </>
                ) : (
                  <>
                    <span className="w-3" />
                    <FileCode2 className="size-3.5 text-info" />
                  </>
                )}
                <span className="truncate">{file.name}</span>
              </div>
            ))}
          </div>
          <div className="min-w-0">
            <div className="flex h-9 items-center gap-4 border-b border-border px-4 text-xs">
              <span className="border-b-2 border-primary py-2 font-medium text-foreground">App.tsx</span>
              <span className="text-subtle">Terminal</span>
              <span className="hidden text-subtle sm:inline">Database</span>
              <span className="text-subtle">Preview</span>
            </div>
            <pre className="overflow-hidden px-4 py-4 font-mono text-[11px] leading-5 text-foreground sm:text-xs sm:leading-6">
              {code.map((line, index) => (
                <div key={index} className="flex">
                  <span className="w-7 shrink-0 text-subtle/60">{index + 1}</span>
                  <span className="whitespace-pre">
                    {line.map(([className, text], part) => (
                      <span key={part} className={className}>
                        {text}
                      </span>
                    ))}
                  </span>
                </div>
              ))}
            </pre>
            <div className="border-t border-border bg-background/60 px-4 py-3 font-mono text-[11px] leading-5">
              {log.map((line) => (
                <div key={line.time} className="flex gap-3 truncate">
                  <span className="text-subtle/70">{line.time}</span>
                  <span className={line.tone}>{line.text}</span>
                </div>
              ))}
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
